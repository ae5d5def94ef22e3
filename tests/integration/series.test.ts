import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ErrorCode, type JobView, type SeriesEpisodeView, type SeriesView } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../support/accounts.ts';
import { createMediaUrlSigner } from '../../apps/server/src/storage/media-url-signer.ts';
import { makeDubbingClip, type DubbingClip } from '../support/dubbing-media.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabases } from '../support/test-database.ts';
import { toolClient, type ToolClient } from '../support/tool-client.ts';

const run = promisify(execFile);
/** The app's AUTH_SECRET, set here so that the test can sign a season link that has already expired. */
const AUTH_SECRET = 'series-test-auth-secret-0123456789abcdef';
/** Each entry of a zip: its name, CRC-32 and size. */
const zipEntries = async (file: string) =>
  JSON.parse((await run('python3', ['-c', 'import json, sys, zipfile; print(json.dumps([[i.filename, i.CRC, i.file_size] for i in zipfile.ZipFile(sys.argv[1]).infolist()]))', file])).stdout) as Array<[string, number, number]>;

/**
 * Series (issue 28): the signed calls (create, read, update the glossary and characters, errors in
 * en + zh, another user seeing nothing) and REST v1 end to end with the real local engines: two
 * uploads added as episodes of an English → Spanish series run as video translations with the
 * series' glossary, the season board shows status, cost and the glossary check, and the season
 * downloads as a zip of the finished episodes' videos and subtitles — by API key, and by the
 * workbench's short-lived signed link (the same entries; a tampered or expired link refused).
 */
