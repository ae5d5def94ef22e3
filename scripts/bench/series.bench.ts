/**
 * bench:series — a season through the series, offline: three generated episodes of at most `--seconds`
 * each (English subtitles burned in at mid-frame, a woman and a man speaking; the series tests'
 * season, its lines spoken over again to reach the length) added at once to an English → Spanish
 * series (more languages with `--languages es,ca`: one run per episode makes them all, decision 076),
 * subtitles replaced, subtitles only, on the free plan by default (one episode at a time; `--plan
 * pro` lets the worker's two slots take two at once). API + worker in this process, PGlite. Prints wall time ÷ video
 * length per stage (each stage's start and end as the worker recorded them, summed over the episodes) and from the add
 * to the last episode done, and the machine's load average; beside each, the CPU seconds ÷ video length it used (this
 * process and its ffmpeg children, sampled every 200 ms and shared between the stages running in each interval): on a
 * shared machine the wall time follows the load, the CPU time says what a quiet one would need. Figures, not assertions
 * (target ≤ 0.5× per language).
 *   npm run bench:series [-- --seconds 120 --languages es --plan free|pro|business]
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { JobView, SeriesEpisodeView, SeriesView } from '../../packages/contract/src/index.ts';
import { createApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createVerifiedUser, signedCall } from '../../tests/support/accounts.ts';
import { freePort, TEST_OPERATOR_TOKEN } from '../../tests/support/server-process.ts';
import { makeSubtitledSeason } from '../../tests/support/subtitled-season.ts';
import { freshPglite } from '../../tests/support/test-database.ts';
import { watchHost } from './host-speed.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '120' }, languages: { type: 'string', default: 'es' }, plan: { type: 'string', default: 'free' } } });
const seconds = Number(values.seconds);
const languages = values.languages.split(',').map((language) => language.trim()).filter(Boolean);
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
/** CPU seconds so far of this process (every thread) and of its children that have ended (added to `cutime`/`cstime` when reaped). */
function cpuSeconds(): number {
  const used = process.cpuUsage();
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (used.user + used.system) / 1e6 + (Number(fields[13]) + Number(fields[14])) / 100;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-bench-series-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const secret = 'bench-series';
const database = await freshPglite();
if (database.kind !== 'pglite') throw new Error('the bench runs on PGlite');
const app = await createApp(
  loadConfig({ ROLE: 'api,worker', API_SIGN_SECRET: secret, OPERATOR_TOKEN: TEST_OPERATOR_TOKEN, LOG_LEVEL: 'silent', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, JOB_POLL_INTERVAL_SECONDS: '0.5' }),
  { database },
);
await app.listen();
/** A finished run's stages as the worker timed them (epoch ms; stages it never started left out) and its end. */
async function stageTimes(jobId: string): Promise<{ stages: Array<{ name: string; start: number; end: number }>; finishedAt: number }> {
  const pglite = (database as Extract<typeof database, { kind: 'pglite' }>).pglite;
  const stages = await pglite.query<{ name: string; started_at: Date | null; finished_at: Date | null }>('SELECT name, started_at, finished_at FROM job_stages WHERE job_id = $1 ORDER BY position', [jobId]);
  const job = await pglite.query<{ finished_at: Date }>('SELECT finished_at FROM jobs WHERE id = $1', [jobId]);
  return {
    stages: stages.rows.filter((row) => row.started_at && row.finished_at).map((row) => ({ name: row.name, start: row.started_at!.getTime(), end: row.finished_at!.getTime() })),
    finishedAt: job.rows[0]!.finished_at.getTime(),
  };
}
try {
  // The season's three episodes are ~9 s of speech each: spoken over again up to the length asked, never longer (a
  // 2-minute episode of 124 s is refused by the free plan's 2-minute limit on uploads).
  let repeat = Math.max(1, Math.round(seconds / 8.5));
  let season = await makeSubtitledSeason({ repeat });
  while (repeat > 1 && season.episodes.some((episode) => episode.durationSeconds > seconds)) season = await makeSubtitledSeason({ repeat: --repeat });
  const videoSeconds = season.episodes.reduce((sum, episode) => sum + episode.durationSeconds, 0);
  console.info(`season: ${season.episodes.length} episodes of ${season.episodes.map((episode) => `${episode.durationSeconds} s`).join(', ')} (${season.width}×${season.height}, ${season.episodes[0]!.lines.length} lines each), → ${languages.join(', ')}, subtitles replaced, subtitles only`);
  console.info(`load average before: ${load()}`);
  const host = watchHost();
  const user = await createVerifiedUser(base, dataDir, `bench-series-${Date.now()}@example.com`);
  const call = async <T>(pathName: string, body: unknown): Promise<T> => {
    const envelope = await signedCall(base, secret, pathName, body, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
    if (envelope.code !== 0) throw new Error(`${pathName}: ${JSON.stringify(envelope)}`);
    return envelope.data as T;
  };
  // `--plan pro` (three jobs at once): the worker's two slots take two episodes together; free (the default) runs one at a time.
  if (values.plan !== 'free') {
    const gift = await signedCall(base, secret, '/api/operator/giftCodes/create', { count: 1, points: 5_000, planId: values.plan, vipDays: 30 }, { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` });
    if (gift.code !== 0) throw new Error(`gift code for plan ${values.plan}: ${JSON.stringify(gift)}`);
    await call('/bill/userAccount/redeemCode', { redeemCode: (gift.data as { codes: Array<{ code: string }> }).codes[0]!.code });
  }
  console.info(`plan: ${values.plan}`);
  const uploadIds: string[] = [];
  for (const episode of season.episodes) {
    const uploaded = await fetch(`${base}/api/upload/file`, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream', 'x-file-name': `episode-${episode.number}.mp4` }, body: new Uint8Array(await readFile(episode.file)) });
    const envelope = (await uploaded.json()) as { code: number; data?: { id: string } };
    if (envelope.code !== 0 || !envelope.data) throw new Error(`upload of episode ${episode.number}: ${JSON.stringify(envelope)}`);
    uploadIds.push(envelope.data.id);
  }
  const series = await call<SeriesView>('/api/series/create', {
    name: 'Bench season',
    sourceLanguage: 'en',
    targetLanguages: languages,
    glossary: [{ source: 'Jade Palace', target: 'Palacio de Jade', language: 'es' }],
    characters: [
      { id: 'mei', name: 'Mei', gender: 'female' },
      { id: 'lin', name: 'Lin Feng', gender: 'male' },
    ],
  });
  const quote = await call<{ cost: number }>('/api/series/episodes/quote', { seriesId: series.id, uploadIds, subtitles: 'replace', output: 'subtitles' });
  const started = Date.now();
  const cpuStarted = cpuSeconds();
  const added = await call<{ episodes: SeriesEpisodeView[]; cost: number }>('/api/series/episodes/add', { seriesId: series.id, episodes: uploadIds.map((uploadId) => ({ uploadId })), textSource: 'subtitles', subtitles: 'replace', output: 'subtitles' });
  // One run per episode with every language (decision 076; an episode of an older series had one per language).
  const runs = added.episodes.flatMap((episode, index) =>
    [...new Set(episode.jobs.map((job) => job.jobId))].map((jobId) => ({
      episode: index,
      languages: episode.jobs.filter((job) => job.jobId === jobId).map((job) => job.language),
      jobId,
      done: false,
      spans: [] as Array<{ name: string; start: number; end: number }>,
      finishedAt: 0,
      stages: new Map<string, number>(),
      cpu: new Map<string, number>(),
      view: undefined as JobView | undefined,
    })),
  );
  const loads: number[] = [];
  // The CPU used, sampled every 200 ms here (cheap: /proc), and given to the stages that ran in each interval afterwards, by
  // their start and end as the worker wrote them (job_stages); the API is asked only whether a run has ended, once a second.
  // (Asking every run's state five times a second cost the app a signed call, a session lookup and two reads each time:
  // CPU the bench took from the stages it measures.)
  const timeline: Array<{ at: number; cpu: number }> = [{ at: Date.now(), cpu: cpuSeconds() }];
  const sampler = setInterval(() => {
    timeline.push({ at: Date.now(), cpu: cpuSeconds() });
    loads.push(loadavg()[0]!);
  }, 200);
  try {
    while (runs.some((entry) => !entry.done)) {
      for (const entry of runs.filter((candidate) => !candidate.done)) {
        const job = await call<JobView>('/api/jobs/get', { jobId: entry.jobId });
        if (!['completed', 'failed', 'cancelled'].includes(job.status)) continue;
        entry.done = true;
        entry.view = job;
        if (job.status !== 'completed') throw new Error(`job ${job.status}: ${JSON.stringify(job.error)}`);
        // Each run as it ends (a bench stopped early still has its figures).
        const times = await stageTimes(entry.jobId);
        entry.finishedAt = times.finishedAt;
        for (const stage of times.stages) entry.stages.set(stage.name, (stage.end - stage.start) / 1000);
        entry.spans = times.stages;
        const length = season.episodes[entry.episode]!.durationSeconds;
        const spent = [...entry.stages.entries()].filter(([, value]) => value >= 0.05);
        console.info(`run E${entry.episode + 1} ${entry.languages.join('+')} (${length} s): ${spent.map(([name, value]) => `${name} ${(value / length).toFixed(2)}×`).join(', ')}; load ${load()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    clearInterval(sampler);
  }
  timeline.push({ at: Date.now(), cpu: cpuSeconds() });
  // Each interval's CPU shared by the stages running in it (in proportion to the time each ran within it).
  for (let index = 1; index < timeline.length; index++) {
    const from = timeline[index - 1]!.at;
    const to = timeline[index]!.at;
    const used = timeline[index]!.cpu - timeline[index - 1]!.cpu;
    const shares = runs.flatMap((entry) => entry.spans.map((span) => ({ entry, name: span.name, overlap: Math.max(0, Math.min(to, span.end) - Math.max(from, span.start)) }))).filter((share) => share.overlap > 0);
    const total = shares.reduce((sum, share) => sum + share.overlap, 0);
    for (const share of shares) share.entry.cpu.set(share.name, (share.entry.cpu.get(share.name) ?? 0) + (used * share.overlap) / total);
  }
  const wall = (Math.max(...runs.map((entry) => entry.finishedAt)) - started) / 1000;
  const cpuUsed = cpuSeconds() - cpuStarted;
  console.info(`\nquote ${quote.cost} points, frozen ${added.cost}, settled ${runs.reduce((sum, entry) => sum + (entry.view!.cost.settled ?? 0), 0)}`);
  // Per language: a run's figures ÷ the languages it made (what one more language adds is the drawn-subtitles and mux rows).
  const perRun = runs[0]!.languages.length;
  console.info(`wall time ÷ video length (${videoSeconds} s of video), offline, 2 cores shared; each run makes ${perRun} language${perRun > 1 ? 's' : ''} (${languages.join(', ')}), the picture read and erased once`);
  const stageNames = runs[0]!.view!.stages.map((stage) => stage.name);
  const row = (name: string, spent: number, cpu: number, note = '') =>
    console.info(`    ${name.padEnd(16)} ${spent.toFixed(2).padStart(7)} s  ${(spent / videoSeconds).toFixed(3)}×  ${(spent / videoSeconds / perRun).toFixed(3)}× per language   CPU ${cpu.toFixed(1).padStart(6)} s  ${(cpu / videoSeconds).toFixed(3)}×${note}`);
  for (const name of stageNames) {
    row(
      name,
      runs.reduce((sum, entry) => sum + (entry.stages.get(name) ?? 0), 0),
      runs.reduce((sum, entry) => sum + (entry.cpu.get(name) ?? 0), 0),
    );
  }
  const busy = runs.reduce((sum, entry) => sum + [...entry.stages.values()].reduce((total, value) => total + value, 0), 0);
  const busyCpu = runs.reduce((sum, entry) => sum + [...entry.cpu.values()].reduce((total, value) => total + value, 0), 0);
  row('runs (sum)', busy, busyCpu, '   (target ≤ 0.5× per language)');
  console.info(`  ${'season wall'.padEnd(18)} ${wall.toFixed(2).padStart(7)} s  ${(wall / (videoSeconds * languages.length)).toFixed(3)}× per language-minute of video`);
  console.info(`  ${'season CPU'.padEnd(18)} ${cpuUsed.toFixed(2).padStart(7)} s  ${(cpuUsed / (videoSeconds * languages.length)).toFixed(3)}× per language-minute of video (this process and its ffmpeg children; 2 cores: the wall time of a quiet machine is at least half of it)`);
  console.info(`load average after: ${load()}; 1-minute load while running: median ${[...loads].sort((a, b) => a - b)[Math.floor(loads.length / 2)]?.toFixed(2)}, max ${Math.max(...loads).toFixed(2)}`);
  host.after();
} finally {
  await app.stop();
  await rm(dataDir, { recursive: true, force: true });
}
