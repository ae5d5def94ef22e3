import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FrameMasks, packPixels, type MaskShape } from './erasure-masks.ts';
import { FrameFillThread } from './frame-fill-thread.ts';
import type { Shift } from './global-motion.ts';
import { neighbourRows } from './opencv-video-inpainter.ts';
import { inpaintPixels, loadOpenCv } from './opencv-runtime.ts';
import { ScenePlateBuilder, ScenePlateReader } from './scene-plates.ts';
import { copyRows, fillFrame, yuvLayout, type FillStats, type NeighbourFrame } from './temporal-fill.ts';

/** A seeded pseudo-random source (the same figures every run). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const width = 192;
const height = 108;
const frames = 40;
const windowFrames = 5;
const layout = yuvLayout(width, height);

/** A textured strip, still for 16 frames (a still scene: a plate), then panned 2 px a frame; white "text" strokes inside the masks. */
function video(shapes: MaskShape[]): { frames: Uint8Array[]; positions: Shift[] } {
  const next = random(7);
  const stripWidth = width * 2;
  const luma = Uint8Array.from({ length: stripWidth * height }, (_, at) => ((at % stripWidth) >> 2) * 5 + ((at / stripWidth) | 0) * 2 + Math.floor(next() * 30));
  const chroma = Uint8Array.from({ length: stripWidth * height }, (_, at) => 100 + ((at % stripWidth) >> 4) * 3);
  const positions: Shift[] = [];
  const list: Uint8Array[] = [];
  for (let index = 0; index < frames; index++) {
    const offset = index < 16 ? 0 : (index - 15) * 2;
    positions.push({ dx: -offset, dy: 0 });
    const frame = new Uint8Array(layout.vOffset + layout.chromaWidth * layout.chromaHeight);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) frame[y * width + x] = luma[y * stripWidth + x + offset]!;
    for (let y = 0; y < layout.chromaHeight; y++) {
      for (let x = 0; x < layout.chromaWidth; x++) {
        frame[layout.uOffset + y * layout.chromaWidth + x] = chroma[2 * y * stripWidth + 2 * x + offset]!;
        frame[layout.vOffset + y * layout.chromaWidth + x] = 255 - chroma[2 * y * stripWidth + 2 * x + offset]!;
      }
    }
    for (const shape of shapes) {
      if (index < shape.firstFrame || index > shape.lastFrame) continue;
      const drawn = (at: number, x: number, y: number) => (shape.pixelBits ? ((shape.pixelBits[at >> 3]! >> (at & 7)) & 1) === 1 : (x + y) % 5 === 0);
      for (let y = 0; y < shape.box.height; y++) for (let x = 0; x < shape.box.width; x++) if (drawn(y * shape.box.width + x, x, y)) frame[(shape.box.y + y) * width + shape.box.x + x] = 235;
    }
    list.push(frame);
  }
  return { frames: list, positions };
}

