import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ErrorCode, type JobView } from '@voxwork/contract';
import { probeMedia } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabases } from '../support/test-database.ts';
import { toolClient, type ToolClient } from '../support/tool-client.ts';
import { decodeToPcm } from '../../packages/engines/src/audio/pcm-audio.ts';
import { startElevenLabsReplayServer, type ElevenLabsReplayServer } from '../../packages/engines/src/testing/elevenlabs-replay-server.ts';
import { makeSpeech } from '../../packages/engines/src/testing/generated-media.ts';

const run = promisify(execFile);
const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
/** Jobs run in this process: the test app is also a worker. */
const WORKER_ENV = { ROLE: 'api,worker', JOB_POLL_INTERVAL_SECONDS: '0.5' };
const SECONDS = 12;
/** 44.1 kHz on purpose: the stems must come back at the source's rate, not the engines' 48 kHz. */
const RATE = 44_100;
const MEASURE_RATE = 16_000;

interface Mixture {
  /** Stereo WAV: speech in the centre, music panned wide, 44.1 kHz. */
  wav: string;
  /** The same soundtrack as a video's only audio track (H.264 + AAC). */
  video: string;
  /** A video with no audio track at all. */
  silentVideo: string;
  speech: string;
  music: string;
}

/**
 * A 12 s soundtrack made once per run: espeak-ng reading two sentences from 1 s, in the centre,
 * over a wide two-chord music bed with a swell (as the engines' own tests mix it), −6 dB speech-to-music.
 */
async function makeMixture(dir: string): Promise<Mixture> {
  const spoken = await makeSpeech(dir, 'voice.wav', 'The market opens at nine and the bread is still warm. Come early, because the apples go fast and the queue gets long.', 'en-us');
  const speech = path.join(dir, 'speech.wav');
  await run('ffmpeg', [...QUIET, '-i', spoken, '-af', `aresample=${RATE},adelay=1000:all=1,apad,atrim=0:${SECONDS}`, '-ac', '1', '-c:a', 'pcm_s16le', speech]);
  const music = path.join(dir, 'music.wav');
  await run('ffmpeg', [
    ...QUIET, '-f', 'lavfi', '-i',
    `aevalsrc='0.07*(sin(2*PI*220*t)+0.6*sin(2*PI*277.2*t)+0.3*sin(2*PI*440*t))*(0.8+0.2*sin(2*PI*0.25*t))|0.07*(sin(2*PI*329.6*t)+0.6*sin(2*PI*392*t)+0.3*sin(2*PI*659*t))*(0.8+0.2*sin(2*PI*0.2*t+1))':s=${RATE}:d=${SECONDS}`,
    '-c:a', 'pcm_s16le', music,
  ]);
  const wav = path.join(dir, 'mixture.wav');
  await run('ffmpeg', [...QUIET, '-i', music, '-i', speech, '-filter_complex', '[1:a]volume=0.6,pan=stereo|c0=c0|c1=c0[s];[0:a][s]amix=inputs=2:normalize=0[out]', '-map', '[out]', '-c:a', 'pcm_s16le', wav]);
  // The speech reference at the level it has in the mixture.
  const speechInMix = path.join(dir, 'speech-in-mix.wav');
  await run('ffmpeg', [...QUIET, '-i', speech, '-af', 'volume=0.6', '-c:a', 'pcm_s16le', speechInMix]);
  const video = path.join(dir, 'talk.mp4');
  await run('ffmpeg', [...QUIET, '-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=10:duration=${SECONDS}`, '-i', wav, '-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '160k', '-shortest', video]);
  const silentVideo = path.join(dir, 'silent.mp4');
  await run('ffmpeg', [...QUIET, '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10:duration=3', '-c:v', 'libx264', '-preset', 'ultrafast', silentVideo]);
  return { wav, video, silentVideo, speech: speechInMix, music };
}

const energy = (samples: Float32Array) => samples.reduce((sum, value) => sum + value * value, 0);
const dot = (a: Float32Array, b: Float32Array) => {
  let sum = 0;
  for (let index = 0; index < Math.min(a.length, b.length); index++) sum += a[index]! * b[index]!;
  return sum;
};
const db = (ratio: number) => 10 * Math.log10(ratio);

/**
 * How much speech and how much music a stem holds: least squares of the stem on the two references
 * (mono, 16 kHz), `stem ≈ a·speech + b·music`. Returns the speech-to-music ratio in the stem (dB)
 * and the speech's level in the stem relative to the mixture's speech (dB; −∞ none left).
 */
