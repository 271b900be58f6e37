/**
 * The two loops of training over the sentence vector (the classifier's dense features), in
 * WebAssembly with 128-bit SIMD: scoring every class against a vector and subtracting a multiple of
 * the vector from some classes' weights. JavaScript has no SIMD, and these two loops were four fifths
 * of a semantic compile (a 512-d vector against 150 classes is 77,000 products a training step);
 * four floats at a time with four running sums they run about ten times as fast (decisions.md has
 * the measurements). Float32 arithmetic without fused multiply-add, so
 * every process computes the same bits. The module is assembled here from its instructions (600
 * bytes) rather than shipped as a binary, so what it does can be read.
 *
 * Layout (byte offsets in the caller's memory): weights class-major, one row of `stride` floats per
 * class, `stride` a multiple of 16; the vector `stride` floats; rows and vector 16-byte aligned.
 */

/**
 * The part of the WebAssembly API used here: the engine's TypeScript library (ES2023, no Node or DOM
 * types) declares none of it, and every runtime the engine runs in has it.
 */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, Record<string, unknown>>) => { exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number }) => WasmMemory;
};

/** Unsigned and signed LEB128, as WebAssembly writes integers. */
function unsigned(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value) byte |= 0x80;
    bytes.push(byte);
  } while (value);
  return bytes;
}

function signed(value: number): number[] {
  const bytes: number[] = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    if ((value === 0 && !(byte & 0x40)) || (value === -1 && byte & 0x40)) return [...bytes, byte];
    bytes.push(byte | 0x80);
  }
}

const vec = (items: number[][]) => [...unsigned(items.length), ...items.flat()];
const section = (id: number, bytes: number[]) => [id, ...unsigned(bytes.length), ...bytes];
const name = (text: string) => [...unsigned(text.length), ...[...text].map((char) => char.charCodeAt(0))];

const I32 = 0x7f;
const V128 = 0x7b;
const get = (local: number) => [0x20, local];
const set = (local: number) => [0x21, local];
const tee = (local: number) => [0x22, local];
const i32 = (value: number) => [0x41, ...signed(value)];
const i32Add = [0x6a];
const i32Sub = [0x6b];
const i32Mul = [0x6c];
const i32LtU = [0x49];
const i32Eqz = [0x45];
const i32Load = (offset: number) => [0x28, 2, ...unsigned(offset)];
const f32Load = (offset: number) => [0x2a, 2, ...unsigned(offset)];
const f32Store = [0x38, 2, 0];
const f32Add = [0x92];
const block = [0x02, 0x40];
const loop = [0x03, 0x40];
const end = [0x0b];
const brIf = (depth: number) => [0x0d, depth];
const br = (depth: number) => [0x0c, depth];
const simd = (op: number, ...immediates: number[]) => [0xfd, ...unsigned(op), ...immediates];
const v128Load = (offset: number) => simd(0x00, 4, ...unsigned(offset));
const v128Store = (offset: number) => simd(0x0b, 4, ...unsigned(offset));
const v128Zero = simd(0x0c, ...new Array<number>(16).fill(0));
const f32x4Splat = simd(0x13);
const f32x4Lane = (lane: number) => simd(0x1f, lane);
const f32x4Add = simd(0xe4);
const f32x4Sub = simd(0xe5);
const f32x4Mul = simd(0xe6);

/** Floats per inner-loop turn (four registers of four), the stride's unit. */
export const DENSE_BLOCK = 16;

/**
 * score(weights, vector, out, classes, stride): out[c] = weights row c . vector, as float32s.
 * Locals: 0 weights (advances a row per class), 1 vector, 2 out (advances), 3 classes (counts down),
 * 4 stride (then in bytes), 5 d, 6-9 the four sums.
 */
