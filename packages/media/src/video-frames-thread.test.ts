import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MediaAbortedError, MediaProcessError, runFfmpeg } from './media-runner.ts';
import { rawFrameBytes, rawVideoFramesArgs } from './video-frame-args.ts';
import { FramePool, readRawVideoFrames } from './video-frames.ts';
import { withWorkDir } from './work-dir.ts';

/** Every frame of `frames`. */
async function all(frames: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const read: Uint8Array[] = [];
  for await (const frame of frames) read.push(frame);
  return read;
}

/** The error `frames` fails with. */
async function failureOf(frames: AsyncIterable<Uint8Array>): Promise<unknown> {
  try {
    for await (const _frame of frames);
  } catch (error) {
    return error;
  }
  throw new Error('the frames did not fail');
}

/** The threads of this process named like the frame reader's. */
const frameThreads = () => readdirSync('/proc/self/task').filter((task) => readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim() === 'video-frames');
/** The ffmpeg processes this process (any of its threads) started and that still run. */
const ffmpegChildren = () =>
  readdirSync('/proc/self/task')
    .flatMap((task) => readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(' ').filter(Boolean))
    .filter((pid) => existsSync(`/proc/${pid}`) && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'ffmpeg');

/** `error`'s class, message and media fields, to compare two failures. */
const described = (error: unknown) =>
  error instanceof MediaProcessError
    ? { class: 'MediaProcessError', message: error.message, exitCode: error.exitCode, failure: error.failure, isRetryable: error.isRetryable, stderr: error.stderr }
    : error instanceof MediaAbortedError
      ? { class: 'MediaAbortedError', message: error.message, isRetryable: error.isRetryable }
      : { class: 'other', error };

