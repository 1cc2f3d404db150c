// Presenter mode: one idea per screen (Chinese).

import type { presenter as en } from '../en/presenter';

export const presenter: typeof en = {
  step: (p) => `${p.n} / ${p.total}`,
  slides: {
    bandwidth: {
      title: '显存带宽',
      idea: '这块 GPU 每秒能读多少字节。曲线上的每一级台阶对应一级缓存，最右端才是显存本身。',
    },
    compute: {
      title: '算力',
      idea: '数据已在片上时，它每秒能做多少次浮点运算——远多于它能读进来的数据。',
    },
    roofline: {
      title: '屋顶线',
      idea: '速度 = min(算力, 算术强度 × 带宽)。脊点左侧的内核在等显存，右侧的在等计算。',
    },
    decode: {
      title: '解码是访存受限的',
      idea: '每生成一个 token 都要把全部权重读一遍，每个权重只做两次浮点运算。批处理让每个权重被复用 B 次：吞吐几乎涨 B 倍，而延迟几乎不变。',
    },
    'decode-real': {
      title: '看解码受限于显存',
      idea: '一个完整模型在这块 GPU 上逐 token 运行。每个 token 都把全部权重读一遍：每 token 字节数 ÷ 每 token 毫秒数就是带宽——正是带宽扫描测到的那个。',
    },
    predictions: {
      title: '预测，与 A100 对照',
      idea: 'ms/token ≈ 每 token 字节数 ÷ 带宽。每个权重的位数越少，读的字节越少，解码越快。',
    },
    load: {
      title: '为什么看 P95，而不是均值',
      idea: '在负载下，大多数请求很快，少数请求要排在队列或预填充之后等待。均值把它们掩盖了；P95 是每二十个用户中就有一个会遇到的情况。应在注明的负载下报告 P95 TTFT 和 P95 ITL，而不是只报平均 tok/s。',
    },
  },
  figure: {
    load: (p) =>
      `模拟的 A100，${p.users} 个用户：ITL 均值 ${p.mean} 毫秒，P95 ${p.p95} 毫秒，P99 ${p.p99} 毫秒`,
    noRun: '还没有运行：在第 4 步点“快速运行”，现场测量这块 GPU。',
    bandwidth: (p) => `${p.gbps} GB/s`,
    compute: (p) => `${p.gflops} GFLOP/s——每字节要做 ${p.ridge} 次运算，瓶颈才会变成算力`,
    decode: (p) => `${p.model} ${p.format}：${p.ms} ms/token；把权重读一遍需要 ${p.floor} ms`,
    decodeReal: (p) => `每 token ${p.bytes} ÷ 每 token ${p.ms} 毫秒 = ${p.gbps} GB/s`,
    decodeRealSweep: (p) => `；带宽扫描测得 ${p.gbps} GB/s`,
    decodeRealNone: '还没有解码：在这一屏点“运行解码”。',
    predictions: (p) =>
      `${p.model} ${p.format}：本机 ${p.here} ms/token，A100 上 ${p.a100} ms/token`,
  },
  enter: '演示模式：用方向键或 Page Up/Down 翻页，Esc 退出。',
};