const score = [
  ...vec([[1, I32], [4, V128]]),
  ...get(4), ...i32(4), ...i32Mul, ...set(4),
  ...block, ...loop,
  ...get(3), ...i32Eqz, ...brIf(1),
  ...v128Zero, ...set(6), ...v128Zero, ...set(7), ...v128Zero, ...set(8), ...v128Zero, ...set(9),
  ...i32(0), ...set(5),
  ...loop,
  ...[0, 1, 2, 3].flatMap((k) => [
    ...get(6 + k),
    ...get(0), ...get(5), ...i32Add, ...v128Load(16 * k),
    ...get(1), ...get(5), ...i32Add, ...v128Load(16 * k),
    ...f32x4Mul, ...f32x4Add, ...set(6 + k),
  ]),
  ...get(5), ...i32(64), ...i32Add, ...tee(5), ...get(4), ...i32LtU, ...brIf(0),
  ...end,
  ...get(6), ...get(7), ...f32x4Add, ...get(8), ...get(9), ...f32x4Add, ...f32x4Add, ...set(6),
  ...get(2),
  ...get(6), ...f32x4Lane(0), ...get(6), ...f32x4Lane(1), ...f32Add, ...get(6), ...f32x4Lane(2), ...f32Add, ...get(6), ...f32x4Lane(3), ...f32Add,
  ...f32Store,
  ...get(2), ...i32(4), ...i32Add, ...set(2),
  ...get(0), ...get(4), ...i32Add, ...set(0),
  ...get(3), ...i32(1), ...i32Sub, ...set(3),
  ...br(0),
  ...end, ...end, ...end,
];

/**
 * update(weights, vector, list, count, stride): for each of `count` (class, step) pairs at `list`
 * (an int32 class and a float32 step, 8 bytes), weights row class -= step x vector.
 * Locals: 0 weights, 1 vector, 2 list (advances), 3 count (counts down), 4 stride (then in bytes),
 * 5 the row's address, 6 d, 7 the step in every lane.
 */
const update = [
  ...vec([[2, I32], [1, V128]]),
  ...get(4), ...i32(4), ...i32Mul, ...set(4),
  ...block, ...loop,
  ...get(3), ...i32Eqz, ...brIf(1),
  ...get(0), ...get(2), ...i32Load(0), ...get(4), ...i32Mul, ...i32Add, ...set(5),
  ...get(2), ...f32Load(4), ...f32x4Splat, ...set(7),
  ...i32(0), ...set(6),
  ...loop,
  ...[0, 1, 2, 3].flatMap((k) => [
    ...get(5), ...get(6), ...i32Add,
    ...get(5), ...get(6), ...i32Add, ...v128Load(16 * k),
    ...get(7), ...get(1), ...get(6), ...i32Add, ...v128Load(16 * k), ...f32x4Mul,
    ...f32x4Sub, ...v128Store(16 * k),
  ]),
  ...get(6), ...i32(64), ...i32Add, ...tee(6), ...get(4), ...i32LtU, ...brIf(0),
  ...end,
  ...get(2), ...i32(8), ...i32Add, ...set(2),
  ...get(3), ...i32(1), ...i32Sub, ...set(3),
  ...br(0),
  ...end, ...end, ...end,
];

const module = new Uint8Array([
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
  // One type, (i32 x 5) -> (), for both functions.
  ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32], [I32], [I32]]), 0]])),
  // The caller's memory, imported as m.memory.
  ...section(2, vec([[...name('m'), ...name('memory'), 0x02, 0x00, 0x01]])),
  ...section(3, vec([[0], [0]])),
  ...section(7, vec([[...name('score'), 0x00, 0], [...name('update'), 0x00, 1]])),
  ...section(10, vec([score, update].map((body) => [...unsigned(body.length), ...body]))),
]);

let compiled: object | null = null;

export interface DenseKernels {
  memory: WasmMemory;
  score(weights: number, vector: number, out: number, classes: number, stride: number): void;
  update(weights: number, vector: number, list: number, count: number, stride: number): void;
}

/** The kernels over a memory of their own of at least `bytes` bytes (compiled once, synchronously: the module is tiny). */
export function denseKernels(bytes: number): DenseKernels {
  compiled ??= new WebAssembly.Module(module);
  const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(bytes / 65_536)) });
  const exports = new WebAssembly.Instance(compiled, { m: { memory } }).exports as unknown as Omit<DenseKernels, 'memory'>;
  return { memory, score: exports.score, update: exports.update };
}
