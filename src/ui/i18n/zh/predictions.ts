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
  specLabelTp: (p) => `${p.tp} 块 ${p.gpu} 张量并行的规格表（${p.runtime}）`,
  bandwidthMeasured: (p) => `本次实测的 ${p.gbps} GB/s`,
  bandwidthSpec: (p) => `${p.gpu} 的 ${p.gbps} GB/s`,

  ttftHead: (p) => `TTFT（${p.prompt} token 输入）`,
  e2eHead: (p) => `E2E（输出 ${p.output} token）`,
  bitsPerWeight: (p) => `每权重 ${p.bits} bit`,
  sourceMeasured: '实测',
  sourceFallback: '实测 †',
  sourceSpecBare: '规格',
  sourceSpec: (p) => `规格（${p.runtime}）`,
  sourceSpecTp: (p) => `规格（${p.runtime}，${p.tp} 块 GPU）`,
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
  doesNotFit: (p) => `装不下：每块 GPU 需要 ${p.need}，只有 ${p.cap}`,
  doesNotFitTp: (p) =>
    `装不下：每块 GPU 需要 ${p.need}，只有 ${p.cap}（${p.tp} 块 GPU 张量并行可装下）`,
  doesNotFitFormat: (p) =>
    `装不下：每块 GPU 需要 ${p.need}，只有 ${p.cap}（改用 ${p.format} 可装下）`,
  doesNotFitBoth: (p) =>
    `装不下：每块 GPU 需要 ${p.need}，只有 ${p.cap}（${p.tp} 块 GPU 张量并行，或改用 ${p.format} 可装下）`,
  doesNotFitShort: '这块 GPU 装不下',
  cannotPredict: (p) => `${p.format}：无法预测：${p.error}`,

  engineName: {
    'llama.cpp-cuda': 'llama.cpp CUDA（Ollama、LM Studio）',
    'llama.cpp-metal': 'llama.cpp Metal（Ollama、LM Studio）',
    'llama.cpp-rocm': 'llama.cpp ROCm（Ollama、LM Studio）',
    'llama.cpp-vulkan': 'llama.cpp Vulkan（LM Studio）',
    'llama.cpp-sycl': 'llama.cpp SYCL（Intel、IPEX-LLM）',
    mlx: 'MLX',
    mlc: 'MLC-LLM（原生）',
    vllm: 'vLLM',
    'trt-llm': 'TensorRT-LLM（NIM）',
    webllm: 'WebLLM（浏览器）',
    'llama.cpp-webgpu': 'llama.cpp WebGPU，编译为 WASM 在浏览器中运行（wllama、webgpu-bench）',
    'llama.cpp-webgpu-dawn': 'llama.cpp WebGPU，通过 Dawn 原生运行',
    'transformers.js': 'transformers.js / onnxruntime-web（浏览器）',
    'webgpu-roofline': '本基准自带的解码器（浏览器；用画廊的运行拟合）',
    native: '原生，引擎未知',
    browser: '浏览器，运行框架未知（涵盖全部）',
  },
  tpOne: '单块 GPU',
  tpMany: (p) => `${p.tp} 块 GPU，张量并行`,
  calibrationNote: (p) =>
    `对照拟合时未见过的来源（讨论串、仓库、论文）与 GPU 系列的公开实测：${p.engine} 的解码平均误差 ${p.mape}，${p.coverage} 落在区间内，区间宽度中位数为 ${p.width} 倍（n = ${p.n}）。`,
  engineProfile: (p) =>
    `${p.engine} 的参数：达到规格带宽的 ${p.eta}，每层 ${p.layerMs} ms；预填充达到峰值的 ${p.eps}，每个输入另加 ${p.fixedMs} ms。`,
  engineProfileCeiling: (p) =>
    `它的内核每读取 1 GB 权重和缓存还另需 ${p.msPerGB} ms，与 GPU 无关：相当于约 ${p.ceilingGBps} GB/s 的上限，高速 HBM 显卡会碰到它。`,
  engineProfileBrowser: (p) =>
    `在浏览器中，每个 token 另有 ${p.tokenMs} ms 固定开销（提交、回读、采样），解码注意力耗时为其 FLOPs 按峰值所需时间的 ${p.attn} 倍，预填充解包量化权重耗时为其乘加按峰值所需时间的 ${p.block} 倍（每块一个缩放）或 ${p.kQuant} 倍（k-quant）。`,
  calibrationOneSource: (p) =>
    `${p.engine} 的 ${p.n} 条公开实测来源太少，同时留出来源和 GPU 系列后无法预测其中任何一条：它的区间没有在拟合未见过的来源上检验过。`,
  calibrationAllTooWide: (p) =>
    `对照拟合时未见过的来源与 GPU 系列的公开实测：${p.engine} 的解码平均误差 ${p.mape}（n = ${p.n}），但这些留出预测的区间都宽于 4 倍，属于“数据不足”：没有一个区间得到检验。`,
  calibrationBorrowed: (p) =>
    `数据中没有 ${p.engine} 的公开实测：它的参数、区间和检验数字借自 ${p.from}，没有在 ${p.engine} 本身上检验过。`,
  calibrationNone: (p) => `没有 ${p.engine} 的公开实测可供对照：它的区间借自其他引擎，并已放宽。`,
  calibrationCode: {
    'fit-own-rows': '它的参数按它自己在这一厂商 GPU 上的实测拟合。',
    'pooled-other-vendors': '没有它在这一厂商 GPU 上的实测：参数按其他厂商上的数据拟合。',
    'pooled-engine-family': '它自己的实测太少：参数与其他 llama.cpp GPU 后端一起拟合。',
    'pooled-class-vendor': '这个引擎的实测太少：参数按这一厂商上同类引擎的全部数据拟合。',
    'pooled-class': '这个引擎的实测太少：参数按同类引擎的全部数据拟合。',
    'no-rows-for-engine': '数据中没有这个引擎的任何公开实测。',
    'range-widened-to-class': '对这个引擎与厂商的组合了解不足，区间已放宽到通用引擎的区间。',
    'pool-below-min-gpus': '拟合依据的 GPU 不到三块：区间所依据的数据很少。',
    'vendor-terms-own-rows':
      '用该引擎在各厂商 GPU 上的测量拟合，每个 token 的固定开销和预填充速率按本厂商单独拟合。',
    'vendor-not-in-data':
      '没有该引擎在此厂商 GPU 上的测量：固定开销和预填充速率取自其他厂商，区间按留出整个厂商的残差给出（更宽）。',
    'range-within-source':
      '它的实测来源太少，无法整体留出一个来源：区间来自在这些来源内部留出的 GPU，对其他构建或机器可能过于乐观。',
    'range-floored-to-class-spread':
      '无法在留出的来源上检验，因此区间至少放宽到同类引擎在不同来源之间的差异。',
    'prefill-of-another-harness':
      '没有这一浏览器运行框架的预填充实测：区间至少与解码中各运行框架之间的差异一样宽。',
    'harness-not-in-data':
      '没有这一浏览器运行框架的公开实测：参数借自他处，区间至少与已实测的各运行框架之间的差异（各自由其他框架预测）一样宽。',
    'not-enough-data': '数据不足：这个区间宽于 4 倍，只是量级，而不是预测。',
  },
  contextCapped: (p) =>
    `${p.model} 的上下文最多 ${p.max} token：超出的输入对它截断到这里，它的图表也到此为止。`,

  noteMeasured: (p) =>
    `来源：实测——模型的每个矩阵按在 ${p.adapter} 上实测的内核耗时计算，乘以层数，再加上按实测带宽读取 KV cache 的时间。`,
  buildEraInRange:
    'llama.cpp 的速度随构建版本而不同（量化预填充在 int8 张量核心内核前后不同；同一块卡上不同构建最多相差一倍）。由于多数公开实测没有注明构建版本，没有拟合构建项：区间由许多构建的实测得出，涵盖它们。',
  noteMeasuredHost: (p) =>
    `本机实测：主机开销取自本文档自己的解码运行（${p.runs} 次：${p.models}）——每个小调度 ${p.dispatch} ms，每层比内核对这些运行的预测多 ${p.layer} ms；这是本浏览器和驱动自己的数字，而不是借来的常数。`,
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
  chapterReported70b: '原章节报告（Llama 3 70B，8 块 A100，TP = 8，单用户；未说明精度）',
  contrastTp: (p) =>
    `A100 各列是 ${p.tp} 块 A100 张量并行：每块读取 1/${p.tp} 的权重与 KV 缓存，每层另加两次经 NVLink 的 all-reduce（假设值）。`,
  chapterWithScenario: (p) => `${p.label}，${p.scenario}`,
  chapterSourced: (p) => `${p.chapter}；来源：${p.source}`,
  chapterNone: (p) => `原章节没有给出 ${p.model} 在 batch ${p.batch} 时的 A100 数据。`,
  chapterLastColumn: (p) => `最后一列：${p.chapter}。数值照录原章节。`,
  gapExplanation: (p) =>
    `原章节的 ${p.min}–${p.max} ms/token 是按规格带宽把权重读一遍所需 ${p.floor} ms 的 ${p.timesLow}–${p.timesHigh} 倍，` +
    `即峰值带宽的 ${p.peakLow}–${p.peakHigh} %：它描述的是整个推理服务栈（调度、采样、HTTP、框架开销），而不只是内核，` +
    `所以调优过的原生推理引擎预测在 ${p.native} ms 左右；两者都列出。`,

  trust: {
    caption: (p) =>
      `每个引擎的参数在拟合时留出一条公开实测，同时留出同一来源且同一 GPU 系列的全部实测（第一张表：应以此为准）、仅同一来源的全部实测（第二张表）或仅同一 GPU 系列（含孪生型号与变体）的全部实测（第三张表），再预测它：平均误差（MAPE）、落在 [低, 高] 区间内的比例（区间取同时按来源和 GPU 系列留出的误差的中间 ${p.level}；不足 20 个时改用 t 预测区间；某引擎的实测全部来自一个来源时，区间至少与同类引擎在不同来源之间的差异一样宽）以及高 ÷ 低 的宽度中位数。n 为能被预测的实测条数；短横表示没有。宽于 4× 的区间记为“数据不足”：区间内比例与宽度只计得到区间的实测（其余未得到时标“共 6 条”）。早先每次只留出一块 GPU，它的孪生型号和同一讨论串仍在拟合中，结果比面对新构建或新 GPU 时好看。`,
    bySourceFamily: '同时按来源和 GPU 系列留出（新构建、新 GPU）：应以此为准',
    bySource: '按来源留出（讨论串、仓库、论文）',
    byFamily: '按 GPU 系列留出（孪生型号与变体一起）',
    engine: '引擎',
    decode: '解码',
    ttft: 'TTFT',
    n: 'n',
    mape: 'MAPE',
    coverage: '区间内',
    ofStated: (p) => `共 ${p.stated} 条`,
    width: '高 ÷ 低',
    borrowed: (p) => `借自 ${p.from}：见该行`,
  },
};
