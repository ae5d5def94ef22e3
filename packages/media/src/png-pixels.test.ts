import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { zeroRowsPng } from '../../../tests/support/png-bomb.ts';
import { decodeRgbPng, readRgbPng } from './png-pixels.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'voxwork-png-pixels-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A detailed picture (gradients, edges, noise) written by ffmpeg's PNG encoder with the given options. */
function png(name: string, args: string[], source = 'testsrc=size=323x181:rate=1:duration=1,format=rgb24,noise=alls=40:allf=t'): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', source, '-frames:v', '1', ...args, file]);
  return file;
}

/** What ffmpeg decodes the file to, as the finder read it before: `-f rawvideo -pix_fmt rgb24`. */
function ffmpegRgb(file: string): Buffer {
  return execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { maxBuffer: 64 << 20 });
}

describe('PNG pixels read in the process', () => {
  // Each of PNG's five row filters, and the per-row choice ffmpeg's `-pred mixed` makes, from yuv420p
  // as the erasure's kept frames are written, at their compression level and at the strongest.
  it.each([['none'], ['sub'], ['up'], ['avg'], ['paeth'], ['mixed']])("gives ffmpeg's own rgb24 bytes for an 8-bit RGB PNG (row filter %s)", async (pred) => {
    for (const level of ['1', '9']) {
      const file = png(`${pred}-${level}.png`, ['-pix_fmt', 'rgb24', '-pred', pred, '-compression_level', level]);
      const read = await readRgbPng(file);
      expect(read).toBeDefined();
      expect(read!.width).toBe(323);
      expect(read!.height).toBe(181);
      expect(Buffer.from(read!.data).equals(ffmpegRgb(file))).toBe(true);
    }
  });

  // An RGBA picture (a canvas's, a drawn still) whose alpha varies from pixel to pixel: ffmpeg drops the alpha, and so must this.
  it.each([['none'], ['sub'], ['paeth'], ['mixed']])("gives ffmpeg's own rgb24 bytes for an 8-bit RGBA PNG, its alpha dropped (row filter %s)", async (pred) => {
    const source = "testsrc=size=321x183:rate=1:duration=1,format=rgb24,noise=alls=40:allf=t,format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='mod(X*7+Y*3,256)'";
    const file = png(`rgba-${pred}.png`, ['-pix_fmt', 'rgba', '-pred', pred], source);
    const read = await readRgbPng(file);
    expect(read).toBeDefined();
    expect({ width: read!.width, height: read!.height, bytes: read!.data.length }).toEqual({ width: 321, height: 183, bytes: 321 * 183 * 3 });
    expect(Buffer.from(read!.data).equals(ffmpegRgb(file))).toBe(true);
  });

  it('leaves to ffmpeg every other PNG (grey, grey with alpha, palette, 16-bit) and what is not a PNG', async () => {
    expect(await readRgbPng(png('grey-alpha.png', ['-pix_fmt', 'ya8']))).toBeUndefined();
    expect(await readRgbPng(png('deep-alpha.png', ['-pix_fmt', 'rgba64be']))).toBeUndefined();
    expect(await readRgbPng(png('grey.png', ['-pix_fmt', 'gray']))).toBeUndefined();
    expect(await readRgbPng(png('palette.png', ['-pix_fmt', 'pal8']))).toBeUndefined();
    expect(await readRgbPng(png('deep.png', ['-pix_fmt', 'rgb48be']))).toBeUndefined();
    expect(await readRgbPng(png('a.jpg', ['-q:v', '3']))).toBeUndefined();
  });

  it('says nothing for a damaged PNG or one too large to be a video frame, rather than inflating it', async () => {
    const whole = readFileSync(png('whole.png', ['-pix_fmt', 'rgb24']));
    expect(decodeRgbPng(whole.subarray(0, Math.floor(whole.length / 2)))).toBeUndefined();
    const scrambled = Buffer.from(whole);
    scrambled.fill(0x55, 60, 200);
    expect(decodeRgbPng(scrambled)).toBeUndefined();
    expect(decodeRgbPng(zeroRowsPng(30_000, 30_000))).toBeUndefined();
  });
});
