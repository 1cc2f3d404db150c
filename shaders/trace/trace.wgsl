// Address trace recorder: prepended (with its constants) to an instrumented build of a kernel by
// src/kernels/trace/instrument.ts, which also rewrites every load from a traced buffer to go
// through trace_at / trace_at_component, puts trace_barrier() before every workgroupBarrier(),
// and calls trace_begin first thing in the entry point.
// Nothing here changes what the kernel computes; it only writes trace_log.
//
// trace_log (u32 words): one record of TRACE_STRIDE words per invocation, at
//   (workgroup · TRACE_WG + local_invocation_index) · TRACE_STRIDE, for the first
//   TRACE_WORKGROUPS workgroups (later ones record nothing):
//   [0]                      loads this invocation issued from traced buffers (all of them)
//   [1 … TRACE_BUFFERS]      bytes it loaded from each traced buffer (all of them)
//   [TRACE_BUFFERS + 1]      workgroupBarrier()s it executed
//   [TRACE_BUFFERS + 2]      of those, the ones between its first and its last load of buffer 0
//                            (the streamed operand: a GEMV's weights, so barriers inside the K loop)
//   then TRACE_LOADS pairs   its first TRACE_LOADS loads: (buffer id | width << 8, byte offset)
// Constants prepended by the host: TRACE_WG, TRACE_WORKGROUPS, TRACE_BUFFERS, TRACE_LOADS,
// TRACE_STRIDE = 3 + TRACE_BUFFERS + 2 · TRACE_LOADS. Bytes = invocations · TRACE_STRIDE · 4.

@group(1) @binding(0) var<storage, read_write> trace_log: array<u32>;

const TRACE_NONE: u32 = 0xffffffffu;

var<private> trace_base: u32 = TRACE_NONE;
// Barriers this invocation has passed, and how many it had passed at its first load of buffer 0.
var<private> trace_barriers: u32 = 0u;
var<private> trace_barriers_first: u32 = TRACE_NONE;

fn trace_begin(workgroup: u32, lid: u32) {
  trace_base = select(TRACE_NONE, (workgroup * TRACE_WG + lid) * TRACE_STRIDE,
    workgroup < TRACE_WORKGROUPS);
}

/** Called just before each workgroupBarrier() of the kernel. */
fn trace_barrier() {
  trace_barriers += 1u;
  if (trace_base != TRACE_NONE) {
    trace_log[trace_base + 1u + TRACE_BUFFERS] = trace_barriers;
  }
}

fn trace_load(buffer: u32, offset: u32, width: u32) {
  // No early return: the instrumented kernel's uniformity must stay what it was.
  if (trace_base != TRACE_NONE) {
    let n = trace_log[trace_base];
    trace_log[trace_base] = n + 1u;
    trace_log[trace_base + 1u + buffer] += width;
    if (buffer == 0u) {
      if (trace_barriers_first == TRACE_NONE) {
        trace_barriers_first = trace_barriers;
      }
      trace_log[trace_base + 2u + TRACE_BUFFERS] = trace_barriers - trace_barriers_first;
    }
    if (n < TRACE_LOADS) {
      let at = trace_base + 3u + TRACE_BUFFERS + 2u * n;
      trace_log[at] = buffer | (width << 8u);
      trace_log[at + 1u] = offset;
    }
  }
}

/** A load of element `index` (elementBytes wide) of buffer `buffer`; returns the index. */
fn trace_at(buffer: u32, index: u32, elementBytes: u32) -> u32 {
  trace_load(buffer, index * elementBytes, elementBytes);
  return index;
}

/** A load of component `c` (componentBytes wide) of element `index`; returns the index. */
fn trace_at_component(buffer: u32, index: u32, elementBytes: u32, c: u32,
    componentBytes: u32) -> u32 {
  trace_load(buffer, index * elementBytes + c * componentBytes, componentBytes);
  return index;
}
