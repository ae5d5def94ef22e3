/**
 * bench:memory — the one-process app as the README's first command starts it (`bash
 * scripts/start.sh`: web + api + worker, PGlite and files in a fresh DATA_DIR), after a
 * morning's mix of work: a text to speech, a video translation (subtitle file → Spanish, dubbed)
 * and an automatic subtitle erasure of the same clip. Prints the resident memory (RSS, from
 * /proc) of the app and of every process it started (festival's server, ffmpeg, …) after start,
 * after each job, and when idle after them, with the machine's load. Target (issue 32): < 600 MB
 * in all when idle.
 * Figures, not assertions.
 * `--mappings` also prints where the app's own RSS is (its /proc smaps grouped by what backs each
 * mapping: anonymous memory, files) at each moment.
 *   npm run bench:memory [-- --seconds 20 --engines-idle 20 --mappings]
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { JobView } from '../../packages/contract/src/index.ts';
import { createVerifiedUser, signedCall } from '../../tests/support/accounts.ts';
import { makeDubbingClip, type ClipLine } from '../../tests/support/dubbing-media.ts';
import { freePort } from '../../tests/support/server-process.ts';
import { startProcess } from './http-load.ts';
import { cpuSeconds, loadNow as load, memoryTotals as totals, processMappings, processTree as tree, type ProcessMemory } from './process-memory.ts';

/** `bash <script>` (it ends in `exec node …`, so the pid becomes the app's), ready when `readyPath` answers. */
function startScript(script: string, options: Parameters<typeof startProcess>[1]) {
  return startProcess([script], { ...options, executable: 'bash' });
}

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '20' }, 'engines-idle': { type: 'string', default: '20' }, mappings: { type: 'boolean', default: false } } });
const seconds = Number(values.seconds);
/** The app's ENGINES_IDLE_SECONDS (its default is 300): the bench samples again once it has passed. */
const enginesIdle = Number(values['engines-idle']);
const idleSeconds = enginesIdle + 10;

const SENTENCES = ['Welcome to our little shop.', 'This phone has a bright screen.', 'The battery lasts all day.', 'Buy it today and save money.', 'Shipping is free for all orders.'];
const lines: ClipLine[] = [];
for (let start = 0.6, index = 0; start + 3 < seconds; start += 3.6, index += 1) lines.push({ startSeconds: Math.round(start * 10) / 10, text: SENTENCES[index % SENTENCES.length]! });

