import { isMainThread } from 'node:worker_threads';

/**
 * Gives back to the system the memory an engine freed when it let go of what it held (a model
 * released by `IdleHeld`, an engine's worker thread ended): glibc's malloc keeps freed blocks in its
 * arenas for reuse, and returns on its own only the free space at an arena's top. After a video
 * translation and an erasure, ~100 MB of the idle app's RSS was such free space between live blocks
 * (decision 094: `malloc_trim(0)` in the idle app, 520 → 412 MB). `malloc_trim(0)` hands every free
 * page back; it is called once, `delayMs` after the last release (a thread's memory is freed as it
 * exits), on a libuv thread (koffi's async call), so the event loop does not wait for it.
 *
 * Linux with glibc only: elsewhere (musl, macOS) or if koffi cannot load, nothing is done.
 */

/** Calls malloc_trim(0); resolves with whether any memory was given back. */
export type Trim = () => Promise<boolean>;

export interface FreedMemory {
  /** An engine freed what it held: trim after the delay (calls within it make one trim). */
  soon(): void;
  /** How many trims have run (tests, benches). */
  readonly trims: number;
}

export function createFreedMemory(options: { trim: () => Promise<Trim | undefined>; delayMs?: number }): FreedMemory {
  const delayMs = options.delayMs ?? 1000;
  let timer: NodeJS.Timeout | undefined;
  let trim: Promise<Trim | undefined> | undefined;
  let trims = 0;
  const run = async () => {
    trim ??= options.trim().catch(() => undefined);
    const call = await trim;
    if (!call) return;
    trims++;
    await call().catch(() => false);
  };
  return {
    soon() {
      clearTimeout(timer);
      timer = setTimeout(() => void run(), delayMs);
      timer.unref();
    },
    get trims() {
      return trims;
    },
  };
}

/** glibc's malloc_trim through koffi, or undefined where there is no glibc. */
export async function glibcMallocTrim(): Promise<Trim | undefined> {
  if (process.platform !== 'linux') return undefined;
  const { default: koffi } = await import('koffi');
  // Throws where the C library is not glibc (musl has no libc.so.6): then nothing is trimmed.
  const mallocTrim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
  return () =>
    new Promise<boolean>((resolve, reject) => {
      mallocTrim.async(0, (error: unknown, released: number) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(released === 1)));
    });
}

let shared: FreedMemory | undefined;

/**
 * The process's one `FreedMemory` (glibc's malloc_trim, one second after the last release), on the
 * main thread. In a worker thread (an engine's own `IdleHeld`, as PP-OCR's models) it does nothing:
 * the trim is process-wide, and the main thread trims as that worker ends.
 */
export function freedMemory(): FreedMemory {
  shared ??= createFreedMemory({ trim: isMainThread ? glibcMallocTrim : async () => undefined });
  return shared;
}
