import { describe, expect, it } from 'vitest';
import { mergeSubtitleReadings, textSimilarity } from './subtitle-readings.ts';

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
});
