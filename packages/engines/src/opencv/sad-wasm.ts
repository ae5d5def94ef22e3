/**
 * Sums of absolute differences of bytes on WebAssembly SIMD (decision 101): the inner loop of the
 * erasure's motion search (`global-motion.ts`), sixteen pixels a turn instead of two. The module is
 * a few hundred bytes, written out below instruction by instruction (the text form beside each
 * function), so nothing is built or downloaded for it. The sums are integers, so they are the same
 * as the script's: `sad-wasm.test.ts` compares them on random spans.
 *
 * The pictures compared must be in the module's memory: `SadMemory.place` copies them there.
 */

const SIMD = 0xfd;
const Op = {
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  else: 0x05,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  call: 0x10,
  i32Load8U: 0x2d,
  i32Const: 0x41,
  i32Eqz: 0x45,
  i32GtS: 0x4a,
  i32GeS: 0x4e,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  i32Xor: 0x73,
  i32ShrS: 0x75,
} as const;
/** SIMD instructions (after the 0xfd prefix, LEB128). */
const Simd = {
  v128Load: 0x00,
  v128Const: 0x0c,
  i32x4ExtractLane: 0x1b,
  v128And: 0x4e,
  v128Or: 0x50,
  i8x16SubSatU: 0x73,
  i16x8ExtaddPairwiseI8x16U: 0x7d,
  i32x4ExtaddPairwiseI16x8U: 0x7f,
  i32x4Add: 0xae,
} as const;
const I32 = 0x7f;
const V128 = 0x7b;
const VOID = 0x40;

function leb(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}

function sleb(value: number): number[] {
  const bytes: number[] = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    if ((value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0)) {
      bytes.push(byte);
      return bytes;
    }
    bytes.push(byte | 0x80);
  }
}

const simd = (op: number, ...rest: number[]) => [SIMD, ...leb(op), ...rest];
const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];
const vector = (items: number[][]) => [...leb(items.length), ...items.flat()];
const name = (text: string) => [...leb(text.length), ...new TextEncoder().encode(text)];

// Locals of `sad`: the parameters, then the rest.
const A = 0; // address of the first byte of the span in the first picture
const B = 1; // address of the matching byte in the second
const N = 2; // bytes in the span
const EVERY_OTHER = 3; // 1: only the bytes at even distances from the start
const I = 4; // distance done
const SUM = 5; // the tail's sum (one byte a turn)
const DIFF = 6; // a byte's difference
const ACC = 7; // v128: four 32-bit sums
const MASK = 8; // v128: the bytes kept (all, or every other one)

const load = (address: number) => [Op.localGet, address, Op.localGet, I, Op.i32Add, ...simd(Simd.v128Load, 0, 0)];
const v128Const = (byte: (lane: number) => number) => simd(Simd.v128Const, ...Array.from({ length: 16 }, (_, lane) => byte(lane)));

/**
 * (func $sad (param $a i32) (param $b i32) (param $n i32) (param $everyOther i32) (result i32)
 *   $mask = $everyOther ? 0x00ff00ff… : all ones
 *   (loop while $i + 16 <= $n: $diffs = (sub_sat_u a b) | (sub_sat_u b a) & $mask;
 *         $acc += extadd_pairwise_u16(extadd_pairwise_u8($diffs)); $i += 16)
 *   (loop while $i < $n: $sum += |a[$i] − b[$i]|; $i += $everyOther ? 2 : 1)
 *   $sum + the four lanes of $acc)
 * The tail starts at a multiple of 16, so "even distance" means the same inside and after the loop.
 */

function sadFunction(): number[] {
  const locals = vector([
    [3, I32],
    [2, V128],
  ]);
  const code = [
    // $mask
    Op.localGet, EVERY_OTHER,
    Op.if, V128,
    ...v128Const((lane) => (lane % 2 === 0 ? 0xff : 0)),
    Op.else,
    ...v128Const(() => 0xff),
    Op.end,
    Op.localSet, MASK,
    // Sixteen bytes a turn.
    Op.block, VOID,
    Op.loop, VOID,
    Op.localGet, I, Op.i32Const, ...sleb(16), Op.i32Add, Op.localGet, N, Op.i32GtS, Op.brIf, 1,
    ...load(A), ...load(B), ...simd(Simd.i8x16SubSatU),
    ...load(B), ...load(A), ...simd(Simd.i8x16SubSatU),
    ...simd(Simd.v128Or),
    Op.localGet, MASK, ...simd(Simd.v128And),
    ...simd(Simd.i16x8ExtaddPairwiseI8x16U), ...simd(Simd.i32x4ExtaddPairwiseI16x8U),
    Op.localGet, ACC, ...simd(Simd.i32x4Add), Op.localSet, ACC,
    Op.localGet, I, Op.i32Const, ...sleb(16), Op.i32Add, Op.localSet, I,
    Op.br, 0,
    Op.end,
    Op.end,
    // The tail, a byte a turn.
    Op.block, VOID,
    Op.loop, VOID,
    Op.localGet, I, Op.localGet, N, Op.i32GeS, Op.brIf, 1,
    Op.localGet, A, Op.localGet, I, Op.i32Add, Op.i32Load8U, 0, 0,
    Op.localGet, B, Op.localGet, I, Op.i32Add, Op.i32Load8U, 0, 0,
    Op.i32Sub, Op.localTee, DIFF,
    // |d| = (d ^ (d >> 31)) − (d >> 31)
    Op.localGet, DIFF, Op.i32Const, ...sleb(31), Op.i32ShrS, Op.i32Xor,
    Op.localGet, DIFF, Op.i32Const, ...sleb(31), Op.i32ShrS, Op.i32Sub,
    Op.localGet, SUM, Op.i32Add, Op.localSet, SUM,
    Op.localGet, I, Op.i32Const, ...sleb(1), Op.localGet, EVERY_OTHER, Op.i32Add, Op.i32Add, Op.localSet, I,
    Op.br, 0,
    Op.end,
    Op.end,
    Op.localGet, SUM,
    ...[0, 1, 2, 3].flatMap((lane) => [Op.localGet, ACC, ...simd(Simd.i32x4ExtractLane, lane), Op.i32Add]),
    Op.end,
  ];
  const body = [...locals, ...code];
  return [...leb(body.length), ...body];
}