function speechAndMusic(stem: Float32Array, speech: Float32Array, music: Float32Array) {
  const ss = energy(speech);
  const mm = energy(music);
  const sm = dot(speech, music);
  const ys = dot(stem, speech);
  const ym = dot(stem, music);
  const det = ss * mm - sm * sm;
  const a = (ys * mm - ym * sm) / det;
  const b = (ym * ss - ys * sm) / det;
  // Everything in the stem that is not the music: the speech left in it, distorted or not (relative to the mixture's speech).
  const rest = stem.map((value, index) => value - b * (music[index] ?? 0));
  return { speechToMusicDb: db((a * a * ss) / (b * b * mm)), speechLevelDb: db(a * a), musicLevelDb: db(b * b), notMusicDb: db(energy(rest) / ss) };
}

/**
 * Audio separation end to end over HTTP with the real engines: the local RNNoise engine on a
 * generated speech + music mixture (figures printed, thresholds just under them), the same through
 * a video's audio track, ElevenLabs audio isolation through its replay server, and every bad input
 * with its catalogue error and nothing charged.
 */
/** The media, made once per run and shared by both databases' runs. */
let media: Promise<{ dir: string; mixture: Mixture }> | undefined;
const sharedMedia = () =>
  (media ??= mkdtemp(path.join(tmpdir(), 'separation-media-')).then(async (dir) => ({ dir, mixture: await makeMixture(dir) })));
afterAll(async () => {
  if (media) await rm((await media).dir, { recursive: true, force: true });
});

