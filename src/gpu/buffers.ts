// Buffer creation inside error scopes, random fill, readback, and a ledger of every buffer made,
// so a run (or a cancel) can free everything and tests can prove nothing leaked.

import { GPU_WAIT_TIMEOUT_MS, GpuError, withTimeout } from './errors';
import { fillRandom } from './fill';

/** Counter-based hash (lowbias32): word i of a random buffer, computable anywhere without state. */
export function randomWord(seed: number, index: number): number {
  let x = (index ^ Math.imul(seed, 0x9e3779b9)) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

export class BufferLedger {
  private readonly live = new Set<GPUBuffer>();
  created = 0;
  destroyed = 0;

  constructor(private readonly device: GPUDevice) {}

  get liveCount(): number {
    return this.live.size;
  }

  get liveBytes(): number {
    let total = 0;
    for (const b of this.live) total += b.size;
    return total;
  }

  /** Creates a buffer; an out-of-memory or validation failure becomes a GpuError. */
  async create(label: string, size: number, usage: GPUBufferUsageFlags): Promise<GPUBuffer> {
    const device = this.device;
    if (size > device.limits.maxBufferSize) {
      throw new GpuError(
        'limit-exceeded',
        `${label} needs ${size} bytes; this device's maxBufferSize is ${device.limits.maxBufferSize}.`,
      );
    }
    device.pushErrorScope('validation');
    device.pushErrorScope('out-of-memory');
    let buffer: GPUBuffer;
    try {
      buffer = device.createBuffer({ label, size, usage });
    } catch (e) {
      // Dawn and browsers throw synchronously (RangeError) for sizes they cannot even attempt.
      await device.popErrorScope();
      await device.popErrorScope();
      throw new GpuError(
        'out-of-memory',
        `Could not allocate ${label} (${size} bytes): ${(e as Error).message}.`,
      );
    }
    this.live.add(buffer);
    this.created++;
    const oom = await withTimeout(device.popErrorScope(), GPU_WAIT_TIMEOUT_MS, 'popErrorScope');
    const invalid = await withTimeout(device.popErrorScope(), GPU_WAIT_TIMEOUT_MS, 'popErrorScope');
    if (oom || invalid) {
      this.destroy(buffer);
      const error = oom ?? invalid;
      throw new GpuError(
        oom ? 'out-of-memory' : 'validation',
        `Could not allocate ${label} (${size} bytes): ${error?.message}.`,
      );
    }
    return buffer;
  }

  /** Creates a storage buffer filled on the GPU with counter-hash random words (randomWord). */
  async createRandom(
    label: string,
    size: number,
    seed: number,
    extraUsage = 0,
  ): Promise<GPUBuffer> {
    const buffer = await this.create(
      label,
      size,
      GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | extraUsage,
    );
    await fillRandom(this.device, this, buffer, { seed });
    return buffer;
  }

  /** A uniform buffer holding `data`, padded to 16 bytes. */
  async createUniform(label: string, data: ArrayBufferView): Promise<GPUBuffer> {
    const size = Math.max(16, Math.ceil(data.byteLength / 16) * 16);
    const buffer = await this.create(label, size, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
    this.device.queue.writeBuffer(buffer, 0, data.buffer, data.byteOffset, data.byteLength);
    return buffer;
  }

  /** A storage buffer holding `data`. */
  async createFrom(label: string, data: ArrayBufferView, extraUsage = 0): Promise<GPUBuffer> {
    const buffer = await this.create(
      label,
      data.byteLength,
      GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC | extraUsage,
    );
    this.device.queue.writeBuffer(buffer, 0, data.buffer, data.byteOffset, data.byteLength);
    return buffer;
  }

  /** Copies `size` bytes from a storage buffer back to the CPU. */
  async read(source: GPUBuffer, size = source.size, offset = 0): Promise<ArrayBuffer> {
    const staging = await this.create(
      `${source.label}-readback`,
      size,
      GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
    );
    try {
      const encoder = this.device.createCommandEncoder({ label: 'readback' });
      encoder.copyBufferToBuffer(source, offset, staging, 0, size);
      this.device.queue.submit([encoder.finish()]);
      await withTimeout(staging.mapAsync(GPUMapMode.READ), GPU_WAIT_TIMEOUT_MS, 'mapAsync');
      const copy = staging.getMappedRange().slice(0);
      staging.unmap();
      return copy;
    } finally {
      this.destroy(staging);
    }
  }

  destroy(buffer: GPUBuffer): void {
    if (this.live.delete(buffer)) {
      buffer.destroy();
      this.destroyed++;
    }
  }

  destroyAll(): void {
    for (const b of [...this.live]) this.destroy(b);
  }
}

/** Queues a copy of all of `from` into `to` (same size; COPY_SRC and COPY_DST usage). */
export function copyWhole(device: GPUDevice, from: GPUBuffer, to: GPUBuffer): void {
  const encoder = device.createCommandEncoder({ label: 'copy-whole' });
  encoder.copyBufferToBuffer(from, 0, to, 0, from.size);
  device.queue.submit([encoder.finish()]);
}
