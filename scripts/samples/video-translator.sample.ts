/**
 * samples:video-translator — the before/after sample on the marketing pages `/video-translator`
 * and `/short-drama-globalization`, made by the product itself: a generated 12 s English product
 * ad (festival's voice over a stereo music bed, English subtitles as a soft track) is uploaded to
 * the real server in this process (API + worker, PGlite, the local engines) and dubbed into Spanish
 * in quick mode with the Spanish subtitles burned in. The clip, the dubbed MP4 (the product's own output, not re-encoded), both subtitle
 * tracks, a poster frame of each and `sample.json` (what made it and its lines) are written to
 * `apps/web/public/samples/video-translator/`, where they are committed. Run again after a change
 * that alters what the product makes:
 *   npm run samples:video-translator
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { JobView } from '../../packages/contract/src/index.ts';
import { createApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createVerifiedUser, signedCall } from '../../tests/support/accounts.ts';
import { makeDubbingClip } from '../../tests/support/dubbing-media.ts';
import { freePort } from '../../tests/support/server-process.ts';
import { freshPglite } from '../../tests/support/test-database.ts';

const run = promisify(execFile);
const OUT = path.resolve(import.meta.dirname, '../../apps/web/public/samples/video-translator');
const LINES = [
  { startSeconds: 0.6, text: 'Welcome to our shop.' },
  { startSeconds: 3.4, text: 'This phone has a bright screen.' },
  { startSeconds: 6.2, text: 'The battery lasts all day.' },
  { startSeconds: 9.0, text: 'Visit our shop today.' },
];

const work = await mkdtemp(path.join(tmpdir(), 'voxwork-sample-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const secret = 'sample-video-translator';
const app = await createApp(
  loadConfig({ ROLE: 'api,worker', API_SIGN_SECRET: secret, LOG_LEVEL: 'silent', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: work, JOB_POLL_INTERVAL_SECONDS: '0.5' }),
  { database: await freshPglite() },
);
await app.listen();
try {
  const clip = await makeDubbingClip({ name: 'sample-spring-sale', seconds: 12, lines: LINES, width: 854, height: 480, picture: 'shop', burnedSubtitles: false, cacheDir: work });
  const user = await createVerifiedUser(base, work, `sample-${Date.now()}@example.com`);
  const call = async <T>(pathName: string, body: unknown): Promise<T> => {
    const envelope = await signedCall(base, secret, pathName, body, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
    if (envelope.code !== 0) throw new Error(`${pathName}: ${JSON.stringify(envelope)}`);
    return envelope.data as T;
  };
  const uploaded = await fetch(`${base}/api/upload/file`, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream', 'x-file-name': 'spring-sale.mp4' }, body: new Uint8Array(await readFile(clip.file)) });
  const uploadId = ((await uploaded.json()) as { data: { id: string } }).data.id;
  const { jobId } = await call<{ jobId: string }>('/api/video-translation/create', {
    uploadId,
    sourceLanguage: 'en',
    targetLanguages: ['es'],
    textSource: 'subtitle-file',
    subtitleFile: { name: 'spring-sale.srt', text: await readFile(clip.srt, 'utf8') },
    title: 'Spring sale',
    // The Spanish lines drawn into the picture, so the sample shows them in any player (the original's English is a soft track).
    burnSubtitles: true,
  });
  let job: JobView;
  for (;;) {
    job = await call<JobView>('/api/jobs/get', { jobId });
    if (['completed', 'failed', 'cancelled'].includes(job.status)) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (job.status !== 'completed') throw new Error(`the sample run ended ${job.status}: ${JSON.stringify(job.error)}`);
  const media = (name: string) => {
    const file = job.media.find((candidate) => candidate.name === name);
    if (!file) throw new Error(`no ${name} in the result`);
    return new URL(file.url, base);
  };
  await mkdir(OUT, { recursive: true });
  const save = async (url: URL, name: string) => writeFile(path.join(OUT, name), Buffer.from(await (await fetch(url)).arrayBuffer()));
  await copyFile(clip.file, path.join(OUT, 'before.mp4'));
  await save(media('es-video.mp4'), 'after-es.mp4');
  await save(media('source.vtt'), 'before.en.vtt');
  await save(media('es-subtitles.vtt'), 'after.es.vtt');
  for (const [video, poster] of [['before.mp4', 'before.jpg'], ['after-es.mp4', 'after-es.jpg']] as const) {
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-ss', '4', '-i', path.join(OUT, video), '-frames:v', '1', '-q:v', '4', path.join(OUT, poster)]);
  }
  const output = job.output as { targets: Array<{ language: string; translatorId: string; spokenBy: string; lines: Array<{ startSeconds: number; endSeconds: number; source: string; translation: string; fit: string | null }> }> };
  const spanish = output.targets[0]!;
  const { stdout: commit } = await run('git', ['rev-parse', '--short', 'HEAD']).catch(() => ({ stdout: 'unknown' }));
  await writeFile(
    path.join(OUT, 'sample.json'),
    `${JSON.stringify(
      {
        madeBy: 'npm run samples:video-translator',
        commit: commit.trim(),
        source: { language: 'en', voice: 'festival:festival/cmu_us_slt_arctic_hts', seconds: clip.durationSeconds },
        target: { language: spanish.language, translator: spanish.translatorId, voice: spanish.spokenBy, mode: 'quick', textSource: 'subtitle-file', burnSubtitles: true },
        lines: spanish.lines.map((line) => ({ start: line.startSeconds, end: line.endSeconds, en: line.source, es: line.translation, fit: line.fit })),
      },
      null,
      2,
    )}\n`,
  );
  console.info(`sample written to ${path.relative(process.cwd(), OUT)}: ${spanish.lines.length} lines, ${spanish.translatorId}, ${spanish.spokenBy}`);
} finally {
  await app.stop();
  await rm(work, { recursive: true, force: true });
}
