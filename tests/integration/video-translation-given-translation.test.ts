import { readFile } from 'node:fs/promises';
import { ErrorCode, type JobView } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../support/accounts.ts';
import { makeDubbingClip, type DubbingClip } from '../support/dubbing-media.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabases } from '../support/test-database.ts';
import { toolClient, type ToolClient } from '../support/tool-client.ts';

/** Jobs run in this process: the test app is also a worker. */
const WORKER_ENV = { ROLE: 'api,worker', JOB_POLL_INTERVAL_SECONDS: '0.5' };

/**
 * Issue 31, point 2: a pair nothing here translates (Chinese → English: Apertium has no Chinese,
 * and no remote engine is configured) still gets a dub when the producer already has the
 * translation as a subtitle file. The refusal without it names languages (no ISO codes, no
 * "administrator") and the ways through; with it, a real job runs end to end on the local
 * engines, through the web call and through REST v1, and speaks the file's lines as written.
 */
describe.each(testDatabases().slice(-1))('video translation with a subtitle file as the translation on %s', (_name, open) => {
  let testApp: TestApp;
  let base: string;
  let cleanup: () => Promise<void>;
  let client: ToolClient;
  let clip: DubbingClip;
  let srt: string;

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    testApp = await startTestApp({ name: 'vt-given', env: WORKER_ENV, database: opened.handle });
    base = testApp.base;
    client = toolClient(base, await createVerifiedUser(base, testApp.dataDir, `vt-given-${Date.now()}@example.com`));
    clip = await makeDubbingClip({ name: 'vt-en-12s', seconds: 12 });
    srt = await readFile(clip.srt, 'utf8');
  }, 120_000);
  afterAll(async () => {
    await testApp?.stop();
    await cleanup?.();
  });

  it('no engine translates Chinese into English here: the refusal names the languages and the ways through, in both languages', async () => {
    const options = await client.data<{ translators: Array<{ pairs: Array<{ source: string; target: string }> }> }>('/api/video-translation/options', {});
    expect(options.translators.some((offer) => offer.pairs.some((pair) => (pair.source === 'zh' || pair.source === '*') && (pair.target === 'en' || pair.target === '*')))).toBe(false);
    const uploadId = await client.upload('shop.mp4', clip.file);
    const body = { uploadId, sourceLanguage: 'zh', targetLanguages: ['en'], textSource: 'subtitle-file', subtitleFile: { name: 'shop.en.srt', text: srt } };
    const en = await client.call('/api/video-translation/create', body, 'en');
    expect(en.code).toBe(ErrorCode.TRANSLATION_PAIR_UNAVAILABLE);
    expect(en.message).toContain('No engine here translates Chinese into English');
    expect(en.message).toContain('subtitle file already in English as the translation');
    expect(en.message).toContain('Set up an engine');
    expect(en.message).not.toMatch(/administrator|\b(sh|zh|en) →/);
    const zh = await client.call('/api/video-translation/create', body, 'zh');
    expect(zh.message).toContain('此处没有可将中文翻译为英语的引擎');
    expect(zh.message).toContain('配置引擎');
    expect(zh.message).not.toMatch(/管理员|→/);
    // A translation file is one language: two targets are refused with a bilingual reason.
    const two = await client.call('/api/video-translation/create', { ...body, targetLanguages: ['en', 'es'], subtitleFileLanguage: 'translation' }, 'zh');
    expect(two.code).toBe(ErrorCode.INVALID_PARAMETER);
    expect(two.message).toContain('请只选择该语言');
  });

  it('dubs Chinese → English with the English subtitle file as the translation: no translation engine, the lines spoken as written', async () => {
    const uploadId = await client.upload('shop.mp4', clip.file);
    const created = await client.data<{ jobId: string; cost: number }>('/api/video-translation/create', {
      uploadId,
      sourceLanguage: 'zh',
      targetLanguages: ['en'],
      textSource: 'subtitle-file',
      subtitleFile: { name: 'shop.en.srt', text: srt },
      subtitleFileLanguage: 'translation',
    });
    const job = await client.until(created.jobId);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const output = job.output as { textSource: string; targets: Array<{ language: string; translatorId: string; lines: Array<{ translation: string; dubStartSeconds: number | null }> }> };
    expect(output.textSource).toBe('given-translation');
    expect(output.targets).toHaveLength(1);
    expect(output.targets[0]).toMatchObject({ language: 'en', translatorId: 'subtitle-file:given-translation' });
    expect(output.targets[0]!.lines.map((line) => line.translation)).toEqual(clip.lines.map((line) => line.text));
    expect(output.targets[0]!.lines.every((line) => line.dubStartSeconds !== null)).toBe(true);
    expect(job.media.some((media) => media.name.endsWith('.mp4'))).toBe(true);
    expect(job.cost.settled).toBe(created.cost);
  }, 300_000);

  it('REST v1 takes the same request (an API key with the video-translation scope)', async () => {
    const key = await client.data<{ secret: string }>('/api/apiKeys/create', { name: 'Dub robot', scopes: ['video-translation'] });
    const uploadId = await client.upload('shop.mp4', clip.file);
    const response = await fetch(`${base}/api/v1/tools/video-translation/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ uploadId, sourceLanguage: 'zh', targetLanguages: ['en'], textSource: 'subtitle-file', subtitleFile: { name: 'shop.en.srt', text: srt }, subtitleFileLanguage: 'translation' }),
    });
    const envelope = (await response.json()) as { code: number; data: { job: JobView } };
    expect(envelope.code, JSON.stringify(envelope).slice(0, 300)).toBe(0);
    const job = await client.until(envelope.data.job.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect((job.output as { targets: Array<{ translatorId: string }> }).targets[0]!.translatorId).toBe('subtitle-file:given-translation');
  }, 300_000);
});
