// 结果库:提交一次运行与 GPU 浏览(中文)。

import type { Messages } from '../en';

export const gallery: Messages['gallery'] = {
  heading: '结果库',
  intro: '大家选择分享到本服务器的运行:同一块 GPU 在别处的表现如何,与其他 GPU 相比又如何。',
  connected: (p) => `已连接到本服务器的结果库(${p.database})。`,
  offline:
    '未连接:本页面以静态文件提供,背后没有结果库。其余功能照常;用 `npm start` 可同时提供页面与结果库。',
  offer: '加入公开结果库…',
  offerNote:
    '这会把下面的结果文档原样发送到本服务器,服务器会保存并向任何人展示:适配器名称、限制与特性、浏览器的 user agent、测试方案和全部结果。别无其他:没有姓名、地址或自由文本。',
  send: '发送',
  cancel: '不发送',
  sending: '正在发送…',
  added: (p) => `已加入结果库,编号 ${p.id}。`,
  already: (p) => `结果库中已有这次运行,编号 ${p.id}。`,
  refused: (p) => `结果库没有接受这次运行:${p.message} 运行仍保存在本浏览器的运行列表中。`,
  lost: '无法连接结果库。运行仍保存在本浏览器的运行列表中。',
  standing: (p) => `读带宽快于这块 GPU 上其他 ${p.runs} 次运行中的 ${p.percent}。`,
  firstRun: '这是结果库中这块 GPU 的第一次运行。',
  filters: '筛选',
  browser: '浏览器',
  os: '操作系统',
  any: '全部',
  gpus: 'GPU',
  software: '软件适配器(CPU;单独列出,从不与 GPU 一起排名)',
  none: '还没有运行(在这些筛选条件下)。',
  columns: {
    adapter: '适配器',
    runs: '运行次数',
    read: '读带宽 GB/s:中位数(P10–P90)',
    gemv: 'GEMV int4,占屋顶的百分比',
    decode: (p) => `解码 ${p.model},毫秒/token`,
  },
  spreadChart: '各 GPU 运行的读带宽:P10–P90 为条,中位数为点(GB/s)',
  open: '打开',
  openLabel: (p) => `打开 ${p.adapter} 的结果库页面`,
  page: {
    heading: (p) => `${p.adapter}:并列对照`,
    runs: (p) => `结果库中有 ${p.runs} 次运行`,
    histogram: '其运行的读带宽(GB/s):每个区间的运行次数',
    datasheet: '规格表',
    noDatasheet: '没有匹配的规格表:适配器没有给出型号(浏览器常常隐藏),或目录中没有它。',
    datasheetLine: (p) =>
      `${p.gpu}:规格表带宽 ${p.gbps} GB/s;本基准读带宽的中位数是它的 ${p.share}。`,
    predicted: (p) => `浏览器引擎的规格模式预测,${p.model}:${p.low}–${p.high} 毫秒/token。`,
    published: '这块 GPU 已发表的引擎实测(data/calibration)',
    noPublished: 'data/calibration 中没有这块 GPU 的数据。',
    measured: '本基准的运行',
    gemvRow: (p) => `GEMV ${p.format}:占屋顶 ${p.median}(P10–P90 ${p.p10}–${p.p90},${p.n} 次运行)`,
    decodeRow: (p) =>
      `解码 ${p.label}:${p.median} 毫秒/token(P10–P90 ${p.p10}–${p.p90},${p.n} 次运行)`,
    publishedRow: (p) => `${p.engine},${p.model}:${p.ms} 毫秒/token — ${p.source}`,
  },
};
