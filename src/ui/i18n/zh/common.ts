// Words several sections share (Chinese).

import type { common as en } from '../en/common';

export const common: typeof en = {
  verdict: { meets: '✓ 达标', borderline: '~ 临界', misses: '✗ 未达标' },
  ms: 'ms',
  s: 's',
  min: '分钟',
  h: '小时',
  notGiven: '（未提供）',
  notEnoughData: '数据不足，不给区间',
  none: '无',
  yes: '是',
  no: '否',
  sectionFailed: (p) =>
    `页面的这一部分没有加载成功（${p.reason}）。请重新加载页面再试；已测得的结果保存在本浏览器的运行列表里。`,
};
