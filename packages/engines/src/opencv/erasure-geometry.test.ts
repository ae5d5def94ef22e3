import { describe, expect, it } from 'vitest';
import { dilate, frameMask, frameRange, packPixels, pixelBox, StillnessAccumulator, StillnessCollector, type MaskShape } from './erasure-masks.ts';
import { estimateShift, type GrayImage } from './global-motion.ts';
import { neighbourRows } from './opencv-video-inpainter.ts';

/** A detailed picture (smooth blobs and fine noise) seen through a `width` × `height` window at (x, y). */
function view(x: number, y: number, width = 320, height = 180): GrayImage {
  const data = new Uint8Array(width * height);
  for (let row = 0; row < height; row++) {
    for (let column = 0; column < width; column++) {
      const u = column + x;
      const v = row + y;
      const noise = ((Math.floor(u) * 73856093) ^ (Math.floor(v) * 19349663)) >>> 0;
      data[row * width + column] = Math.max(0, Math.min(255, Math.round(128 + 60 * Math.sin(u / 9) * Math.cos(v / 7) + ((noise % 61) - 30))));
    }
  }
  return { data, width, height };
}

describe('estimateShift', () => {
  it('finds a camera pan in whole pixels, and leaves out what the exclusion map marks', () => {
    // The camera moves right 7 and down 3: content moves left 7 and up 3.
    const shift = estimateShift(view(0, 0), view(7, 3), { maxShift: 32 });
    expect(shift.dx).toBeCloseTo(-7, 0);
    expect(shift.dy).toBeCloseTo(-3, 0);
    expect(shift.residual).toBeLessThan(1);
    // Static text over the lower third: excluded, it does not pull the answer to zero.
    const withText = (image: GrayImage) => {
      const data = image.data.slice();
      for (let row = 120; row < 170; row++) data.fill(255, row * image.width + 40, row * image.width + 280);
      return { ...image, data };
    };
    const exclude = new Uint8Array(320 * 180);
    for (let row = 118; row < 172; row++) exclude.fill(1, row * 320 + 38, row * 320 + 282);
    const masked = estimateShift(withText(view(0, 0)), withText(view(-5, 2)), { maxShift: 32, excludeA: exclude, excludeB: exclude });
    expect(masked.dx).toBeCloseTo(5, 0);
    expect(masked.dy).toBeCloseTo(-2, 0);
  });

  it('measures a whole-pixel pan over hard-edged bars without a sub-pixel lean (summed over a pan it would drift)', () => {
    // Flat bars with sharp edges at odd and even places, panned 4 and 6 pixels a frame as ffmpeg's crop of the corpus does.
    const bars = (x: number, width = 320, height = 180): GrayImage => {
      const data = new Uint8Array(width * height);
      const edges = [0, 37, 90, 141, 183, 250, 301, 366, 420, 487, 533];
      for (let row = 0; row < height; row++) {
        for (let column = 0; column < width; column++) {
          const u = column + x;
          const bar = edges.findLastIndex((edge) => edge <= u);
          data[row * width + column] = (row > 120 ? 40 : 0) + ((bar * 89) % 200);
        }
      }
      return { data, width, height };
    };
    let position = 0;
    let measured = 0;
    for (const step of [4, 6, 4, 4, 6, 4, 6, 4, 4, 6]) {
      const shift = estimateShift(bars(position), bars(position + step), { maxShift: 32 });
      position += step;
      measured -= shift.dx;
      expect(Math.abs(shift.dy)).toBeLessThan(0.1);
    }
    expect(Math.abs(measured - position)).toBeLessThan(0.5);
  });
});

