// Builds synthetic results documents for measured-mode tests.
import type { ResultRow, ResultsDocument } from '../../../src/core/results';

export function row(partial: Partial<ResultRow> & Pick<ResultRow, 'kernel' | 'format'>): ResultRow {
  const medianMs = partial.medianMs ?? 1;
  const bytes = partial.bytes ?? 0;
  const flops = partial.flops ?? 0;
  return {
    variant: 'v1',
    shape: {},
    bytes,
    flops,
    medianMs,
    p95Ms: medianMs * 1.1,
    minMs: medianMs * 0.95,
    maxMs: medianMs * 1.2,
    samples: 20,
    spread: 0.15,
    noisy: false,
    gbps: bytes / (medianMs * 1e6),
    gflops: flops / (medianMs * 1e6),
    verified: true,
    ...partial,
  };
}

/** A read row for a working set of `bytes` at `gbps`, plus a fixed overhead per dispatch. */
export function readRow(bytes: number, gbps: number, overheadMs = 0): ResultRow {
  const medianMs = bytes / (gbps * 1e6) + overheadMs;
  return row({
    kernel: 'read',
    format: 'u32',
    shape: { workingSetBytes: bytes, passes: 1 },
    bytes,
    medianMs,
  });
}

export function fmaRow(format: string, gflops: number): ResultRow {
  const flops = 1e9;
  return row({
    kernel: 'fma',
    format,
    shape: { flopsPerByte: 64 },
    bytes: flops / 64,
    flops,
    medianMs: flops / (gflops * 1e6),
  });
}

/** A GEMV/GEMM row for y[m×n] = x[m×k]·Wᵀ at `bpw` bits per weight taking `medianMs`. */
export function matRow(
  format: string,
  bpw: number,
  m: number,
  n: number,
  k: number,
  medianMs: number,
): ResultRow {
  return row({
    kernel: m === 1 ? 'gemv' : 'gemm',
    format,
    shape: { m, n, k },
    bytes: (n * k * bpw) / 8 + 2 * (m * k + m * n),
    flops: 2 * m * n * k,
    medianMs,
  });
}

export function doc(
  results: ResultRow[],
  grantedLimits: Record<string, number> = {},
): ResultsDocument {
  return {
    schemaVersion: 1,
    tool: { name: 'webgpu-roofline', version: '0.1.0' },
    createdAt: '2025-01-01T00:00:00.000Z',
    plan: 'quick',
    runtime: { kind: 'node', description: 'test' },
    adapter: {
      vendor: 'test',
      architecture: 'synthetic',
      device: '',
      description: 'synthetic GPU',
      isFallbackAdapter: false,
      isSoftware: false,
      features: [],
      limits: {},
      wgslLanguageFeatures: [],
    },
    timing: 'timestamp-query',
    grantedLimits,
    results,
  };
}
