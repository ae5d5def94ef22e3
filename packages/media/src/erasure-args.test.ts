import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cutClipArgs, delogoFilters, delogoVideoArgs, encodeRawVideoArgs, rawFrameImagesArgs, sideBySideArgs } from './erasure-args.ts';
import { MediaAbortedError, MediaProcessError, pipeIntoMediaTool } from './media-runner.ts';
import { probeMedia } from './media-tools.ts';
import { rawFrameBytes } from './video-frame-args.ts';

const line = (args: string[]) => args.join(' ');

describe('erasure arguments', () => {
  it('encodes raw yuv420p frames from stdin with the original audio copied', () => {
    expect(line(encodeRawVideoArgs({ width: 1280, height: 720, frameRate: 25, audioSource: 'in.mp4', copyAudio: true, hasAudio: true, output: 'out.mp4' }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -f rawvideo -pix_fmt yuv420p -s 1280x720 -r 25 -i pipe:0 -i in.mp4 -map 0:v:0 -map 1:a:0 -c:a copy -c:v libx264 -preset veryfast -crf 9 -pix_fmt yuv420p -movflags +faststart out.mp4"`);
    expect(line(encodeRawVideoArgs({ width: 640, height: 360, frameRate: 30000 / 1001, audioSource: 'in.mkv', copyAudio: false, hasAudio: true, output: 'out.mp4', crf: 18 }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -f rawvideo -pix_fmt yuv420p -s 640x360 -r 29.970030 -i pipe:0 -i in.mkv -map 0:v:0 -map 1:a:0 -c:a aac -b:a 192k -c:v libx264 -preset veryfast -crf 18 -pix_fmt yuv420p -movflags +faststart out.mp4"`);
    expect(line(encodeRawVideoArgs({ width: 640, height: 360, frameRate: 24, audioSource: 'in.mp4', copyAudio: true, hasAudio: false, output: 'out.mp4' }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -f rawvideo -pix_fmt yuv420p -s 640x360 -r 24 -i pipe:0 -map 0:v:0 -c:v libx264 -preset veryfast -crf 9 -pix_fmt yuv420p -movflags +faststart out.mp4"`);
    // Lines drawn over the erased picture in the same encode.
    expect(line(encodeRawVideoArgs({ width: 640, height: 360, frameRate: 25, audioSource: 'in.mp4', copyAudio: true, hasAudio: false, output: 'out.mp4', crf: 20, subtitles: "/w/es-drawn's.ass" }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -f rawvideo -pix_fmt yuv420p -s 640x360 -r 25 -i pipe:0 -map 0:v:0 -vf subtitles=filename=/w/es-drawn\\\\\\'s.ass -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p -movflags +faststart out.mp4"`);
    expect(line(rawFrameImagesArgs({ width: 640, height: 360, pattern: '/w/.kept-1/%06d.png' }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -f rawvideo -pix_fmt yuv420p -s 640x360 -i pipe:0 -compression_level 1 -f image2 -start_number 1 /w/.kept-1/%06d.png"`);
  });

  it('delogo regions stay one pixel inside the picture, on while they last', () => {
    expect(delogoFilters([{ x: 0, y: 600, width: 1280, height: 120, startSeconds: 1, endSeconds: 2.5 }, { x: 5, y: 5, width: 1, height: 1, startSeconds: 0, endSeconds: 9 }], 1280, 720)).toMatchInlineSnapshot(`
      [
        "delogo=x=1:y=600:w=1277:h=118:enable='between(t,1.000,2.500)'",
      ]
    `);
    expect(line(delogoVideoArgs({ input: 'in.mp4', output: 'out.mp4', width: 640, height: 360, regions: [{ x: 10, y: 20, width: 100, height: 40, startSeconds: 0, endSeconds: 3 }], copyAudio: true, hasAudio: true }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -i in.mp4 -map 0:v:0 -map 0:a:0 -c:a copy -vf delogo=x=10:y=20:w=100:h=40:enable='between(t,0.000,3.000)' -c:v libx264 -preset veryfast -crf 9 -pix_fmt yuv420p -movflags +faststart out.mp4"`);
  });
});

describe('pipeIntoMediaTool', () => {
  async function* frames(count: number, bytes: number, onYield?: (index: number) => void) {
    for (let index = 0; index < count; index++) {
      onYield?.(index);
      yield new Uint8Array(bytes).fill((index * 9) % 256);
    }
  }

  it('encodes frames written to ffmpeg’s stdin', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pipe-into-'));
    try {
      const output = path.join(dir, 'out.mp4');
      await pipeIntoMediaTool('ffmpeg', encodeRawVideoArgs({ width: 64, height: 48, frameRate: 10, audioSource: '', copyAudio: true, hasAudio: false, output }), frames(20, rawFrameBytes(64, 48, 'yuv420p')));
      const info = await probeMedia(output);
      expect(info.video).toMatchObject({ width: 64, height: 48, codec: 'h264' });
      expect(info.durationSeconds).toBeCloseTo(2, 1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('has written a chunk when it asks for the next: an input that fills one buffer again for every frame loses none', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pipe-into-'));
    try {
      const output = path.join(dir, 'out.gray');
      // Small frames (below the pipe's high-water mark) and large ones: both are written before the buffer is filled again.
      for (const [width, height] of [[32, 32], [256, 128]] as const) {
        const bytes = width * height;
        const count = 40;
        const buffer = new Uint8Array(bytes);
        const reused = async function* () {
          for (let index = 0; index < count; index++) {
            for (let at = 0; at < bytes; at++) buffer[at] = (index * 7 + (at % 13)) % 256;
            yield buffer;
          }
        };
        await pipeIntoMediaTool('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${width}x${height}`, '-i', 'pipe:0', '-f', 'rawvideo', output], reused());
        const written = new Uint8Array(await readFile(output));
        expect(written.length).toBe(count * bytes);
        for (let index = 0; index < count; index++) {
          const frame = written.subarray(index * bytes, (index + 1) * bytes);
          expect(frame.every((value, at) => value === (index * 7 + (at % 13)) % 256), `frame ${index} of ${width}×${height}`).toBe(true);
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails with the tool’s error when it cannot write, and on the signal', async () => {
    await expect(pipeIntoMediaTool('ffmpeg', ['-hide_banner', '-f', 'rawvideo', '-pix_fmt', 'gray', '-s', '8x8', '-i', 'pipe:0', '/nonexistent/dir/out.mp4'], frames(1000, 64))).rejects.toBeInstanceOf(MediaProcessError);
    const controller = new AbortController();
    const dir = await mkdtemp(path.join(tmpdir(), 'pipe-into-'));
    try {
      const output = path.join(dir, 'out.mp4');
      const run = pipeIntoMediaTool('ffmpeg', encodeRawVideoArgs({ width: 64, height: 48, frameRate: 10, audioSource: '', copyAudio: true, hasAudio: false, output }), frames(100_000, rawFrameBytes(64, 48, 'yuv420p'), (index) => index === 50 && controller.abort()), { signal: controller.signal });
      await expect(run).rejects.toBeInstanceOf(MediaAbortedError);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('preview arguments', () => {
  it('cuts a clip and puts the outlined original beside the erased picture', () => {
    expect(line(cutClipArgs({ input: 'in.mp4', output: 'clip.mp4', startSeconds: 12.5, durationSeconds: 10 }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -ss 12.500 -i in.mp4 -t 10.000 -map 0:v:0 -map 0:a:0? -c:v libx264 -preset veryfast -crf 10 -pix_fmt yuv420p -c:a aac -b:a 192k clip.mp4"`);
    expect(line(sideBySideArgs({ original: 'clip.mp4', erased: 'erased.mp4', output: 'preview.mp4', halfWidth: 640, regions: [{ x: 10, y: 600, width: 1200, height: 100, startSeconds: 0, endSeconds: 4.2 }] }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -i clip.mp4 -i erased.mp4 -filter_complex [0:v]drawbox=x=10:y=600:w=1200:h=100:color=0xff3b30@0.9:t=4:enable='between(t,0.000,4.200)',scale=640:-2[left];[1:v]scale=640:-2[right];[left][right]hstack=inputs=2,format=yuv420p[picture] -map [picture] -map 1:a:0? -c:v libx264 -preset veryfast -crf 20 -c:a copy -movflags +faststart preview.mp4"`);
  });
});