// Parameters of `sadRows` beyond `sad`'s, and its own locals.
const ROWS = 4; // rows to sum
const STRIDE = 5; // bytes from a row to the next (both pictures)
const ROW_SUM = 6;

/**
 * (func $sadRows (param $a i32) (param $b i32) (param $n i32) (param $everyOther i32) (param $rows i32) (param $stride i32) (result i32)
 *   (loop while $rows > 0: $sum += (call $sad $a $b $n $everyOther); $a += $stride; $b += $stride; $rows −= 1)
 *   $sum)
 * The same span on consecutive rows in one call: most rows of a frame have nothing left out.
 */
function sadRowsFunction(): number[] {
  const locals = vector([[1, I32]]);
  const code = [
    Op.block, VOID,
    Op.loop, VOID,
    Op.localGet, ROWS, Op.i32Eqz, Op.brIf, 1,
    Op.localGet, A, Op.localGet, B, Op.localGet, N, Op.localGet, EVERY_OTHER, Op.call, 0,
    Op.localGet, ROW_SUM, Op.i32Add, Op.localSet, ROW_SUM,
    Op.localGet, A, Op.localGet, STRIDE, Op.i32Add, Op.localSet, A,
    Op.localGet, B, Op.localGet, STRIDE, Op.i32Add, Op.localSet, B,
    Op.localGet, ROWS, Op.i32Const, ...sleb(1), Op.i32Sub, Op.localSet, ROWS,
    Op.br, 0,
    Op.end,
    Op.end,
    Op.localGet, ROW_SUM,
    Op.end,
  ];
  const body = [...locals, ...code];
  return [...leb(body.length), ...body];
}

/** The module: one memory (exported, grown by the caller) and the functions `sad` and `sadRows`. */
function moduleBytes(): Uint8Array<ArrayBuffer> {
  const sadType = [0x60, ...vector([[I32], [I32], [I32], [I32]]), ...vector([[I32]])];
  const sadRowsType = [0x60, ...vector([[I32], [I32], [I32], [I32], [I32], [I32]]), ...vector([[I32]])];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vector([sadType, sadRowsType])),
    ...section(3, vector([[0], [1]])),
    ...section(5, vector([[0x00, ...leb(1)]])),
    ...section(7, vector([[...name('memory'), 0x02, 0], [...name('sad'), 0x00, 0], [...name('sadRows'), 0x00, 1]])),
    ...section(10, vector([sadFunction(), sadRowsFunction()])),
  ]);
}

interface SadExports {
  memory: WebAssembly.Memory;
  sad(a: number, b: number, n: number, everyOther: number): number;
  sadRows(a: number, b: number, n: number, everyOther: number, rows: number, stride: number): number;
}

let compiled: WebAssembly.Module | null | undefined;

/** The compiled module, or null where this runtime has no WebAssembly SIMD (then the script's loop is used). */
function sadModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    const bytes = moduleBytes();
    compiled = WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  }
  return compiled;
}

const PAGE = 65_536;

/**
 * A memory the pictures to compare are copied into, and the sum over it. One per thread (made on
 * first use); `place` writes over what was placed before.
 */
export class SadMemory {
  readonly #exports: SadExports;
  #used = 0;

  private constructor(exports: SadExports) {
    this.#exports = exports;
  }

  /** This thread's memory, or undefined where WebAssembly SIMD is missing. */
  static forThisThread(): SadMemory | undefined {
    if (threadMemory === undefined) {
      const module = sadModule();
      threadMemory = module ? new SadMemory(new WebAssembly.Instance(module).exports as unknown as SadExports) : null;
    }
    return threadMemory ?? undefined;
  }

  /** Forgets what was placed: the next `place` starts at the beginning again. */
  reset(): void {
    this.#used = 0;
  }

  /** Copies `data` in after what was placed since `reset`; returns its address. */
  place(data: Uint8Array): number {
    const at = this.#used;
    const end = at + data.length;
    const memory = this.#exports.memory;
    if (end > memory.buffer.byteLength) memory.grow(Math.ceil((end - memory.buffer.byteLength) / PAGE));
    new Uint8Array(memory.buffer, at, data.length).set(data);
    this.#used = (end + 15) & ~15;
    return at;
  }

  /**
   * Σ |first[i] − second[i]| over the span's `count` bytes from `first` and `second` (addresses from
   * `place`), every byte or (`everyOther`) every other one from the first.
   */
  readonly sum = (first: number, second: number, count: number, everyOther: boolean): number => this.#exports.sad(first, second, count, everyOther ? 1 : 0);

  /** `sum` over `rows` rows, each `stride` bytes after the one before in both pictures. */
  readonly sumRows = (first: number, second: number, count: number, everyOther: boolean, rows: number, stride: number): number => this.#exports.sadRows(first, second, count, everyOther ? 1 : 0, rows, stride);
}

let threadMemory: SadMemory | null | undefined;
