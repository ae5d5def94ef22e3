import { ErrorCode } from '@voxwork/contract';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error.ts';
import type { SubtitleTrack } from '../engines/video-engines.port.ts';
import { checkSubtitleTrack, mergeSubtitleReadings, readTracks, textSimilarity, trackInLanguage } from './subtitle-readings.ts';

describe('subtitle readings', () => {
  it('joins repeated and split readings of one line, keeps the reading seen longest, drops stray digits', () => {
    // As PP-OCR read the bench clip's burned-in English over ffmpeg's testsrc2.
    const merged = mergeSubtitleReadings([
      { startSeconds: 0.63, endSeconds: 0.88, text: '0 Welcome to our little shop.' },
      { startSeconds: 1.13, endSeconds: 2.63, text: 'Welcome to our little shop.' },
      { startSeconds: 4.13, endSeconds: 6.15, text: 'This phone has a bright screen.' },
      { startSeconds: 7.88, endSeconds: 8.88, text: 'The battery lasts all day.' },
      { startSeconds: 9.13, endSeconds: 9.88, text: 'The battery lasts all day.' },
      { startSeconds: 26.13, endSeconds: 26.38, text: 'You can retun it within thirty days.' },
      { startSeconds: 26.63, endSeconds: 27.13, text: 'You can retun it within thirty days.' },
      { startSeconds: 27.38, endSeconds: 27.63, text: 'You can return t within thirty days.' },
      { startSeconds: 35.48, endSeconds: 35.56, text: '2' },
      { startSeconds: 36.63, endSeconds: 38.52, text: 'Ask us anything in the chat.' },
    ]);
    expect(merged).toEqual([
      { startSeconds: 0.63, endSeconds: 2.63, text: 'Welcome to our little shop.' },
      { startSeconds: 4.13, endSeconds: 6.15, text: 'This phone has a bright screen.' },
      { startSeconds: 7.88, endSeconds: 9.88, text: 'The battery lasts all day.' },
      { startSeconds: 26.13, endSeconds: 27.63, text: 'You can retun it within thirty days.' },
      { startSeconds: 36.63, endSeconds: 38.52, text: 'Ask us anything in the chat.' },
    ]);
  });

  it('keeps different lines apart even when they touch, and the same words said again later', () => {
    const lines = [
      { startSeconds: 0, endSeconds: 1, text: '你终于回来了' },
      { startSeconds: 1, endSeconds: 2, text: '我等了你整整三年' },
      { startSeconds: 5, endSeconds: 6, text: '你终于回来了' },
    ];
    expect(mergeSubtitleReadings(lines)).toEqual(lines);
    expect(textSimilarity('你终于回来了', '你终于回来')).toBeCloseTo(5 / 6);
  });

  const track = (y: number, language: string | undefined, chosen = true): SubtitleTrack => ({ box: { x: 400, y, width: 480, height: 40 }, lineHeight: 36, lineCount: 3, framesWithText: 8, alignment: 'centre', chosen, ...(language ? { language } : {}) });
  // As the finder reads Chinese over English: two tracks, each line with its track, readings repeated.
  const candidates = [track(580, 'zh'), track(640, 'en'), track(80, 'zh', false)];
  const lines = [
    { startSeconds: 0.4, endSeconds: 1.4, text: '你终于回来了', track: 0 },
    { startSeconds: 0.36, endSeconds: 0.9, text: 'You finally came back.', track: 1 },
    { startSeconds: 0.94, endSeconds: 1.42, text: 'You finally came back.', track: 1 },
    { startSeconds: 1.4, endSeconds: 3, text: '我等了你整整三年', track: 0 },
    { startSeconds: 1.42, endSeconds: 3.02, text: 'I waited for three years.', track: 1 },
  ];

  it('merges readings track by track and tells each track its language and place', () => {
    const tracks = readTracks(lines, candidates);
    expect(tracks).toEqual([
      { index: 0, language: 'zh', top: 580, lines: [{ startSeconds: 0.4, endSeconds: 1.4, text: '你终于回来了' }, { startSeconds: 1.4, endSeconds: 3, text: '我等了你整整三年' }] },
      { index: 1, language: 'en', top: 640, lines: [{ startSeconds: 0.36, endSeconds: 1.42, text: 'You finally came back.' }, { startSeconds: 1.42, endSeconds: 3.02, text: 'I waited for three years.' }] },
    ]);
    // Lines without a track (a reader that gives none): one track of all of them.
    expect(readTracks([{ startSeconds: 0, endSeconds: 1, text: 'Hello there' }], [])).toEqual([{ index: undefined, language: undefined, top: undefined, lines: [{ startSeconds: 0, endSeconds: 1, text: 'Hello there' }] }]);
  });

  it('takes the track in the run\'s language, or the dominant one when none is', () => {
    const tracks = readTracks(lines, candidates);
    expect(trackInLanguage(tracks, 'en')?.index).toBe(1);
    expect(trackInLanguage(tracks, 'zh-CN')?.index).toBe(0);
    expect(trackInLanguage(tracks, 'ja')?.index).toBe(0);
    expect(trackInLanguage([], 'en')).toBeUndefined();
  });

  it('refuses a picked track outside the picture', () => {
    expect(() => checkSubtitleTrack({ x: 0, y: 600, width: 1280, height: 60 }, { width: 1280, height: 720 })).not.toThrow();
    expect(() => checkSubtitleTrack(undefined, { width: 1280, height: 720 })).not.toThrow();
    const error = (() => {
      try {
        checkSubtitleTrack({ x: 0, y: 700, width: 1280, height: 60 }, { width: 1280, height: 720 });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: ErrorCode.SUBTITLE_TRACK_OUTSIDE_FRAME, params: { width: 1280, height: 720 } });
  });
});
