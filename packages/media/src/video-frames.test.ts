import { describe, expect, it } from 'vitest';
import { MediaAbortedError, MediaProcessError, runFfmpeg } from './media-runner.ts';
import { rawFrameBytes, rawVideoFramePairsArgs, rawVideoFramesArgs } from './video-frame-args.ts';
import { FramePool, readRawVideoFrames } from './video-frames.ts';
import { withWorkDir } from './work-dir.ts';

describe('raw video frames', () => {
  it('builds the decode command: seek, rate, crop, scale, pixel format', () => {
    expect(rawVideoFramesArgs({ input: 'in.mp4', framesPerSecond: 4, startSeconds: 1.5, frameCount: 2, crop: { x: 0, y: 560.4, width: 1280, height: 160 }, scale: { width: 640, height: 80 } })).toEqual([
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
      '-ss', '1.5', '-i', 'in.mp4', '-map', '0:v:0', '-an', '-sn', '-dn',
      '-vf', 'fps=4,crop=1280:160:0:560,scale=640:80:flags=area',
      '-frames:v', '2', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1',
    ]);
    expect(rawVideoFramesArgs({ input: 'in.mp4', pixelFormat: 'gray' })).toEqual([
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', 'in.mp4', '-map', '0:v:0', '-an', '-sn', '-dn', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1',
    ]);
    expect(rawFrameBytes(4, 2)).toBe(24);
    expect(rawFrameBytes(4, 2, 'gray')).toBe(8);
  });

  it('reads a cropped band frame by frame at the asked rate, and stops ffmpeg when the reader stops', async () => {
    await withWorkDir('test', async (_dir, file) => {
      const video = file('pattern.mp4');
      await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25:duration=2', '-c:v', 'mpeg4', '-q:v', '3', video]);
      const bytes = rawFrameBytes(160, 40);
      const frames: Uint8Array[] = [];
      for await (const frame of readRawVideoFrames(rawVideoFramesArgs({ input: video, framesPerSecond: 5, crop: { x: 0, y: 80, width: 160, height: 40 } }), bytes)) frames.push(frame);
      expect(frames).toHaveLength(10);
      expect(frames.every((frame) => frame.length === bytes)).toBe(true);
      expect(frames[0]).not.toEqual(frames[5]);

      const ahead: Uint8Array[] = [];
      for await (const frame of readRawVideoFrames(rawVideoFramesArgs({ input: video, framesPerSecond: 5, crop: { x: 0, y: 80, width: 160, height: 40 } }), bytes, { readAhead: 3 })) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        ahead.push(frame);
      }
      expect(ahead).toEqual(frames);

      for (const readAhead of [0, 2]) {
        let read = 0;
        for await (const _frame of readRawVideoFrames(rawVideoFramesArgs({ input: video }), rawFrameBytes(160, 120), { readAhead })) if (++read === 3) break;
        expect(read).toBe(3);
      }
    });
  });

  it('fills frames given back to a pool again: the same frames as new memory gives, in fewer buffers', async () => {
    await withWorkDir('test', async (_dir, file) => {
      const video = file('pattern.mp4');
      await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=96x64:rate=25:duration=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', video]);
      const bytes = rawFrameBytes(96, 64, 'yuv420p');
      const args = rawVideoFramesArgs({ input: video, pixelFormat: 'yuv420p' });
      const fresh: Uint8Array[] = [];
      for await (const frame of readRawVideoFrames(args, bytes)) fresh.push(frame);
      expect(fresh).toHaveLength(50);
      for (const readAhead of [0, 2]) {
        const pool = new FramePool(bytes);
        const copies: Uint8Array[] = [];
        const buffers = new Set<ArrayBufferLike>();
        // A window of three frames held, as the erasure holds neighbours: each is given back when it leaves.
        const held: Uint8Array[] = [];
        for await (const frame of readRawVideoFrames(args, bytes, { readAhead, pool })) {
          buffers.add(frame.buffer);
          copies.push(frame.slice());
          held.push(frame);
          if (held.length > 3) pool.give(held.shift()!);
          // Nothing held is filled again while it is held.
          held.forEach((kept, at) => expect(kept).toEqual(copies[copies.length - held.length + at]));
        }
        expect(copies).toEqual(fresh);
        expect(buffers.size).toBeLessThanOrEqual(3 + readAhead + 2);
      }
      const pool = new FramePool(bytes);
      const frame = pool.take();
      pool.give(frame);
      expect(() => pool.give(frame)).toThrow(/twice/);
      expect(() => pool.give(new Uint8Array(bytes + 1))).toThrow(RangeError);
      expect(() => readRawVideoFrames(args, bytes + 2, { pool })).toThrow(RangeError);
    });
  });

  it('gives pairs of frames from one decoding, each half the frame two decodings would give', async () => {
    await withWorkDir('test', async (_dir, file) => {
      const video = file('pattern.mp4');
      await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=4', '-c:v', 'libx264', '-g', '25', '-pix_fmt', 'yuv420p', video]);
      const scale = { width: 160, height: 120 };
      const bytes = rawFrameBytes(160, 120);
      const all = async (args: string[], size: number) => {
        const frames: Uint8Array[] = [];
        for await (const frame of readRawVideoFrames(args, size)) frames.push(frame);
        return frames;
      };
      // Samples every 0.5 s from 0.25 s, each with the frame 0.12 s later.
      const samples = await all(rawVideoFramesArgs({ input: video, startSeconds: 0.25, framesPerSecond: 2, frameCount: 8, scale }), bytes);
      const later = await all(rawVideoFramesArgs({ input: video, startSeconds: 0.37, framesPerSecond: 2, frameCount: 8, scale }), bytes);
      const pairs = await all(rawVideoFramePairsArgs({ input: video, startSeconds: 0.25, framesPerSecond: 2, laterSeconds: 0.12, pairCount: 8, scale }), 2 * bytes);
      expect(samples).toHaveLength(8);
      expect(pairs).toHaveLength(8);
      pairs.forEach((pair, index) => expect(pair.subarray(0, bytes)).toEqual(samples[index]));
      // The later frames run out one slot before the end: the last later frame is given again.
      expect(later).toHaveLength(7);
      pairs.slice(0, 7).forEach((pair, index) => expect(pair.subarray(bytes)).toEqual(later[index]));
      expect(pairs[7]!.subarray(bytes)).toEqual(later[6]);
      // Sought into, one pair: the frame at the start and the first from 0.12 s later.
      const [sought] = await all(rawVideoFramePairsArgs({ input: video, startSeconds: 1.9, laterSeconds: 0.12, pairCount: 1, scale }), 2 * bytes);
      const [at] = await all(rawVideoFramesArgs({ input: video, startSeconds: 1.9, frameCount: 1, scale }), bytes);
      const [then] = await all(rawVideoFramesArgs({ input: video, startSeconds: 2.02, frameCount: 1, scale }), bytes);
      expect(sought!.subarray(0, bytes)).toEqual(at);
      expect(sought!.subarray(bytes)).toEqual(then);
      expect(at).not.toEqual(then);
    });
  });

  it('fails typed: a file that is not a video, and cancellation', async () => {
    const drain = async (frames: AsyncIterable<Uint8Array>) => {
      for await (const _frame of frames);
    };
    await expect(drain(readRawVideoFrames(rawVideoFramesArgs({ input: '/nonexistent/video.mp4' }), 3))).rejects.toBeInstanceOf(MediaProcessError);
    await expect(drain(readRawVideoFrames(rawVideoFramesArgs({ input: 'testsrc' }), 3, { signal: AbortSignal.abort() }))).rejects.toBeInstanceOf(MediaAbortedError);
    const controller = new AbortController();
    const endless = readRawVideoFrames(['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=32x32:rate=25', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], rawFrameBytes(32, 32), { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await expect(drain(endless)).rejects.toBeInstanceOf(MediaAbortedError);
    await expect(drain(readRawVideoFrames(rawVideoFramesArgs({ input: '/nonexistent/video.mp4' }), 3, { readAhead: 2 }))).rejects.toBeInstanceOf(MediaProcessError);
  });

  it('into a pool (read through a socket, decision 107): the same frames, typed failures, cancellation, time-out, early stop and the last partial frame dropped', async () => {
    const drain = async (frames: AsyncIterable<Uint8Array>) => {
      for await (const _frame of frames);
    };
    const pool = () => new FramePool(rawFrameBytes(32, 32), 4);
    // ffmpeg's own failure: its exit code and its last line, not a socket error.
    const missing = await drain(readRawVideoFrames(rawVideoFramesArgs({ input: '/nonexistent/video.mp4' }), rawFrameBytes(32, 32), { pool: pool() })).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(MediaProcessError);
    expect((missing as MediaProcessError).message).toMatch(/exited with code 1: .*nonexistent/);
    await expect(drain(readRawVideoFrames(rawVideoFramesArgs({ input: 'testsrc' }), rawFrameBytes(32, 32), { pool: pool(), signal: AbortSignal.abort() }))).rejects.toBeInstanceOf(MediaAbortedError);
    const endless = ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=32x32:rate=25', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    await expect(drain(readRawVideoFrames(endless, rawFrameBytes(32, 32), { pool: pool(), signal: controller.signal }))).rejects.toBeInstanceOf(MediaAbortedError);
    const late = await drain(readRawVideoFrames(endless, rawFrameBytes(32, 32), { pool: pool(), timeoutMs: 200 })).catch((error: unknown) => error);
    expect(late).toBeInstanceOf(MediaProcessError);
    expect((late as MediaProcessError).isRetryable).toBe(true);
    // A caller that stops early ends ffmpeg: nothing is left running (its own process group's children are checked by pid).
    const before = new Set(await ffmpegPids());
    let read = 0;
    for await (const _frame of readRawVideoFrames(endless, rawFrameBytes(32, 32), { pool: pool(), readAhead: 2 })) if (++read === 3) break;
    expect(read).toBe(3);
    expect((await ffmpegPids()).filter((pid) => !before.has(pid))).toEqual([]);
    // Ten frames of 32 × 32 read as frames of 33 × 32: nine whole, the tenth's rest dropped.
    const ten = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=32x32:rate=25', '-frames:v', '10', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
    const frames: Uint8Array[] = [];
    for await (const frame of readRawVideoFrames(ten, rawFrameBytes(33, 32), { pool: new FramePool(rawFrameBytes(33, 32), 20) })) frames.push(frame.slice());
    expect(frames).toHaveLength(Math.floor((10 * rawFrameBytes(32, 32)) / rawFrameBytes(33, 32)));
    const whole: Uint8Array[] = [];
    for await (const frame of readRawVideoFrames(ten, rawFrameBytes(33, 32))) whole.push(frame);
    expect(frames).toEqual(whole);
  });

  it('into a pool: no more than read-ahead frames wait for the caller while it works', async () => {
    const bytes = rawFrameBytes(32, 32);
    const pool = new FramePool(bytes, 50);
    const taken = { count: 0 };
    const take = pool.take.bind(pool);
    pool.take = () => {
      taken.count++;
      return take();
    };
    const args = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=32x32:rate=25', '-frames:v', '40', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
    let read = 0;
    for await (const frame of readRawVideoFrames(args, bytes, { pool, readAhead: 3 })) {
      read++;
      // While the caller waits, the reader fills what it may: the frames handed out, three waiting and the one being filled.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(taken.count).toBeLessThanOrEqual(read + 3 + 1);
      pool.give(frame);
    }
    expect(read).toBe(40);
  });
});

/** Process ids of the ffmpeg processes this process started that are still running. */
async function ffmpegPids(): Promise<number[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (stat.includes('(ffmpeg)') && Number(fields[1]) === process.pid && fields[0] !== 'Z') pids.push(Number(entry));
  }
  return pids;
}