const rows: Array<{ moment: string; processes: ProcessMemory[] }> = [];
function sample(moment: string, root: number) {
  const processes = tree(root);
  rows.push({ moment, processes });
  const { rss, pss } = totals(processes);
  console.info(`\n${moment}: RSS ${rss.toFixed(0)} MB, PSS ${pss.toFixed(0)} MB in ${processes.length} process(es)   (load ${load()})`);
  for (const entry of processes) console.info(`  ${String(entry.pid).padStart(7)}  RSS ${entry.rssMb.toFixed(0).padStart(5)} MB  PSS ${entry.pssMb.toFixed(0).padStart(5)} MB  ${entry.name}`);
  if (!values.mappings) return;
  const { groups, largestAnonymous } = processMappings(root);
  const anonymous = groups.reduce((sum, group) => sum + group.anonMb, 0);
  const resident = groups.reduce((sum, group) => sum + group.rssMb, 0);
  console.info(`  the app's mappings: ${resident.toFixed(0)} MB resident, ${anonymous.toFixed(0)} MB of it anonymous; largest groups:`);
  for (const group of groups.slice(0, 8)) console.info(`    ${group.rssMb.toFixed(1).padStart(7)} MB  (anon ${group.anonMb.toFixed(1).padStart(6)})  ×${String(group.count).padEnd(5)} ${group.name}`);
  console.info(`  largest anonymous mappings: ${largestAnonymous.map((mapping) => `${mapping.rssMb.toFixed(0)}/${mapping.sizeMb.toFixed(0)} MB`).join(', ')} (resident/size)`);
}

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-bench-memory-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const secret = 'voxwork-public-signing-key';
const clip = await makeDubbingClip({ name: `bench-memory-${seconds}s`, seconds, lines, burnedSubtitles: true });
console.info(`bench:memory  clip ${clip.durationSeconds} s 640×360 with ${clip.lines.length} English lines burned in; app: bash scripts/start.sh (one process, PGlite); engines released after ${enginesIdle} s idle`);
const app = await startScript('scripts/start.sh', {
  cwd: root,
  env: { ...process.env, ENGINES_IDLE_SECONDS: String(enginesIdle), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, VOXWORK_ENV_FILE: '', LOG_LEVEL: 'warn', PUBLIC_URL: base, API_SIGN_SECRET: secret, JOB_POLL_INTERVAL_SECONDS: '0.5' },
  port,
  readyPath: '/readyz',
  // A loaded machine starts the app slowly (PGlite's WebAssembly, migrations): 90 s seen at load 36.
  readyTimeoutMs: 300_000,
});
try {
  sample('started', app.pid);
  const user = await createVerifiedUser(base, dataDir, `bench-memory-${Date.now()}@example.com`);
  const call = async <T>(pathName: string, body: unknown): Promise<T> => {
    const envelope = await signedCall(base, secret, pathName, body, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
    if (envelope.code !== 0) throw new Error(`${pathName}: ${JSON.stringify(envelope)}`);
    return envelope.data as T;
  };
  /**
   * Waits for a job (created at `createdAt`) and prints how long it took, from its creation to
   * seeing it completed, and the CPU the app used meanwhile (its threads and the children it
   * waited for: less moved by the machine's load than the wall time).
   */
  const until = async (jobId: string, createdAt: number): Promise<JobView> => {
    const cpuBefore = cpuSeconds(app.pid);
    for (;;) {
      const job = await call<JobView>('/api/jobs/get', { jobId });
      if (['completed', 'failed', 'cancelled'].includes(job.status)) {
        if (job.status !== 'completed') throw new Error(`job ${jobId} ${job.status}: ${JSON.stringify(job.error)}`);
        console.info(`\n${job.type} completed in ${((performance.now() - createdAt) / 1000).toFixed(1)} s (polled every 0.3 s), the app's CPU ${(cpuSeconds(app.pid) - cpuBefore).toFixed(1)} s   (load ${load()})`);
        return job;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  };
  const voices = await call<{ list: Array<{ key: string }> }>('/api/voices/list', { language: 'en' }).catch(() => undefined);
  const voiceKey = voices?.list[0]?.key ?? 'festival:cmu_us_slt_arctic_hts';
  let createdAt = performance.now();
  const tts = await call<{ jobId: string }>('/api/text-to-speech/create', { text: SENTENCES.join(' '), voiceKey, format: 'mp3' });
  await until(tts.jobId, createdAt);
  sample('after a text to speech', app.pid);

  const uploaded = await fetch(`${base}/api/upload/file`, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream', 'x-file-name': 'bench.mp4' }, body: new Uint8Array(await readFile(clip.file)) });
  const uploadId = ((await uploaded.json()) as { data: { id: string } }).data.id;
  createdAt = performance.now();
  const translation = await call<{ jobId: string }>('/api/video-translation/create', {
    uploadId,
    sourceLanguage: 'en',
    targetLanguages: ['es'],
    textSource: 'subtitle-file',
    subtitleFile: { name: 'bench.srt', text: await readFile(clip.srt, 'utf8') },
  });
  await until(translation.jobId, createdAt);
  sample('after a video translation', app.pid);

  createdAt = performance.now();
  const erasure = await call<{ jobId: string }>('/api/video-erasure/create', { uploadId, regions: [], mode: 'automatic', detection: 'subtitles' });
  await until(erasure.jobId, createdAt);
  sample('after an erasure', app.pid);

  await new Promise((resolve) => setTimeout(resolve, 2000));
  sample('idle 2 s later', app.pid);
  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  sample(`idle ${idleSeconds + 2} s later (engines released)`, app.pid);
  const idle = totals(rows.at(-1)!.processes);
  console.info(`\nidle after the three jobs: RSS ${idle.rss.toFixed(0)} MB, PSS ${idle.pss.toFixed(0)} MB in all (target < 600 MB)   load ${load()}`);
} finally {
  await app.stop();
  await rm(dataDir, { recursive: true, force: true });
}
