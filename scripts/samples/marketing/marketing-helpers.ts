/**
 * The helpers every part of `samples:marketing` uses: accounts, calls, jobs and their files over
 * HTTP as the web app makes them, and ffprobe/ffmpeg measures, frames and covers.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { JobView, VoiceView } from '../../../packages/contract/src/index.ts';
import { createVerifiedUser, signedCall } from '../../../tests/support/accounts.ts';
import { TEST_SIGN_SECRET } from '../../../tests/support/server-process.ts';
import { base, failures, work, written, type User } from './marketing-run.ts';

const run = promisify(execFile);
const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

/** Signs up (with a display name of our choosing), follows the mailed link and signs in. */
export async function createUser(label: string, name: string): Promise<User> {
  const { token, userId } = await createVerifiedUser(base, work, `marketing-${label}-${Date.now()}@example.com`, undefined, name);
  return { token, userId, name };
}

export async function call<T>(user: User, pathName: string, body: unknown): Promise<T> {
  const envelope = await signedCall(base, TEST_SIGN_SECRET, pathName, body, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
  if (envelope.code !== 0) throw new Error(`${pathName}: ${envelope.code} ${envelope.message}`);
  return envelope.data as T;
}

export async function upload(user: User, name: string, file: string): Promise<string> {
  const response = await fetch(`${base}/api/upload/file`, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream', 'x-file-name': name }, body: new Uint8Array(await readFile(file)) });
  const envelope = (await response.json()) as { code: number; message: string; data: { id: string } | null };
  if (envelope.code !== 0 || !envelope.data) throw new Error(`upload of ${name}: ${envelope.code} ${envelope.message}`);
  return envelope.data.id;
}

export async function finished(user: User, jobId: string, timeoutMs = 600_000): Promise<JobView> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await call<JobView>(user, '/api/jobs/get', { jobId });
    if (job.status === 'completed') return job;
    if (job.status === 'failed' || job.status === 'cancelled') throw new Error(`job ${job.type} ${jobId} ended ${job.status}: ${JSON.stringify(job.error)}`);
    if (Date.now() > until) throw new Error(`job ${job.type} ${jobId} still ${job.status} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function download(job: JobView, pick: (file: JobView['media'][number]) => boolean, to: string): Promise<string> {
  const file = job.media.find(pick);
  if (!file) throw new Error(`job ${job.type} has no such file: ${job.media.map((candidate) => candidate.name).join(', ')}`);
  const response = await fetch(new URL(file.url, base));
  if (!response.ok) throw new Error(`download of ${file.name}: ${response.status}`);
  await writeFile(to, Buffer.from(await response.arrayBuffer()));
  return to;
}

/** Length in seconds as ffprobe reads it, to the hundredth. */
export async function seconds(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file]);
  return Math.round(Number(stdout.trim()) * 100) / 100;
}

export async function probe(file: string): Promise<{ seconds: number; width?: number; height?: number; audioKbps?: number; videoCodec?: string }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration,bit_rate:stream=codec_type,codec_name,width,height,bit_rate', '-of', 'json', file]);
  const info = JSON.parse(stdout) as { format: { duration: string; bit_rate?: string }; streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number; bit_rate?: string }> };
  const video = info.streams.find((stream) => stream.codec_type === 'video');
  const audio = info.streams.find((stream) => stream.codec_type === 'audio');
  return {
    seconds: Math.round(Number(info.format.duration) * 100) / 100,
    ...(video?.width ? { width: video.width, height: video.height, videoCodec: video.codec_name } : {}),
    ...(audio?.bit_rate ? { audioKbps: Math.round(Number(audio.bit_rate) / 1000) } : {}),
  };
}

export const ffmpeg = (args: string[]) => run('ffmpeg', [...QUIET, ...args], { maxBuffer: 64 << 20 });

/** One frame at `at` seconds as a JPEG of quality ~75 (`-q:v 5`), optionally through a filter. */
export async function frame(video: string, at: number, out: string, filter?: string) {
  await ffmpeg(['-ss', at.toFixed(3), '-i', video, '-frames:v', '1', ...(filter ? ['-vf', filter] : []), '-q:v', '5', out]);
}

/** A 1200×630 cover from a picture: scaled to cover the frame, cropped at `anchor` (`top` or centre). */
export async function cover(source: string, out: string, anchor: 'top' | 'center' = 'center') {
  const y = anchor === 'top' ? '0' : '(ih-630)/2';
  await ffmpeg(['-i', source, '-frames:v', '1', '-vf', `scale=1200:630:force_original_aspect_ratio=increase:flags=lanczos,crop=1200:630:(iw-1200)/2:${y}`, '-q:v', '5', out]);
  written.push(out);
}

export async function writeJson(folder: string, value: unknown) {
  const file = path.join(folder, 'sample.json');
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
  written.push(file);
}

/** Runs one part; a failure (or a part still running after `timeoutMinutes`) is recorded and the other parts go on. */
export async function part(name: string, body: () => Promise<void>, timeoutMinutes = 15) {
  const started = Date.now();
  console.info(`[marketing] ${name}…`);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      body(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`still running after ${timeoutMinutes} min`)), timeoutMinutes * 60_000);
      }),
    ]);
    console.info(`[marketing] ${name}: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    failures.push({ part: name, error: message });
    console.error(`[marketing] ${name} FAILED: ${message}`);
  } finally {
    clearTimeout(timer);
  }
}

/** The time of the loudest 40 ms of a file's audio between `from` and `to` seconds (a vowel: the mouth is open). */
export async function loudestMoment(file: string, from: number, to: number): Promise<number> {
  const { stdout } = await ffmpeg(['-i', file, '-vn', '-ac', '1', '-ar', '16000', '-af', 'asetnsamples=n=640:p=0,astats=metadata=1:reset=1,ametadata=print:key=lavfi.astats.Overall.RMS_level:file=-', '-f', 'null', '-']);
  let best = { at: (from + to) / 2, level: -Infinity };
  let at = 0;
  for (const line of stdout.split('\n')) {
    const time = /pts_time:([\d.]+)/.exec(line);
    if (time) at = Number(time[1]);
    const level = /RMS_level=(-?[\d.]+|-inf)/.exec(line);
    if (level && level[1] !== '-inf' && at >= from && at <= to && Number(level[1]) > best.level) best = { at: at + 0.02, level: Number(level[1]) };
  }
  return best.at;
}

export async function libraryVoices(user: User, language: string): Promise<VoiceView[]> {
  const { list } = await call<{ list: VoiceView[] }>(user, '/api/voices/list', { tab: 'all', language, pageSize: 200 });
  return list.filter((voice) => !voice.cloned && voice.location === 'local');
}

/** Text to speech through the tool (MP3, as the product makes it), saved to `to`. */
export async function speak(user: User, voiceKey: string, text: string, to: string, title: string): Promise<JobView> {
  const { jobId } = await call<{ jobId: string }>(user, '/api/text-to-speech/create', { text, voiceKey, format: 'mp3', title });
  const job = await finished(user, jobId);
  await download(job, (file) => file.role === 'audio', to);
  return job;
}
