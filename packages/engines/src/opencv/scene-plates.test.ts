import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { frameMask, type MaskShape } from './erasure-masks.ts';
import { loadPlate, plateChroma, plateLuma, ScenePlateBuilder } from './scene-plates.ts';
import { yuvLayout } from './temporal-fill.ts';

const layout = yuvLayout(64, 32);
/** A frame of one luma value (and chroma 100/150), with `text` drawn as 255 inside the box when given. */
function frame(luma: number, text?: MaskShape['box']): Uint8Array {
  const data = new Uint8Array(layout.vOffset + layout.chromaWidth * layout.chromaHeight);
  data.fill(luma, 0, layout.uOffset);
  data.fill(100, layout.uOffset, layout.vOffset);
  data.fill(150, layout.vOffset);
  if (text) for (let y = text.y; y < text.y + text.height; y++) data.fill(255, y * layout.width + text.x, y * layout.width + text.x + text.width);
  return data;
}

describe('scene plates', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'scene-plates-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const box = { x: 20, y: 20, width: 24, height: 8 };
  const still = { dx: 0, dy: 0 };

  it('a still scene: the background seen between the lines, the text never; a cut starts another scene with its own background', async () => {
    const shapes: MaskShape[] = [{ box, firstFrame: 4, lastFrame: 15, kind: 'text' }, { box, firstFrame: 24, lastFrame: 39, kind: 'text' }];
    const builder = new ScenePlateBuilder(shapes, layout, { minFrames: 8, directory: dir });
    for (let index = 0; index < 40; index++) {
      const active = shapes.filter((shape) => index >= shape.firstFrame && index <= shape.lastFrame);
      // Frames 0–19 are one scene (grey 80), a cut at 20, then 20–39 (grey 160) whose only line starts at 24.
      const luma = index < 20 ? 80 : 160;
      await builder.add(index, frame(luma, active.length ? box : undefined), still, index === 20, frameMask(active, layout.width, layout.height));
    }
    const plates = await builder.finish();
    expect(plates.map((plate) => [plate.firstFrame, plate.lastFrame])).toEqual([[0, 19], [20, 39]]);
    const [first, second] = await Promise.all(plates.map(loadPlate));
    expect(plateLuma(first!, 30, 24)).toBe(80);
    expect(plateLuma(second!, 30, 24)).toBe(160);
    expect(plateChroma(second!, 15, 12)).toEqual([100, 150]);
    // Outside what the masks reach (with the ring's margin) the plate holds nothing.
    expect(plateLuma(first!, 2, 2)).toBeUndefined();
  });

  it('a pixel never seen without its mask has no plate value; a moving camera or a short scene makes no plate', async () => {
    const shapes: MaskShape[] = [{ box, firstFrame: 0, lastFrame: 29, kind: 'area' }];
    const builder = new ScenePlateBuilder(shapes, layout, { minFrames: 8, directory: dir });
    for (let index = 0; index < 30; index++) {
      // Still for 20 frames, then the camera pans 3 pixels a frame: each of those frames is a scene shorter than 8 frames.
      const position = index < 20 ? still : { dx: 3 * (index - 19), dy: 0 };
      await builder.add(index, frame(90, box), position, false, frameMask(shapes, layout.width, layout.height));
    }
    const plates = await builder.finish();
    expect(plates).toHaveLength(1);
    const plate = await loadPlate(plates[0]!);
    expect(plateLuma(plate, 30, 24)).toBeUndefined();
    expect(plateLuma(plate, 30, 16)).toBe(90);
    expect((await readdir(dir)).length).toBe(1);
  });
});
