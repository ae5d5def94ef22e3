import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { zeroRowsPng } from '../../../tests/support/png-bomb.ts';
import { readFromBytes, readPictureHeader } from './picture-header.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'voxwork-picture-header-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function encode(name: string, args: string[]): Buffer {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=321x123:rate=1:duration=1', '-frames:v', '1', ...args, file]);
  return readFileSync(file);
}

describe('picture sizes from headers', () => {
  it('reads a PNG bomb’s declared size from its IHDR without inflating it', async () => {
    const bomb = zeroRowsPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(120_000);
    expect(await readPictureHeader(readFromBytes(bomb))).toEqual({ format: 'png', width: 30_000, height: 30_000 });
  });

  it('reads PNG, JPEG (past an EXIF segment) and WebP lossy and lossless as encoded by ffmpeg', async () => {
    expect(await readPictureHeader(readFromBytes(encode('a.png', [])))).toEqual({ format: 'png', width: 321, height: 123 });
    const jpeg = encode('a.jpg', ['-q:v', '5']);
    expect(await readPictureHeader(readFromBytes(jpeg))).toEqual({ format: 'jpeg', width: 321, height: 123 });
    // An APP1 segment of 60 KB before the frame header (a camera's EXIF and thumbnail).
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0xea, 0x62]), Buffer.alloc(0xea62 - 2, 0x20)]);
    const withExif = Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
    expect(await readPictureHeader(readFromBytes(withExif))).toEqual({ format: 'jpeg', width: 321, height: 123 });
    expect(await readPictureHeader(readFromBytes(encode('a.webp', ['-c:v', 'libwebp', '-lossless', '0'])))).toEqual({ format: 'webp', width: 321, height: 123 });
    expect(await readPictureHeader(readFromBytes(encode('b.webp', ['-c:v', 'libwebp', '-lossless', '1'])))).toEqual({ format: 'webp', width: 321, height: 123 });
  });

  it('says nothing for other bytes, cut headers and a zero size', async () => {
    expect(await readPictureHeader(readFromBytes(Buffer.from('not a picture at all, just some text')))).toBeUndefined();
    expect(await readPictureHeader(readFromBytes(zeroRowsPng(10, 10).subarray(0, 20)))).toBeUndefined();
    expect(await readPictureHeader(readFromBytes(zeroRowsPng(0, 10)))).toBeUndefined();
    const jpeg = encode('c.jpg', []);
    const start = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(await readPictureHeader(readFromBytes(jpeg.subarray(0, start)))).toBeUndefined();
  });
});
