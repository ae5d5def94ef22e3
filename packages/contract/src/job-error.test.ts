import { describe, expect, it } from 'vitest';
import { ErrorCode, messageFor } from './error-codes.ts';
import { jobErrorView } from './job-error.ts';

describe('jobErrorView', () => {
  it('gives the catalogue message with its params in the reader’s language', () => {
    const stored = { code: ErrorCode.AVATAR_NO_FACE, message: 'error 7500 {"scene":2}', params: { scene: 2 } };
    expect(jobErrorView(stored, 'en')).toEqual({ code: 7500, params: { scene: 2 }, message: messageFor('en', 7500, { scene: 2 }) });
    expect(jobErrorView(stored, 'zh').message).toMatch(/^场景 2：/);
  });

  it('reads the params of an error stored before they were kept from DomainError’s message', () => {
    expect(jobErrorView({ code: ErrorCode.AVATAR_NO_FACE, message: 'error 7500 {"scene":3}' }, 'en')).toMatchObject({ params: { scene: 3 }, message: expect.stringMatching(/^Scene 3: /) as unknown });
    expect(jobErrorView({ code: ErrorCode.ERASURE_NO_TEXT_FOUND, message: 'error 7100' }, 'en')).toEqual({ code: 7100, params: {}, message: messageFor('en', 7100) });
  });

  it('a plain failure is JOB_FAILED with the worker’s words as the reason; words-valued params follow the language', () => {
    expect(jobErrorView({ code: ErrorCode.JOB_FAILED, message: 'ffmpeg exited with code 1' }, 'en')).toEqual({ code: 2002, params: { reason: 'ffmpeg exited with code 1' }, message: 'The job failed: ffmpeg exited with code 1' });
    const localized = { code: ErrorCode.JOB_FAILED, message: 'abandoned', params: { reason: { en: 'no worker finished it', zh: '没有工作进程完成它' } } };
    expect(jobErrorView(localized, 'zh')).toEqual({ code: 2002, params: { reason: '没有工作进程完成它' }, message: '任务失败：没有工作进程完成它' });
  });

  it('an unknown code still says the job failed, with the stored words', () => {
    expect(jobErrorView({ code: 99_999, message: 'something odd' }, 'en').message).toBe('The job failed: something odd');
  });
});