describe('raw video frames read on a thread', () => {
  it('gives the same frames, bytes for bytes, as the reader on the caller’s thread; a partial last frame is dropped', async () => {
    await withWorkDir('test', async (_dir, file) => {
      const video = file('pattern.mp4');
      await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25:duration=2', '-c:v', 'mpeg4', '-q:v', '3', video]);
      const args = rawVideoFramesArgs({ input: video, framesPerSecond: 5, crop: { x: 0, y: 40, width: 160, height: 80 } });
      const bytes = rawFrameBytes(160, 80);
      const here = await all(readRawVideoFrames(args, bytes));
      expect(here).toHaveLength(10);
      for (const readAhead of [0, 1, 4]) {
        const there = await all(readRawVideoFrames(args, bytes, { onThread: true, readAhead }));
        expect(there).toEqual(here);
      }
      // Ten frames read three at a time: three whole, the tenth dropped.
      const threes = await all(readRawVideoFrames(args, 3 * bytes, { onThread: true, readAhead: 2 }));
      expect(threes).toHaveLength(3);
      threes.forEach((three, index) => [0, 1, 2].forEach((at) => expect(three.subarray(at * bytes, (at + 1) * bytes)).toEqual(here[3 * index + at])));
      expect(() => readRawVideoFrames(args, bytes, { onThread: true, pool: new FramePool(bytes) })).toThrow(RangeError);
      expect(frameThreads()).toEqual([]);
    });
  });

  it('goes on reading while the caller’s thread is blocked, up to `readAhead` frames ahead', async () => {
    // Frames of 900 KB, more than the socket to ffmpeg holds: read on the caller's thread, ffmpeg cannot write the next one while that thread is blocked.
    const bytes = rawFrameBytes(640, 480);
    const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x480:rate=25:duration=4', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
    const reference = await all(readRawVideoFrames(args, bytes));
    const readAhead = 4;
    const frames = readRawVideoFrames(args, bytes, { onThread: true, readAhead });
    const first = await frames.next();
    expect(first.value).toEqual(reference[0]);
    const [ffmpeg] = ffmpegChildren();
    /** Whole frames ffmpeg has written (a frame not read stays in the socket: ffmpeg writes at most its buffer more than was read). */
    const framesWritten = () => Math.floor(Number(/^wchar: (\d+)$/m.exec(readFileSync(`/proc/${ffmpeg}/io`, 'utf8'))![1]) / bytes);
    // The caller's thread blocked (as by a synchronous inference) until ffmpeg has written the next
    // `readAhead` frames; the bound only keeps a reader that cannot from hanging the test.
    const giveUpAt = performance.now() + 30_000;
    while (framesWritten() < 1 + readAhead && performance.now() < giveUpAt);
    expect(framesWritten()).toBeGreaterThanOrEqual(1 + readAhead);
    const next: Uint8Array[] = [];
    for (let index = 0; index < readAhead; index++) next.push((await frames.next()).value as Uint8Array);
    expect(next).toEqual(reference.slice(1, 1 + readAhead));
    // The caller holds its frame and asks for no more: the thread reads `readAhead` frames beyond it
    // and stops (ffmpeg waits), however long the caller takes. Watched until ffmpeg stops writing.
    let written = framesWritten();
    for (let still = 0; still < 3 && performance.now() < giveUpAt; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      still = framesWritten() === written ? still + 1 : 0;
      written = framesWritten();
    }
    // Taken 5, `readAhead` more, one being split, and what the stream and the socket hold (under a frame).
    expect(written).toBeLessThanOrEqual(1 + 2 * readAhead + 2);
    expect(written).toBeLessThan(reference.length);
    await frames.return();
    expect(frameThreads()).toEqual([]);
  });

  it('stops ffmpeg and ends the thread when the caller stops early', async () => {
    const bytes = rawFrameBytes(64, 48);
    // An endless source: only the caller's stop ends it.
    const endless = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=25', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
    let read = 0;
    let running: string[] = [];
    for await (const _frame of readRawVideoFrames(endless, bytes, { onThread: true, readAhead: 2 })) {
      if (++read === 3) {
        running = ffmpegChildren();
        expect(frameThreads()).toHaveLength(1);
        break;
      }
    }
    expect(running).toHaveLength(1);
    expect(existsSync(`/proc/${running[0]}`)).toBe(false);
    expect(ffmpegChildren()).toEqual([]);
    expect(frameThreads()).toEqual([]);

    // A generator never started starts nothing; one stopped by `return()` after a frame ends both.
    const unstarted = readRawVideoFrames(endless, bytes, { onThread: true, readAhead: 2 });
    await unstarted.return();
    const started = readRawVideoFrames(endless, bytes, { onThread: true, readAhead: 2 });
    await started.next();
    expect(ffmpegChildren()).toHaveLength(1);
    await started.return();
    expect(ffmpegChildren()).toEqual([]);
    expect(frameThreads()).toEqual([]);
  });

  it('fails as the reader on the caller’s thread does: a decoding failure, a time-out, cancellation before and during', async () => {
    const missing = rawVideoFramesArgs({ input: '/nonexistent/video.mp4' });
    const here = await failureOf(readRawVideoFrames(missing, 3));
    const there = await failureOf(readRawVideoFrames(missing, 3, { onThread: true, readAhead: 2 }));
    expect(there).toBeInstanceOf(MediaProcessError);
    expect(described(there)).toEqual(described(here));

    const missingTool = await failureOf(readRawVideoFrames(['-f', 'lavfi', '-i', 'testsrc=size=32x32:rate=25:duration=1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-frames:v', '1', 'pipe:1', '-no-such-option'], 3, { onThread: true, readAhead: 1 }));
    expect(missingTool).toBeInstanceOf(MediaProcessError);
    expect((missingTool as MediaProcessError).failure).toBe('exited');

    const bytes = rawFrameBytes(32, 32);
    const realtime = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=32x32:rate=25', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
    const timedOut = await failureOf(readRawVideoFrames(realtime, bytes, { onThread: true, readAhead: 2, timeoutMs: 300 }));
    // Not the exit code: ffmpeg stopped at 300 ms exits 255 once its signal handler is in place, and
    // dies of the signal (no code) while still starting, which on a busy machine can be either.
    const exceptExitCode = (error: unknown) => ({ ...described(error), exitCode: 'either' });
    expect(exceptExitCode(timedOut)).toEqual(exceptExitCode(await failureOf(readRawVideoFrames(realtime, bytes, { timeoutMs: 300 }))));
    expect((timedOut as MediaProcessError).isRetryable).toBe(true);

    expect(described(await failureOf(readRawVideoFrames(realtime, bytes, { onThread: true, readAhead: 2, signal: AbortSignal.abort() })))).toEqual(
      described(await failureOf(readRawVideoFrames(realtime, bytes, { signal: AbortSignal.abort() }))),
    );
    const controller = new AbortController();
    let read = 0;
    const cancelled = await failureOf(
      (async function* () {
        for await (const frame of readRawVideoFrames(realtime, bytes, { onThread: true, readAhead: 2, signal: controller.signal })) {
          if (++read === 2) controller.abort();
          yield frame;
        }
      })(),
    );
    expect(described(cancelled)).toEqual({ class: 'MediaAbortedError', message: 'ffmpeg was cancelled', isRetryable: false });
    expect(ffmpegChildren()).toEqual([]);
    expect(frameThreads()).toEqual([]);
  });
});
