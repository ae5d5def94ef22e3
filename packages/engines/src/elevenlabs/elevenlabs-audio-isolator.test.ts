import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeToPcm } from '../audio/pcm-audio.ts';
import { EngineAuthError, EngineFailedError } from '../engine-errors.ts';
import type { EngineDescriptor } from '../registry/engine-registry.ts';
import { remoteEngineDescriptors, remoteEngineSettingsFromEnv } from '../registry/remote-engines.ts';
import { audioSeparatorConformance } from '../testing/conformance/audio-separator-conformance.ts';
import { startElevenLabsReplayServer, type ElevenLabsReplayServer } from '../testing/elevenlabs-replay-server.ts';
import { makeSpeech } from '../testing/generated-media.ts';
import { multipartOf } from '../testing/replay-http.ts';
import { createElevenLabsAudioIsolator } from './elevenlabs-audio-isolator.ts';

const API_KEY = 'xi-replay-isolation-0123456789-SECRET';
const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

/** MD5 of the decoded 16-bit samples: the same for the WAV made here and the FLAC the adapter uploads. */
async function pcmDigest(file: string): Promise<string> {
  const { stdout } = await runFfmpeg([...QUIET, '-i', file, '-map', '0:a:0', '-c:a', 'pcm_s16le', '-f', 'md5', '-']);
  return stdout.trim();
}

/**
 * Mixtures made here (keyed by their decoded samples), each with the speech put into it: the replay's "isolator" answers with that
 * speech (as an ideal model would), or with it re-synthesised (`isolatedAs`).
 */
const speechOf = new Map<string, string>();
let server: ElevenLabsReplayServer;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'voxwork-isolation-'));
  server = await startElevenLabsReplayServer({
    apiKey: API_KEY,
    isolate: async (upload) => {
      const speech = speechOf.get(await pcmDigest(upload));
      // An upload this file did not make is a broken test, not a voice: fail loudly instead of answering with the mixture.
      if (!speech) throw new Error(`the replay isolator does not know this upload (${upload})`);
      return speech;
    },
  });
  // Long uploads take seconds, as real isolation would: cancellation must land mid-request.
  server.setLatency((request) => (request.body.length > 3_000_000 ? 5000 : 0));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * A stereo 48 kHz soundtrack: espeak-ng speech in the centre from 1 s, music panned wide (a chord a
 * side with a slow swell) under all of it. Returns the mixture, the speech alone (mono) and the music alone.
 */
async function makeSoundtrack(into: string, name: string, seconds: number, options: { text?: string; isolatedAs?: string } = {}) {
  const text = options.text ?? 'The market opens at nine and the bread is still warm. Come early, the apples go fast.';
  const spoken = await makeSpeech(into, `${name}-voice.wav`, text, 'en-us');
  const speech = path.join(into, `${name}-speech.wav`);
  await runFfmpeg([...QUIET, '-i', spoken, '-af', `aresample=48000,adelay=1000:all=1,apad,atrim=0:${seconds}`, '-ac', '1', '-c:a', 'pcm_s16le', speech]);
  const music = path.join(into, `${name}-music.wav`);
  await runFfmpeg([
    ...QUIET, '-f', 'lavfi', '-i',
    `aevalsrc='0.06*(sin(2*PI*220*t)+0.6*sin(2*PI*277.2*t)+0.3*sin(2*PI*440*t))*(0.8+0.2*sin(2*PI*0.25*t))|0.06*(sin(2*PI*329.6*t)+0.6*sin(2*PI*392*t)+0.3*sin(2*PI*659*t))*(0.8+0.2*sin(2*PI*0.2*t+1))':s=48000:d=${seconds}`,
    '-c:a', 'pcm_s16le', music,
  ]);
  const mixture = path.join(into, `${name}.wav`);
  await runFfmpeg([...QUIET, '-i', music, '-i', speech, '-filter_complex', '[1:a]pan=stereo|c0=c0|c1=c0[s];[0:a][s]amix=inputs=2:normalize=0[out]', '-map', '[out]', '-c:a', 'pcm_s16le', mixture]);
  let isolated = speech;
  if (options.isolatedAs) {
    isolated = path.join(into, `${name}-isolated.wav`);
    await runFfmpeg([...QUIET, '-i', speech, '-af', options.isolatedAs, '-c:a', 'pcm_s16le', isolated]);
  }
  speechOf.set(await pcmDigest(mixture), isolated);
  return { mixture, speech, music };
}

