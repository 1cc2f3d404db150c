// The adapter panel, run controls, headline and results table (Chinese).

import type { app as en } from '../en/app';

/** GpuError codes (src/gpu/errors.ts) in a sentence; the English detail follows as given. */
const GPU_FAILURES: Readonly<Record<string, string | undefined>> = {
  'no-webgpu': '此浏览器不支持 WebGPU',
  'no-adapter': '没有可用的 GPU 适配器',
  'feature-missing': '适配器缺少所需特性',
  'device-lost': 'GPU 设备已丢失',
  'out-of-memory': '显存不足',
  'limit-exceeded': '超出设备限制',
  validation: 'WebGPU 校验错误',
  timeout: 'GPU 超时',
  cancelled: '已取消',
};

export const app: typeof en = {
  adapter: {
    adapter: '适配器',
    vendor: '厂商',
    architecture: '架构',
    device: '设备',
    description: '描述',
    fallback: '回退适配器',
    timer: '计时方式',
    timestamp: 'GPU 时间戳（timestamp-query）',
    wallClock: '围绕 onSubmittedWorkDone 的墙钟时间',
    maxBinding: '最大存储绑定',
    maxBuffer: '最大缓冲区',
    defaultLimit: (p) => `WebGPU 默认值：${p.value}`,
    features: '特性',
    wgslFeatures: 'WGSL 语言特性',
    implementation: 'WebGPU 实现',
    implementations: {
      dawn: 'Dawn（Chrome、Edge）',
      wgpu: 'wgpu（Firefox）',
      webkit: 'WebKit（Safari）',
      unknown: '无法从此浏览器得知',
    },
    unoffered: '此处未提供',
    allOffered: '无：所有内核变体都可在此运行',
    unofferedGroup: (p) => `${p.count} 个变体需要 ${p.missing}：${p.variants}`,
    stillPredicts: '基于规格表的预测仍然可用：见下方“预测”。',
    failed: (p) => `${GPU_FAILURES[p.code] ?? 'WebGPU 出错'}（${p.detail}）`,
    noWebgpu:
      '此浏览器未提供 WebGPU（navigator.gpu）。请使用 Chrome 或 Edge 113+（Linux 上需以 --enable-unsafe-webgpu 启动）、Safari 26+，或 Windows 上的 Firefox 141+。',
    software: (p) =>
      `此适配器（${p.name}）是在 CPU 上运行的软件渲染器：下面的数字测的是你的 CPU，而不是 GPU。请开启硬件加速，或换用由 GPU 支持 WebGPU 的浏览器，以获得真实数据。`,
  },
  stage: {
    read: '带宽',
    copy: '带宽',
    write: '带宽',
    fma: '算力',
    gemv: '解码（GEMV）',
    gemm: '预填充与批处理（GEMM）',
    attention: '解码注意力（KV 缓存）',
  },
  progress: (p) => `${p.stage}：${p.label}（第 ${p.step} / ${p.total} 步）`,
  secondsLeft: (p) => `——约剩 ${p.seconds} 秒`,
  cancelled: '已被用户取消。',
  fullEstimate: (p) =>
    `在此适配器上，完整运行约需 ${p.time}（按本次运行的节奏、带宽和算力峰值估算）。`,
  stopped: (p) => `已停止：${p.why}`,
  done: (p) => `完成：${p.total} 个内核中 ${p.verified} 个已通过校验。`,
  failed: (p) => `运行失败：${p.why}。已测得的结果保留在上方。`,
  settings: {
    notComparable: '不可比',
    banner: (p) =>
      `页面地址中带有非默认运行设置（${p.settings}）：现在的运行会被标为“不可比”，不能与默认运行直接比较。从地址中去掉它们即可按默认方式测量。`,
    problems: (p) => `页面地址中有被忽略的设置：${p.problems}。这些项按默认值运行。`,
    recorded: (p) => `不可比：使用了非默认设置（${p.settings}）测量。`,
  },
  summary: {
    notMeasured: '未测量',
    read: (p) => `${p.gbps} GB/s（读，工作集 ${p.workingSet}）`,
    compute: (p) => `${p.gflops} GFLOP/s（${p.format}）`,
  },
  results: {
    verified: '已校验',
    noisy: (p) => `已校验 · 噪声大，离散度 ${p.spread}`,
    failed: (p) => `失败：${p.why}`,
    ranOutOfMemory: (p) => `（${p.requested} 时显存不足）`,
  },
  origin: {
    shared: '这是通过链接打开的共享结果，不是在本机的实时运行。',
    imported: '这是导入的结果文件，不是在本机的实时运行。',
    saved: '这是本浏览器保存的早先运行，不是实时运行。',
    measured: (p) => `测于 ${p.date}，设备：${p.adapter}。`,
    unnamed: '未命名的适配器',
  },
};
