import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ApiKeyView, JobView, SeriesEpisodeView, SeriesView } from '@voxwork/contract';
import { describe, expect, it } from 'vitest';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { cleanUpAfterEach } from '../support/cleanup.ts';
import { REPO_ROOT, startServer } from '../support/server-process.ts';
import { makeSubtitledEpisode } from '../support/subtitled-episode.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

const run = promisify(execFile);
const ROLE = 'api,worker';
const CLI = path.join(REPO_ROOT, 'packages/client/src/cli.ts');
const ENDED = ['completed', 'failed', 'cancelled'];

/** The CLI as a child process (never spawnSync: the test's webhook receiver answers from this process's event loop). */
async function voxwork(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

const { running, dirs } = cleanUpAfterEach();

/**
 * Issue 28's "a kill -9 in the middle of a season loses nothing" (decision 061), driven by the
 * `voxwork` CLI as a person would: a season of three short episodes (English subtitles burned in,
 * replaced by Spanish ones) added from a folder, the embedded server (PGlite in DATA_DIR) killed
 * -9 while they run and started again: every episode finishes once, each run is charged once,
 * and the owner's webhook receives one `series.episode.completed` per episode. Then the CLI's
 * board and the season zip.
 */
describe('embedded default: a season survives kill -9', () => {
  it('killed while episodes run, started again: every episode finishes once, charged once, one webhook each', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-crash-series-'));
    dirs.push(dataDir);
    const secret = 'crash-series-secret';
    const serverEnv = { ROLE, DATA_DIR: dataDir, API_SIGN_SECRET: secret, WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_POLL_SECONDS: '0.2', JOB_POLL_INTERVAL_SECONDS: '0.5' };
    const receiver = await startWebhookReceiver();
    try {
      const { file: video } = await makeSubtitledEpisode({ height: 480 });
      const folder = path.join(dataDir, 'season');
      await mkdir(folder);
      for (const name of ['E1 Arrival.mp4', 'E2 Market.mp4', 'E3 Storm.mp4']) await copyFile(video, path.join(folder, name));
      await writeFile(path.join(dataDir, 'glossary.csv'), 'source,target,language\nMarket,Mercado,es\n');

      const first = await startServer(serverEnv);
      running.push(first);
      const user = await createVerifiedUser(first.baseUrl, dataDir, `crash-series-${Date.now()}@example.com`);
      const call = async <T>(base: string, pathName: string, body: unknown): Promise<T> => {
        const envelope = await signedCall(base, secret, pathName, body, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
        expect(envelope, JSON.stringify(envelope).slice(0, 300)).toMatchObject({ code: 0 });
        return envelope.data as T;
      };
      const key = await call<{ key: ApiKeyView; secret: string }>(first.baseUrl, '/api/apiKeys/create', { name: 'season', scopes: ['video-translation'] });
      await call(first.baseUrl, '/api/webhooks/create', { url: receiver.url, events: ['series.episode.completed', 'series.episode.failed'] });
      const before = await call<{ availablePoint: number; freezePoint: number }>(first.baseUrl, '/bill/userAccount/getUserAccount', { userId: user.userId });
      const cliEnv = (base: string) => ({ VOXWORK_API_KEY: key.secret, VOXWORK_BASE_URL: base, VOXWORK_LANG: 'en' });

      const created = await voxwork(['series', 'create', 'Crash Season', '--source', 'en', '--target', 'es', '--glossary', path.join(dataDir, 'glossary.csv')], cliEnv(first.baseUrl));
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toMatch(/^created Crash Season \([0-9a-f-]{36}\): en → es$/m);
      const added = await voxwork(['series', 'add', 'Crash Season', folder, '--subtitles', 'replace', '--output', 'subtitles', '--text-source', 'subtitles'], cliEnv(first.baseUrl));
      expect(added.code, added.stderr + added.stdout).toBe(0);
      // The folder's videos in name order, each a run; the points frozen printed.
      expect(added.stdout.split('\n').filter((line) => /^E0\d /.test(line)).map((line) => line.split('  ')[1])).toEqual(['E1 Arrival', 'E2 Market', 'E3 Storm']);
      const frozen = Number(/^3 episodes added, (\d+) points frozen$/m.exec(added.stdout)?.[1]);
      expect(frozen).toBeGreaterThan(0);

      const seriesId = (await call<{ list: SeriesView[] }>(first.baseUrl, '/api/series/list', {})).list.find((series) => series.name === 'Crash Season')!.id;
      const board = (base: string) => call<{ episodes: SeriesEpisodeView[] }>(base, '/api/series/episodes/list', { seriesId });
      // Killed while an episode is running and before the last one has ended.
      for (let episodes: SeriesEpisodeView[]; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
        episodes = (await board(first.baseUrl)).episodes;
        const jobs = episodes.flatMap((episode) => episode.jobs);
        expect(jobs.filter((job) => ENDED.includes(job.status)).length, 'the whole season ended before the kill').toBeLessThan(3);
        if (jobs.some((job) => job.status === 'running' && job.progress > 5)) break;
      }
      await first.kill('SIGKILL');

      const second = await startServer(serverEnv);
      running.push(second);
      let episodes: SeriesEpisodeView[] = [];
      for (const deadline = Date.now() + 600_000; ; await new Promise((resolve) => setTimeout(resolve, 500))) {
        episodes = (await board(second.baseUrl)).episodes;
        if (episodes.every((episode) => episode.jobs.every((job) => ENDED.includes(job.status))) || Date.now() > deadline) break;
      }
      expect(episodes.map((episode) => [episode.number, episode.status])).toEqual([
        [1, 'completed'],
        [2, 'completed'],
        [3, 'completed'],
      ]);
      // Each run finished once and was charged what was frozen for it, once.
      let settled = 0;
      for (const episode of episodes) {
        const job = await call<JobView>(second.baseUrl, '/api/jobs/get', { jobId: episode.jobs[0]!.jobId });
        expect(job.completions, `E${episode.number}`).toBe(1);
        expect(job.cost.settled).toBe(job.cost.estimated);
        settled += job.cost.settled!;
      }
      expect(settled).toBe(frozen);
      const after = await call<{ availablePoint: number; freezePoint: number }>(second.baseUrl, '/bill/userAccount/getUserAccount', { userId: user.userId });
      expect(after.availablePoint).toBe(before.availablePoint - frozen);
      expect(after.freezePoint).toBe(before.freezePoint);

      // One event per episode, across the kill.
      await receiver.waitFor((all) => all.length >= 3, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const events = receiver.received.map((received) => JSON.parse(received.body) as { id: string; type: string; data: { episode: { id: string; number: number; cost: { charged: number } } } });
      expect(events.map((event) => [event.type, event.data.episode.number]).sort()).toEqual([
        ['series.episode.completed', 1],
        ['series.episode.completed', 2],
        ['series.episode.completed', 3],
      ]);
      expect(new Set(events.map((event) => event.id)).size).toBe(3);
      expect(events.reduce((sum, event) => sum + event.data.episode.cost.charged, 0)).toBe(frozen);

      // The CLI's board (signals measured: text left after erasure on the sampled frames) and the season zip.
      const status = await voxwork(['series', 'status', 'Crash Season'], cliEnv(second.baseUrl));
      expect(status.code, status.stderr).toBe(0);
      const rows = status.stdout.trim().split('\n');
      expect(rows[0]).toMatch(/^ep\s+title\s+language\s+status/);
      expect(rows.slice(1).map((row) => row.split(/\s{2,}/).slice(0, 4))).toEqual([
        ['E01', 'E1 Arrival', 'es', 'completed'],
        ['E02', 'E2 Market', 'es', 'completed'],
        ['E03', 'E3 Storm', 'es', 'completed'],
      ]);
      for (const row of rows.slice(1)) expect(row.split(/\s{2,}/)[9], row).toMatch(/^0\/[1-9]\d*$/);
      const zip = path.join(dataDir, 'season.zip');
      const download = await voxwork(['series', 'download', 'Crash Season', '-o', zip], cliEnv(second.baseUrl));
      expect(download.code, download.stderr).toBe(0);
      expect((await stat(zip)).size).toBeGreaterThan(1000);
      const listing = (await run('unzip', ['-Z1', zip])).stdout.split('\n').filter(Boolean);
      expect([...new Set(listing.map((entry) => entry.split('/')[0]))]).toEqual(['E01 Arrival', 'E02 Market', 'E03 Storm']);
    } finally {
      await receiver.close();
    }
  }, 900_000);
});