describe('erasure masks', () => {
  it('boxes and frame ranges are clipped to the picture and the video', () => {
    expect(pixelBox({ x: -4.5, y: 10.2, width: 20, height: 1000 }, 640, 360)).toEqual({ x: 0, y: 10, width: 16, height: 350 });
    expect(pixelBox({ x: 700, y: 10, width: 20, height: 10 }, 640, 360)).toBeUndefined();
    expect(frameRange(1, 2, 25, 1000)).toEqual({ first: 25, last: 50 });
    expect(frameRange(1.01, 1.02, 25, 1000)).toBeUndefined();
  });

  it('dilates a map by a square', () => {
    const map = new Uint8Array(7 * 5);
    map[2 * 7 + 3] = 1;
    const grown = dilate(map, 7, 5, 1);
    expect([...grown].reduce((sum, value) => sum + value, 0)).toBe(9);
    expect(grown[1 * 7 + 2]).toBe(1);
    expect(grown[0]).toBe(0);
  });

  it('a text mask keeps the pixels that stay while the picture moves; a still picture gives the whole box', () => {
    const width = 64;
    const shape: MaskShape = { box: { x: 8, y: 8, width: 40, height: 20 }, firstFrame: 0, lastFrame: 19, kind: 'text' };
    const moving = new StillnessAccumulator({ ...shape });
    const still = new StillnessAccumulator({ ...shape });
    for (let frame = 0; frame < 20; frame++) {
      const luma = view(frame * 3, 0, width, 40).data;
      // A "glyph": a bar that never moves.
      for (let row = 15; row < 19; row++) luma.fill(250, row * width + 12, row * width + 40);
      moving.add(frame, luma, width, 3);
      still.add(frame, view(0, 0, width, 40).data, width, 0);
    }
    const pixels = moving.pixels(1)!;
    const set = [...pixels].reduce((sum, value) => sum + value, 0);
    // The bar (28 × 4) grown by one pixel: 30 × 6 = 180; smooth parts of the background that change
    // slowly count too (harmless: they are filled with the same background), but not most of the box.
    expect(set).toBeGreaterThanOrEqual(180);
    expect(set).toBeLessThan(40 * 20 * 0.6);
    expect(pixels[(16 - 8) * 40 + (20 - 8)]).toBe(1);
    expect(pixels[0]).toBe(0);
    expect(still.pixels(1), 'nothing moved: the whole box').toBeUndefined();
  });

  it('a semi-transparent box behind the text is masked whole; outlined glyphs without a box keep their tight mask', () => {
    const width = 64;
    const shape: MaskShape = { box: { x: 8, y: 8, width: 48, height: 24 }, firstFrame: 0, lastFrame: 19, kind: 'text' };
    const boxed = new StillnessAccumulator({ ...shape });
    const outlined = new StillnessAccumulator({ ...shape });
    for (let frame = 0; frame < 20; frame++) {
      // The picture pans behind a box (x 12–51, y 12–27) that lets 45 % of it through, with a glyph bar in white.
      const luma = view(frame * 3, 0, width, 40).data;
      for (let row = 12; row < 28; row++) for (let column = 12; column < 52; column++) luma[row * width + column] = Math.round(luma[row * width + column]! * 0.45);
      for (let row = 18; row < 22; row++) luma.fill(250, row * width + 16, row * width + 48);
      boxed.add(frame, luma, width, 3);
      // No box: a row of three hollow squares (white, 2-pixel black outline) whose straight outlines line up like a box's edges.
      const picture = view(frame * 3, 0, width, 40).data;
      const bare = picture.slice();
      for (const left of [12, 27, 42]) {
        for (let row = 12; row < 28; row++) bare.fill(20, row * width + left, row * width + left + 12);
        for (let row = 14; row < 26; row++) bare.fill(250, row * width + left + 2, row * width + left + 10);
        for (let row = 16; row < 24; row++) bare.set(picture.subarray(row * width + left + 4, row * width + left + 8), row * width + left + 4);
      }
      outlined.add(frame, bare, width, 3);
    }
    const at = (pixels: Uint8Array, x: number, y: number) => pixels[(y - shape.box.y) * shape.box.width + (x - shape.box.x)];
    const boxPixels = boxed.pixels(1)!;
    // The box's margins around the glyph (above, below, left, right of the bar, beyond its grown pixels) and its corners.
    for (const [x, y] of [[30, 13], [30, 26], [13, 20], [50, 20], [12, 12], [51, 27]] as const) expect(at(boxPixels, x, y), `box pixel ${x},${y}`).toBe(1);
    expect(at(boxPixels, 8, 8), 'outside the box').toBe(0);
    const outlinePixels = outlined.pixels(1)!;
    // The squares' hollows and the gaps between them show the moving picture: not masked.
    for (const [x, y] of [[18, 20], [33, 20], [48, 20], [25, 20], [40, 20]] as const) expect(at(outlinePixels, x, y), `picture pixel ${x},${y}`).toBe(0);
    expect(at(outlinePixels, 12, 13), 'an outline').toBe(1);
  });

  it('text masks hold their samples only while their frames come, however many lines; the same pixels as held to the end (issue 32)', () => {
    const width = 64;
    // 60 lines of 20 frames with a gap of 4, a glyph bar each; the last line runs to the clip's end.
    const lines = 60;
    const shapes: MaskShape[] = Array.from({ length: lines }, (_, line) => ({ box: { x: 8, y: 8, width: 40, height: 20 }, firstFrame: line * 24, lastFrame: line * 24 + 19, kind: 'text' }));
    const frames = lines * 24 - 4;
    const collector = new StillnessCollector(shapes);
    const heldToTheEnd = shapes.map((shape) => new StillnessAccumulator({ ...shape }));
    let mostHeld = 0;
    for (let frame = 0; frame < frames; frame++) {
      const luma = view(frame * 3, 0, width, 40).data;
      if (frame % 24 < 20) for (let row = 15; row < 19; row++) luma.fill(250, row * width + 12 + ((frame / 24) % 5), row * width + 40);
      collector.add(frame, luma, width, 3);
      for (const accumulator of heldToTheEnd) accumulator.add(frame, luma, width, 3);
      mostHeld = Math.max(mostHeld, collector.sampleCount);
    }
    collector.finish();
    // One line's 20 samples at most (held to the end, 60 lines would be 1,200).
    expect(mostHeld).toBe(20);
    expect(heldToTheEnd.reduce((sum, accumulator) => sum + accumulator.sampleCount, 0)).toBe(lines * 20);
    expect(collector.sampleCount).toBe(0);
    for (const [line, shape] of shapes.entries()) {
      expect(shape.pixelBits, `line ${line}: the bar, not the whole box`).toBeDefined();
      expect(shape.pixelBits, `line ${line}`).toEqual(packPixels(heldToTheEnd[line]!.pixels(2)));
    }
    // A mask past the video's end gets no pixels (the whole box), as before.
    const late: MaskShape = { box: { x: 0, y: 0, width: 8, height: 8 }, firstFrame: frames + 10, lastFrame: frames + 20, kind: 'text', pixelBits: new Uint8Array(8) };
    const alone = new StillnessCollector([late]);
    alone.add(0, view(0, 0, width, 40).data, width, 0);
    alone.finish();
    expect(late.pixelBits).toBeUndefined();
  });

  it('frames showing the same shapes share the union; chroma follows the luma', () => {
    const mask = frameMask([{ box: { x: 2, y: 2, width: 4, height: 2 }, firstFrame: 0, lastFrame: 0, kind: 'area' }], 10, 8)!;
    expect(mask.lumaCount).toBe(8);
    expect(mask.bounds).toEqual({ x0: 2, y0: 2, x1: 6, y1: 4 });
    expect([...mask.chroma].reduce((sum, value) => sum + value, 0)).toBe(2);
    expect(frameMask([], 10, 8)).toBeUndefined();
  });

  it('a text mask’s pixels packed a bit a pixel give the same map as its byte map', () => {
    const map = Uint8Array.from({ length: 5 * 3 }, (_, index) => (index % 3 === 0 || index === 14 ? 1 : 0));
    const bits = packPixels(map)!;
    expect(bits).toHaveLength(2);
    const mask = frameMask([{ box: { x: 1, y: 2, width: 5, height: 3 }, firstFrame: 0, lastFrame: 0, kind: 'text', pixelBits: bits }], 8, 6)!;
    for (let row = 0; row < 3; row++) for (let column = 0; column < 5; column++) expect(mask.luma[(2 + row) * 8 + 1 + column], `${column},${row}`).toBe(map[row * 5 + column]);
    expect(mask.lumaCount).toBe(map.reduce((sum, value) => sum + value, 0));
    expect(packPixels(undefined)).toBeUndefined();
  });

  it('neighbours hold the masks’ rows widened by the camera’s vertical travel, or whole frames', () => {
    const subtitle: MaskShape = { box: { x: 0, y: 560, width: 1280, height: 140 }, firstFrame: 0, lastFrame: 99, kind: 'text' };
    const positions = Array.from({ length: 100 }, (_, index) => ({ dx: -4 * index, dy: 20 * Math.sin(index / 10) }));
    const rows = neighbourRows([subtitle], positions, 40, 720)!;
    expect(rows.rowOffset % 2).toBe(0);
    expect(rows.rows % 2).toBe(0);
    expect(rows.rowOffset).toBeLessThanOrEqual(560 - 40);
    expect(rows.rowOffset + rows.rows).toBe(720);
    const logo: MaskShape = { ...subtitle, box: { x: 0, y: 10, width: 100, height: 40 } };
    expect(neighbourRows([subtitle, logo], positions, 40, 720), 'top and bottom: whole frames').toBeUndefined();
  });
});