describe.each(testDatabases().slice(-1))('series on %s', (_name, open) => {
  let testApp: TestApp;
  let cleanup: () => Promise<void>;
  let alice: ToolClient;
  let bob: ToolClient;
  let clip: DubbingClip;
  let dir: string;

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    testApp = await startTestApp({ name: 'series', env: { ROLE: 'api,worker', JOB_POLL_INTERVAL_SECONDS: '0.5', AUTH_SECRET }, database: opened.handle });
    alice = toolClient(testApp.base, await createVerifiedUser(testApp.base, testApp.dataDir, `series-a-${Date.now()}@example.com`));
    bob = toolClient(testApp.base, await createVerifiedUser(testApp.base, testApp.dataDir, `series-b-${Date.now()}@example.com`));
    clip = await makeDubbingClip({
      name: 'series-en-6s',
      seconds: 6,
      lines: [
        { startSeconds: 0.5, text: 'Lin Feng opens the little shop.' },
        { startSeconds: 3.3, text: 'The phone is ready.' },
      ],
    });
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-series-'));
  }, 180_000);
  afterAll(async () => {
    await testApp?.stop();
    await cleanup?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('creates, reads and updates a series; refuses a taken name, a series of another user and episodes without a target language, in English and Chinese', async () => {
    const created = await alice.data<SeriesView>('/api/series/create', {
      name: 'The Jade Heir',
      sourceLanguage: 'en',
      glossary: [{ source: 'Jade Palace', target: 'Palacio de Jade', language: 'es' }],
      characters: [{ id: 'lin', name: 'Lin Feng', gender: 'male', voices: { es: 'espeak:espeak-ng/es' } }],
    });
    expect(created).toMatchObject({
      name: 'The Jade Heir',
      sourceLanguage: 'en',
      targetLanguages: [],
      glossary: [{ source: 'Jade Palace', target: 'Palacio de Jade', language: 'es' }],
      characters: [{ id: 'lin', name: 'Lin Feng', gender: 'male', voices: { es: 'espeak:espeak-ng/es' } }],
      subtitleStyles: {},
      episodeCount: 0,
    });

    const taken = await alice.call('/api/series/create', { name: 'The Jade Heir' });
    expect(taken).toMatchObject({ code: ErrorCode.SERIES_NAME_TAKEN, message: 'You already have a series named “The Jade Heir”. Choose another name.' });
    expect(await alice.call('/api/series/create', { name: 'The Jade Heir' }, 'zh-CN')).toMatchObject({ code: ErrorCode.SERIES_NAME_TAKEN, message: '你已有名为“The Jade Heir”的剧集，请换一个名称。' });

    const noLanguage = await alice.call('/api/series/episodes/add', { seriesId: created.id, episodes: [{ uploadId: created.id }] }, 'zh-CN');
    expect(noLanguage).toMatchObject({ code: ErrorCode.SERIES_NO_TARGET_LANGUAGES, message: '该剧集还没有目标语言。添加分集前请至少选择一种。' });

    const updated = await alice.data<SeriesView>('/api/series/update', {
      seriesId: created.id,
      targetLanguages: ['ES'],
      glossary: [
        { source: 'Jade Palace', target: 'Palacio de Jade', language: 'es' },
        { source: 'Lin Feng', target: 'Lin Feng' },
      ],
      characters: [
        { id: 'lin', name: 'Lin Feng', gender: 'male', voices: { es: 'espeak:espeak-ng/es' } },
        { id: 'mei', name: 'Mei', gender: 'female' },
      ],
      subtitleStyles: { es: { fontSize: 28, color: '#ffffff' } },
    });
    expect(updated).toMatchObject({
      targetLanguages: ['es'],
      glossary: [
        { source: 'Jade Palace', target: 'Palacio de Jade', language: 'es' },
        { source: 'Lin Feng', target: 'Lin Feng', language: null },
      ],
      characters: [
        { id: 'lin', gender: 'male' },
        { id: 'mei', name: 'Mei', gender: 'female', voices: {} },
      ],
      subtitleStyles: { es: { fontSize: 28, color: '#ffffff' } },
    });
    expect(await alice.data<SeriesView>('/api/series/get', { seriesId: created.id })).toEqual(updated);
    expect((await alice.data<{ list: SeriesView[] }>('/api/series/list', {})).list.map((series) => series.id)).toEqual([created.id]);

    // Another user sees nothing of it.
    for (const [pathName, body] of [
      ['/api/series/get', { seriesId: created.id }],
      ['/api/series/update', { seriesId: created.id, name: 'Mine now' }],
      ['/api/series/episodes/list', { seriesId: created.id }],
    ] as const) {
      expect(await bob.call(pathName, body)).toMatchObject({ code: ErrorCode.SERIES_NOT_FOUND, message: 'This series does not exist or was deleted.' });
    }
    expect((await bob.data<{ list: SeriesView[] }>('/api/series/list', {})).list).toEqual([]);
    expect(await bob.data('/api/series/delete', { seriesId: created.id })).toEqual({ deleted: false });
    expect(await alice.data('/api/series/delete', { seriesId: created.id })).toEqual({ deleted: true });
    expect(await alice.call('/api/series/get', { seriesId: created.id })).toMatchObject({ code: ErrorCode.SERIES_NOT_FOUND });
  });

  it('REST v1: a season of two episodes runs as video translations with the glossary, the board shows status, cost and the glossary check, and the season downloads as a zip', async () => {
    const { secret } = await alice.data<{ secret: string }>('/api/apiKeys/create', { name: 'Season robot', scopes: ['video-translation'] });
    const rest = async (method: 'GET' | 'POST' | 'PATCH', pathName: string, body?: unknown) => {
      const response = await fetch(`${testApp.base}${pathName}`, {
        method,
        headers: { authorization: `Bearer ${secret}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as { code: number; message: string; data: never } };
    };

    const created = await rest('POST', '/api/v1/series', { name: 'Little Shop', sourceLanguage: 'en', targetLanguages: ['es'], glossary: [{ source: 'Lin Feng', target: 'Lin Feng' }] });
    expect(created.status).toBe(201);
    const seriesId = (created.body.data as SeriesView).id;
    const patched = await rest('PATCH', `/api/v1/series/${seriesId}`, { characters: [{ id: 'lin', name: 'Lin Feng', gender: 'male' }] });
    expect(patched.status).toBe(200);
    expect((patched.body.data as SeriesView).characters).toEqual([{ id: 'lin', name: 'Lin Feng', gender: 'male', voices: {} }]);
    expect((await rest('GET', `/api/v1/series/${seriesId}`)).body.data).toEqual(patched.body.data);

    const uploads = [await alice.upload('Pilot.mp4', clip.file), await alice.upload('Second day.mp4', clip.file)];
    const before = await alice.points();
    const added = await rest('POST', `/api/v1/series/${seriesId}/episodes`, { episodes: uploads.map((uploadId) => ({ uploadId })), textSource: 'subtitles' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const { episodes, cost } = added.body.data as { episodes: SeriesEpisodeView[]; cost: number };
    expect(episodes.map((episode) => [episode.number, episode.title, episode.jobs.map((job) => job.language)])).toEqual([
      [1, 'Pilot', ['es']],
      [2, 'Second day', ['es']],
    ]);
    // A started minute of one language each, frozen at once.
    expect(cost).toBe(60);
    expect((await alice.points()).freezePoint - before.freezePoint).toBe(60);

    // Nothing has finished yet: nothing to download.
    const early = await fetch(`${testApp.base}/api/v1/series/${seriesId}/download`, { headers: { authorization: `Bearer ${secret}`, 'accept-language': 'zh-CN' } });
    expect(early.status).toBe(422);
    expect(await early.json()).toMatchObject({ code: ErrorCode.SERIES_NOTHING_TO_DOWNLOAD, message: '该剧集还没有完成的分集，暂无可下载的内容。' });
    // The workbench asks for the zip's link first: not given while nothing has finished, nor for another user's series.
    expect(await alice.call('/api/series/download-link', { seriesId }, 'zh-CN')).toMatchObject({ code: ErrorCode.SERIES_NOTHING_TO_DOWNLOAD, message: '该剧集还没有完成的分集，暂无可下载的内容。' });
    expect(await alice.call('/api/series/download-link', { seriesId })).toMatchObject({ code: ErrorCode.SERIES_NOTHING_TO_DOWNLOAD, message: 'No episode of this series has finished yet, so there is nothing to download.' });
    expect(await bob.call('/api/series/download-link', { seriesId })).toMatchObject({ code: ErrorCode.SERIES_NOT_FOUND, message: 'This series does not exist or was deleted.' });

    // Each episode's run got the series' glossary and character count.
    const jobs: JobView[] = [];
    for (const episode of episodes) jobs.push(await alice.until(episode.jobs[0]!.jobId, 400_000));
    for (const job of jobs) {
      expect(job.status, JSON.stringify(job.error)).toBe('completed');
      // Each language's glossary goes with the run (decision 076: one run for every language of the series).
      expect(job.input).toMatchObject({ mode: 'quick', glossaries: { es: [{ source: 'Lin Feng', target: 'Lin Feng' }] }, speakerCount: 1, burnSubtitles: true });
    }

    const board = await rest('GET', `/api/v1/series/${seriesId}/episodes`);
    const listed = (board.body.data as { episodes: SeriesEpisodeView[] }).episodes;
    expect(listed).toHaveLength(2);
    for (const [index, episode] of listed.entries()) {
      expect(episode).toMatchObject({ number: index + 1, status: 'completed', progress: 100, cost: { estimated: 30, settled: jobs[index]!.cost.settled }, glossaryChecked: ['es'] });
      // The local translator keeps glossary terms in place: the line with "Lin Feng" has it.
      const lines = (jobs[index]!.output as { targets: Array<{ lines: Array<{ source: string; translation: string }> }> }).targets[0]!.lines;
      const named = lines.filter((line) => /lin feng/i.test(line.source));
      expect(named.length, JSON.stringify(lines)).toBeGreaterThan(0);
      for (const line of named) expect(line.translation).toContain('Lin Feng');
      expect(episode.glossaryMisses).toEqual([]);
    }
    // The signed call shows the same board.
    expect((await alice.data<{ episodes: SeriesEpisodeView[] }>('/api/series/episodes/list', { seriesId })).episodes).toEqual(listed);

    const download = await fetch(`${testApp.base}/api/v1/series/${seriesId}/download`, { headers: { authorization: `Bearer ${secret}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Little%20Shop.zip");
    const zip = path.join(dir, 'season.zip');
    await writeFile(zip, Buffer.from(await download.arrayBuffer()));
    expect((await run('unzip', ['-t', zip])).stdout).toContain('No errors detected');
    const names = JSON.parse((await run('python3', ['-c', 'import json, sys, zipfile; print(json.dumps(zipfile.ZipFile(sys.argv[1]).namelist()))', zip])).stdout) as string[];
    for (const folder of ['E01 Pilot', 'E02 Second day']) {
      expect(names).toEqual(expect.arrayContaining([`${folder}/es-video.mp4`, `${folder}/es-subtitles.srt`, `${folder}/es-subtitles.vtt`, `${folder}/source.srt`]));
    }
    expect(names.some((name) => name.endsWith('.mp3'))).toBe(false);
    const srt = (await run('unzip', ['-p', zip, 'E01 Pilot/es-subtitles.srt'])).stdout;
    expect(srt).toContain('Lin Feng');

    // The workbench's way: a signed, short-lived link to the same zip, followed with no key and no cookie.
    const link = await alice.data<{ url: string; expiresAt: string }>('/api/series/download-link', { seriesId });
    const url = new URL(link.url, testApp.base);
    expect(url.pathname).toMatch(new RegExp(`^/api/series/zip/[^/]+/${seriesId}$`));
    const expiresIn = Date.parse(link.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(375_000);
    const linked = await fetch(url);
    expect(linked.status).toBe(200);
    expect(linked.headers.get('content-type')).toBe('application/zip');
    expect(linked.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Little%20Shop.zip");
    const linkedZip = path.join(dir, 'season-linked.zip');
    await writeFile(linkedZip, Buffer.from(await linked.arrayBuffer()));
    expect((await run('unzip', ['-t', linkedZip])).stdout).toContain('No errors detected');
    const entries = await zipEntries(zip);
    expect(entries.length).toBeGreaterThanOrEqual(8);
    expect(await zipEntries(linkedZip)).toEqual(entries);

    // A link changed in any part, or one past its expiry (correctly signed), is the media links' 403, in the caller's language.
    const refusedMessage = { en: 'This media link is invalid or has expired.', zh: '媒体链接无效或已过期。' };
    const [ownerId] = url.pathname.split('/').slice(-2);
    const signer = createMediaUrlSigner({ secret: AUTH_SECRET, now: () => Date.now() - 2 * 3600_000 });
    const old = signer.signQuery(`series-zip/${ownerId}/${seriesId}`, 300);
    // (The test signs with the app's secret: the same signer, now, gives a link that works.)
    const current = createMediaUrlSigner({ secret: AUTH_SECRET }).signQuery(`series-zip/${ownerId}/${seriesId}`, 300);
    const works = await fetch(new URL(`${url.pathname}?expires=${current.expires}&sig=${current.sig}`, testApp.base));
    expect(works.status).toBe(200);
    expect((await works.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const tampered = [
      new URL(`${url.pathname}?expires=${url.searchParams.get('expires')}&sig=${url.searchParams.get('sig')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`, testApp.base),
      new URL(`${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 60}&sig=${url.searchParams.get('sig')}`, testApp.base),
      new URL(`${url.pathname.replace(seriesId, episodes[0]!.id)}${url.search}`, testApp.base),
      new URL(url.pathname, testApp.base),
      new URL(`${url.pathname}?expires=${old.expires}&sig=${old.sig}`, testApp.base),
    ];
    for (const [index, bad] of tampered.entries()) {
      const refused = await fetch(bad, index % 2 ? { headers: { 'accept-language': 'zh-CN' } } : {});
      expect(refused.status, bad.href).toBe(403);
      const body = (await refused.json()) as { code: number; message: string };
      expect(body.code).toBe(ErrorCode.MEDIA_LINK_INVALID);
      expect(body.message).toBe(index % 2 ? refusedMessage.zh : refusedMessage.en);
    }
  }, 900_000);
});
