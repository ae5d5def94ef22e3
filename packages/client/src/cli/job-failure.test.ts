import { describe, expect, it } from 'vitest';
import { CLI_MESSAGES } from './cli-messages.ts';
import { jobFailureText } from './job-failure.ts';

describe('jobFailureText', () => {
  it('prints the server’s message and the catalogue code, in the command’s language', () => {
    const error = { code: 7500, params: { scene: 1 }, message: 'Scene 1: we found no face in this photo.' };
    expect(CLI_MESSAGES.en.failed(jobFailureText({ error }, CLI_MESSAGES.en))).toBe('failed: Scene 1: we found no face in this photo. (code 7500)');
    expect(CLI_MESSAGES.zh.failed(jobFailureText({ error: { ...error, message: '场景 1：这张照片里没有找到人脸。' } }, CLI_MESSAGES.zh))).toBe('失败：场景 1：这张照片里没有找到人脸。（错误码 7500）');
  });

  it('says the error is unknown when the job has none', () => {
    expect(jobFailureText({ error: null }, CLI_MESSAGES.en)).toBe('unknown error');
  });
});
