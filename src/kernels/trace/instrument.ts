// The address trace: an instrumented build of any compute kernel in which every invocation
// records the byte addresses of its global loads (buffer, offset, width) and counts the
// workgroupBarrier()s it executes, into a storage buffer (shaders/trace/trace.wgsl says the record
// layout). The kernel's own WGSL is not edited by hand:
//
// How a kernel opts in (GEMV does in src/kernels/trace/gemv-trace.ts; GEMM or attention the
// same way):
//   1. Name the buffers whose loads count, each with an id (0, 1, …), the bytes of one element
//      of its array, and — for arrays of vectors indexed by component, `weights[i][c]` — the bytes
//      of a component (`TracedBuffer`). Only read-only buffers: a write through a traced name
//      would be recorded as a load. Indices must be u32 expressions without side effects.
//   2. `instrument(code, entryPoint, buffers, layout)` returns the instrumented WGSL: the
//      recorder (shaders/trace/trace.wgsl) and its constants first; every `name[i]` of a traced
//      buffer becomes `name[trace_at(id, i, bytes)]` (`name[i][c]` records the component only);
//      every `workgroupBarrier();` is preceded by `trace_barrier();`; the entry point gains the
//      builtins it lacks and calls trace_begin first. Buffer 0 should be the streamed operand
//      (GEMV, GEMM: the weights): the record counts the barriers between its first and last load.
//   3. Bind a buffer of `traceBytes(layout)` bytes, zeroed, at @group(1) @binding(0); dispatch;
//      read it back and hand the words to `parseTrace` (src/kernels/trace/analyse.ts).
// The instrumented build computes the same output as the plain one: verify it as usual.

import traceShader from '../../../shaders/trace/trace.wgsl?raw';
import type { KernelBuild, KernelEnv } from '../types';

export interface TracedBuffer {
  /** The WGSL variable, e.g. `weights`. */
  name: string;
  /** 0 … buffers − 1: where its bytes are counted in each record. */
  id: number;
  /** Bytes of one element of its array (vec4<u32>: 16). */
  elementBytes: number;
  /** Bytes of one component, for `name[i][c]` (vec4<u32>: 4); absent: no component access. */
  componentBytes?: number;
}

export interface TraceLayout {
  /** Invocations per workgroup (the product of @workgroup_size). */
  workgroupSize: number;
  /** Workgroups that record (the first ones by linear index); later ones run untraced. */
  workgroups: number;
  /** Loads recorded per invocation (all are counted). */
  loads: number;
  /** Traced buffers (ids 0 … buffers − 1). */
  buffers: number;
}

/** u32 words per invocation record: loads, bytes per buffer, barriers (two counts), loads. */
export const traceStride = (layout: TraceLayout): number => 3 + layout.buffers + 2 * layout.loads;

/** Bytes of the trace buffer for `layout`. */
export const traceBytes = (layout: TraceLayout): number =>
  layout.workgroups * layout.workgroupSize * traceStride(layout) * 4;

/** Index of the bracket that closes the one at `open`; a RangeError if unbalanced. */
function closingBracket(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === '[') depth++;
    else if (code[i] === ']' && --depth === 0) return i;
  }
  throw new RangeError(`unbalanced [ at offset ${open}`);
}

/** Rewrites every indexed load of the traced buffers (nested indices included). */
export function traceLoads(code: string, buffers: readonly TracedBuffer[]): string {
  if (buffers.length === 0) return code;
  const names = buffers.map((b) => b.name).join('|');
  const use = new RegExp(`(?<![\\w.])(${names})\\s*\\[`, 'g');
  let out = '';
  let from = 0;
  for (let m = use.exec(code); m !== null; m = use.exec(code)) {
    const buffer = buffers.find((b) => b.name === m?.[1]) as TracedBuffer;
    const open = m.index + m[0].length - 1;
    const close = closingBracket(code, open);
    const index = traceLoads(code.slice(open + 1, close), buffers);
    let end = close + 1;
    let call = `trace_at(${buffer.id}u, ${index}, ${buffer.elementBytes}u)`;
    if (buffer.componentBytes !== undefined && code[end] === '[') {
      const componentClose = closingBracket(code, end);
      const component = traceLoads(code.slice(end + 1, componentClose), buffers);
      call = `trace_at_component(${buffer.id}u, ${index}, ${buffer.elementBytes}u, ${component}, ${buffer.componentBytes}u)`;
      end = componentClose + 1;
      out += `${code.slice(from, m.index)}${buffer.name}[${call}][${component}]`;
    } else {
      out += `${code.slice(from, m.index)}${buffer.name}[${call}]`;
    }
    from = end;
    use.lastIndex = end;
  }
  return out + code.slice(from);
}

