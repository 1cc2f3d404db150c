// 预测部分的模型控件文字（中文）。

import type { HfConfigErrorDetail } from '../../../model/llm/hf-config/errors';
import type { modelInput as en } from '../en/model-input';

type Detail = HfConfigErrorDetail;
const field = (d: Detail) => `"${d.field ?? '?'}"`;

export const modelInput: typeof en = {
  kvLabel: 'KV 缓存',
  kvOption: {
    16: '16 位',
    8: '8 位（每 32 个值一个 f16 缩放）',
    4: '4 位（每 32 个值一个 f16 缩放）',
  },
  configLabel: '从 config.json 读取模型',
  configPick: '打开 config.json',
  configPaste: '或在此粘贴',
  configUse: '使用此配置',
  configDrop: '把 Hugging Face 的 config.json 拖到这里',
  configGroup: '来自 config.json',
  configUsing: (p) => `正在使用 ${p.name}（读自其 config.json）；本页链接会带上它。`,
  configFailed: (p) => `这个 config.json 用不了：${p.why}`,
  configError: {
    'too-large': (d) => `文件太大，不像 config.json（超过 ${d.limit ?? '?'} 字节）。`,
    'malformed-json': () => '它不是 JSON（或链接被截断）。',
    'not-object': (d) => `它是 ${d.value ?? '别的东西'}，而不是一个 JSON 对象。`,
    'unknown-model-type': (d) =>
      d.value === undefined
        ? '缺少 "model_type"。'
        : `本页不认识 model_type "${d.value}"（支持 Llama、Mistral、Qwen 2/2.5/3、Gemma 1–3、Phi-3、Mixtral、Qwen MoE、DeepSeek V2/V3、gpt-oss）。`,
    'missing-field': (d) => `缺少该模型类型需要的 ${field(d)}。`,
    'bad-field': (d) => `${field(d)} 的值类型不对（${d.value ?? '?'}）。`,
    'absurd-size': (d) =>
      d.field === undefined
        ? `各尺寸合计的参数量超过任何真实模型（${d.value ?? '?'}）。`
        : `${field(d)} 为 ${d.value ?? '?'}，超过任何真实模型。`,
    inconsistent: (d) => `${field(d)} 与其他尺寸矛盾。`,
  },
  moeParams: (p) =>
    `${p.name}：共 ${p.total} B 参数，每个 token 激活 ${p.active} B（混合专家：显存装下全部专家，每个 token 只读自己的）。`,
  needsGpus: (p) => `需要 ${p.n} 块这样的 GPU`,
};
