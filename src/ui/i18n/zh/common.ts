// Words several sections share (Chinese).

import type { common as en } from '../en/common';

export const common: typeof en = {
  verdict: { meets: '✓ 达标', borderline: '~ 临界', misses: '✗ 未达标' },
  ms: 'ms',
  s: 's',
  min: '分钟',
  h: '小时',
  notGiven: '（未提供）',
  none: '无',
  yes: '是',
  no: '否',
};
