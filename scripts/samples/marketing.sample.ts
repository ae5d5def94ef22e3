/**
 * samples:marketing — the audio samples, before/after demos, workbench screenshots and article
 * covers of the marketing pages, made by the product itself on this machine (no stock assets,
 * nothing downloaded). The real server runs in this process with every role (web + API + worker,
 * PGlite, the local engines); the script signs up users, calls the tools over HTTP as the web app
 * does, downloads what they make, and drives Debian's Chromium through the built web app for the
 * screenshots. It writes, overwriting what is there:
 *
 *   apps/web/public/samples/voices/            voice-1.mp3 … voice-6.mp3   (text to speech, six voices)
 *   apps/web/public/samples/speech-to-speech/  before.mp3, after.mp3
 *   apps/web/public/samples/voice-cloning/     reference.mp3, cloned.mp3
 *   apps/web/public/samples/talking-photo/     before.png, after.mp4, after.jpg
 *   apps/web/public/samples/video-erasure/     before.mp4, after.mp4, before.jpg, after.jpg
 *   apps/web/public/samples/workbench/         tts-{en,zh}-{light,dark}.jpg, translator-{en,zh}-{light,dark}.jpg
 *                                              (or voices-… when no translator run could be made),
 *                                              dubbing-{en,zh}-{light,dark}.jpg (the dubbing studio's editor)
 *   apps/web/public/covers/                    eight article covers, 1200×630 JPEG
 *
 * and a `sample.json` in each samples folder (what made it: commit, engines, voices, texts,
 * durations measured with ffprobe). A part that fails is reported and the others are still
 * written; the exit code is 1 then. Run again after a change that alters what the product makes:
 *   npm run samples:marketing
 * or only some parts (the other outputs stay as they are), comma-separated, from `PARTS`:
 *   npm run samples:marketing -- --only dubbing
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { DubbingProject, JobView, VoiceView } from '../../packages/contract/src/index.ts';
import { createApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createVerifiedUser, signedCall } from '../../tests/support/accounts.ts';
import { makeDubbingClip } from '../../tests/support/dubbing-media.ts';
import { freePort, TEST_SIGN_SECRET } from '../../tests/support/server-process.ts';
import { freshPglite } from '../../tests/support/test-database.ts';
import { LOCAL_VOICE_CONVERTER, LOCAL_VOICE_PROFILER } from '../../packages/core/src/voices/voice-choice.ts';

const run = promisify(execFile);
const PUBLIC = path.resolve(import.meta.dirname, '../../apps/web/public');
const SAMPLES = path.join(PUBLIC, 'samples');
const COVERS = path.join(PUBLIC, 'covers');
const MADE_BY = 'npm run samples:marketing';
const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
/** The brand's colours (apps/web/app/app.css: --vx-primary, --vx-accent, the dark --vx-background). */
const BRAND = { primary: '#6d6af0', accent: '#2cc3d1', dark: '#0e1018' };
/** A video sample above this is re-encoded (and sample.json says so). */
const VIDEO_BUDGET_BYTES = 600 * 1024;

interface User {
  token: string;
  userId: string;
  name: string;
}

/**
 * The parts, in the order they run. `workbench` is the text-to-speech and video translator shots
 * (and the pages the tts and plan covers are cut from), `dubbing` the dubbing studio's editor shots;
 * both record their shots in samples/workbench/sample.json, each keeping the other's. `covers`
 * without `workbench` leaves the four covers cut from its screenshots as they are.
 */
const PARTS = ['voices', 'speech-to-speech', 'voice-cloning', 'talking-photo', 'video-erasure', 'workbench', 'dubbing', 'covers'] as const;
type PartName = (typeof PARTS)[number];
const only = parseArgs({ options: { only: { type: 'string', multiple: true } } }).values.only?.flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean);
const unknownParts = (only ?? []).filter((name) => !(PARTS as readonly string[]).includes(name));
if (unknownParts.length > 0) throw new Error(`--only: no part called ${unknownParts.join(', ')} (the parts: ${PARTS.join(', ')})`);
const runs = (name: PartName) => !only || only.includes(name);

const written: string[] = [];
const failures: Array<{ part: string; error: string }> = [];
const notes: string[] = [];

