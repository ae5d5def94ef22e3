import { ErrorCode } from '@voxwork/contract';
import { describe, expect, it } from 'vitest';
import { type DomainError } from '../domain-error.ts';
import { checkRegions, masksOf, regionsFromTexts } from './erasure-regions.ts';

const video = { width: 1280, height: 720, durationSeconds: 20 };

describe('regionsFromTexts', () => {
  it('pads each subtitle line in place and time, inside the picture and the video', () => {
    const regions = regionsFromTexts(
      [
        { box: { x: 400, y: 600, width: 480, height: 40 }, startSeconds: 1, endSeconds: 3, text: '你好' },
        { box: { x: 0, y: 690, width: 200, height: 30 }, startSeconds: 19.95, endSeconds: 20, text: 'edge' },
        { box: { x: 10, y: 10, width: 10, height: 10 }, startSeconds: 2, endSeconds: 2, text: 'instant' },
      ],
      'subtitles',
      video,
    );
    expect(regions).toEqual([
      { x: 390, y: 590, width: 500, height: 60, startSeconds: 0.88, endSeconds: 3.12, kind: 'text', text: '你好' },
      { x: 0, y: 681, width: 209, height: 39, startSeconds: 19.83, endSeconds: 20, kind: 'text', text: 'edge' },
    ]);
  });

  it('all-text: readings of one place close in time are one region', () => {
    const regions = regionsFromTexts(
      [
        { box: { x: 100, y: 100, width: 100, height: 20 }, startSeconds: 0, endSeconds: 2, text: 'LOGO' },
        { box: { x: 102, y: 101, width: 100, height: 20 }, startSeconds: 2.4, endSeconds: 5, text: 'L0GO' },
        { box: { x: 600, y: 100, width: 100, height: 20 }, startSeconds: 1, endSeconds: 2, text: 'other' },
        // A different text at the same place: a region of its own (its pixels are still over its own span).
        { box: { x: 100, y: 100, width: 100, height: 20 }, startSeconds: 5.2, endSeconds: 6, text: 'NEWS' },
      ],
      'all-text',
      video,
    );
    expect(regions).toHaveLength(3);
    expect(regions[0]).toMatchObject({ startSeconds: 0, endSeconds: 5.6, text: 'LOGO / L0GO' });
  });
});

describe('checkRegions', () => {
  const codeOf = (run: () => void) => {
    try {
      run();
    } catch (error) {
      return (error as DomainError).code;
    }
    return undefined;
  };
  it('refuses regions outside the picture or the video, and an empty list', () => {
    expect(codeOf(() => checkRegions([], video))).toBe(ErrorCode.ERASURE_NO_REGIONS);
    expect(codeOf(() => checkRegions([{ x: 1200, y: 0, width: 100, height: 10, kind: 'area' }], video))).toBe(ErrorCode.ERASURE_REGION_OUTSIDE_FRAME);
    expect(codeOf(() => checkRegions([{ x: 0, y: 0, width: 100, height: 10, startSeconds: 19, endSeconds: 21, kind: 'area' }], video))).toBe(ErrorCode.ERASURE_TIME_OUTSIDE_VIDEO);
    expect(codeOf(() => checkRegions([{ x: 0, y: 0, width: 100, height: 10, startSeconds: 5, endSeconds: 4, kind: 'area' }], video))).toBe(ErrorCode.ERASURE_TIME_OUTSIDE_VIDEO);
    expect(codeOf(() => checkRegions([{ x: 1180, y: 620, width: 100.5, height: 100, kind: 'area' }], video))).toBeUndefined();
  });
});

describe('masksOf', () => {
  it('a region without times covers the whole video; a preview shifts and clips the times', () => {
    expect(masksOf([{ x: 1, y: 2, width: 3, height: 4, kind: 'area' }], 20)).toEqual([{ box: { x: 1, y: 2, width: 3, height: 4 }, startSeconds: 0, endSeconds: 20, kind: 'area' }]);
    expect(masksOf([{ x: 1, y: 2, width: 3, height: 4, startSeconds: 12, endSeconds: 30, kind: 'text' }, { x: 0, y: 0, width: 5, height: 5, startSeconds: 1, endSeconds: 2, kind: 'area' }], 10, 5)).toEqual([
      { box: { x: 1, y: 2, width: 3, height: 4 }, startSeconds: 7, endSeconds: 10, kind: 'text' },
    ]);
  });
});
