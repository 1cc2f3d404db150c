// The predictions section's words (Chinese).

import type { predictions as en } from '../en/predictions';

export const predictions: typeof en = {
  sentenceGap: '',

  limit: {
    prompt: '输入（prompt）token 数',
    output: '输出 token 数',
    batch: '批大小',
    context: '上下文长度',
  },
  theDefault: '默认值',
  notANumber: (p) => `${p.label}「${p.text}」不是数字：改用 ${p.using}。`,
  notWhole: (p) => `${p.label} ${p.text} 不是整数：改用 ${p.using}。`,
  outside: (p) => `${p.label} ${p.text} 超出 ${p.min}–${p.max} 范围：改用 ${p.using}。`,

  noOtherModel: '不加其他模型',
  measuredOption: (p) => `实测：屏幕上的结果（${p.adapter}）`,
  datasheetOption: (p) => `规格表：${p.gpu}`,

  measuredOn: (p) => `在 ${p.adapter} 上实测`,
  specLabel: (p) => `${p.gpu} 规格表（${p.runtime}）`,
  runtimeProfile: { native: '原生推理引擎', browser: '浏览器内 WebGPU' },
  bandwidthMeasured: (p) => `本次实测的 ${p.gbps} GB/s`,
  bandwidthSpec: (p) => `${p.gpu} 的 ${p.gbps} GB/s`,

  ttftHead: (p) => `TTFT（${p.prompt} token 输入）`,
  e2eHead: (p) => `E2E（输出 ${p.output} token）`,
  bitsPerWeight: (p) => `每权重 ${p.bits} bit`,
  sourceMeasured: '实测',
  sourceFallback: '实测 †',
  sourceSpecBare: '规格',
  sourceSpec: (p) => `规格（${p.runtime}）`,
  runtimeShort: { native: '原生', browser: '浏览器' },
  firstTokenFast: '首 token 几乎即时',
  firstTokenSlow: '首 token 需要明显等待',
  feel: {
    'faster-than-reading': '输出快于阅读速度',
    'reading-speed': '约等于阅读速度',
    'slower-than-reading': '慢于阅读速度',
    stutters: '明显卡顿',
  },
  feelLine: (p) => `${p.first}；${p.itl}`,
  capacityUnknown: '显存容量未知',
  fitsIn: (p) => `${p.gb} 显存放得下`,
  doesNotFitIn: (p) => `${p.gb} 显存放不下`,
  memoryParts: (p) => `权重 ${p.weights} + KV ${p.kv}；${p.fit}`,
  cannotPredict: (p) => `${p.format}：无法预测：${p.error}`,

  noteMeasured: (p) =>
    `来源：实测——模型的每个矩阵按在 ${p.adapter} 上实测的内核耗时计算，乘以层数，再加上按实测带宽读取 KV cache 的时间。`,
  noteFallback: '† 部分来自 roofline：这些结果缺少某些形状或格式，这部分改用 β 和 π 估算。',
  noteSoftware: '这些结果来自软件适配器：是 CPU 的数字，不是 GPU 的。',
  noteNoCapacity: 'WebGPU 不报告 GPU 的显存大小，因此无法判断模型能否放下。',
  noteSpec: (p) =>
    `来源：规格——${p.source}。这些预测不需要 WebGPU；运行基准测试可得到这块 GPU 自己的数字。`,
  noteUnusable: (p) => `屏幕上的结果无法用于预测：${p.why}。`,

  thresholdFast: (p) => `首 token 在 ${p.ms} ms 内出现，感觉即时。`,
  thresholdReading: (p) =>
    `每 token 约 ${p.ms} ms（${p.tokensPerSecond} tokens/s）相当于阅读速度：文字流出的速度与人读的速度差不多。`,
  thresholdStutter: (p) => `每 token 超过 ${p.ms} ms，流式输出会明显卡顿。`,
  sla: { chat: '交互式聊天', 'code-completion': '代码补全' },
  slaNeeds: (p) =>
    `${p.sla}要求首 token 在 ${p.ttft} ms 内、之后每个 token 在 ${p.itl} ms 内输出（P95）。`,
  e2eFormula: '端到端 ≈ TTFT + (输出 token 数 − 1) × ms/token：即原章节的公式。',

  contrastTitle: (p) => `与 A100 对比——${p.model}`,
  contrastThisMeasured: '本机 GPU（实测）',
  contrastThisSpec: (p) => `${p.gpu}（规格）`,
  contrastError: (p) => `${p.format}：${p.error}`,
  chapterReported: '原章节给出的数据（Llama 3 8B，A100-80G，vLLM 类推理栈）',
  chapterScenario: {
    1: '单用户，batch = 1',
    16: '16 并发，短回复',
    64: '64 并发',
  },
  chapterWithScenario: (p) => `${p.label}，${p.scenario}`,
  chapterSourced: (p) => `${p.chapter}；来源：${p.source}`,
  chapterNone: (p) => `原章节没有给出 ${p.model} 在 batch ${p.batch} 时的 A100 数据。`,
  chapterLastColumn: (p) => `最后一列：${p.chapter}。数值照录原章节。`,
  gapExplanation: (p) =>
    `原章节的 ${p.min}–${p.max} ms/token 是按规格带宽把权重读一遍所需 ${p.floor} ms 的 ${p.timesLow}–${p.timesHigh} 倍，` +
    `即峰值带宽的 ${p.peakLow}–${p.peakHigh} %：它描述的是整个推理服务栈（调度、采样、HTTP、框架开销），而不只是内核，` +
    `所以调优过的原生推理引擎预测在 ${p.native} ms 左右；两者都列出。`,
};
