// The charts section's words (Chinese).

import type { charts as en } from '../en/charts';

export const charts: typeof en = {
  roofline: {
    xTitle: '算术强度（每访存 1 字节的 FLOP 数）',
    yTitle: 'GFLOP/s',
    referenceFp16: (p) => `${p.gpu}：${p.bandwidth} GB/s，FP16 ${p.tflops} TFLOP/s（数据手册）`,
    referenceFp32: (p) => `${p.gpu}：FP32 ${p.tflops} TFLOP/s`,
    measured: (p) => `本机 GPU：${p.bandwidth} GB/s，${p.format} ${p.compute}（实测）`,
    gemvPoints: (p) => `GEMV ${p.format}（解码，实心）`,
    gemmPoints: (p) => `GEMM ${p.format}（空心）`,
    tipVariant: (p) => `实现变体 ${p.variant}`,
    tipIntensity: (p) => `${p.intensity} FLOP/byte · ${p.bound}`,
    bound: { memory: '访存受限', compute: '算力受限' },
    tipEfficiency: (p) => `屋顶线效率 ${p.percent}（可达 ${p.attainable} GFLOP/s）`,
    noResults:
      '当前没有结果：图中只画出参考 GPU 的上限。运行基准测试（或打开结果文件）即可加入本机 GPU 的屋顶线。',
    noBandwidth: (p) => `这些结果中没有通过校验的读取测试，因此没有带宽上限：${p.notes}。`,
    missing: {
      'no-read-rows': '没有通过校验的读取测试：带宽上限未知',
      'no-fma-rows': '没有通过校验的 FMA 测试：算力上限未知',
      'no-matrix-rows': '没有通过校验的 GEMV/GEMM 测试：预测只用屋顶线（β、π）',
    },
    adapter: { gpu: '本机 GPU', software: '本机软件适配器' },
    ceilings: (p) => `${p.adapter}：β = ${p.beta} GB/s（读取探针）；π = ${p.pis}。`,
    pi: (p) => `${p.compute}（${p.format}，脊点 ${p.ridge} FLOP/byte）`,
    piNotMeasured: '未测',
    gemv: (p) =>
      `GEMV 位于 ${p.low}–${p.high} FLOP/byte：访存受限，达到屋顶的 ${p.effLow}–${p.effHigh}。`,
    gemm: (p) => `GEMM 随 M 增大而攀升：最佳为 ${p.best}。`,
    gemmAt: (p) => `M=${p.m} 时 ${p.gflops} GFLOP/s`,
    listSeparator: '、',
    sentenceSeparator: '',
  },
  latency: {
    itlSeries: 'ITL，ms/token（左轴）',
    systemSeries: '系统 tokens/s（右轴）',
    xTitle: '批大小（并发序列数）',
    itlTitle: 'ITL ms/token',
    systemTitle: '系统 tokens/s',
    sweepMeasured: (p) => `（每个点对应实测 ${p.kernel} GEMM 扫描中的一个批大小）`,
    sweepMissing: (p) =>
      `（这些结果中没有 ${p.kernel} GEMM 扫描：批大小大于 1 的点来自屋顶线，标 †）`,
    caption: (p) =>
      `${p.model} · ${p.format}，每条序列已缓存 ${p.context} 个 token，${p.source}${p.how}。` +
      '批处理时每个权重只读一次，供全部 B 条序列共用：系统吞吐几乎随 B 成倍增长，ITL 却几乎不变——直到算力或 KV cache 成为瓶颈。',
    cannotPredict: (p) => `无法预测：${p.error}`,
    sources: { measured: '实测', roofline: '屋顶线 †', spec: '规格' },
    scenario: (p) => `批大小 ${p.batch}：${p.label}`,
    scenarios: {
      1: '单用户，batch = 1',
      16: '16 路并发，短回复',
      64: '64 路并发',
    },
    notes: { 'ttft-includes-queueing': 'TTFT 含排队时间' },
    chapterCaption: (p) =>
      `原章节给出的数据：Llama 3 8B FP16，单张 A100-80G，vLLM 类推理栈，输入 ${p.prompt} token；* ${p.note}。按原章节原样列出。来源：原章节《延迟与吞吐》，${p.url}`,
  },
  memory: {
    title: (p) => `每个解码 token 读取的字节数 — ${p.model}`,
    caption: (p) =>
      `单条序列，已缓存 ${p.context} 个 token。下限指这些字节各读一次、不计其他开销所需的时间（带宽：${p.bandwidth}）。`,
    floorHead: (p) => `下限 ms/token（${p.bandwidth} GB/s）`,
    why: (p) =>
      '每解码一个 token 都要把全部权重读一遍，因此在访存受限的 GPU 上，每 token 耗时取决于每 token 读取的字节数。' +
      `INT4（连同缩放因子为 4.5 bit）每 token 读取 ${p.int4}，FP16 则为 ${p.fp16}：` +
      `字节数只有后者的 1/${p.ratio}，tokens/s 因此最多可达 ${p.ratio} 倍。` +
      'KV cache 不会随权重一起缩小，所以上下文越长，它的占比越大。',
  },
  bandwidth: {
    series: { read: '读取', copy: '复制', write: '写入' },
    xTitle: '工作集大小',
    yTitle: 'GB/s',
    tooltip: (p) => `${p.series}：${p.size} 时 ${p.rate} GB/s`,
  },
  compute: {
    series: (p) => `${p.format} 乘加`,
    xTitle: '每加载一字节的浮点运算数（每元素乘加次数 × 2 ÷ 4 字节）',
    yTitle: 'GFLOP/s',
    tooltip: (p) => `${p.series}：${p.intensity} FLOP/byte 时 ${p.rate} GFLOP/s`,
  },
};
