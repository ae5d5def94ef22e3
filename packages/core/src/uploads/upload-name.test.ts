import { ErrorCode } from '@voxwork/contract';
import { describe, expect, it } from 'vitest';
import { sanitizeUploadName } from './upload-name.ts';
import { checkSize, classify, uploadLimits } from './upload-rules.ts';

const codeOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as { code?: number }).code;
  }
  return undefined;
};

describe('upload names', () => {
  it('keeps ordinary names in any language', () => {
    expect(sanitizeUploadName('My holiday.mp4')).toBe('My holiday.mp4');
    expect(sanitizeUploadName('  配音 成品 .wav ')).toBe('配音 成品 .wav');
  });

  it('refuses path parts and strips invisible characters', () => {
    for (const name of ['../../etc/passwd', '..\\boot.ini', 'a/b.mp4', '..', '.', '   ', '\u0000']) {
      expect(codeOf(() => sanitizeUploadName(name)), JSON.stringify(name)).toBe(ErrorCode.UPLOAD_NAME_INVALID);
    }
    expect(sanitizeUploadName('evil\u202Egpj.mp4')).toBe('evilgpj.mp4');
    // Line breaks and tabs are spaces, as in every name a person gives (cleanDisplayName).
    expect(sanitizeUploadName('a\tb\nc.mp3')).toBe('a b c.mp3');
    expect(sanitizeUploadName('\u202eabc\u200b.mp4\ufeff')).toBe('abc.mp4');
  });

  it('caps the length and keeps the extension', () => {
    const long = sanitizeUploadName(`${'视'.repeat(500)}.mp4`);
    expect([...long]).toHaveLength(200);
    expect(long.endsWith('.mp4')).toBe(true);
  });
});

describe('upload rules', () => {
  const limits = uploadLimits({ uploadSizeMb: 100, maxVideoMinutesPerJob: 2 });
  it('checks size and quota', () => {
    expect(limits).toEqual({ maxBytes: 100 * 1024 * 1024, maxDurationSeconds: 120, quotaBytes: 2000 * 1024 * 1024 });
    expect(codeOf(() => checkSize(0, limits, 0))).toBe(ErrorCode.UPLOAD_EMPTY);
    expect(codeOf(() => checkSize(limits.maxBytes + 1, limits, 0))).toBe(ErrorCode.UPLOAD_TOO_LARGE);
    expect(codeOf(() => checkSize(10, limits, limits.quotaBytes - 5))).toBe(ErrorCode.STORAGE_QUOTA_EXCEEDED);
    expect(codeOf(() => checkSize(limits.maxBytes, limits, 0))).toBeUndefined();
  });

  it('classifies by sniffed content type', () => {
    expect(classify({ mime: 'video/mp4', extension: 'mp4' })).toEqual({ kind: 'video', mime: 'video/mp4', extension: 'mp4' });
    expect(codeOf(() => classify(undefined))).toBe(ErrorCode.UPLOAD_NOT_MEDIA);
    expect(codeOf(() => classify({ mime: 'application/pdf', extension: 'pdf' }))).toBe(ErrorCode.UPLOAD_NOT_MEDIA);
    expect(codeOf(() => classify({ mime: 'video/x-flv', extension: 'flv' }))).toBe(ErrorCode.UPLOAD_UNSUPPORTED_TYPE);
  });
});
