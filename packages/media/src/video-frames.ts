/** Raw frames read from ffmpeg one at a time (see `rawVideoFramesArgs`). */
import { readMediaToolInto, streamMediaTool, type RunOptions } from './media-runner.ts';
import { readRawVideoFramesOnThread } from './video-frames-thread.ts';

export interface ReadFramesOptions extends Omit<RunOptions, 'onProgress'> {
  /**
   * Frames decoded ahead while the caller works on one (default 0). A frame larger than the pipe's
   * buffer otherwise holds ffmpeg until the caller asks for the next, so decoding and the caller's
   * work take turns instead of running side by side.
   */
  readAhead?: number;
  /**
   * Frames taken from here instead of newly allocated: a frame handed back to the pool (`give`) once
   * the caller is done with it is filled again. Without it every frame is new memory (a 720p yuv420p
   * frame is 1.4 MB, zeroed when allocated and collected later).
   */
  pool?: FramePool;
  /**
   * ffmpeg's output read and split on a thread of its own (`video-frames-thread.ts`), which keeps
   * `readAhead` frames (at least 1) ready: decoding goes on while the caller's thread is blocked (a
   * synchronous inference), which `readAhead` alone cannot do. Each frame is new memory moved from
   * the thread (not with a `pool`). Starting the thread costs about 60 ms (80 ms of CPU, decision
   * 099): worth it where ffmpeg writes frame after frame while the caller's thread is blocked.
   */
  onThread?: boolean;
}

/**
 * Frames of one size to be filled again once their reader is done with them. Only frames handed
 * back are reused: a frame the caller keeps (a window of neighbours, a frame still being written)
 * is not given back until it is free. Holds at most `capacity` free frames.
 */
export class FramePool {
  readonly #free: Uint8Array[] = [];
  readonly frameBytes: number;
  readonly capacity: number;
  /** New frames are views of their own `SharedArrayBuffer`: a worker thread sent one reads and writes the same memory. */
  readonly shared: boolean;

  constructor(frameBytes: number, capacity = 8, options: { shared?: boolean } = {}) {
    if (!Number.isInteger(frameBytes) || frameBytes <= 0) throw new RangeError(`frameBytes must be a positive integer (got ${frameBytes})`);
    this.frameBytes = frameBytes;
    this.capacity = capacity;
    this.shared = options.shared ?? false;
  }

  /** A free frame (its old content), or a new one. */
  take(): Uint8Array {
    return this.#free.pop() ?? (this.shared ? new Uint8Array(new SharedArrayBuffer(this.frameBytes)) : new Uint8Array(this.frameBytes));
  }