/** Every `workgroupBarrier();` preceded by `trace_barrier();` (a statement, so always in a block). */
export const traceBarriers = (code: string): string =>
  code.replace(/\bworkgroupBarrier\s*\(\s*\)\s*;/g, 'trace_barrier(); workgroupBarrier();');

/** The entry point's parameters, with the builtins trace_begin needs added where missing. */
function hookEntry(code: string, entryPoint: string): string {
  const head = new RegExp(`fn\\s+${entryPoint}\\s*\\(`).exec(code);
  if (!head) throw new RangeError(`no entry point ${entryPoint} in the kernel`);
  const open = head.index + head[0].length - 1;
  let depth = 0;
  let close = open;
  for (; close < code.length; close++) {
    if (code[close] === '(') depth++;
    else if (code[close] === ')' && --depth === 0) break;
  }
  let params = code.slice(open + 1, close);
  const named = (builtin: string, fallback: string, type: string): string => {
    const found = new RegExp(`@builtin\\(${builtin}\\)\\s*(\\w+)`).exec(params);
    if (found?.[1]) return found[1];
    params = `${params.trimEnd().replace(/,$/, '')}${params.trim() === '' ? '' : ','}\n  @builtin(${builtin}) ${fallback}: ${type},\n`;
    return fallback;
  };
  const lid = named('local_invocation_index', 'trace_lid', 'u32');
  const wid = named('workgroup_id', 'trace_wid', 'vec3<u32>');
  const nwg = named('num_workgroups', 'trace_nwg', 'vec3<u32>');
  const body = code.indexOf('{', close);
  const begin = `\n  trace_begin(${wid}.x + ${wid}.y * ${nwg}.x + ${wid}.z * ${nwg}.x * ${nwg}.y, ${lid});`;
  return `${code.slice(0, open + 1)}${params}${code.slice(close, body + 1)}${begin}${code.slice(body + 1)}`;
}

/** `code` without comments (a comment may hold an unbalanced `x[`). */
const withoutComments = (code: string): string =>
  code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');

/** The instrumented build of `code` (see the header). */
export function instrument(
  code: string,
  entryPoint: string,
  buffers: readonly TracedBuffer[],
  layout: TraceLayout,
): string {
  const ids = buffers.map((b) => b.id).sort((a, b) => a - b);
  if (ids.some((id, i) => id !== i) || ids.length !== layout.buffers) {
    throw new RangeError('traced buffer ids must be 0 … buffers − 1, each once');
  }
  // Directives (enable …;) must stay first in the module.
  const plain = withoutComments(code);
  const directives = /^(\s*(enable|requires|diagnostic)[^;]*;\s*)*/.exec(plain)?.[0] ?? '';
  const constants = [
    `const TRACE_WG: u32 = ${layout.workgroupSize}u;`,
    `const TRACE_WORKGROUPS: u32 = ${layout.workgroups}u;`,
    `const TRACE_BUFFERS: u32 = ${layout.buffers}u;`,
    `const TRACE_LOADS: u32 = ${layout.loads}u;`,
    `const TRACE_STRIDE: u32 = ${traceStride(layout)}u;`,
  ].join('\n');
  const body = hookEntry(
    traceBarriers(traceLoads(plain.slice(directives.length), buffers)),
    entryPoint,
  );
  return `${directives}\n${constants}\n${traceShader}\n${body}`;
}

/**
 * Steps 2 and 3 for a kernel whose prepare takes a KernelBuild: the trace's log buffer
 * (`traceBytes(layout)`, zeroed) and the build that instruments the WGSL and binds the log.
 */
export async function tracedBuild(
  env: KernelEnv,
  label: string,
  buffers: readonly TracedBuffer[],
  layout: TraceLayout,
): Promise<{ log: GPUBuffer; build: KernelBuild }> {
  const log = await env.buffers.create(
    label,
    traceBytes(layout),
    GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC,
  );
  const build: KernelBuild = {
    code: (code, entryPoint) => instrument(code, entryPoint, buffers, layout),
    group1: (bindLayout) =>
      env.device.createBindGroup({
        label,
        layout: bindLayout,
        entries: [{ binding: 0, resource: { buffer: log } }],
      }),
  };
  return { log, build };
}
