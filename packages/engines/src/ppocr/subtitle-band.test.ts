import { describe, expect, it } from 'vitest';
import { fallbackBand, findSubtitleBand, isSubtitlePlace } from './subtitle-band.ts';

const line = (text: string, y: number, width = 300, height = 30, x = (640 - width) / 2) => ({ text, confidence: 0.9, box: { x, y, width, height } });

describe('subtitle band', () => {
  it('takes centred lines low or high in the picture as subtitle places, not the middle, a corner or a huge box', () => {
    expect(isSubtitlePlace(line('a', 300).box, 640, 360)).toBe(true);
    expect(isSubtitlePlace(line('a', 10).box, 640, 360)).toBe(true);
    expect(isSubtitlePlace(line('a', 160).box, 640, 360)).toBe(false);
    expect(isSubtitlePlace(line('a', 300, 80, 20, 10).box, 640, 360)).toBe(false);
    expect(isSubtitlePlace(line('a', 250, 600, 100).box, 640, 360)).toBe(false);
  });

  it('finds the band where changing lines recur, with room for a second row above', () => {
    const frames = [
      { boxes: [line('你终于回来了', 300), line('00:00:01', 5, 100, 15, 0)] },
      { boxes: [] },
      { boxes: [line('我等了你整整三年', 302, 360)] },
      { boxes: [line('对不起', 299, 120), line('台标', 150, 60, 30, 20)] },
    ];
    const band = findSubtitleBand(frames, 640, 360)!;
    expect(band).toMatchObject({ position: 'bottom', lineHeight: 30, framesWithText: 3 });
    // Text 299–332, half a line of margin each way, 1.3 lines more above.
    expect(band.box).toEqual({ x: 0, y: 245, width: 640, height: 102 });
  });

  it('takes two-row subtitles whole, prefers recurring over single lines, and finds top subtitles', () => {
    const twoRows = [{ boxes: [line('第一行', 260), line('第二行', 300)] }, { boxes: [line('只有一行', 300)] }, { boxes: [line('另一句', 300), line('上一行', 262)] }];
    expect(findSubtitleBand(twoRows, 640, 360)!.box).toEqual({ x: 0, y: 245, width: 640, height: 100 });
    const top = [{ boxes: [line('第一集', 20)] }, { boxes: [line('重逢', 22)] }, { boxes: [line('偶然', 300)] }];
    expect(findSubtitleBand(top, 640, 360)).toMatchObject({ position: 'top', framesWithText: 2 });
  });

  it('leaves out a line that never changes (a watermark), and finds nothing in frames without subtitles', () => {
    const watermark = [1, 2, 3].map(() => ({ boxes: [line('本故事纯属虚构', 320)] }));
    expect(findSubtitleBand(watermark, 640, 360)).toBeUndefined();
    expect(findSubtitleBand([{ boxes: [] }, { boxes: [] }], 640, 360)).toBeUndefined();
    expect(fallbackBand(640, 360)).toEqual({ x: 0, y: 240, width: 640, height: 120 });
  });
});
