// Exports, permalinks, imports, the run history and the comparison of two runs (Chinese).

import type { share as en } from '../en/share';

/** The importer's reasons (src/share/import/import-error.ts), in a sentence; its detail follows as given. */
const IMPORT_REASONS: Readonly<Record<string, string | undefined>> = {
  empty: '文件或链接是空的',
  'too-large': '文件或链接超过大小上限',
  'malformed-json': '不是有效的 JSON',
  'not-results': '不是 webgpu-roofline 的结果文档',
  'schema-version': '结果文档的版本不受支持',
  invalid: '结果文档有缺失或错误的字段',
  'not-permalink': '链接里没有共享的结果',
  corrupt: '链接中的结果已损坏',
};

export const share: typeof en = {
  saved: (p) => `已保存 ${p.file}。`,
  copiedJson: '已将结果文档（JSON）复制到剪贴板。',
  copiedMarkdown: '已将 Markdown 表格复制到剪贴板。',
  noClipboard: '此处无法使用剪贴板：文本已在上方输入框中选中，请手动复制。',
  linkMade: '任何人打开此链接都能看到这些结果；不会上传任何数据。',
  opened: (p) => `已打开 ${p.file}。`,
  unexpected: (p) => `出错了：${p.why}`,
  importFailed: (p) => `${IMPORT_REASONS[p.reason] ?? '无法打开'}（${p.detail}）`,
  dropHere: '拖入结果文件（.json）即可打开',
  history: {
    entry: (p) =>
      `${p.date} · ${p.adapter} · ${p.plan} · ${p.rows} 行${p.failed === '0' ? '' : `，${p.failed} 行失败`}`,
    open: '打开',
    compare: '对比',
    delete: '删除',
    deleteLabel: (p) => `删除 ${p.date} 的运行`,
    compareLabel: (p) => `将当前结果与 ${p.date} 的运行对比`,
  },
  compare: {
    caption: (p) =>
      `A：当前显示的结果（${p.a}）。B：${p.b}。屋顶线图上 B 的数据点画作 ×、上限画作虚线；带宽图和算力图上 B 的曲线为细虚线，标注 (B)。`,
    needA: '请先打开或测量一次运行：对比是把第二次运行放在当前结果旁边。',
    metric: '指标',
    ratio: 'B ÷ A',
    readPeak: '峰值读带宽，GB/s',
    computePeak: (p) => `${p.format} 算力峰值，GFLOP/s`,
    gemv: (p) => `GEMV ${p.format} ${p.shape}，GB/s`,
    gemm: (p) => `GEMM ${p.format} ${p.shape}，GFLOP/s`,
    decode: (p) => `${p.model} ${p.format} 解码，ms/token`,
    decodeRun: (p) =>
      `${p.model} ${p.format} 解码实测（${p.layers} 层，上下文 ${p.context}），ms/token`,
    notInRun: '—',
    caveat: (p) => `不可比：运行 ${p.which} 使用了非默认设置。`,
    differentPlans: (p) => `两次运行的测试计划不同（${p.a}、${p.b}）：只对比两者都测过的形状。`,
  },
};
