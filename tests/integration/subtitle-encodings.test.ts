import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@voxwork/contract';
import { createJobRepository } from '@voxwork/db';
import { runFfmpeg } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIG5_SRT, FRENCH_SRT, GB18030_SRT, SIMPLIFIED_CHINESE_SRT, TRADITIONAL_CHINESE_SRT, utf16WithBom, utf32WithBom, WINDOWS_1252_SRT } from '../../packages/contract/src/subtitles/testing/encoded-subtitles.ts';
import { createVerifiedUser } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabases } from '../support/test-database.ts';
import { toolClient, type ToolClient } from '../support/tool-client.ts';

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
/** The cue texts of an SRT (the third line of each block). */
const cueTexts = (srt: string) => srt.trim().split('\n\n').map((block) => block.split('\n')[2]);

/**
 * Subtitle files through the API as a script sends them, as bytes in their own encoding (issue 30,
 * point 5): a GB18030 and a UTF-16 SRT are read into the right text and the answer names the
 * encoding; a zero-length cue is skipped with a warning. And a dubbing project whose pair nothing
 * here translates is made with a notice saying its translations are typed by hand (point 6).
 */
describe.each(testDatabases().slice(-1))('subtitle encodings and dubbing notices on %s', (_name, open) => {
  let testApp: TestApp;
  let cleanup: () => Promise<void>;
  let jobs: ReturnType<typeof createJobRepository>;
  let client: ToolClient;
  let dir: string;
  let uploadId: string;

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    jobs = createJobRepository(opened.handle.db);
    testApp = await startTestApp({ name: 'subtitle-encodings', database: opened.handle });
    const user = await createVerifiedUser(testApp.base, testApp.dataDir, `encodings-${Date.now()}@example.com`);
    client = toolClient(testApp.base, user);
    dir = await mkdtemp(path.join(tmpdir(), 'subtitle-encodings-'));
    const video = path.join(dir, 'clip.mp4');
    await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10:duration=10', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=10', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', video]);
    uploadId = await client.upload('clip.mp4', video);
  }, 120_000);
  afterAll(async () => {
    await testApp?.stop();
    await cleanup?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** The lines a burn-in job was given; the job is then cancelled (nothing runs it here, and it would hold one of the plan's slots). */
  async function burnInLines(jobId: string): Promise<string[]> {
    const row = await jobs.findById(jobId);
    await client.data('/api/jobs/cancel', { jobId });
    return (row!.input as { lines: Array<{ text: string }> }).lines.map((line) => line.text);
  }

  it.each([
    ['GB18030', GB18030_SRT],
    ['UTF-16LE', utf16WithBom(SIMPLIFIED_CHINESE_SRT, true)],
    ['UTF-16BE', utf16WithBom(SIMPLIFIED_CHINESE_SRT, false)],
    ['UTF-32LE', utf32WithBom(SIMPLIFIED_CHINESE_SRT, true)],
    ['UTF-32BE', utf32WithBom(SIMPLIFIED_CHINESE_SRT, false)],
  ])('burn-in reads a %s SRT sent as bytes into the right text and names the encoding', async (encoding, bytes) => {
    const created = await client.data<{ jobId: string; lines: number; subtitleFile: { encoding: string; warnings: unknown[] } }>('/api/subtitle-burn-in/create', {
      uploadId,
      subtitleFile: { name: 'episode.srt', base64: base64(bytes) },
    });
    expect(created).toMatchObject({ lines: 3, subtitleFile: { encoding, warnings: [] } });
    expect(await burnInLines(created.jobId)).toEqual(cueTexts(SIMPLIFIED_CHINESE_SRT));
  });

  it('burn-in reads a windows-1252 SRT (no mark, not UTF-8) with its accents', async () => {
    const created = await client.data<{ jobId: string; lines: number; subtitleFile: { encoding: string; warnings: unknown[] } }>('/api/subtitle-burn-in/create', {
      uploadId,
      subtitleFile: { name: 'western.srt', base64: base64(WINDOWS_1252_SRT) },
    });
    expect(created).toMatchObject({ lines: 2, subtitleFile: { encoding: 'windows-1252', warnings: [] } });
    expect(await burnInLines(created.jobId)).toEqual(cueTexts(FRENCH_SRT));
  });

  it('skips a zero-length cue with a warning in both languages instead of refusing the file', async () => {
    const srt = `${SIMPLIFIED_CHINESE_SRT}\n4\n00:00:09,000 --> 00:00:09,000\n零长度\n`;
    const created = await client.data<{ jobId: string; lines: number; subtitleFile: { encoding: string; warnings: unknown[] } }>('/api/subtitle-burn-in/create', {
      uploadId,
      subtitleFile: { name: 'episode.srt', base64: base64(utf16WithBom(srt, true)) },
    });
    expect(await burnInLines(created.jobId)).toEqual(cueTexts(SIMPLIFIED_CHINESE_SRT));
    expect(created.subtitleFile).toEqual({
      encoding: 'UTF-16LE',
      warnings: [{ en: 'line 14: a cue of zero length (00:00:09,000 --> 00:00:09,000) was skipped', zh: '第 14 行：时长为零的字幕（00:00:09,000 --> 00:00:09,000）已跳过' }],
    });
  });

  it('refuses base64 that is not base64', async () => {
    const envelope = await client.call('/api/subtitle-burn-in/create', { uploadId, subtitleFile: { name: 'a.srt', base64: 'not base64!' } });
    expect(envelope.code).toBe(ErrorCode.INVALID_PARAMETER);
  });

  it('a dubbing project from a Big5 SRT sent as bytes has the file’s text', async () => {
    const created = await client.data<{ prepareJobId: string; subtitleFile?: { encoding: string; warnings: unknown[] } }>('/api/dubbing/projects/create', {
      edition: 'studio',
      from: { kind: 'upload', uploadId, sourceLanguage: 'en', textSource: 'subtitle-file', subtitleFile: { name: 'episode.srt', base64: base64(BIG5_SRT) } },
      targetLanguages: ['es'],
    });
    expect(created.subtitleFile).toEqual({ encoding: 'Big5', warnings: [] });
    const prepare = await jobs.findById(created.prepareJobId);
    const sources = (prepare!.input as { from: { textSources: Array<{ lines: Array<{ text: string }> }> } }).from.textSources;
    expect(sources[0]!.lines.map((line) => line.text)).toEqual(cueTexts(TRADITIONAL_CHINESE_SRT));
    await client.data('/api/jobs/cancel', { jobId: created.prepareJobId });
  });

  it('a dubbing project whose pair nothing here translates is made with a notice naming the languages; a pair Apertium translates gets none', async () => {
    const untranslatable = await client.data<{ projectId: string; prepareJobId: string; notices: Array<{ en: string; zh: string }> }>('/api/dubbing/projects/create', {
      edition: 'studio',
      from: { kind: 'upload', uploadId, sourceLanguage: 'zh', textSource: 'none' },
      targetLanguages: ['en'],
    });
    expect(untranslatable.projectId).toBeTruthy();
    expect(untranslatable.notices).toEqual([
      {
        en: 'No engine here translates Chinese into English: the project is made, and you type its English translations in the studio. If you run this Voxwork, set up a translation engine (Help center: “Set up an engine”).',
        zh: '此处没有可将中文翻译为英语的引擎：项目照常创建，英语译文请在编辑器中输入。如果这个 Voxwork 由你部署，可以配置翻译引擎（帮助中心：“配置引擎”）。',
      },
    ]);
    await client.data('/api/jobs/cancel', { jobId: untranslatable.prepareJobId });

    // en → es: Apertium translates it offline (the same offers the video translator checks).
    const options = await client.data<{ translators: Array<{ pairs: Array<{ source: string; target: string }> }> }>('/api/dubbing/options', {});
    expect(options.translators.some((offer) => offer.pairs.some((pair) => pair.source === 'en' && pair.target === 'es'))).toBe(true);
    const translatable = await client.data<{ notices: unknown[] }>('/api/dubbing/projects/create', {
      edition: 'studio',
      from: { kind: 'upload', uploadId, sourceLanguage: 'en', textSource: 'none' },
      targetLanguages: ['es'],
    });
    expect(translatable.notices).toEqual([]);
  });
});
