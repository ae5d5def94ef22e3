/**
 * Raw frames decoded on a thread of their own (`video-frames.worker.ts`, decision 099): the same
 * frames, errors, cancellation and early stop as `readRawVideoFrames` in the caller's thread, but
 * ffmpeg's output is read and split by the thread, which keeps up to `readAhead` frames ready for
 * the caller. Read in the caller's thread, nobody empties ffmpeg's pipe while the caller's thread
 * is blocked (onnxruntime's `run` is synchronous): the pipe (a socket pair, about 200 KB) holds
 * less than one frame, and ffmpeg waits. A frame's memory is moved from the thread (transferred),
 * never copied.
 */
import { Worker } from 'node:worker_threads';
import { MediaAbortedError, MediaProcessError, type MediaFailure } from './media-runner.ts';
import { rebuildPlainError, type SerializedError } from './thread-errors.ts';

/** What the thread is started with. */
export interface FrameThreadSetup {
  args: string[];
  frameBytes: number;
  /** Frames the thread sends before the caller has taken them (at least 1). */
  readAhead: number;
  timeoutMs: number | undefined;
}

/** `more`: the caller took a frame (the thread may send one more); `abort`: the caller's signal fired; `stop`: the caller stopped early. */
export type ToFrameThread = { type: 'more' } | { type: 'abort' } | { type: 'stop' };

/** A frame (its memory moved), or how the decoding ended, sent once ffmpeg has exited. */
export type FromFrameThread = { type: 'frame'; frame: Uint8Array } | { type: 'end' } | { type: 'stopped' } | { type: 'error'; error: SerializedError };

/** The error the caller sees for one the thread sent (`serializeError`): the media errors as their own classes, with their fields. */
export function threadErrorOf(serialized: SerializedError): Error {
  const { name, message, fields } = serialized;
  if (name === 'MediaAbortedError') return new MediaAbortedError(message);
  if (name === 'MediaProcessError') {
    const cause = serialized.cause === undefined ? {} : { cause: rebuildPlainError(serialized.cause) };
    return new MediaProcessError(message, { exitCode: typeof fields.exitCode === 'number' ? fields.exitCode : null, stderr: String(fields.stderr ?? ''), isRetryable: fields.isRetryable === true, failure: fields.failure as MediaFailure, ...cause });
  }
  return rebuildPlainError(serialized) as Error;
}

/**
 * The frames ffmpeg writes for `args`, `frameBytes` each, decoded and split on a thread that keeps
 * up to `readAhead` (at least 1) frames ahead of the caller. The thread starts when the first frame
 * is asked for; when the caller stops early (`break`, a throw, `return()`), ffmpeg is stopped and
 * the thread has ended before the generator finishes.
 */
export async function* readRawVideoFramesOnThread(
  args: readonly string[],
  frameBytes: number,
  options: { readAhead: number; signal?: AbortSignal | undefined; timeoutMs?: number | undefined },
): AsyncGenerator<Uint8Array, void, undefined> {
  const { signal } = options;
  if (signal?.aborted) throw new MediaAbortedError('ffmpeg was cancelled before it started');
  const setup: FrameThreadSetup = { args: [...args], frameBytes, readAhead: Math.max(1, options.readAhead), timeoutMs: options.timeoutMs };
  const worker = new Worker(new URL('./video-frames.worker.ts', import.meta.url), { name: 'video-frames', workerData: setup });
  const queue: Uint8Array[] = [];
  /** How the thread ended (its last message, or its own failure). */
  let ended: { error?: Error } | undefined;
  let notify: (() => void) | undefined;
  const wake = () => {
    notify?.();
    notify = undefined;
  };
  const send = (message: ToFrameThread) => worker.postMessage(message);
  worker.on('message', (message: FromFrameThread) => {
    if (message.type === 'frame') queue.push(message.frame);
    else ended ??= message.type === 'error' ? { error: threadErrorOf(message.error) } : {};
    wake();
  });
  worker.on('error', (error) => {
    ended ??= { error };
    wake();
  });
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  void exited.then((code) => {
    ended ??= { error: new Error(`the frame thread ended (exit code ${code}) before it said how the decoding ended`) };
    wake();
  });
  const onAbort = () => send({ type: 'abort' });
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const frame = queue.shift();
      if (frame) {
        send({ type: 'more' });
        yield frame;
      } else if (ended) {
        if (ended.error) throw ended.error;
        return;
      } else await new Promise<void>((resolve) => (notify = resolve));
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!ended) {
      // Stopped early: the thread stops ffmpeg and answers once it has exited.
      send({ type: 'stop' });
      while (!ended) await new Promise<void>((resolve) => (notify = resolve));
    }
    await worker.terminate();
    await exited;
  }
}
