import { describe, expect, it } from 'vitest';
import { findSubtitleTracks, isExcluded, scriptLanguage, type SampledBox } from './subtitle-tracks.ts';

const line = (text: string, y: number, width = 300, height = 30, x = (640 - width) / 2, steady = true): SampledBox => ({ text, confidence: 0.9, box: { x, y, width, height }, steady });

describe('subtitle tracks by behaviour', () => {
  it('finds changing lines in the middle of the picture, with room for a second row on both sides', () => {
    const samples = [{ boxes: [line('你终于回来了', 160)] }, { boxes: [line('你终于回来了', 161)] }, { boxes: [] }, { boxes: [line('我等了你整整三年', 159, 360)] }];
    const found = findSubtitleTracks(samples, 640, 360);
    expect(found.tracks).toMatchObject([{ lineHeight: 30, lineCount: 2, framesWithText: 3, alignment: 'centre', chosen: true, language: 'zh' }]);
    // Text 159–191 (rows at 159–191), half a line of margin and 1.2 lines more each way.
    expect(found.bands).toMatchObject([{ band: { x: 0, y: 108, width: 640, height: 134 }, track: 0, language: 'zh', others: [] }]);
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
    expect(findSubtitleTracks(title, 640, 360)).toMatchObject({ tracks: [], bands: [] });
    expect(findSubtitleTracks([{ boxes: [] }, { boxes: [] }], 640, 360).bands).toEqual([]);
  });

  it('pairs a second language shown with the first as a track of its own, each in its own band, and keeps a far track as an unchosen candidate', () => {
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
    expect(found.tracks.map((track) => track.language)).toEqual(['zh', 'en', 'zh']);
    // Chinese 250–280, English 290–312: each band 1.7 of its lines beyond its row (room for a second row).
    expect(found.bands).toMatchObject([
      { band: { y: 199, height: 132 }, lineHeights: { min: 30, max: 30 }, track: 0, language: 'zh' },
      { band: { y: 252, height: 98 }, lineHeights: { min: 22, max: 22 }, track: 1, language: 'en' },
    ]);
    // Each band leaves out the other tracks' places.
    expect(isExcluded({ x: 190, y: 290, width: 260, height: 22 }, found.bands[0]!.others), 'English in the Chinese band').toBe(true);
    expect(isExcluded({ x: 170, y: 250, width: 300, height: 30 }, found.bands[1]!.others), 'Chinese in the English band').toBe(true);
    expect(isExcluded({ x: 170, y: 250, width: 300, height: 30 }, found.bands[0]!.others)).toBe(false);
  });

  it('reads two rows of one language together, as one track', () => {
    const samples = [
      { boxes: [line('你好', 250), line('对不起', 290)] },
      { boxes: [line('再见了朋友', 250), line('我不是故意的', 290)] },
      { boxes: [line('走吧', 250), line('你听我解释', 290)] },
    ];
    const found = findSubtitleTracks(samples, 640, 360);
    expect(found.tracks.map((track) => track.chosen)).toEqual([true, true]);
    expect(found.bands).toMatchObject([{ band: { y: 235, height: 100 }, track: 0, language: 'zh', others: [] }]);
  });

  it('reads a row whose script tells nothing (neither Chinese nor Latin) with the dominant track', () => {
    const samples = [
      { boxes: [line('你好', 250), line('ああ', 290, 60)] },
      { boxes: [line('再见了朋友', 250), line('いいい', 290, 60)] },
      { boxes: [line('走吧', 250), line('うう', 290, 60)] },
    ];
    const found = findSubtitleTracks(samples, 640, 360);
    expect(found.tracks.map((track) => [track.chosen, track.language ?? null])).toEqual([
      [true, null],
      [true, 'zh'],
    ]);
    expect(found.bands).toMatchObject([{ band: { y: 235, height: 100 }, track: 0, language: 'zh', others: [] }]);
  });

  it('reads the picked candidate alone, and nothing when the place picked holds none', () => {
    const samples = [
      { boxes: [line('你好', 250), line('Hello there', 290, 260, 22), line('第一', 20, 100, 30)] },
      { boxes: [line('再见了朋友', 250), line('Goodbye my friend', 290, 300, 22)] },
      { boxes: [line('走吧', 250), line("Let's go", 290, 200, 22), line('第二', 20, 100, 30)] },
    ];
    const english = findSubtitleTracks(samples, 640, 360, { x: 170, y: 288, width: 300, height: 26 });
    expect(english.tracks.map((track) => [track.language, track.chosen])).toEqual([
      ['en', true],
      ['zh', false],
      ['zh', false],
    ]);
    expect(english.bands).toMatchObject([{ band: { y: 252, height: 98 }, track: 0, language: 'en' }]);
    expect(isExcluded({ x: 170, y: 250, width: 300, height: 30 }, english.bands[0]!.others), 'the Chinese row').toBe(true);
    const top = findSubtitleTracks(samples, 640, 360, { x: 270, y: 20, width: 100, height: 30 });
    expect(top.bands).toMatchObject([{ track: 0, language: 'zh' }]);
    expect(top.tracks[0]!.box.y).toBe(20);
    const nowhere = findSubtitleTracks(samples, 640, 360, { x: 0, y: 120, width: 640, height: 40 });
    expect(nowhere.bands).toEqual([]);
    expect(nowhere.tracks.every((track) => !track.chosen)).toBe(true);
  });

  it('tells the language of a track by the script read', () => {
    expect(scriptLanguage(['你终于回来了', '我用iPhone拍的'])).toBe('zh');
    expect(scriptLanguage(['You finally came back.', 'OK'])).toBe('en');
    expect(scriptLanguage(['123', '...'])).toBeUndefined();
  });
});
