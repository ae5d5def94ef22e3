/** Facts of pictures and videos for the visual capabilities' checks (text detector, face tracker, inpainter, animator). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { probeMedia, runFfmpeg } from '@voxwork/media';
import { expect } from 'vitest';
import type { BoundingBox } from '../../capabilities/engine-common.ts';

export interface PictureFacts {
  width: number;
  height: number;
  /** 0 for a still image. */
  durationSeconds: number;
}

/** The size (and length) of an image or video, read by ffprobe; fails when the file has no picture. */
export async function pictureFacts(file: string): Promise<PictureFacts> {
  const info = await probeMedia(file);
  expect(info.video, `${path.basename(file)} has a picture`).toBeDefined();
  return { width: info.video!.width ?? 0, height: info.video!.height ?? 0, durationSeconds: info.durationSeconds ?? 0 };
}

export function expectBoxInside(box: BoundingBox, picture: { width: number; height: number }, what = 'box'): void {
  expect(box.width, `${what} width`).toBeGreaterThan(0);
  expect(box.height, `${what} height`).toBeGreaterThan(0);
  expect(box.x, `${what} left`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what} top`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} right`).toBeLessThanOrEqual(picture.width + 1e-6);
  expect(box.y + box.height, `${what} bottom`).toBeLessThanOrEqual(picture.height + 1e-6);
}

/** The frame at `seconds` as 8-bit grey levels, row by row (decoded by ffmpeg into `dir`). */
export async function greyFrame(file: string, seconds: number, dir: string, { width, height }: { width: number; height: number }): Promise<{ levels: Uint8Array; width: number; height: number }> {
  const raw = path.join(dir, `${path.basename(file)}-${seconds.toFixed(3)}.grey`);
  await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-ss', String(seconds), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', raw]);
  return { levels: new Uint8Array(await readFile(raw)), width, height };
}

/** Mean absolute difference of two grey frames of one size inside `box`. */
export function meanDifference(a: { levels: Uint8Array; width: number }, b: { levels: Uint8Array }, box: BoundingBox): number {
  let sum = 0;
  let count = 0;
  for (let y = Math.floor(box.y); y < Math.floor(box.y + box.height); y++) {
    for (let x = Math.floor(box.x); x < Math.floor(box.x + box.width); x++) {
      sum += Math.abs(a.levels[y * a.width + x]! - b.levels[y * a.width + x]!);
      count++;
    }
  }
  return count ? sum / count : 0;
}
