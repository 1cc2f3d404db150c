// GEMM in every format and variant on a real adapter, checked against the CPU reference, with
// M and N that are not multiples of the 32×32 block, and W split into row chunks.

import { describe, expect, it } from 'vitest';
import { FORMAT_IDS } from '../../src/core/formats';
import { matrixBytes } from '../../src/kernels/formats';
import {
  GEMM_VARIANTS,
  gemmCapabilitiesOf,
  gemmCase,
  gemmRefusal,
  gemmVariantsFor,
} from '../../src/kernels/gemm';
import { CHECK_TIMING, sharedRunner } from './context';
import { emulatedSgmat } from './sgmat-emulation';

const t = sharedRunner();

const options = { rotationBytes: 1 << 20, maxBindingBytes: 1 << 30 };

describe('GEMM on a real adapter', () => {
  for (const format of FORMAT_IDS) {
    for (const variant of GEMM_VARIANTS) {
      it(`${format} ${variant.name}: M=1, 37 over 45×96, M=64 over 64×128, M=70 over 33×64 verify (or it is refused with its reason)`, async () => {
        const refused = gemmRefusal(variant, gemmCapabilitiesOf(t.gpu.device));
        if (refused !== null) {
          // Not offered here (the plan never lists it): running it anyway fails with the reason.
          const row = await t.runner.runCase(
            gemmCase(format, 37, 45, 96, variant, options),
            CHECK_TIMING,
          );
          expect(row.verified).toBe(false);
          expect(row.error).toContain(refused);
          return;
        }
        // M=70 spans two 64-row blocks (reg8x4) and three 32-row ones, the last ragged; M=37
        // five 8-row blocks (cols8x128), N=45 and 33 part of one 128-column block.
        for (const [m, n, k] of [
          [1, 45, 96],
          [37, 45, 96],
          [64, 64, 128],
          [70, 33, 64],
        ] as const) {
          const row = await t.runner.runCase(
            gemmCase(format, m, n, k, variant, options),
            CHECK_TIMING,
          );
          expect(row.error, `${m}×${n}×${k}`).toBeUndefined();
          expect(row.verified).toBe(true);
          expect(row.bytes).toBe(matrixBytes(format, n, k) + 4 * m * k + 4 * m * n);
          expect(row.flops).toBe(2 * m * n * k);
        }
      });
    }
  }

  it('offers shader-f16 tiles where granted, and never the subgroup-matrix path here', () => {
    const caps = gemmCapabilitiesOf(t.gpu.device);
    const names = gemmVariantsFor(caps).map((v) => v.name);
    expect(names.includes('tile32-pad-f16')).toBe(t.gpu.hasF16);
    // Neither SwiftShader nor lavapipe grants chromium-experimental-subgroup-matrix.
    expect(caps.subgroupMatrix).toBeUndefined();
    const sgmat = GEMM_VARIANTS.filter((v) => v.sgmat !== undefined);
    expect(sgmat.length).toBeGreaterThan(1);
    for (const v of sgmat) {
      expect(names).not.toContain(v.name);
      expect(gemmRefusal(v, caps)).toMatch(
        /not granted chromium-experimental-subgroup-matrix .*--experimental/,
      );
    }
    const every = sgmat.flatMap((v) => (v.sgmat ? [v.sgmat] : []));
    const all = {
      f16: true,
      subgroups: true,
      subgroupId: true,
      subgroupMatrix: { configs: every },
    };
    expect(gemmVariantsFor(all)).toHaveLength(GEMM_VARIANTS.length);
  });

  it('runs W split into row chunks, writing the right columns of Y', async () => {
    for (const variant of gemmVariantsFor(gemmCapabilitiesOf(t.gpu.device))) {
      const small = { ...options, maxBindingBytes: 8192 }; // int8 rows of 256: 272 B → chunks of 30
      const row = await t.runner.runCase(
        gemmCase('int8', 33, 70, 256, variant, small),
        CHECK_TIMING,
      );
      expect(row.error, variant.name).toBeUndefined();
      expect(row.verified).toBe(true);
    }
  });

  // No adapter here grants subgroup matrices: gemm_sgmat runs with its builtins emulated
  // (sgmat-emulation.ts), checking its staging, offsets, accumulator grid and write-out: every
  // configuration at int4 over two block rows and two ragged workgroups of N, and one
  // configuration at every format (the emulation is slow on a CPU: ~10 s a case).
  for (const variant of GEMM_VARIANTS.filter((v) => v.sgmat !== undefined)) {
    const everyFormat = variant.name === 'sgmat-f16-16x16x16-f32';
    const cases = [
      ['int4', 70, 150, 64],
      ...(everyFormat ? FORMAT_IDS.map((f) => [f, 37, 45, 96] as const) : []),
    ] as const;
    it(`${variant.name} with its builtins emulated verifies (cases: ${cases.length}; ragged M and N)`, async () => {
      const emulated = emulatedSgmat(variant);
      const refused = gemmRefusal(emulated, gemmCapabilitiesOf(t.gpu.device));
      if (refused !== null) {
        // SwiftShader lacks shader-f16: only the f32 configuration runs there.
        expect(variant.f16 === true && !t.gpu.hasF16, refused).toBe(true);
        return;
      }
      for (const [format, m, n, k] of cases) {
        const row = await t.runner.runCase(
          gemmCase(format, m, n, k, emulated, options),
          CHECK_TIMING,
        );
        expect(row.error, `${format} ${m}×${n}×${k}`).toBeUndefined();
        expect(row.verified, `${format} ${m}×${n}×${k}`).toBe(true);
      }
    }, 600_000);
  }

  it('leaves no buffer behind', () => {
    expect(t.runner.ledger.liveCount).toBe(0);
  });
});
