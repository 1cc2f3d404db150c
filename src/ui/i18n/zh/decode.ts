// “真实解码”一节的文字（中文）。数字已按格式传入。

import type { decode as en } from '../en/decode';

export const decode: typeof en = {
  title: '真实解码',
  intro:
    '一个完整的 Llama 结构模型在这块 GPU 上逐 token 运行：词嵌入、每一层（归一化、投影、RoPE、对 KV 缓存的注意力、SiLU）、LM head 与贪心采样，每个 token 一个命令缓冲——计时之前先与 CPU 参考结果核对。混合专家模型在显存中保存全部专家，每个 token 随机选取专家（明示的假设）；滑动窗口层只关注其窗口内的位置。权重是随机的，所以这些 token 没有意义：它们只是 id，要看的是它们出现的速度。',
  model: '模型',
  format: '格式',
  context: '上下文（KV 缓存中的 token 数）',
  tokens: 'token 数',
  layers: '最多运行的层数（其余按比例推算）',
  budget: '显存预算（MiB）',
  run: '运行解码',
  cancel: '取消',
  preparing: '正在构建模型、与 CPU 参考结果核对、预填充提示词……',
  progress: (p) => `第 ${p.done} / ${p.total} 个 token……`,
  cancelled: '已取消。',
  failed: (p) => `失败：${p.error}`,
  done: (p) => `完成：运行了 ${p.n} 层中的 ${p.k} 层。`,
  streamLabel: '按实测速度出现的采样 token id',
  streamEmpty: '按“运行解码”：GPU 每采样一个 token，它的 id 就出现在这里。',
  refused: {
    moe: '未运行：混合专家（MoE）模型，生成这些结果时解码器尚不能运行它。',
    mla: '未运行：解码器尚未实现多头潜在注意力（DeepSeek）。此模型的预测仍然可用（见上方表格）。',
    'attention-layout':
      '未运行：它的层混用滑动窗口注意力和全局注意力，生成这些结果时解码器尚不能运行它。',
  },
  routing: (p) =>
    `随机路由：${p.experts} 个专家，每个 token ${p.k} 个${p.shared === '0' ? '' : `，另加 ${p.shared} 个共享专家`}（明示的假设：真实路由器并不均匀）。`,
  approximations: {
    'gemma-block':
      'Gemma 的块按 Llama 块以 Gemma 的形状运行（相同的矩阵、相同的字节数）：未运行 GeGLU、额外的后置归一化、logit 软截断、q/k 归一化和嵌入缩放（明示的近似）。',
    'gpt-oss-block':
      'gpt-oss 的块按 Llama 块以其形状运行（相同的矩阵、相同的字节数）：未运行注意力汇聚（sink）、偏置和截断的 SwiGLU（明示的近似）。',
  },
  figures: '本次运行与预测对照',
  docRuns: '屏幕上结果中的解码运行',
  noDocRuns: '屏幕上的结果没有解码运行。',
  peers: {
    title: '与 transformers.js 和 onnxruntime-web 对比',
    intro:
      '打开 `npm run bench:peers -- --decode MODEL:int4 --json` 输出的文档：同一个合成模型（同样的 int4 权重）分别由我们的解码器和各个对手运行，每个对手一次页面加载，同一适配器，交替计时。token 或 logits 与我们不一致的对手会如实标出，不计时。',
    pick: '打开对比文档（JSON）',
    summary: (p) =>
      `${p.model}，${p.layers} 层加完整 LM head（词表 ${p.vocab}），int4：${p.prompt} 个 token 的提示词的 TTFT，从 ${p.context} 个位置的上下文解码 ${p.tokens} 个 token × ${p.rounds} 轮。`,
    head: [
      '一方',
      'ms/token',
      'p95 ms',
      'TTFT ms',
      'token/s',
      '我们 ÷ 对手',
      'TTFT 我们 ÷ 对手',
      'token 一致',
    ],
    oursIn: (p) => `我们（${p.peer} 页面）`,
    agreed: (p) => `是（logits ${p.logits}）`,
    disagreed: (p) => `否（logits ${p.logits}）`,
    notTimed: '未计时',
  },
  head: {
    model: '模型',
    layers: '层数',
    context: '上下文',
    measured: 'ms/token',
    predicted: '预测',
    ratio: '实测 ÷ 预测',
    floor: '带宽下限',
    scaled: '全部层（推算）',
  },
  layersOf: (p) => `${p.n} 层中的 ${p.k} 层`,
  failedShort: '失败',
  rows: {
    measured: '实测（k 层）：ms/token 中位数',
    p95: 'ms/token p95',
    tokensPerSecond: 'token/秒',
    predicted: '预测（实测模式，同样的内核结果、同样的上下文）',
    ratio: '实测 ÷ 预测',
    floor: '带宽下限（每 token 字节数 ÷ 带宽）',
    bandwidth: '本次运行达到的带宽（每 token 字节数 ÷ 每 token 毫秒数）',
    scaled: (p) => `全部 ${p.n} 层，推算：实测 / 预测`,
    ttft: (p) => `TTFT，${p.prompt} 个 token 的提示词（k 层）`,
    dispatches: '每 token 的 dispatch 数',
    a100: '本章的 A100（Llama 3 8B fp16，单用户）：ms/token',
    reading: '阅读速度：读者跟得上的 ms/token',
  },
  noPrediction: '无——请先运行基准测试：预测由它的内核结果得出',
  bytes: (p) => `每 token ${p.bytes}`,
  gbps: (p) => `${p.gbps} GB/s`,
  ms: (p) => `${p.ms} ms`,
  range: (p) => `${p.min}–${p.max} ms`,
  readingVerdict: (p) => (p.faster ? '比你阅读得快' : '比你阅读得慢'),
};