describe('FrameFillThread', () => {
  it('fills every frame exactly as the fill on this thread does (neighbours’ rows, a still scene’s plate, OpenCV for the rest)', async () => {
    const textBox = { x: 50, y: 70, width: 90, height: 14 };
    const pixels = Uint8Array.from({ length: textBox.width * textBox.height }, (_, at) => (at % textBox.width) % 6 < 2 && ((at / textBox.width) | 0) > 2 ? 1 : 0);
    // A text line over the still scene and the pan, a box from the still scene into the pan, and a long area past the window.
    const shapes: MaskShape[] = [
      { box: textBox, firstFrame: 3, lastFrame: 30, kind: 'text', pixelBits: packPixels(pixels) },
      { box: { x: 20, y: 64, width: 24, height: 20 }, firstFrame: 10, lastFrame: 22, kind: 'area' },
      { box: { x: 150, y: 74, width: 30, height: 10 }, firstFrame: 0, lastFrame: 39, kind: 'area' },
    ];
    const { frames: decoded, positions } = video(shapes);
    const bandPositions = positions.map((position) => ({ dx: position.dx, dy: position.dy + 0.25 }));
    const band = neighbourRows(shapes, positions, windowFrames, height)!;
    expect(band.rows).toBeLessThan(height);
    const directory = await mkdtemp(path.join(tmpdir(), 'fill-thread-'));
    try {
      // The still scene's plate, as the first pass makes it.
      const builder = new ScenePlateBuilder(shapes, layout, { minFrames: windowFrames, directory });
      const masks = new FrameMasks(shapes, width, height);
      for (let index = 0; index < frames; index++) await builder.add(index, decoded[index]!, positions[index]!, false, masks.of(index));
      const plates = await builder.finish();
      expect(plates.length).toBeGreaterThan(0);
      const cv = await loadOpenCv();
      const options = { windowFrames, temporal: true, maxRingDifference: 10, inpaint: (plane: Uint8Array, w: number, h: number, indices: Int32Array) => inpaintPixels(cv, plane, w, h, indices, 5, 'telea') };

      // On this thread, as the erase pass fills with one thread.
      const expected: Array<{ data: Uint8Array; stats: FillStats } | undefined> = [];
      const reader = new ScenePlateReader(plates);
      const window = new Map<number, NeighbourFrame>();
      for (let index = 0; index < frames; index++) {
        window.set(index, { data: copyRows(decoded[index]!, layout, band.rowOffset, band.rows, new Uint8Array(width * band.rows * 1.5)), mask: masks.of(index), position: positions[index]!, bandPosition: bandPositions[index], rowOffset: band.rowOffset, rows: band.rows });
      }
      for (let index = 0; index < frames; index++) {
        const mask = masks.of(index);
        if (!mask) {
          expected.push(undefined);
          continue;
        }
        const current = { data: decoded[index]!.slice(), mask, position: positions[index]!, bandPosition: bandPositions[index] };
        expected.push(fillFrame(current, (offset) => (offset === 0 ? undefined : window.get(index + offset)), layout, options, await reader.at(index), true));
      }
      expect(expected.filter((fill) => fill && fill.stats.fromScene > 0).length, 'some pixels from the plate').toBeGreaterThan(0);
      expect(expected.filter((fill) => fill && fill.stats.inpainted > 0).length, 'some pixels inpainted').toBeGreaterThan(0);

      // On the thread: frames and rows in shared memory, each masked frame sent as soon as its window is decoded.
      const thread = new FrameFillThread({ width, height, windowFrames, maxRingDifference: 10, inpaintRadius: 5, algorithm: 'telea', band });
      try {
        const shared = (data: Uint8Array) => {
          const copy = new Uint8Array(new SharedArrayBuffer(data.length));
          copy.set(data);
          return copy;
        };
        const whole = decoded.map(shared);
        const answers = new Map<number, Promise<FillStats>>();
        const send = (index: number) => {
          if (index < 0 || !expected[index]) return;
          const answer = thread.fill(index, whole[index]!);
          // Awaited in order below; a failure of a later one is not left unhandled when an earlier one fails the test.
          answer.catch(() => undefined);
          answers.set(index, answer);
        };
        // Frames before `answered` have been answered and checked; the thread is told it may let go of what only they read.
        let answered = 0;
        const check = async (index: number) => {
          const fill = expected[index];
          if (!fill) return;
          expect(await answers.get(index), `frame ${index}'s stats`).toEqual(fill.stats);
          expect(Buffer.compare(Buffer.from(whole[index]!), Buffer.from(fill.data)), `frame ${index}'s bytes`).toBe(0);
        };
        for (let index = 0; index < frames; index++) {
          thread.neighbour({
            index,
            data: shared(copyRows(decoded[index]!, layout, band.rowOffset, band.rows, new Uint8Array(width * band.rows * 1.5))),
            position: positions[index]!,
            bandPosition: bandPositions[index],
            shapes: [...shapes.entries()].filter(([, shape]) => shape.firstFrame === index).map(([at, shape]) => ({ at, shape })),
            plates: plates.filter((plate) => plate.firstFrame === index),
            readFrom: answered - windowFrames,
          });
          send(index - windowFrames);
          // Two frames at most on the thread, as in the erase pass.
          while (answered < index - windowFrames - 1) await check(answered++);
        }
        for (let index = frames - windowFrames; index < frames; index++) send(index);
        while (answered < frames) await check(answered++);
        expect(thread.pending).toBe(0);
      } finally {
        await thread.close();
      }
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a frame outside shared memory, fails a frame it was never sent, and fails what is pending when closed', async () => {
    const thread = new FrameFillThread({ width: 64, height: 64, windowFrames: 2, maxRingDifference: 10, inpaintRadius: 5, algorithm: 'telea', band: { rowOffset: 0, rows: 16 } });
    try {
      expect(() => thread.fill(0, new Uint8Array(64 * 64 * 1.5))).toThrow(/not in shared memory/);
      await expect(thread.fill(3, new Uint8Array(new SharedArrayBuffer(64 * 64 * 1.5)))).rejects.toThrow(/frame 3 was never sent/);
      // Its refusal is awaited from the start: the thread may answer "never sent" while close() is awaited, and a
      // rejection with no handler yet aborts a process that has loaded OpenCV (its `unhandledRejection` handler).
      const pending = expect(thread.fill(4, new Uint8Array(new SharedArrayBuffer(64 * 64 * 1.5)))).rejects.toThrow();
      await thread.close();
      await pending;
    } finally {
      await thread.close();
    }
  });
});
