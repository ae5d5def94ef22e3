import { describe, expect, it } from 'vitest';
import type { BoundingBox } from '../capabilities/engine-common.ts';
import type { RgbImage } from './rgb-image.ts';
import { TextBoxTracker } from './text-box-tracker.ts';

/** A plain grey picture: no text pixels to follow, so every detected box is read. */
const picture: RgbImage = { data: new Uint8Array(640 * 360 * 3).fill(128), width: 640, height: 360 };
const line: BoundingBox = { x: 194, y: 302, width: 254, height: 55 };
/** What the detector gave on one sample of `video-erasure.test.ts`'s clip: the row's right part only (IoU with the row 0.49). */
const piece: BoundingBox = { x: 299, y: 307, width: 146, height: 47 };

/** A tracker whose OCR reads each box as `texts` says (by the box's x). */
function tracker(texts: Record<number, string>): TextBoxTracker {
  return new TextBoxTracker({
    skipUnchanged: true,
    minConfidence: 0.5,
    read: async (_image, boxes) => boxes.map((box) => ({ text: texts[box.x] ?? '', confidence: 0.95 })),
  });
}

describe('TextBoxTracker (all-text mode)', () => {
  it('keeps a piece of a line still on screen in that line, not as a text of its own', async () => {
    const texts = tracker({ [line.x]: 'You finally came back', [piece.x]: '/ came back' });
    await texts.push(picture, 0, [line]);
    await texts.push(picture, 0.5, [line]);
    await texts.push(picture, 1, [piece]);
    await texts.push(picture, 1.5, [line]);
    const found = texts.finish();
    expect(found.map((text) => [text.text, text.firstSeconds, text.lastSeconds])).toEqual([['You finally came back', 0, 1.5]]);
    expect(found[0]!.box).toEqual(line);
  });

  it('still finds a different text that shows inside a line’s box', async () => {
    const texts = tracker({ [line.x]: 'You finally came back', [piece.x]: 'SALE 50%' });
    await texts.push(picture, 0, [line]);
    await texts.push(picture, 1, [line, piece]);
    expect(texts.finish().map((text) => text.text)).toEqual(['You finally came back', 'SALE 50%']);
  });
});