// The engines and the stems do not depend on the database; the charge and its release go through the
// ledger that points-ledger and job-pipeline test on both. One database (PostgreSQL in CI) saves a minute of CI.
describe.each(testDatabases().slice(-1))('audio separation on %s', (_name, open) => {
  let testApp: TestApp;
  let base: string;
  let cleanup: () => Promise<void>;
  let user: { token: string; userId: string };
  let client: ToolClient;
  let dir: string;
  let mixture: Mixture;
  let isolation: ElevenLabsReplayServer;
  const saved = { ...process.env };
  const references: { speech?: Float32Array; music?: Float32Array; mix?: Float32Array } = {};

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'separation-test-'));
    ({ mixture } = await sharedMedia());
    // ElevenLabs audio isolation, replayed: it answers with the mixture's own speech, as an ideal isolator would.
    isolation = await startElevenLabsReplayServer({ apiKey: 'xi-separation', isolate: () => Promise.resolve(mixture.speech) });
    // The engine registry reads its selection from the process environment (as video-translation.test.ts does).
    Object.assign(process.env, { ELEVENLABS_API_KEY: 'xi-separation', ELEVENLABS_BASE_URL: isolation.url, ENGINES_AUDIO_SEPARATOR: 'rnnoise:rnnoise,elevenlabs:audio-isolation' });
    const opened = await open();
    cleanup = opened.cleanup;
    testApp = await startTestApp({ name: 'separation', env: WORKER_ENV, database: opened.handle });
    base = testApp.base;
    user = await createVerifiedUser(base, testApp.dataDir, `separation-${Date.now()}@example.com`);
    client = toolClient(base, user);
    references.speech = (await decodeToPcm(mixture.speech, MEASURE_RATE)).samples;
    references.music = (await decodeToPcm(mixture.music, MEASURE_RATE)).samples;
    references.mix = (await decodeToPcm(mixture.wav, MEASURE_RATE)).samples;
  }, 180_000);
  afterAll(async () => {
    await testApp?.stop();
    await cleanup?.();
    await isolation?.close();
    process.env = saved;
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const call = (pathName: string, body: unknown, language = 'en') => client.call(pathName, body, language);
  const data = <T,>(pathName: string, body: unknown) => client.data<T>(pathName, body);
  const points = () => client.points();
  const until = (jobId: string, timeoutMs?: number) => client.until(jobId, timeoutMs);
  const upload = (name: string, file: string) => client.tryUpload(name, file);
  const uploaded = (name: string, file: string) => client.upload(name, file);
  async function download(job: JobView, name: string): Promise<string> {
    const media = job.media.find((file) => file.name === name);
    expect(media, `${name} in ${job.media.map((file) => file.name).join(', ')}`).toBeDefined();
    return client.download(media!.downloadUrl, path.join(dir, `${job.id}-${name}`));
  }

  /** Runs one separation and checks what every run must: charged once, both stems in both formats, each exactly as long as the source at its rate. */
  async function separate(name: string, file: string, engineId: string, expectedCost: number) {
    const uploadId = await uploaded(name, file);
    const before = await points();
    const created = await data<{ jobId: string; cost: number }>('/api/audio-separation/create', { uploadId, engineId });
    expect(created.cost).toBe(expectedCost);
    const job = await until(created.jobId);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.stages.map((stage) => stage.name)).toEqual(['ingest', 'separate', 'encode', 'deliver']);
    const after = await points();
    expect(after.availablePoint).toBe(before.availablePoint - expectedCost);
    expect(after.freezePoint).toBe(before.freezePoint);
    expect(job.media.map((media) => media.name).sort()).toEqual(['background.mp3', 'background.wav', 'original.mp3', 'voice.mp3', 'voice.wav']);
    // The source's first audio track as decoded (a video's AAC track carries its encoder's priming samples).
    const decoded = path.join(dir, `${name}-decoded.wav`);
    await run('ffmpeg', [...QUIET, '-i', file, '-map', '0:a:0', '-c:a', 'pcm_s16le', decoded]);
    const sourceFrames = Math.round(((await probeMedia(decoded)).audio?.durationSeconds ?? 0) * RATE);
    const stems: Record<'voice' | 'background', Float32Array> = { voice: new Float32Array(), background: new Float32Array() };
    for (const stem of ['voice', 'background'] as const) {
      const wav = await probeMedia(await download(job, `${stem}.wav`));
      expect(wav.audio?.sampleRate, `${stem}.wav rate`).toBe(RATE);
      expect(Math.round((wav.audio?.durationSeconds ?? wav.durationSeconds ?? 0) * RATE), `${stem}.wav samples`).toBe(sourceFrames);
      const mp3 = await probeMedia(await download(job, `${stem}.mp3`));
      expect(mp3.audio?.codec).toBe('mp3');
      expect(Math.abs((mp3.durationSeconds ?? 0) - SECONDS), `${stem}.mp3 length`).toBeLessThan(0.05);
      stems[stem] = (await decodeToPcm(path.join(dir, `${job.id}-${stem}.wav`), MEASURE_RATE)).samples;
    }
    return { job, stems };
  }

  function figures(label: string, stems: Record<'voice' | 'background', Float32Array>) {
    const mix = speechAndMusic(references.mix!, references.speech!, references.music!);
    const voice = speechAndMusic(stems.voice, references.speech!, references.music!);
    const background = speechAndMusic(stems.background, references.speech!, references.music!);
    const result = {
      mixtureSpeechToMusicDb: Number(mix.speechToMusicDb.toFixed(1)),
      voiceSpeechToMusicDb: Number(voice.speechToMusicDb.toFixed(1)),
      voiceGainOverMixtureDb: Number((voice.speechToMusicDb - mix.speechToMusicDb).toFixed(1)),
      speechLeftInBackgroundDb: Number(background.speechLevelDb.toFixed(1)),
      musicKeptInBackgroundDb: Number(background.musicLevelDb.toFixed(1)),
      notMusicInBackgroundDb: Number(background.notMusicDb.toFixed(1)),
    };
    console.info(`[separation] ${label}: ${JSON.stringify(result)}`);
    return result;
  }

  it('offers the local engine first and the configured remote one, labelled, each with its price and the plan’s limit', async () => {
    const options = await data<{ separators: Array<{ id: string; location: string; background: string; pricePerMinute: number }>; maxMinutes: number }>('/api/audio-separation/options', {});
    expect(options.maxMinutes).toBe(2);
    expect(options.separators.map(({ id, location, background, pricePerMinute }) => ({ id, location, background, pricePerMinute }))).toEqual([
      { id: 'rnnoise:rnnoise', location: 'local', background: 'residual', pricePerMinute: 3 },
      { id: 'elevenlabs:audio-isolation', location: 'remote', background: 'accompaniment', pricePerMinute: 9 },
    ]);
  });

  it('rnnoise: the voice stem holds far more speech over music than the mixture; the background holds the music and less of the speech; 3 points', async () => {
    const { stems } = await separate('mixture.wav', mixture.wav, 'rnnoise:rnnoise', 3);
    const measured = figures('rnnoise:rnnoise on the WAV', stems);
    // With the voice mask on top of RNNoise (decision 049; RNNoise alone: +4.5 dB, music kept −7.6 dB,
    // speech left −32.7 dB): the wide music leaves the voice; the price is some speech in the background.
    expect(measured.voiceGainOverMixtureDb).toBeGreaterThan(18);
    expect(measured.musicKeptInBackgroundDb).toBeGreaterThan(-2);
    expect(measured.speechLeftInBackgroundDb).toBeLessThan(-10);
    expect(measured.notMusicInBackgroundDb).toBeLessThan(-6);

    // For decision 033: what centre-channel cancellation would give on the same stereo mixture (voice = mid, background = side).
    const mid = path.join(dir, 'mid.wav');
    const side = path.join(dir, 'side.wav');
    await run('ffmpeg', [...QUIET, '-i', mixture.wav, '-af', 'pan=mono|c0=0.5*c0+0.5*c1', mid]);
    await run('ffmpeg', [...QUIET, '-i', mixture.wav, '-af', 'pan=mono|c0=0.5*c0-0.5*c1', side]);
    figures('centre-channel (mid / side, not offered)', { voice: (await decodeToPcm(mid, MEASURE_RATE)).samples, background: (await decodeToPcm(side, MEASURE_RATE)).samples });
  }, 300_000);

  it('takes a video’s first audio track: the same separation from the AAC track', async () => {
    const { stems } = await separate('talk.mp4', mixture.video, 'rnnoise:rnnoise', 3);
    const measured = figures('rnnoise:rnnoise on the video', stems);
    expect(measured.voiceGainOverMixtureDb).toBeGreaterThan(18);
  }, 300_000);

  it('ElevenLabs audio isolation through its replay server: the voice is the isolated speech, the background the music; 9 points', async () => {
    const { stems } = await separate('mixture.wav', mixture.wav, 'elevenlabs:audio-isolation', 9);
    const measured = figures('elevenlabs:audio-isolation (replay: an ideal isolator)', stems);
    expect(measured.voiceSpeechToMusicDb).toBeGreaterThan(20);
    expect(measured.speechLeftInBackgroundDb).toBeLessThan(-15);
    expect(measured.musicKeptInBackgroundDb).toBeGreaterThan(-1);
  }, 300_000);

  it('refuses bad input with catalogue errors in both languages and charges nothing; a failing engine returns the points', async () => {
    const before = await points();
    const silent = await uploaded('silent.mp4', mixture.silentVideo);
    const noAudio = await call('/api/audio-separation/create', { uploadId: silent, engineId: 'rnnoise:rnnoise' });
    expect(noAudio.code).toBe(ErrorCode.AUDIO_SEPARATION_NO_AUDIO_TRACK);
    expect(noAudio.message).toMatch(/no audio track/);
    const noAudioZh = await call('/api/audio-separation/create', { uploadId: silent, engineId: 'rnnoise:rnnoise' }, 'zh');
    expect(noAudioZh.message).toMatch(/该视频没有音轨/);

    const wav = await uploaded('mixture.wav', mixture.wav);
    const unknown = await call('/api/audio-separation/create', { uploadId: wav, engineId: 'demucs:htdemucs' }, 'zh');
    expect(unknown.code).toBe(ErrorCode.AUDIO_SEPARATION_ENGINE_NOT_SET_UP);
    expect(unknown.message).toMatch(/未配置分离引擎“demucs:htdemucs”/);

    // A damaged file (the WAV cut off inside its header) is refused when it is uploaded.
    const damaged = path.join(dir, 'damaged.mp3');
    await writeFile(damaged, (await readFile(mixture.wav)).subarray(0, 30));
    expect((await upload('damaged.mp3', damaged)).code).toBe(ErrorCode.UPLOAD_DAMAGED);

    // The remote engine fails (the key was revoked: 401): the job fails with the catalogue error and the frozen points come back.
    isolation.failNext({ status: 401, body: { detail: { status: 'invalid_api_key', message: 'Invalid API key' } } }, 5);
    const created = await data<{ jobId: string; cost: number }>('/api/audio-separation/create', { uploadId: wav, engineId: 'elevenlabs:audio-isolation' });
    expect(created.cost).toBe(9);
    const failed = await until(created.jobId, 600_000);
    expect(failed.status).toBe('failed');
    expect(failed.error?.code).toBe(ErrorCode.AUDIO_SEPARATION_ENGINE_FAILED);
    const after = await points();
    expect(after.availablePoint).toBe(before.availablePoint);
    expect(after.freezePoint).toBe(before.freezePoint);
  }, 900_000);
});
