import { describe, expect, it } from 'vitest';
import { buildPlan, isTuned } from '../../src/bench/plan';
import { findProblems } from '../../src/core/results';
import {
  isDefaultSettings,
  parseRunSettings,
  settingsProblems,
  settingsQuery,
} from '../../src/core/settings';
import { doc, readRow } from './model/synthetic';

const LIMITS = { maxStorageBufferBindingSize: 1 << 30, maxBufferSize: 1 << 30 };

describe('run settings', () => {
  it('reads the page address, ignoring parameters that are not settings', () => {
    const { settings, problems } = parseRunSettings(
      new URLSearchParams('timer=wall&samples=9&lang=zh&max-working-set-mib=4'),
    );
    expect(problems).toEqual([]);
    expect(settings).toEqual({ timer: 'wall-clock', samples: 9, maxWorkingSetMiB: 4 });
    expect(settingsQuery(settings)).toBe('timer=wall&max-working-set-mib=4&samples=9');
    expect(parseRunSettings(new URLSearchParams(settingsQuery(settings))).settings).toEqual(
      settings,
    );
  });

  it('says what is wrong with a bad value and keeps the default for it', () => {
    const { settings, problems } = parseRunSettings(
      new URLSearchParams('samples=1.5&timer=now&gemm-variant=reg4x4'),
    );
    expect(settings).toEqual({ gemmVariant: 'reg4x4' });
    expect(problems).toEqual([
      'timer="now": the only choice is "wall"',
      'samples="1.5" must be a whole number from 3 to 50',
    ]);
  });

  it('knows the defaults', () => {
    expect(isDefaultSettings(undefined)).toBe(true);
    expect(isDefaultSettings({})).toBe(true);
    expect(isDefaultSettings({ samples: 5 })).toBe(false);
    expect(settingsQuery({})).toBe('');
  });

  it('changes the plan: samples, the bandwidth cap, pinned variants', () => {
    const inputs = { limits: LIMITS, hasF16: false };
    const plain = buildPlan('quick', inputs);
    expect(plain.settings).toBeUndefined();
    const pinned = buildPlan('quick', inputs, {
      samples: 3,
      maxWorkingSetMiB: 1,
      gemvVariant: 'row-wg64',
      gemmVariant: 'no-such-variant',
    });
    expect(pinned.settings).toEqual({
      samples: 3,
      maxWorkingSetMiB: 1,
      gemvVariant: 'row-wg64',
      gemmVariant: 'no-such-variant',
    });
    expect(pinned.timing.samples).toBe(3);
    const sizes = pinned.cases.flatMap((c) =>
      isTuned(c) && c.kernel === 'read'
        ? [c.make(c.variants[0] ?? '').shape.workingSetBytes ?? 0]
        : [],
    );
    expect(Math.max(...sizes)).toBe(1 << 20);
    const gemv = pinned.cases.filter((c) => isTuned(c) && c.kernel === 'gemv');
    expect(gemv.length).toBeGreaterThan(0);
    for (const c of gemv) if (isTuned(c)) expect(c.variants).toEqual(['row-wg64']);
    // A pin no format offers leaves the choice to tuning.
    const gemm = pinned.cases.filter((c) => isTuned(c) && c.kernel === 'gemm');
    for (const c of gemm) if (isTuned(c)) expect(c.variants.length).toBeGreaterThan(1);
  });

  it('is checked by the results validator', () => {
    expect(settingsProblems({ samples: 9 }, 'd.settings')).toEqual([]);
    expect(settingsProblems({ samples: '9' }, 'd.settings')).toEqual([
      'd.settings.samples is not a valid setting',
    ]);
    expect(settingsProblems({ colour: 'red' }, 'd.settings')).toEqual([
      'd.settings.colour is not a run setting',
    ]);
    // keys of Object.prototype are no settings, and a value's own `toString` is never called
    // (both once threw TypeError out of the validator: found by test/unit/share/fuzz-import)
    expect(
      settingsProblems(JSON.parse('{"constructor": 1, "toString": "x"}'), 'd.settings'),
    ).toEqual([
      'd.settings.constructor is not a run setting',
      'd.settings.toString is not a run setting',
    ]);
    expect(settingsProblems(JSON.parse('{"timer": {"toString": 1}}'), 'd.settings')).toEqual([
      'd.settings.timer is not a valid setting',
    ]);
    const withSettings = { ...doc([readRow(1 << 20, 50)]), settings: { timer: 'wall-clock' } };
    expect(findProblems(withSettings)).toEqual([]);
    expect(findProblems({ ...withSettings, settings: { timer: 'sundial' } })).toEqual([
      'document.settings.timer is not a valid setting',
    ]);
  });
});