/** The descriptor exactly as the registry builds it from env, pointed at the replay server once it runs. */
function descriptorFromEnv(): EngineDescriptor<'audio-separator'> {
  const find = (baseUrl: string) =>
    remoteEngineDescriptors(remoteEngineSettingsFromEnv({ ELEVENLABS_API_KEY: API_KEY, ELEVENLABS_BASE_URL: baseUrl })).find((entry) => entry.id === 'elevenlabs:audio-isolation') as EngineDescriptor<'audio-separator'>;
  return { ...find('http://127.0.0.1:9'), load: () => find(server.url).load() };
}

audioSeparatorConformance({
  descriptor: descriptorFromEnv(),
  makeMixture: async (into) => (await makeSoundtrack(into, 'mixture', 6)).mixture,
  makeLongMixture: async (into) => (await makeSoundtrack(into, 'long-mixture', 60)).mixture,
  stems: ['vocals', 'accompaniment'],
});

const energy = (samples: Float32Array, from: number, to: number) => {
  let sum = 0;
  for (let index = from; index < to; index++) sum += samples[index]! * samples[index]!;
  return sum / Math.max(1, to - from);
};

describe('elevenlabs:audio-isolation', () => {
  const settings = () => ({ apiKey: API_KEY, baseUrl: server.url });

  /**
   * The background against the music alone, on mono folds at 16 kHz: speech left in it (dB under
   * the speech), music energy kept outside and under the speech; and the same for a phase-inverted
   * subtraction of the aligned voice (least-squares gain), what the adapter does when the voice is the original's waveform.
   */
  async function measureBackground(files: { background: string; vocals: string; mixture: string; speech: string; music: string }) {
    const [background, vocals, original, speechAlone, musicAlone] = await Promise.all([files.background, files.vocals, files.mixture, files.speech, files.music].map(async (file) => (await decodeToPcm(file, 16_000)).samples));
    const length = Math.min(background!.length, musicAlone!.length, vocals!.length);
    let dot = 0;
    let norm = 0;
    for (let index = 0; index < length; index++) {
      dot += original![index]! * vocals![index]!;
      norm += vocals![index]! * vocals![index]!;
    }
    const gain = norm > 0 ? dot / norm : 0;
    const subtracted = Float32Array.from({ length }, (_, index) => original![index]! - gain * vocals![index]!);
    const frame = 320;
    const loudest = Math.max(...Array.from({ length: Math.floor(length / frame) }, (_, index) => energy(speechAlone!, index * frame, (index + 1) * frame)));
    const figures = (bed: Float32Array) => {
      let speech = 0;
      let residual = 0;
      let musicIn = 0;
      let bedIn = 0;
      let musicOut = 0;
      let bedOut = 0;
      for (let start = 0; start + frame <= length; start += frame) {
        const level = energy(speechAlone!, start, start + frame);
        if (level > loudest / 1000) {
          speech += level;
          let sum = 0;
          for (let index = start; index < start + frame; index++) sum += (bed[index]! - musicAlone![index]!) ** 2;
          residual += sum / frame;
          musicIn += energy(musicAlone!, start, start + frame);
          bedIn += energy(bed, start, start + frame);
        } else if (level === 0) {
          musicOut += energy(musicAlone!, start, start + frame);
          bedOut += energy(bed, start, start + frame);
        }
      }
      return { suppressionDb: 10 * Math.log10(speech / residual), keptOutside: bedOut / musicOut, keptUnderSpeech: bedIn / musicIn };
    };
    return { made: figures(background!), subtraction: figures(subtracted) };
  }
  const describeFigures = (figures: { suppressionDb: number; keptOutside: number; keptUnderSpeech: number }) =>
    `speech ${(-figures.suppressionDb).toFixed(1)} dB under the background, music kept ${(figures.keptOutside * 100).toFixed(1)} % outside speech and ${(figures.keptUnderSpeech * 100).toFixed(1)} % under it`;

  it('sends the documented request and keeps the music where the voice is masked out of the background', async () => {
    const soundtrack = await makeSoundtrack(dir, 'quality', 10);
    const isolator = createElevenLabsAudioIsolator(settings());
    const vocals = path.join(dir, 'vocals.wav');
    const accompaniment = path.join(dir, 'accompaniment.wav');
    const before = server.requests.length;
    const result = await isolator.doSeparate({ audioFile: soundtrack.mixture, outputs: { vocals, accompaniment } });
    const request = server.requests[before]!;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/audio-isolation' });
    expect(request.headers['xi-api-key']).toBe(API_KEY);
    const form = await multipartOf(request);
    expect([...form.keys()].sort()).toEqual(['audio', 'file_format']);
    expect(form.get('file_format')).toBe('other');
    expect(result.stems.accompaniment).toMatchObject({ format: 'wav', sampleRate: 48_000, channels: 2 });
    expect(result.stems.vocals).toMatchObject({ format: 'wav', sampleRate: 48_000, channels: 1 });

    const { made, subtraction } = await measureBackground({ background: accompaniment, vocals, ...soundtrack });
    console.info(
      `elevenlabs:audio-isolation, ideal voice (the speech itself, MP3 44.1 kHz): background made: ${describeFigures(made)}; subtraction: ${describeFigures(subtraction)}; ` +
        `${result.timings?.totalMs.toFixed(0)} ms (background ${result.timings?.stepsMs?.backgroundMs?.toFixed(0)} ms) for 10 s stereo`,
    );
    // The voice is the original's own waveform here: the subtraction is chosen and removes it almost entirely.
    expect(made.suppressionDb).toBeGreaterThan(25);
    expect(made.keptOutside).toBeGreaterThan(0.95);
    expect(made.keptOutside).toBeLessThan(1.05);
    expect(made.keptUnderSpeech).toBeGreaterThan(0.9);
  }, 120_000);

  it('masks a re-synthesised voice (other phase, louder, 12 ms late), where a subtraction would add energy instead of removing it', async () => {
    // What a model returns: the same words, not the same waveform (all-pass phase changes, a level normalised up, a delay).
    const soundtrack = await makeSoundtrack(dir, 'resynthesised', 9, { isolatedAs: 'allpass=f=300:width_type=q:w=0.7,allpass=f=1200:width_type=q:w=0.7,allpass=f=3000:width_type=q:w=0.7,volume=4dB,adelay=12:all=1' });
    const isolator = createElevenLabsAudioIsolator(settings());
    const vocals = path.join(dir, 'resynthesised-vocals.wav');
    const accompaniment = path.join(dir, 'resynthesised-background.wav');
    await isolator.doSeparate({ audioFile: soundtrack.mixture, outputs: { vocals, accompaniment } });
    const { made, subtraction } = await measureBackground({ background: accompaniment, vocals, ...soundtrack });
    console.info(`elevenlabs:audio-isolation, re-synthesised voice: background made: ${describeFigures(made)}; subtraction: ${describeFigures(subtraction)}`);
    expect(made.suppressionDb).toBeGreaterThan(8);
    expect(made.suppressionDb).toBeGreaterThan(subtraction.suppressionDb + 3);
    expect(made.keptOutside).toBeGreaterThan(0.95);
  }, 120_000);

  it('maps errors: a bad key is an auth error, 429 and 5xx are retryable, a hung request times out (retryable), a fired signal aborts', async () => {
    const { mixture } = await makeSoundtrack(dir, 'errors', 4);
    const isolator = createElevenLabsAudioIsolator(settings());
    const outputs = { vocals: path.join(dir, 'e-vocals.wav'), accompaniment: path.join(dir, 'e-background.wav') };

    const wrongKey = createElevenLabsAudioIsolator({ ...settings(), apiKey: 'xi-wrong-key' });
    const auth = await wrongKey.doSeparate({ audioFile: mixture, outputs }).catch((error: unknown) => error);
    expect(auth).toBeInstanceOf(EngineAuthError);
    expect(auth).toMatchObject({ isRetryable: false });
    expect(String((auth as Error).message)).not.toContain('xi-wrong-key');

    server.failNext({ status: 429, body: { detail: { status: 'too_many_concurrent_requests', message: 'Too many concurrent requests.' } } });
    const busy = await isolator.doSeparate({ audioFile: mixture, outputs }).catch((error: unknown) => error);
    expect(busy).toBeInstanceOf(EngineFailedError);
    expect(busy).toMatchObject({ code: 'engine-failed', isRetryable: true });
    // Retried (as the job runner does with a retryable error), the next attempt succeeds.
    expect((await isolator.doSeparate({ audioFile: mixture, outputs })).stems.accompaniment).toBeDefined();

    server.failNext({ status: 503, body: { detail: { status: 'service_unavailable', message: 'Try again later.' } } });
    await expect(isolator.doSeparate({ audioFile: mixture, outputs })).rejects.toMatchObject({ code: 'engine-failed', isRetryable: true });

    server.hangNext();
    const slow = createElevenLabsAudioIsolator({ ...settings(), timeoutMs: 300 });
    await expect(slow.doSeparate({ audioFile: mixture, outputs })).rejects.toMatchObject({ code: 'engine-failed', isRetryable: true });

    const controller = new AbortController();
    server.hangNext();
    const pending = isolator.doSeparate({ audioFile: mixture, outputs, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });

    // Only a noise stem asked for: nothing this engine makes, an input error before anything is uploaded.
    const sent = server.requests.length;
    await expect(isolator.doSeparate({ audioFile: mixture, outputs: { noise: path.join(dir, 'noise.wav') } })).rejects.toMatchObject({ code: 'invalid-input' });
    expect(server.requests.length).toBe(sent);
  }, 120_000);
});
