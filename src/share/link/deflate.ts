// deflate-raw through the platform's CompressionStream / DecompressionStream (Chrome 80+,
// Safari 16.4+, Firefox 113+, Node 18+). Inflating stops as soon as the output passes a limit,
// so a small link cannot expand into gigabytes.

async function readAll(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

function through(bytes: Uint8Array, transform: CompressionStream | DecompressionStream) {
  return new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(transform);
}

export async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const out = await readAll(through(bytes, new CompressionStream('deflate-raw')), Infinity);
  return out ?? new Uint8Array(0);
}

/**
 * The inflated bytes, or null when they would exceed `maxBytes`. Rejects (with the platform's
 * error) when `bytes` is not valid deflate-raw data.
 */
export function inflateRaw(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array | null> {
  return readAll(through(bytes, new DecompressionStream('deflate-raw')), maxBytes);
}