  /** `frame` is no longer used by anyone: the next `take` may return it. */
  give(frame: Uint8Array): void {
    if (frame.length !== this.frameBytes || frame.byteOffset !== 0) throw new RangeError(`a frame of ${frame.length} bytes at offset ${frame.byteOffset} is not one of this pool's (${this.frameBytes} bytes)`);
    if (this.#free.includes(frame)) throw new Error('a frame was given back twice');
    if (this.#free.length < this.capacity) this.#free.push(frame);
  }

  /** Free frames held. */
  get size(): number {
    return this.#free.length;
  }
}

/**
 * The frames ffmpeg writes for `args` (a `rawVideoFramesArgs` list), each `frameBytes` long, as they
 * are decoded: ffmpeg waits while the caller works (beyond `readAhead` frames), and stops when the
 * caller does. A partial frame at the end is dropped.
 */
export function readRawVideoFrames(args: readonly string[], frameBytes: number, options: ReadFramesOptions = {}): AsyncGenerator<Uint8Array, void, undefined> {
  if (!Number.isInteger(frameBytes) || frameBytes <= 0) throw new RangeError(`frameBytes must be a positive integer (got ${frameBytes})`);
  const { readAhead = 0, pool, onThread = false, ...run } = options;
  if (pool && pool.frameBytes !== frameBytes) throw new RangeError(`the pool's frames are ${pool.frameBytes} bytes, the video's ${frameBytes}`);
  if (onThread) {
    if (pool) throw new RangeError('frames read on a thread are not taken from a pool');
    return readRawVideoFramesOnThread(args, frameBytes, { readAhead, signal: run.signal, timeoutMs: run.timeoutMs });
  }
  if (pool) return framesInto(args, frameBytes, pool, readAhead, run);
  const frames = splitFrames(streamMediaTool('ffmpeg', args, run), frameBytes, undefined);
  return readAhead > 0 ? bufferAhead(frames, readAhead) : frames;
}

/**
 * The frames of `args`, read by ffmpeg's output straight into frames of `pool` (`readMediaToolInto`,
 * decision 107): no buffer per read and no copy into the frame. Reading stops while `readAhead`
 * frames (at least one) wait for the caller. A partial frame at the end is dropped.
 */
async function* framesInto(args: readonly string[], frameBytes: number, pool: FramePool, readAhead: number, run: Omit<RunOptions, 'onProgress'>): AsyncGenerator<Uint8Array, void, undefined> {
  const ready: Uint8Array[] = [];
  const limit = Math.max(1, readAhead);
  let frame = pool.take();
  let filled = 0;
  let paused = false;
  let finished = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  const reading = readMediaToolInto(
    'ffmpeg',
    args,
    {
      space: () => frame.subarray(filled),
      wrote: (bytes) => {
        filled += bytes;
        if (filled < frameBytes) return true;
        ready.push(frame);
        frame = pool.take();
        filled = 0;
        notify();
        paused = ready.length >= limit;
        return !paused;
      },
    },
    run,
  );
  const ended = () => {
    finished = true;
    notify();
  };
  reading.done.then(ended, ended);
  try {
    for (;;) {
      if (ready.length > 0) {
        const next = ready.shift()!;
        if (paused && ready.length < limit) {
          paused = false;
          reading.resume();
        }
        yield next;
      } else if (finished) {
        // The tool's error, after every whole frame it wrote.
        await reading.done;
        return;
      } else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    if (!finished) await reading.stop();
  }
}

/** `chunks` cut into frames of `frameBytes` (taken from `pool` when there is one); a partial frame at the end is dropped. */
export async function* splitFrames(chunks: AsyncIterable<Buffer>, frameBytes: number, pool: FramePool | undefined): AsyncGenerator<Uint8Array, void, undefined> {
  const next = () => pool?.take() ?? new Uint8Array(frameBytes);
  let frame = next();
  let filled = 0;
  for await (const chunk of chunks) {
    let read = 0;
    while (read < chunk.length) {
      const take = Math.min(frameBytes - filled, chunk.length - read);
      frame.set(chunk.subarray(read, read + take), filled);
      filled += take;
      read += take;
      if (filled === frameBytes) {
        yield frame;
        frame = next();
        filled = 0;
      }
    }
  }
}

/** `source` pulled up to `size` items ahead of the consumer; stopping the consumer stops the source. */
export async function* bufferAhead<T>(source: AsyncGenerator<T, void, undefined>, size: number): AsyncGenerator<T, void, undefined> {
  const queue: T[] = [];
  let finished = false;
  let failure: { error: unknown } | undefined;
  let stopped = false;
  let notify: (() => void) | undefined;
  const changed = () => new Promise<void>((resolve) => (notify = resolve));
  const wake = () => {
    notify?.();
    notify = undefined;
  };
  const pump = (async () => {
    try {
      for await (const item of source) {
        queue.push(item);
        wake();
        while (queue.length >= size && !stopped) await changed();
        if (stopped) break;
      }
    } catch (error) {
      failure = { error };
    } finally {
      finished = true;
      wake();
    }
  })();
  try {
    for (;;) {
      if (queue.length > 0) {
        const item = queue.shift()!;
        wake();
        yield item;
      } else if (finished) {
        if (failure) throw failure.error;
        return;
      } else await changed();
    }
  } finally {
    stopped = true;
    wake();
    await pump;
  }
}