const work = await mkdtemp(path.join(tmpdir(), 'voxwork-marketing-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// Every role in this process, so the browser gets the built web app from the same server; the web
// app signs its calls with API_SIGN_SECRET's default (read from the process environment), so the
// server keeps the default too.
const app = await createApp(
  loadConfig({ ROLE: 'all', API_SIGN_SECRET: TEST_SIGN_SECRET, LOG_LEVEL: 'silent', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: work, JOB_POLL_INTERVAL_SECONDS: '0.5' }),
  { database: await freshPglite() },
);
let browser: Browser | undefined;

// ---------------------------------------------------------------------------------------------
// Helpers: accounts, calls, jobs, files, media
// ---------------------------------------------------------------------------------------------

/** Signs up (with a display name of our choosing), follows the mailed link and signs in. */
async function createUser(label: string, name: string): Promise<User> {
  const { token, userId } = await createVerifiedUser(base, work, `marketing-${label}-${Date.now()}@example.com`, undefined, name);
  return { token, userId, name };
}

async function call<T>(user: User, pathName: string, body: unknown): Promise<T> {
  const envelope = await signedCall(base, TEST_SIGN_SECRET, pathName, body, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
  if (envelope.code !== 0) throw new Error(`${pathName}: ${envelope.code} ${envelope.message}`);
  return envelope.data as T;
}

async function upload(user: User, name: string, file: string): Promise<string> {
  const response = await fetch(`${base}/api/upload/file`, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream', 'x-file-name': name }, body: new Uint8Array(await readFile(file)) });
  const envelope = (await response.json()) as { code: number; message: string; data: { id: string } | null };
  if (envelope.code !== 0 || !envelope.data) throw new Error(`upload of ${name}: ${envelope.code} ${envelope.message}`);
  return envelope.data.id;
}

async function finished(user: User, jobId: string, timeoutMs = 600_000): Promise<JobView> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await call<JobView>(user, '/api/jobs/get', { jobId });
    if (job.status === 'completed') return job;
    if (job.status === 'failed' || job.status === 'cancelled') throw new Error(`job ${job.type} ${jobId} ended ${job.status}: ${JSON.stringify(job.error)}`);
    if (Date.now() > until) throw new Error(`job ${job.type} ${jobId} still ${job.status} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function download(job: JobView, pick: (file: JobView['media'][number]) => boolean, to: string): Promise<string> {
  const file = job.media.find(pick);
  if (!file) throw new Error(`job ${job.type} has no such file: ${job.media.map((candidate) => candidate.name).join(', ')}`);
  const response = await fetch(new URL(file.url, base));
  if (!response.ok) throw new Error(`download of ${file.name}: ${response.status}`);
  await writeFile(to, Buffer.from(await response.arrayBuffer()));
  return to;
}

/** Length in seconds as ffprobe reads it, to the hundredth. */
async function seconds(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file]);
  return Math.round(Number(stdout.trim()) * 100) / 100;
}

async function probe(file: string): Promise<{ seconds: number; width?: number; height?: number; audioKbps?: number; videoCodec?: string }> {
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

const ffmpeg = (args: string[]) => run('ffmpeg', [...QUIET, ...args], { maxBuffer: 64 << 20 });

/** One frame at `at` seconds as a JPEG of quality ~75 (`-q:v 5`), optionally through a filter. */
async function frame(video: string, at: number, out: string, filter?: string) {
  await ffmpeg(['-ss', at.toFixed(3), '-i', video, '-frames:v', '1', ...(filter ? ['-vf', filter] : []), '-q:v', '5', out]);
}

/** A 1200×630 cover from a picture: scaled to cover the frame, cropped at `anchor` (`top` or centre). */
async function cover(source: string, out: string, anchor: 'top' | 'center' = 'center') {
  const y = anchor === 'top' ? '0' : '(ih-630)/2';
  await ffmpeg(['-i', source, '-frames:v', '1', '-vf', `scale=1200:630:force_original_aspect_ratio=increase:flags=lanczos,crop=1200:630:(iw-1200)/2:${y}`, '-q:v', '5', out]);
  written.push(out);
}

async function writeJson(folder: string, value: unknown) {
  const file = path.join(folder, 'sample.json');
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
  written.push(file);
}

/** Runs one part; a failure (or a part still running after `timeoutMinutes`) is recorded and the other parts go on. */
async function part(name: string, body: () => Promise<void>, timeoutMinutes = 15) {
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
async function loudestMoment(file: string, from: number, to: number): Promise<number> {
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

const commit = (await run('git', ['rev-parse', '--short', 'HEAD']).catch(() => ({ stdout: 'unknown' }))).stdout.trim();

// ---------------------------------------------------------------------------------------------
// The samples
// ---------------------------------------------------------------------------------------------

const TIER = { premium: 3, standard: 2, basic: 1 } as const;
/**
 * The web app's words for how a voice sounds (`VoiceView.sound`), en and zh, read from its i18n
 * files as text (the zh file imports the en one without an extension, as the web's bundler
 * resolves it, which Node does not).
 */
async function soundTexts(lang: 'en' | 'zh'): Promise<Record<string, string>> {
  const source = await readFile(path.resolve(import.meta.dirname, `../../apps/web/app/i18n/voices.${lang}.ts`), 'utf8');
  const block = /\n {2}sound: \{([^}]*)\}/.exec(source)?.[1] ?? '';
  return Object.fromEntries([...block.matchAll(/^\s*"?([\w-]+)"?: "((?:[^"\\]|\\.)*)",?$/gm)].map((match) => [match[1]!, match[2]!]));
}
const SOUNDS = { en: await soundTexts('en'), zh: await soundTexts('zh') };
const soundOf = (voice: VoiceView) => ({ key: voice.sound, en: SOUNDS.en[voice.sound] ?? null, zh: SOUNDS.zh[voice.sound] ?? null });

/**
 * The six voices of the voices sample: the first of each wish list the library has (highest
 * quality badge first where the wish list runs out), each with a sentence for what it suits.
 */
const VOICE_WISHES: Array<{ language: string; keys: string[]; gender?: 'female' | 'male'; text: string; suits: string }> = [
  { language: 'en', keys: ['festival:festival/cmu_us_slt_arctic_hts'], gender: 'female', suits: 'lessons', text: 'Welcome to lesson three. Today we will learn how plants turn sunlight into food.' },
  { language: 'en', keys: ['flite:flite/rms'], gender: 'male', suits: 'ads', text: 'Fresh coffee, roasted this morning and delivered to your door. Try your first box for free.' },
  { language: 'en', keys: ['flite:flite/awb', 'festival:festival/kal_diphone'], gender: 'male', suits: 'stories', text: 'Once upon a time, in a little house by the sea, there lived an old clockmaker and his clever cat.' },
  { language: 'zh', keys: ['espeak:espeak-ng/cmn+f3'], gender: 'female', suits: 'lessons', text: '同学们好，欢迎来到中文课。今天我们学习怎么点一杯咖啡。' },
  { language: 'es', keys: ['espeak:espeak-ng/es+m3'], gender: 'male', suits: 'ads', text: '¡Solo este fin de semana, todos nuestros zapatos tienen un veinte por ciento de descuento!' },
  { language: 'fr', keys: ['espeak:espeak-ng/fr-fr+f3'], gender: 'female', suits: 'stories', text: 'Il était une fois, dans un petit village au bord de la mer, une jeune fille qui rêvait de voyager.' },
];

async function libraryVoices(user: User, language: string): Promise<VoiceView[]> {
  const { list } = await call<{ list: VoiceView[] }>(user, '/api/voices/list', { tab: 'all', language, pageSize: 200 });
  return list.filter((voice) => !voice.cloned && voice.location === 'local');
}

async function chooseVoice(user: User, wish: (typeof VOICE_WISHES)[number], taken: Set<string>): Promise<VoiceView> {
  const voices = await libraryVoices(user, wish.language);
  const wished = wish.keys.map((key) => voices.find((voice) => voice.key === key)).find((voice) => voice && !taken.has(voice.key));
  const fallback = voices
    .filter((voice) => !taken.has(voice.key) && (!wish.gender || voice.gender === wish.gender))
    .sort((a, b) => TIER[b.qualityTier] - TIER[a.qualityTier])[0];
  const voice = wished ?? fallback;
  if (!voice) throw new Error(`no ${wish.language} voice in the library`);
  if (!wished) notes.push(`voices: none of ${wish.keys.join(', ')} is in the library; used ${voice.key}`);
  taken.add(voice.key);
  return voice;
}

/** Text to speech through the tool (MP3, as the product makes it), saved to `to`. */
async function speak(user: User, voiceKey: string, text: string, to: string, title: string): Promise<JobView> {
  const { jobId } = await call<{ jobId: string }>(user, '/api/tts/create', { text, voiceKey, format: 'mp3', title });
  const job = await finished(user, jobId);
  await download(job, (file) => file.role === 'audio', to);
  return job;
}

const state: { apiUser?: User; sloane?: VoiceView; avatarPoster?: string } = {};

async function voicesSample() {
  const user = state.apiUser!;
  const folder = path.join(SAMPLES, 'voices');
  await mkdir(folder, { recursive: true });
  const taken = new Set<string>();
  const voices = [];
  for (const [index, wish] of VOICE_WISHES.entries()) {
    const voice = await chooseVoice(user, wish, taken);
    if (index === 0) state.sloane = voice;
    const file = path.join(folder, `voice-${index + 1}.mp3`);
    await speak(user, voice.key, wish.text, file, `Voice sample ${index + 1}`);
    written.push(file);
    const info = await probe(file);
    if (info.seconds < 4 || info.seconds > 8) notes.push(`voices: voice-${index + 1}.mp3 is ${info.seconds} s (asked for 4–8 s)`);
    voices.push({
      file: `/samples/voices/voice-${index + 1}.mp3`,
      voiceKey: voice.key,
      name: voice.name,
      language: voice.language,
      gender: voice.gender,
      engine: voice.engineName,
      qualityTier: voice.qualityTier,
      sound: soundOf(voice),
      suits: wish.suits,
      text: wish.text,
      seconds: info.seconds,
      kbps: info.audioKbps ?? null,
    });
  }
  await writeJson(folder, { madeBy: MADE_BY, commit, tool: 'text-to-speech', format: 'mp3, as the product delivers it', voices });
}

async function speechToSpeechSample() {
  const user = state.apiUser!;
  const folder = path.join(SAMPLES, 'speech-to-speech');
  await mkdir(folder, { recursive: true });
  const english = await libraryVoices(user, 'en');
  const source = state.sloane ?? english.find((voice) => voice.key === 'festival:festival/cmu_us_slt_arctic_hts') ?? english[0]!;
  const target = english.find((voice) => voice.key === 'flite:flite/rms') ?? english.find((voice) => voice.gender !== source.gender)!;
  const text = 'Speech to speech keeps every word and pause of your recording, and changes only the voice.';
  const before = path.join(folder, 'before.mp3');
  await speak(user, source.key, text, before, 'Speech to speech source');
  written.push(before);
  const uploadId = await upload(user, 'before.mp3', before);
  const { jobId, cost } = await call<{ jobId: string; cost: number }>(user, '/api/sts/create', { uploadId, voiceKey: target.key, format: 'mp3', title: 'Speech to speech sample' });
  const job = await finished(user, jobId);
  const after = path.join(folder, 'after.mp3');
  await download(job, (file) => file.name.startsWith('converted'), after);
  written.push(after);
  const output = (job.output ?? {}) as Record<string, unknown>;
  await writeJson(folder, {
    madeBy: MADE_BY,
    commit,
    text,
    before: { file: '/samples/speech-to-speech/before.mp3', madeWith: 'text-to-speech', voiceKey: source.key, name: source.name, language: source.language, gender: source.gender, seconds: await seconds(before) },
    after: { file: '/samples/speech-to-speech/after.mp3', madeWith: 'speech-to-speech', voiceKey: target.key, name: target.name, language: target.language, gender: target.gender, seconds: await seconds(after) },
    // No remote converter is configured here, so the job uses the local one (packages/core/src/voices/voice-choice.ts converterFor).
    converter: { id: LOCAL_VOICE_CONVERTER, plainly: 'Local signal processing: the recording’s pitch, formants and spectrum moved toward the target voice’s measured profile (not a neural conversion).' },
    warnings: output.warnings ?? [],
    points: cost,
  });
}

async function voiceCloningSample() {
  const user = state.apiUser!;
  const folder = path.join(SAMPLES, 'voice-cloning');
  await mkdir(folder, { recursive: true });
  const english = await libraryVoices(user, 'en');
  // The "speaker" is flite's RMS, a voice the matcher never uses as a base, so the clone is a real move from another voice toward it.
  const speaker = english.find((voice) => voice.key === 'flite:flite/rms') ?? english.find((voice) => voice.gender === 'male')!;
  // The clone needs 10 s – 3 min with at least 8 s of speech (/api/voices/clone/check): a sentence more until it passes.
  const sentences = [
    'Hello, my name is Daniel, and I read audio books for a living.',
    'Today I will read a few sentences, so the computer can learn how my voice sounds.',
    'I speak slowly and clearly, with a short pause after each sentence.',
    'Thank you for listening.',
  ];
  const reference = path.join(folder, 'reference.mp3');
  let used = 2;
  type Check = { accepted: boolean; durationSeconds: number; speechSeconds: number; problems: unknown[] };
  let check: Check | undefined;
  let uploadId = '';
  for (; used <= sentences.length; used += 1) {
    await speak(user, speaker.key, sentences.slice(0, used).join(' '), reference, 'Voice cloning reference');
    uploadId = await upload(user, 'reference.mp3', reference);
    check = await call<Check>(user, '/api/voices/clone/check', { uploadId });
    if (check.accepted) break;
  }
  if (!check?.accepted) throw new Error(`the reference was refused by the recording check: ${JSON.stringify(check)}`);
  const accepted = check;
  written.push(reference);
  const referenceText = sentences.slice(0, used).join(' ');
  const created = await call<{ voice: VoiceView; jobId: string; cost: number }>(user, '/api/voices/clone/create', { uploadId, name: 'Daniel', language: 'en', consent: true });
  const cloneJob = await finished(user, created.jobId);
  const clone = await call<VoiceView>(user, '/api/voices/get', { voiceKey: created.voice.key });
  const text = 'This is my cloned voice. Now it can read any script you write, in a few seconds.';
  const cloned = path.join(folder, 'cloned.mp3');
  await speak(user, clone.key, text, cloned, 'Cloned voice sample');
  written.push(cloned);
  const analysis = (cloneJob.output ?? {}) as { baseVoiceKey?: string | null; medianPitchHz?: number | null; speechSeconds?: number | null };
  await writeJson(folder, {
    madeBy: MADE_BY,
    commit,
    engine: {
      profiler: clone.location === 'local' ? LOCAL_VOICE_PROFILER : clone.engineId,
      id: clone.engineId,
      name: clone.engineName,
      location: clone.location,
      sound: soundOf(clone),
      plainly:
        clone.location === 'local'
          ? 'Made offline by the local voice-matching engine (no neural cloning is available on this machine): it measures the reference’s pitch, pace and spectrum and moves a ready-made library voice (baseVoiceKey) toward them by signal processing. It is not a neural clone; the timbre stays the base voice’s, shifted. The reference itself is a synthetic voice (flite RMS) standing in for a person’s recording.'
          : 'Made by a remote neural cloning engine.',
      baseVoiceKey: analysis.baseVoiceKey ?? null,
      description: clone.description,
    },
    reference: { file: '/samples/voice-cloning/reference.mp3', madeWith: 'text-to-speech', voiceKey: speaker.key, name: speaker.name, text: referenceText, seconds: await seconds(reference), check: { durationSeconds: accepted.durationSeconds, speechSeconds: accepted.speechSeconds }, medianPitchHz: analysis.medianPitchHz ?? clone.medianPitchHz },
    cloned: { file: '/samples/voice-cloning/cloned.mp3', voiceKey: clone.key, name: clone.name, language: clone.language, text, seconds: await seconds(cloned) },
    points: created.cost,
  });
}

async function talkingPhotoSample() {
  const user = state.apiUser!;
  const folder = path.join(SAMPLES, 'talking-photo');
  await mkdir(folder, { recursive: true });
  const options = await call<{ avatars: Array<{ id: string; names: { en: string; zh: string }; descriptions: { en: string; zh: string }; thumbnailUrl: string }> }>(user, '/api/avatar/options', {});
  const avatar = options.avatars.find((candidate) => candidate.id === 'ava') ?? options.avatars[0]!;
  const voice = state.sloane ?? (await libraryVoices(user, 'en'))[0]!;
  const text = `Hi, I'm ${avatar.names.en}. Type a script, pick a voice, and I will present it for you.`;
  const background = '#E4E6FB';
  const body = {
    layout: '1:1',
    resolution: 512,
    captions: { enabled: false },
    scenes: [{ subject: { kind: 'illustrated', avatarId: avatar.id, expression: 'happy' }, speech: { kind: 'script', text, voice: voice.key }, background: { kind: 'colour', colour: background } }],
    title: 'Talking avatar sample',
  };
  const { jobId, estimatedCost } = await call<{ jobId: string; estimatedCost: number }>(user, '/api/avatar/create', body);
  const job = await finished(user, jobId);
  const made = path.join(work, 'avatar.mp4');
  await download(job, (file) => file.role === 'video', made);
  const after = path.join(folder, 'after.mp4');
  const madeInfo = await probe(made);
  const madeBytes = (await stat(made)).size;
  let reencoded: string | null = null;
  if (madeBytes > VIDEO_BUDGET_BYTES || (madeInfo.width ?? 0) > 640) {
    await ffmpeg(['-i', made, '-vf', 'scale=min(640\\,iw):-2', '-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', after]);
    reencoded = `the product's MP4 was ${Math.round(madeBytes / 1024)} KB (${madeInfo.width}×${madeInfo.height}); re-encoded with ffmpeg libx264 -crf 30, AAC 96 kbps`;
  } else {
    await copyFile(made, after);
  }
  written.push(after);
  const info = await probe(after);
  const poster = await loudestMoment(after, info.seconds * 0.35, info.seconds * 0.7);
  await frame(after, poster, path.join(folder, 'after.jpg'));
  written.push(path.join(folder, 'after.jpg'));
  await copyFile(path.join(PUBLIC, avatar.thumbnailUrl), path.join(folder, 'before.png'));
  written.push(path.join(folder, 'before.png'));
  state.avatarPoster = path.join(folder, 'after.jpg');
  await writeJson(folder, {
    madeBy: MADE_BY,
    commit,
    tool: 'avatar (AI avatar video), built-in illustrated avatar',
    avatar: { id: avatar.id, name: avatar.names, description: avatar.descriptions, picture: avatar.thumbnailUrl, expression: 'happy' },
    voice: { voiceKey: voice.key, name: voice.name, language: voice.language },
    text,
    background,
    layout: '1:1',
    resolution: 512,
    captions: false,
    video: { file: '/samples/talking-photo/after.mp4', seconds: info.seconds, width: info.width, height: info.height, reencoded },
    poster: { file: '/samples/talking-photo/after.jpg', seconds: Math.round(poster * 100) / 100, chosen: 'the loudest 40 ms of the middle of the sentence (an open vowel)' },
    before: '/samples/talking-photo/before.png',
    points: { estimated: estimatedCost, settled: job.cost.settled },
  });
}

/**
 * The fill of the erasure sample, chosen by comparing the three by eye on clips made the same way
 * (frames at 1.4 s and 4.3 s; ffmpeg's gradients are random, so each run's picture differs): on the
 * smoothly moving gradient `fast` (ffmpeg delogo) leaves the cleanest picture, while `best` pastes
 * pixels from neighbouring frames in which the gradient has moved on (a visible patch, in one run
 * a hard-edged rectangle) and `inpaint` leaves streaks.
 */
const ERASURE_FILL = 'fast';

async function videoErasureSample() {
  const user = state.apiUser!;
  const folder = path.join(SAMPLES, 'video-erasure');
  await mkdir(folder, { recursive: true });
  const lines = [
    { startSeconds: 0.4, text: 'Welcome to our little shop.' },
    { startSeconds: 3.2, text: 'Everything is half price today.' },
  ];
  const clip = await makeDubbingClip({ name: 'marketing-erasure', seconds: 6, lines, width: 640, height: 360, picture: 'shop', burnedSubtitles: true, cacheDir: work });
  const before = path.join(folder, 'before.mp4');
  await copyFile(clip.file, before);
  written.push(before);
  const uploadId = await upload(user, 'subtitled.mp4', before);
  const detect = await call<{ jobId: string }>(user, '/api/video-erasure/detect', { uploadId, detection: 'subtitles' });
  const found = await finished(user, detect.jobId);
  const regions = ((found.output ?? {}) as { regions?: Array<Record<string, unknown>> }).regions ?? [];
  if (regions.length === 0) throw new Error('the detector found no subtitles');
  const { jobId, cost } = await call<{ jobId: string; cost: number }>(user, '/api/video-erasure/create', { uploadId, regions, mode: 'regions', fill: ERASURE_FILL, title: 'Erasure sample' });
  const job = await finished(user, jobId);
  const made = path.join(work, 'erased.mp4');
  await download(job, (file) => file.role === 'video', made);
  const after = path.join(folder, 'after.mp4');
  const madeBytes = (await stat(made)).size;
  let reencoded: string | null = null;
  if (madeBytes > VIDEO_BUDGET_BYTES) {
    await ffmpeg(['-i', made, '-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-pix_fmt', 'yuv420p', '-c:a', 'copy', '-movflags', '+faststart', after]);
    reencoded = `the product's MP4 was ${Math.round(madeBytes / 1024)} KB; re-encoded with ffmpeg libx264 -crf 30 (audio copied)`;
  } else {
    await copyFile(made, after);
  }
  written.push(after);
  const first = clip.lines[0]!;
  const poster = Math.round(((first.startSeconds + first.endSeconds) / 2) * 100) / 100;
  for (const [video, jpg] of [[before, 'before.jpg'], [after, 'after.jpg']] as const) {
    await frame(video, poster, path.join(folder, jpg));
    written.push(path.join(folder, jpg));
  }
  const beforeInfo = await probe(before);
  const afterInfo = await probe(after);
  await writeJson(folder, {
    madeBy: MADE_BY,
    commit,
    tool: 'video-erasure',
    before: { file: '/samples/video-erasure/before.mp4', madeWith: 'tests/support/dubbing-media.ts makeDubbingClip (picture "shop", festival SLT voice, burned-in subtitles)', seconds: beforeInfo.seconds, width: beforeInfo.width, height: beforeInfo.height, subtitles: clip.lines },
    detected: regions.map((region) => ({ x: region.x, y: region.y, width: region.width, height: region.height, startSeconds: region.startSeconds, endSeconds: region.endSeconds, text: region.text })),
    after: { file: '/samples/video-erasure/after.mp4', mode: 'regions (from /api/video-erasure/detect)', fill: ERASURE_FILL, whyThisFill: 'the three fills compared by eye on clips made this way: fast (ffmpeg delogo) is cleanest on the smooth moving gradient; best (neighbouring frames) left a visible patch and inpaint left streaks', seconds: afterInfo.seconds, width: afterInfo.width, height: afterInfo.height, reencoded },
    posters: { files: ['/samples/video-erasure/before.jpg', '/samples/video-erasure/after.jpg'], seconds: poster, showing: first.text },
    points: cost,
  });
}

// ---------------------------------------------------------------------------------------------
// Screenshots
// ---------------------------------------------------------------------------------------------

const LOCALES = [
  { lang: 'en', prefix: '', browserLocale: 'en-US', nickName: 'Maya Chen', voiceLanguage: 'en', voiceKey: 'festival:festival/cmu_us_slt_arctic_hts', title: 'Spring sale', dubbingTitle: 'Phone ad', script: 'Welcome to the spring sale at Green Leaf Market. Every plant in the shop is twenty percent off this weekend. Come early for the best picks!' },
  { lang: 'zh', prefix: '/zh', browserLocale: 'zh-CN', nickName: '林小雨', voiceLanguage: 'zh', voiceKey: 'espeak:espeak-ng/cmn+f3', title: '春季促销', dubbingTitle: '手机广告', script: '欢迎来到绿叶花园的春季促销。本周末店里所有绿植一律八折。早点来，挑选最好看的那一盆！' },
] as const;

/** A video translator run of a short English clip into Spanish, owned by `user` (for its result page). */
async function translatorRun(user: User, title: string): Promise<string> {
  const clip = await makeDubbingClip({ name: 'marketing-translator', seconds: 8, width: 640, height: 360, picture: 'shop', burnedSubtitles: false, cacheDir: work, lines: [
    { startSeconds: 0.5, text: 'Welcome to our shop.' },
    { startSeconds: 3.0, text: 'This phone has a bright screen.' },
    { startSeconds: 5.6, text: 'The battery lasts all day.' },
  ] });
  const uploadId = await upload(user, 'spring-sale.mp4', clip.file);
  const { jobId } = await call<{ jobId: string }>(user, '/api/video-translation/create', {
    uploadId,
    sourceLanguage: 'en',
    targetLanguages: ['es'],
    textSource: 'subtitle-file',
    subtitleFile: { name: 'spring-sale.srt', text: await readFile(clip.srt, 'utf8') },
    title,
    // Soft subtitles only: the result page's players show the track, and burned-in lines would show twice.
    burnSubtitles: false,
  });
  await finished(user, jobId);
  return jobId;
}

/** Waits until the page has settled: no request for a moment, fonts loaded, no skeleton or spinner shown. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => true));
  await page
    .waitForFunction(() => !document.querySelector('[data-slot="skeleton"], .animate-pulse, [aria-busy="true"]'), undefined, { timeout: 15_000 })
    .catch(() => notes.push(`screenshots: ${page.url()} still showed a loading placeholder after 15 s`));
  await page.mouse.move(0, 899);
  await page.waitForTimeout(400);
}

/** An error toast fails the shot; a passing one ("Generating …") is waited out. */
async function withoutToasts(page: Page, name: string) {
  const errors = page.locator('[data-sonner-toast][data-type="error"]');
  if ((await errors.count()) > 0) throw new Error(`${name}: an error toast on the page: ${(await errors.allInnerTexts()).join(' | ')}`);
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
  if ((await page.locator('[data-sonner-toast]').count()) > 0) throw new Error(`${name}: a toast stayed on the page: ${(await page.locator('[data-sonner-toast]').allInnerTexts()).join(' | ')}`);
}

/** Whether a computed background colour is a dark one (rgb, oklch or lab). */
const isDark = (background: string) => /rgb\(\s*(\d|[1-4]\d),/.test(background) || /oklch\(0\.[0-2]/.test(background) || /lab\(\s*([0-9]|1\d)[.\s]/.test(background);

/** Light, then dark (the app follows the system scheme when no mode is stored); checks that the page really turned dark. */
async function lightAndDark(page: Page, name: string, options: { dark?: boolean } = {}) {
  const folder = path.join(SAMPLES, 'workbench');
  await page.emulateMedia({ colorScheme: 'light' });
  await settle(page);
  await withoutToasts(page, name);
  await page.screenshot({ path: path.join(folder, `${name}-light.jpg`), type: 'jpeg', quality: 75 });
  written.push(path.join(folder, `${name}-light.jpg`));
  if (options.dark === false) return;
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.documentElement.classList.contains('dark'), undefined, { timeout: 5_000 });
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await settle(page);
  await page.screenshot({ path: path.join(folder, `${name}-dark.jpg`), type: 'jpeg', quality: 75 });
  written.push(path.join(folder, `${name}-dark.jpg`));
  await page.emulateMedia({ colorScheme: 'light' });
  if (!isDark(background)) notes.push(`screenshots: ${name}-dark body background is ${background}`);
}

async function launchBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  return browser;
}

/** A browser context at 1440×900 signed in as `user` (the web app's user_info cookie). */
async function signedInContext(user: User, locale: (typeof LOCALES)[number], colorScheme: 'light' | 'dark'): Promise<BrowserContext> {
  const context = await (await launchBrowser()).newContext({ viewport: { width: 1440, height: 900 }, colorScheme, locale: locale.browserLocale, deviceScaleFactor: 1 });
  await context.addCookies([{ name: 'user_info', value: encodeURIComponent(JSON.stringify({ token: user.token, userId: user.userId, nickName: locale.nickName, email: '', isGuest: false })), url: base }]);
  return context;
}

/**
 * samples/workbench/sample.json is written by two parts, `workbench` and `dubbing`: each replaces
 * its own files and shots (the dubbing ones are named `dubbing-…`) and keeps the other's.
 */
const WORKBENCH_JSON = path.join(SAMPLES, 'workbench', 'sample.json');
const isDubbingShot = (name: string) => /(^|\/)dubbing-/.test(name);
interface WorkbenchMade {
  files: string[];
  shots: Record<string, unknown>;
  [key: string]: unknown;
}
async function readWorkbenchJson(): Promise<WorkbenchMade> {
  const text = await readFile(WORKBENCH_JSON, 'utf8').catch(() => null);
  const made = (text ? JSON.parse(text) : {}) as Partial<WorkbenchMade>;
  return { ...made, files: made.files ?? [], shots: made.shots ?? {} };
}

async function screenshots() {
  const folder = path.join(SAMPLES, 'workbench');
  await mkdir(folder, { recursive: true });
  await launchBrowser();
  const shots: Record<string, unknown> = {};
  // One user per language (each page's history then holds only its own language's runs), each
  // with a video translator run of its own; if either run fails, both languages show the voice library.
  const users = [];
  let second: 'translator' | 'voices' = 'translator';
  for (const locale of LOCALES) {
    const user = await createUser(`browser-${locale.lang}`, locale.nickName);
    let runId: string | null = null;
    try {
      runId = await translatorRun(user, locale.title);
    } catch (error) {
      second = 'voices';
      notes.push(`screenshots: no video translator run for ${locale.lang} (${error instanceof Error ? error.message : String(error)}); the voice library was shot instead`);
    }
    users.push({ locale, user, runId });
  }
  for (const { locale, user, runId } of users) {
    const context = await signedInContext(user, locale, 'light');
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));

      // Text to speech, after generating a short script with a voice of the page's language.
      const voices = await libraryVoices(user, locale.voiceLanguage);
      const voice = voices.find((candidate) => candidate.key === locale.voiceKey) ?? voices[0]!;
      await page.goto(`${base}${locale.prefix}/workbench/text-to-speech?voice=${encodeURIComponent(voice.key)}`);
      await page.getByTestId('selected-voice').and(page.locator(`[data-voice-key="${voice.key}"]`)).waitFor({ timeout: 30_000 });
      await page.getByTestId('tts-script').fill(locale.script);
      await page.getByTestId('tts-generate').click();
      await page.getByTestId('download-audio').waitFor({ state: 'visible', timeout: 180_000 });
      await page.locator('[data-testid="speech-result"] [data-slot="waveform-player"][data-state="ready"]').waitFor({ timeout: 60_000 });
      await lightAndDark(page, `tts-${locale.lang}`);
      // For the cover: the same page at 1600×840 (the cover's shape), so the title, the script and the result player all fit; scaled to 1200×630 later.
      await page.setViewportSize({ width: 1600, height: 840 });
      await settle(page);
      await page.screenshot({ path: path.join(work, `tts-cover-${locale.lang}.png`) });
      await page.setViewportSize({ width: 1440, height: 900 });
      shots[`tts-${locale.lang}`] = { page: `${locale.prefix}/workbench/text-to-speech`, voiceKey: voice.key, voiceName: voice.name, script: locale.script };

      // The second page: the video translator's result page for the run, or the voice library.
      if (runId && second === 'translator') {
        await page.goto(`${base}${locale.prefix}/workbench/video-translator/details/${runId}`);
        await page.getByTestId('translation-result').waitFor({ state: 'visible', timeout: 60_000 });
        await page.waitForFunction(() => [...document.querySelectorAll('video')].every((video) => video.readyState >= 2), undefined, { timeout: 30_000 });
        // Both players at a moment with a subtitle cue on screen, the seeked frame painted (a shot
        // right after 'seeked' once caught a half-decoded frame with a dark speck in it).
        await page.locator('video').evaluateAll(async (videos: HTMLVideoElement[]) => {
          await Promise.all(videos.map((video) => new Promise<void>((resolve) => {
            // A paused video may never call back for a frame in headless Chromium: at most 3 s.
            setTimeout(resolve, 3_000);
            video.addEventListener('seeked', () => video.requestVideoFrameCallback(() => resolve()), { once: true });
            video.currentTime = 1.4;
          })));
        });
        await page.waitForTimeout(1_500);
        await lightAndDark(page, `translator-${locale.lang}`);
        shots[`translator-${locale.lang}`] = { page: `${locale.prefix}/workbench/video-translator/details/<run>`, run: 'an 8 s English clip dubbed into Spanish from its SRT (quick mode, Spanish subtitles as a soft track)', title: locale.title };
      } else {
        await page.goto(`${base}${locale.prefix}/workbench/voice-library`);
        await page.getByTestId('voice-card').first().waitFor({ timeout: 30_000 });
        await lightAndDark(page, `voices-${locale.lang}`);
        shots[`voices-${locale.lang}`] = { page: `${locale.prefix}/workbench/voice-library` };
      }

      // Points and plans (for the covers), light only.
      await page.goto(`${base}${locale.prefix}/workbench/my-plan`);
      await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
      await settle(page);
      await page.screenshot({ path: path.join(work, `plan-${locale.lang}.jpg`), type: 'jpeg', quality: 90 });
      shots[`plan-${locale.lang}`] = { page: `${locale.prefix}/workbench/my-plan`, usedFor: `covers/points-and-plans${locale.lang === 'zh' ? '-zh' : ''}.jpg` };
      if (problems.length > 0) notes.push(`screenshots ${locale.lang}: ${problems.join('; ')}`);
    } finally {
      await context.close();
    }
  }
  // The dubbing part's shots, as they are.
  const previous = await readWorkbenchJson();
  await writeJson(folder, {
    madeBy: MADE_BY,
    commit,
    browser: 'Debian chromium, headless, 1440×900, JPEG quality 75',
    colourMode: 'the app follows the system scheme when no mode is stored: light and dark are emulated prefers-color-scheme, checked by the <html class="dark"> the app sets',
    second,
    files: [...['tts', second].flatMap((name) => ['en', 'zh'].flatMap((lang) => ['light', 'dark'].map((scheme) => `/samples/workbench/${name}-${lang}-${scheme}.jpg`))), ...previous.files.filter(isDubbingShot)],
    shots: { ...shots, ...Object.fromEntries(Object.entries(previous.shots).filter(([name]) => isDubbingShot(name))) },
    covers: {
      'getting-started.jpg / getting-started-zh.jpg': 'the text-to-speech page in the same state as tts-{en,zh}-light.jpg, shot at 1600×840 and scaled to 1200×630',
      'points-and-plans.jpg / points-and-plans-zh.jpg': '/workbench/my-plan (plan, points, points history), light, 1440×900 scaled to 1200 wide and cropped from the top',
      'video-localization.jpg': 'samples/video-translator/after-es.mp4 at 4 s',
      'ecommerce-video.jpg': 'samples/video-translator/before.mp4 at 10 s',
      'local-vs-neural.jpg': `ffmpeg showwavespic of voices/voice-1.mp3 (${BRAND.primary}) and voices/voice-4.mp3 (${BRAND.accent}) on ${BRAND.dark}`,
      'lip-sync.jpg': 'talking-photo/after.jpg scaled to 644 px high, its bottom 14 px cut (the torso stops a few pixels above the frame’s edge), centred on the video’s backdrop colour',
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Dubbing studio
// ---------------------------------------------------------------------------------------------

/**
 * The clip of the dubbing shots: four short English lines by two people (festival's SLT, a woman,
 * and kal, a man), 10 s; lines Apertium translates well (it makes "nuestra poca tienda" of "our
 * little shop" and "Lo compra hoy y ahorrar dinero" of "Buy it today and save money").
 */
const DUBBING_LINES = [
  { startSeconds: 0.5, text: 'Welcome to our shop.' },
  { startSeconds: 2.8, text: 'This phone has a bright screen.', voice: 'kal_diphone' },
  { startSeconds: 5.3, text: 'The battery lasts all day.' },
  { startSeconds: 7.8, text: 'It is on sale this week.', voice: 'kal_diphone' },
];
/** The segment selected in the shots (the third), shown in the inspector: its Spanish take fits its time (the second's runs over). */
const DUBBING_SELECTED = 2;
const DUBBING_BLOCKS = '[data-testid="timeline-track"] [data-segment-id]';

/**
 * A dubbing studio project of the clip, owned by `user`, as the public API's dubbing run makes one
 * (tests/integration/api-client-cli.test.ts): from the upload with its SRT as the text source
 * (two speakers), prepared, translated into Spanish offline (Apertium) and every segment spoken.
 */
async function dubbingProject(user: User, title: string): Promise<DubbingProject> {
  const clip = await makeDubbingClip({ name: 'marketing-dubbing', seconds: 10, width: 640, height: 360, picture: 'shop', burnedSubtitles: false, cacheDir: work, lines: DUBBING_LINES });
  const uploadId = await upload(user, 'phone-ad.mp4', clip.file);
  const { projectId, prepareJobId } = await call<{ projectId: string; prepareJobId: string | null }>(user, '/api/dubbing/projects/create', {
    edition: 'studio',
    title,
    from: { kind: 'upload', uploadId, sourceLanguage: 'en', textSource: 'subtitle-file', subtitleFile: { name: 'phone-ad.srt', text: await readFile(clip.srt, 'utf8') }, speakers: 2 },
    targetLanguages: ['es'],
  });
  if (prepareJobId) await finished(user, prepareJobId);
  const prepared = await call<DubbingProject>(user, '/api/dubbing/projects/get', { projectId });
  if (prepared.status !== 'ready') throw new Error(`dubbing project ${projectId} is ${prepared.status} after preparing: ${JSON.stringify(prepared.error)}`);
  if (prepared.segments.length !== DUBBING_LINES.length) throw new Error(`dubbing project ${projectId} has ${prepared.segments.length} segments, the SRT ${DUBBING_LINES.length} lines`);
  for (const step of ['translate', 'synthesize'] as const) {
    const { jobId } = await call<{ jobId: string; cost: number }>(user, `/api/dubbing/${step}`, { projectId, language: 'es', segments: { kind: 'all' } });
    await finished(user, jobId);
  }
  const project = await call<DubbingProject>(user, '/api/dubbing/projects/get', { projectId });
  const unfinished = project.segments.filter((segment) => !segment.translations.es || !segment.takes.es);
  if (unfinished.length > 0) throw new Error(`dubbing project ${projectId}: ${unfinished.length} segment(s) without a Spanish line or take`);
  return project;
}

/**
 * The editor as someone who just dubbed the clip sees it: every segment spoken, the playhead and
 * the preview inside the selected segment (a click on the ruler above it), the segment
 * selected (the inspector shows its lines and take), both waveforms drawn, everything saved and
 * nothing running or loading.
 */
async function dubbingEditorReady(page: Page, project: DubbingProject) {
  await page.getByTestId('dubbing-editor').waitFor({ state: 'visible', timeout: 60_000 });
  const blocks = page.locator(DUBBING_BLOCKS);
  await page.waitForFunction(
    ({ selector, count }) => {
      const states = [...document.querySelectorAll(selector)].map((element) => element.getAttribute('data-state'));
      return states.length === count && states.every((state) => state === 'spoken');
    },
    { selector: DUBBING_BLOCKS, count: project.segments.length },
    { timeout: 30_000 },
  );
  const target = blocks.nth(DUBBING_SELECTED);
  const id = await target.getAttribute('data-segment-id');
  const box = await target.boundingBox();
  const ruler = await page.getByTestId('dubbing-timeline').getByRole('group').boundingBox();
  if (!id || !box || !ruler) throw new Error('dubbing: the timeline has no segment blocks on screen');
  await page.mouse.click(box.x + box.width * 0.4, ruler.y + 8);
  await target.click();
  await page.locator(`[data-testid="segment-inspector"][data-segment-id="${id}"]`).waitFor({ timeout: 10_000 });
  // The editor, its inspector showing a segment, is taller than 900 px: scrolled until the
  // timeline's bottom (and a little margin) is on screen.
  await page.getByTestId('dubbing-timeline').evaluate((timeline) => {
    timeline.scrollIntoView({ block: 'end' });
    let scroller = timeline.parentElement;
    while (scroller && !(scroller.scrollHeight > scroller.clientHeight && /auto|scroll/.test(getComputedStyle(scroller).overflowY))) scroller = scroller.parentElement;
    (scroller ?? document.scrollingElement)?.scrollBy(0, 16);
  });
  // The preview's frame at the playhead, painted (a paused video may never call back for a frame in headless Chromium: at most 3 s).
  await page.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="dubbing-preview"]');
    return !!video && video.readyState >= 2 && !video.seeking;
  }, undefined, { timeout: 30_000 });
  await page.getByTestId('dubbing-preview').evaluate((video: HTMLVideoElement) => new Promise<void>((resolve) => {
    setTimeout(resolve, 3_000);
    video.requestVideoFrameCallback(() => resolve());
  }));
  // Both waveforms drawn: the original's (its peaks file loaded) and the dub's (the takes' peaks).
  await page.waitForFunction(() => {
    const canvases = [...document.querySelectorAll<HTMLCanvasElement>('[data-testid="dubbing-timeline"] canvas')];
    return canvases.length === 2 && canvases.every((canvas) => {
      const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
      let drawn = 0;
      for (let index = 3; pixels && index < pixels.length; index += 4) if (pixels[index]! > 0) drawn += 1;
      return drawn > 500;
    });
  }, undefined, { timeout: 30_000 });
  await page.getByTestId('dubbing-save-state').and(page.locator('[data-state="saved"]')).waitFor({ timeout: 15_000 });
  await page.getByTestId('dubbing-job').first().waitFor({ state: 'detached', timeout: 30_000 });
  for (const busy of ['dubbing-editor-loading', 'dubbing-conflict', 'dubbing-remote-change']) {
    if ((await page.getByTestId(busy).count()) > 0) throw new Error(`dubbing: the editor shows ${busy}`);
  }
}

async function dubbingScreenshots() {
  const folder = path.join(SAMPLES, 'workbench');
  await mkdir(folder, { recursive: true });
  const files: string[] = [];
  const shots: Record<string, unknown> = {};
  for (const locale of LOCALES) {
    // A user of its own per language (the project list then holds only its own language's project).
    const user = await createUser(`dubbing-${locale.lang}`, locale.nickName);
    const project = await dubbingProject(user, locale.dubbingTitle);
    const pagePath = `${locale.prefix}/workbench/dubbing-studio/details/${project.id}`;
    const name = `dubbing-${locale.lang}`;
    // Each scheme loads the page anew (the timeline's canvases take the theme's colours when they draw).
    for (const scheme of ['light', 'dark'] as const) {
      const context = await signedInContext(user, locale, scheme);
      try {
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        await page.goto(`${base}${pagePath}`);
        await dubbingEditorReady(page, project);
        if ((await page.evaluate(() => document.documentElement.classList.contains('dark'))) !== (scheme === 'dark')) throw new Error(`${name}-${scheme}: the page is not in the ${scheme} scheme`);
        const lang = await page.evaluate(() => document.documentElement.lang);
        if (!lang.startsWith(locale.lang)) throw new Error(`${name}-${scheme}: the page's language is ${lang}`);
        await settle(page);
        await withoutToasts(page, `${name}-${scheme}`);
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        if ((scheme === 'dark') !== isDark(background)) notes.push(`screenshots: ${name}-${scheme} body background is ${background}`);
        const file = path.join(folder, `${name}-${scheme}.jpg`);
        await page.screenshot({ path: file, type: 'jpeg', quality: 75 });
        written.push(file);
        files.push(`/samples/workbench/${name}-${scheme}.jpg`);
        if (problems.length > 0) notes.push(`screenshots ${name}-${scheme}: ${problems.join('; ')}`);
      } finally {
        await context.close();
      }
    }
    const selected = project.segments[DUBBING_SELECTED]!;
    shots[name] = {
      page: `${locale.prefix}/workbench/dubbing-studio/details/<project>`,
      commit,
      project: {
        title: locale.dubbingTitle,
        edition: 'studio',
        run: 'a 10 s English clip (tests/support/dubbing-media.ts makeDubbingClip, picture "shop", two festival voices) with its SRT as the text source and two speakers; prepared, translated into Spanish offline (Apertium) and every segment spoken, nothing edited',
        sourceLanguage: project.sourceLanguage,
        targetLanguages: project.targetLanguages,
        characters: project.characters.length,
        segments: project.segments.map((segment) => ({ startMs: segment.startMs, endMs: segment.endMs, source: segment.sourceText, es: segment.translations.es ?? null, takeMs: segment.takes.es?.durationMs ?? null })),
      },
      selected: { segment: DUBBING_SELECTED + 1, source: selected.sourceText, es: selected.translations.es ?? null },
      state: 'scrolled to the timeline’s bottom; the playhead and the preview inside the selected segment (a click on the ruler), the segment clicked (the inspector shows it), both waveforms drawn, saved, no job running; each scheme a fresh load of the page',
    };
  }
  const previous = await readWorkbenchJson();
  await writeJson(folder, {
    ...previous,
    files: [...previous.files.filter((file) => !isDubbingShot(file)), ...files],
    shots: { ...Object.fromEntries(Object.entries(previous.shots).filter(([shot]) => !isDubbingShot(shot))), ...shots },
  });
}

// ---------------------------------------------------------------------------------------------
// Covers
// ---------------------------------------------------------------------------------------------

async function covers() {
  await mkdir(COVERS, { recursive: true });
  // Cut from the workbench part's screenshots: kept as they are when that part did not run.
  const fromWorkbench: Array<[string, () => Promise<void>]> = [
    ['getting-started.jpg', () => cover(path.join(work, 'tts-cover-en.png'), path.join(COVERS, 'getting-started.jpg'), 'top')],
    ['getting-started-zh.jpg', () => cover(path.join(work, 'tts-cover-zh.png'), path.join(COVERS, 'getting-started-zh.jpg'), 'top')],
    ['points-and-plans.jpg', () => cover(path.join(work, 'plan-en.jpg'), path.join(COVERS, 'points-and-plans.jpg'), 'top')],
    ['points-and-plans-zh.jpg', () => cover(path.join(work, 'plan-zh.jpg'), path.join(COVERS, 'points-and-plans-zh.jpg'), 'top')],
  ];
  const steps: Array<[string, () => Promise<void>]> = [
    ...(runs('workbench') ? fromWorkbench : []),
    [
      'video-localization.jpg',
      async () => {
        const still = path.join(work, 'after-es.png');
        await ffmpeg(['-ss', '4', '-i', path.join(SAMPLES, 'video-translator/after-es.mp4'), '-frames:v', '1', still]);
        await cover(still, path.join(COVERS, 'video-localization.jpg'));
      },
    ],
    [
      'ecommerce-video.jpg',
      async () => {
        const still = path.join(work, 'before.png');
        await ffmpeg(['-ss', '10', '-i', path.join(SAMPLES, 'video-translator/before.mp4'), '-frames:v', '1', still]);
        await cover(still, path.join(COVERS, 'ecommerce-video.jpg'));
      },
    ],
    [
      'local-vs-neural.jpg',
      async () => {
        // Two of the voices as waveforms in the brand's colours on its dark background: an English voice above, the Mandarin one below.
        const out = path.join(COVERS, 'local-vs-neural.jpg');
        await ffmpeg([
          '-i', path.join(SAMPLES, 'voices/voice-1.mp3'),
          '-i', path.join(SAMPLES, 'voices/voice-4.mp3'),
          '-f', 'lavfi', '-i', `color=c=${BRAND.dark}:s=1200x630:d=1`,
          '-filter_complex',
          [
            `[0:a]aformat=channel_layouts=mono,showwavespic=s=1040x230:colors=${BRAND.primary}:scale=sqrt:draw=full[a]`,
            `[1:a]aformat=channel_layouts=mono,showwavespic=s=1040x230:colors=${BRAND.accent}:scale=sqrt:draw=full[b]`,
            '[2:v][a]overlay=80:70[ab]',
            '[ab][b]overlay=80:330,format=yuvj420p[v]',
          ].join(';'),
          '-map', '[v]', '-frames:v', '1', '-q:v', '5', out,
        ]);
        written.push(out);
      },
    ],
    [
      'lip-sync.jpg',
      async () => {
        // The square avatar frame centred on the video's own backdrop colour; its bottom 2 % cut off
        // (the avatar's torso stops a few pixels above the frame's edge, which shows as a strip).
        const still = state.avatarPoster ?? path.join(SAMPLES, 'talking-photo/after.jpg');
        const out = path.join(COVERS, 'lip-sync.jpg');
        await ffmpeg(['-i', still, '-vf', 'scale=-2:644:flags=lanczos,crop=iw:630:0:0,pad=1200:630:(ow-iw)/2:0:color=0xE4E6FB', '-frames:v', '1', '-q:v', '5', out]);
        written.push(out);
      },
    ],
  ];
  for (const [name, step] of steps) await part(`cover ${name}`, step);
}

// ---------------------------------------------------------------------------------------------

try {
  await app.listen();
  state.apiUser = await createUser('api', 'Voxwork Samples');
  if (only) console.info(`[marketing] only: ${only.join(', ')}`);
  if (runs('voices')) await part('voices', voicesSample);
  if (runs('speech-to-speech')) await part('speech-to-speech', speechToSpeechSample);
  if (runs('voice-cloning')) await part('voice-cloning', voiceCloningSample);
  if (runs('talking-photo')) await part('talking-photo', talkingPhotoSample);
  if (runs('video-erasure')) await part('video-erasure', videoErasureSample);
  if (runs('workbench')) await part('workbench screenshots', screenshots);
  if (runs('dubbing')) await part('dubbing studio screenshots', dubbingScreenshots);
  if (runs('covers')) await covers();
} finally {
  await browser?.close().catch(() => undefined);
  await app.stop();
  await rm(work, { recursive: true, force: true });
}

console.info('\n[marketing] written:');
for (const file of [...new Set(written)]) {
  const size = (await stat(file).catch(() => null))?.size;
  console.info(`  ${path.relative(process.cwd(), file).padEnd(60)} ${size === undefined ? 'missing' : `${(size / 1024).toFixed(1)} KB`}`);
}
for (const note of notes) console.info(`[marketing] note: ${note}`);
if (failures.length > 0) {
  console.error(`\n[marketing] ${failures.length} part(s) failed:`);
  for (const failure of failures) console.error(`  ${failure.part}: ${failure.error.split('\n')[0]}`);
  process.exitCode = 1;
}
