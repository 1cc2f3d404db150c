// ONNX models, encoded by hand. An ONNX ModelProto (a single MatMul, or a whole decoder) is a few
// nested protobuf messages of varints, fixed 32-bit floats, strings and one raw byte blob per
// weight; a dozen lines of encoder do it without a protobuf dependency (and without copying the
// weights more than once: a message is kept as a list of parts until the final concatenation).
//
// Field numbers from onnx/onnx.proto3 (ONNX 1.17), the only ones used here:
//   ModelProto     ir_version 1, graph 7, opset_import 8, producer_name 2
//   OperatorSetId  domain 1, version 2
//   GraphProto     node 1, name 2, initializer 5, input 11, output 12
//   NodeProto      input 1, output 2, name 3, op_type 4, attribute 5, domain 7
//   AttributeProto name 1, f 2, i 3, type 20 (FLOAT = 1, INT = 2)
//   TensorProto    dims 1, data_type 2, name 8, raw_data 9 (little-endian)
//   ValueInfoProto name 1, type 2; TypeProto tensor_type 1; TypeProto.Tensor elem_type 1, shape 2
//   TensorShapeProto dim 1; Dimension dim_value 1, dim_param 2

/** ONNX TensorProto.DataType values used here. */
export const ONNX_TYPE = { float: 1, uint8: 2, int32: 6, int64: 7, float16: 10 } as const;
export type OnnxType = keyof typeof ONNX_TYPE;

/** A message under construction: its encoded parts, in order, and their total length. */
interface Message {
  parts: Uint8Array[];
  length: number;
}

/** A base-128 varint; a negative value as its 64-bit two's complement (ten bytes), as int64 is. */
function varint(value: number): Uint8Array {
  if (!Number.isSafeInteger(value)) throw new RangeError(`varint ${value}`);
  const out: number[] = [];
  let v = value < 0 ? 2n ** 64n + BigInt(value) : BigInt(value);
  while (v >= 0x80n) {
    out.push(Number(v % 0x80n) | 0x80);
    v /= 0x80n;
  }
  out.push(Number(v));
  return Uint8Array.from(out);
}

const VARINT = 0;
const LENGTH_DELIMITED = 2;
const FIXED32 = 5;
const tag = (field: number, wire: number) => varint(field * 8 + wire);

function message(...fields: Message[]): Message {
  const parts = fields.flatMap((f) => f.parts);
  return { parts, length: fields.reduce((a, f) => a + f.length, 0) };
}

const part = (bytes: Uint8Array): Message => ({ parts: [bytes], length: bytes.length });

function intField(field: number, value: number): Message {
  return message(part(tag(field, VARINT)), part(varint(value)));
}

function bytesField(field: number, body: Message): Message {
  return message(part(tag(field, LENGTH_DELIMITED)), part(varint(body.length)), body);
}

function floatField(field: number, value: number): Message {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setFloat32(0, value, true);
  return message(part(tag(field, FIXED32)), part(bytes));
}

const stringField = (field: number, s: string) =>
  bytesField(field, part(new TextEncoder().encode(s)));

/** Concatenates a message's parts (the only copy of the weights the encoder makes). */
function finish(m: Message): Uint8Array {
  const out = new Uint8Array(m.length);
  let at = 0;
  for (const p of m.parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export interface OnnxTensor {
  name: string;
  type: OnnxType;
  dims: readonly number[];
  /** Little-endian raw data, dims' product elements. */
  data: Uint8Array;
}

export interface OnnxValue {
  name: string;
  type: OnnxType;
  /** A number is a fixed size; a string names a dimension that varies (dim_param). */
  dims: readonly (number | string)[];
}

export interface OnnxNode {
  opType: string;
  /** '' for the default ai.onnx domain; 'com.microsoft' for contrib ops. */
  domain: string;
  inputs: readonly string[];
  outputs: readonly string[];
  /** Integer attributes. */
  attributes: Readonly<Record<string, number>>;
  /** Float attributes. */
  floats?: Readonly<Record<string, number>>;
  /** Unique in the graph; default `${opType}_0`. */
  name?: string;
}

export interface OnnxGraph {
  nodes: readonly OnnxNode[];
  inputs: readonly OnnxValue[];
  outputs: readonly OnnxValue[];
  initializers: readonly OnnxTensor[];
}

function tensorProto(t: OnnxTensor): Message {
  return message(
    ...t.dims.map((d) => intField(1, d)),
    intField(2, ONNX_TYPE[t.type]),
    stringField(8, t.name),
    bytesField(9, part(t.data)),
  );
}

function valueInfo(v: OnnxValue): Message {
  const shape = message(
    ...v.dims.map((d) => bytesField(1, typeof d === 'number' ? intField(1, d) : stringField(2, d))),
  );
  const tensorType = message(intField(1, ONNX_TYPE[v.type]), bytesField(2, shape));
  return message(stringField(1, v.name), bytesField(2, bytesField(1, tensorType)));
}

function nodeProto(n: OnnxNode): Message {
  const attributes = [
    ...Object.entries(n.attributes).map(([name, i]) =>
      bytesField(5, message(stringField(1, name), intField(3, i), intField(20, 2))),
    ),
    ...Object.entries(n.floats ?? {}).map(([name, f]) =>
      bytesField(5, message(stringField(1, name), floatField(2, f), intField(20, 1))),
    ),
  ];
  return message(
    ...n.inputs.map((s) => stringField(1, s)),
    ...n.outputs.map((s) => stringField(2, s)),
    stringField(3, n.name ?? `${n.opType}_0`),
    stringField(4, n.opType),
    ...attributes,
    ...(n.domain === '' ? [] : [stringField(7, n.domain)]),
  );
}

/** IR version 8 (ONNX 1.13+); opset 17 for ai.onnx, 1 for com.microsoft. */
const IR_VERSION = 8;
const OPSETS: readonly [string, number][] = [
  ['', 17],
  ['com.microsoft', 1],
];

/** The serialized ModelProto of a graph (nodes in topological order). */
export function encodeModel(g: OnnxGraph): Uint8Array {
  const graph = message(
    ...g.nodes.map((n) => bytesField(1, nodeProto(n))),
    stringField(2, 'peers'),
    ...g.initializers.map((t) => bytesField(5, tensorProto(t))),
    ...g.inputs.map((v) => bytesField(11, valueInfo(v))),
    ...g.outputs.map((v) => bytesField(12, valueInfo(v))),
  );
  const opsets = OPSETS.map(([domain, version]) =>
    bytesField(8, message(stringField(1, domain), intField(2, version))),
  );
  return finish(
    message(
      intField(1, IR_VERSION),
      stringField(2, 'webgpu-roofline bench:peers'),
      bytesField(7, graph),
      ...opsets,
    ),
  );
}

/** Exposed for the unit test: protobuf base-128 varints. */
export const encodeVarint = varint;
