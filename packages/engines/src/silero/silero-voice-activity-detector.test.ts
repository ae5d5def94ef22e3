import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '@voxwork/media';
import { createLocalEngineRegistry } from '../registry/local-engines.ts';
import { voiceActivityDetectorConformance } from '../testing/conformance/voice-activity-detector-conformance.ts';
import { makeLongSpeech, makeSilence, makeSpeech, makeTone, padWithSilence } from '../testing/generated-media.ts';
import { createSilero, segmentsFromProbabilities } from './silero-voice-activity-detector.ts';

const descriptor = createLocalEngineRegistry().list('voice-activity-detector').find((entry) => entry.id === 'silero:vad-v4')!;

voiceActivityDetectorConformance({
  descriptor,
  makeSpeech: (dir) => makeSpeech(dir, 'speech.wav', 'Voice activity detection finds the speech in a recording.'),
  makeLongAudio: (dir) => makeLongSpeech(dir, 'long.wav', 120),
});

describe('silero VAD on generated media', () => {
  const vad = createSilero();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-silero-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('finds an espeak sentence padded with known silence, within 0.2 s of the padding', async () => {
    const speech = await makeSpeech(dir, 'sentence.wav', 'The weather today is sunny with a light breeze from the west.');
    const speechSeconds = (await probeMedia(speech)).durationSeconds!;
    const padded = await padWithSilence(speech, path.join(dir, 'padded.wav'), 1.5, 2);
    const result = await vad.doDetect({ audioFile: padded });

    expect(result.durationSeconds).toBeCloseTo(1.5 + speechSeconds + 2, 1);
    expect(result.segments.length).toBeGreaterThan(0);
    // espeak's own file starts and ends with a little silence, so speech lies inside [1.5, 1.5 + its length].
    expect(result.segments[0]!.startSeconds).toBeGreaterThan(1.5 - 0.2);
    expect(result.segments[0]!.startSeconds).toBeLessThan(1.5 + 0.2);
    expect(result.segments.at(-1)!.endSeconds).toBeGreaterThan(1.5 + speechSeconds - 0.5);
    expect(result.segments.at(-1)!.endSeconds).toBeLessThan(1.5 + speechSeconds + 0.2);
    const expectedRatio = speechSeconds / result.durationSeconds;
    expect(result.speechRatio).toBeGreaterThan(expectedRatio * 0.7);
    expect(result.speechRatio).toBeLessThan(expectedRatio * 1.1);
    expect(result.timings?.stepsMs?.inferenceMs).toBeGreaterThanOrEqual(0);
  });

  it('finds no speech in silence', async () => {
    const result = await vad.doDetect({ audioFile: await makeSilence(dir, 'silence.wav', 3) });
    expect(result.segments).toEqual([]);
    expect(result.speechRatio).toBe(0);
    expect(result.durationSeconds).toBeCloseTo(3, 1);
  });

  it('finds no speech in a steady tone', async () => {
    const result = await vad.doDetect({ audioFile: await makeTone(dir, 'tone.wav', 3, 440) });
    expect(result.speechRatio).toBeLessThan(0.05);
  });

  it('reads any format ffmpeg decodes (mp3 at 44.1 kHz)', async () => {
    const speech = await makeSpeech(dir, 'mp3-source.wav', 'Compressed audio is decoded first.');
    const mp3 = path.join(dir, 'speech.mp3');
    const { runFfmpeg } = await import('@voxwork/media');
    await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-i', speech, '-ar', '44100', '-ac', '2', '-c:a', 'libmp3lame', mp3]);
    const result = await vad.doDetect({ audioFile: mp3 });
    expect(result.segments.length).toBeGreaterThan(0);
    expect(result.speechRatio).toBeGreaterThan(0.5);
  });
});

describe('segmentsFromProbabilities', () => {
  const options = { threshold: 0.5, minSpeechMs: 100, minSilenceMs: 100, speechPadMs: 0 };
  const frames = (pattern: string) => [...pattern].map((char) => (char === 'x' ? 0.9 : char === '~' ? 0.4 : 0.05));

  it('starts at the threshold, ends after enough silence, and keeps short dips inside', () => {
    // 10 ms frames: 20 speech, 5 silence (50 ms: too short to split), 20 speech, 20 silence.
    const probabilities = frames(`${'.'.repeat(10)}${'x'.repeat(20)}${'.'.repeat(5)}${'x'.repeat(20)}${'.'.repeat(20)}`);
    expect(segmentsFromProbabilities(probabilities, 0.01, 0.75, options)).toEqual([{ startSeconds: 0.1, endSeconds: 0.55, probability: expect.any(Number) }]);
  });

  it('splits at long silence, drops short blips, and pads without overlapping', () => {
    const probabilities = frames(`${'x'.repeat(20)}${'.'.repeat(30)}${'x'.repeat(5)}${'.'.repeat(30)}${'x'.repeat(20)}`);
    const segments = segmentsFromProbabilities(probabilities, 0.01, 1.05, { ...options, speechPadMs: 20 });
    expect(segments.map((segment) => [segment.startSeconds, segment.endSeconds])).toEqual([
      [0, 0.22],
      [0.83, 1.05],
    ]);
  });

  it('does not end speech on values between the two thresholds (hysteresis)', () => {
    const probabilities = frames(`${'x'.repeat(10)}${'~'.repeat(30)}${'x'.repeat(10)}`);
    expect(segmentsFromProbabilities(probabilities, 0.01, 0.5, options)).toHaveLength(1);
  });
});
