import { describe, expect, it } from 'vitest';
import { findSubtitleTracks, isExcluded, type SampledBox } from './subtitle-tracks.ts';

const line = (text: string, y: number, width = 300, height = 30, x = (640 - width) / 2, steady = true): SampledBox => ({ text, confidence: 0.9, box: { x, y, width, height }, steady });

describe('subtitle tracks by behaviour', () => {
  it('finds changing lines in the middle of the picture, with room for a second row on both sides', () => {
    const samples = [{ boxes: [line('你终于回来了', 160)] }, { boxes: [line('你终于回来了', 161)] }, { boxes: [] }, { boxes: [line('我等了你整整三年', 159, 360)] }];
    const found = findSubtitleTracks(samples, 640, 360);
    expect(found.tracks).toMatchObject([{ lineHeight: 30, lineCount: 2, framesWithText: 3, alignment: 'centre', chosen: true }]);
    // Text 159–191 (rows at 159–191), half a line of margin and 1.2 lines more each way.
    expect(found.band).toEqual({ x: 0, y: 108, width: 640, height: 134 });
  });

  it('leaves out text that stays put (a logo, a sign), counters and text that changes between a frame and its companion', () => {
    const samples = [0, 1, 2, 3, 4].map((index) => ({
      boxes: [
        line('星河TV', 320, 80, 24, 540),
        line(`00:00:0${index}:12`, 10, 120, 20, 10),
        line(`FRAME ${index * 13}`, 40, 120, 20, 500, false),
        ...(index < 4 ? [line(['第一句', '第二句话', '第三句', '第四句话'][index]!, 250)] : []),
      ],
    }));
    const found = findSubtitleTracks(samples, 640, 360);
    expect(found.tracks).toHaveLength(1);
    expect(found.tracks[0]!.box.y).toBe(250);
    expect(found.exclusions.length).toBeGreaterThan(0);
    expect(isExcluded({ x: 545, y: 322, width: 70, height: 20 }, found.exclusions), 'the logo').toBe(true);
    expect(isExcluded({ x: 170, y: 250, width: 300, height: 30 }, found.exclusions), 'the subtitle').toBe(false);
  });

  it('does not take a title card shown once, and finds nothing without subtitles', () => {
    const title = [{ boxes: [line('第一集 重逢', 80, 400, 60)] }, { boxes: [line('第一集 重逢', 80, 400, 60)] }, { boxes: [] }, { boxes: [] }];
    expect(findSubtitleTracks(title, 640, 360)).toMatchObject({ tracks: [], band: undefined });
    expect(findSubtitleTracks([{ boxes: [] }, { boxes: [] }], 640, 360).band).toBeUndefined();
  });

  it('pairs a second language shown with the first, and keeps a far track as an unchosen candidate', () => {
    const samples = [
      { boxes: [line('你好', 250), line('Hello there', 290, 260, 22), line('第一', 20, 100, 30)] },
      { boxes: [line('再见了朋友', 250), line('Goodbye my friend', 290, 300, 22)] },
      { boxes: [line('走吧', 250), line("Let's go", 290, 200, 22), line('第二', 20, 100, 30)] },
    ];
    const found = findSubtitleTracks(samples, 640, 360);
    expect(found.tracks.map((track) => [Math.round(track.box.y), track.chosen])).toEqual([
      [250, true],
      [290, true],
      [20, false],
    ]);
    expect(found.lineHeights).toEqual({ min: 22, max: 30 });
  });
});
