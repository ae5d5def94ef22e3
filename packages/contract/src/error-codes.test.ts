import { describe, expect, it } from 'vitest';
import { ErrorCode, errorCodeMessages, invalidReasonText, isKnownCode, messageFor, pickLocale, RAW_CODES } from './error-codes.ts';

describe('error-code catalogue', () => {
  it('has the same keys in English and Chinese, one per code', () => {
    const en = Object.keys(errorCodeMessages.en).sort();
    const zh = Object.keys(errorCodeMessages.zh).sort();
    expect(zh).toEqual(en);
    expect(en).toEqual(Object.values(ErrorCode).map((code) => `error-code-message.${code}`).sort());
  });

  it('has no empty or untranslated Chinese message', () => {
    for (const [key, text] of Object.entries(errorCodeMessages.zh)) {
      expect(text.trim(), key).not.toBe('');
      expect(/[\u4e00-\u9fff]/.test(text), `${key} should be Chinese: ${text}`).toBe(true);
    }
  });

  it('keeps placeholders the same in both languages', () => {
    for (const key of Object.keys(errorCodeMessages.en) as (keyof typeof errorCodeMessages.en)[]) {
      const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      expect(names(errorCodeMessages.zh[key]!), key).toEqual(names(errorCodeMessages.en[key]!));
    }
  });

  it('defines every raw code of spec §8', () => {
    expect([...RAW_CODES].sort((a, b) => a - b)).toEqual([0, 1000, 10078, 10091, 11048, 11049, 11053, 11058]);
    for (const code of RAW_CODES) expect(isKnownCode(code)).toBe(true);
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(messageFor('en', ErrorCode.INVALID_PARAMETER, { field: 'userId', reason: invalidReasonText('en', 'required') })).toBe(
      'Invalid value for “userId”: this field is required',
    );
    expect(messageFor('zh', ErrorCode.INVALID_PARAMETER, { field: 'userId', reason: invalidReasonText('zh', 'too_big') })).toBe('参数“userId”无效：过大或过长');
    expect(messageFor('en', ErrorCode.BODY_TOO_LARGE)).toBe('The request is too large (limit {limit}).');
    expect(messageFor('en', 424242)).toBeUndefined();
  });

  it('fills a placeholder given in each language with the message’s own language (a reason in words)', () => {
    const reason = { en: 'the cue ends before it starts', zh: '字幕的结束时间早于开始时间' };
    expect(messageFor('en', ErrorCode.SUBTITLE_FILE_INVALID, { reason })).toBe('The subtitle file could not be read: the cue ends before it starts. Upload an SRT, VTT or ASS file.');
    expect(messageFor('zh', ErrorCode.SUBTITLE_FILE_INVALID, { reason })).toBe('无法读取字幕文件：字幕的结束时间早于开始时间。请上传 SRT、VTT 或 ASS 文件。');
  });

  it('picks zh only for simplified Chinese', () => {
    expect(pickLocale('zh-CN,zh;q=0.9')).toBe('zh');
    expect(pickLocale('zh')).toBe('zh');
    expect(pickLocale('zh-TW')).toBe('en');
    expect(pickLocale('en-US')).toBe('en');
    expect(pickLocale(undefined)).toBe('en');
  });
});
