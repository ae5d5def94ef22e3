import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segmentsFromDivergence } from '../audio/speech-segments.ts';
import { createSilero } from '../silero/silero-voice-activity-detector.ts';
import { boundaryErrors, lineSpeakersOf, makeConversation, MARKET_SCRIPT, speakerAccuracy } from '../testing/generated-conversation.ts';
import { findSpeakers } from './speaker-diarization.ts';

const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

describe('speech segments and speakers (dsp)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-speakers-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('segments speech from hysteresis frames: bridged short gaps, dropped blips, padding and hangover', () => {
    const hop = 0.01;
    const frames = new Float32Array(300).fill(0);
    frames.fill(10, 20, 80); // 0.2–0.8 s
    frames.fill(10, 90, 150); // a 0.1 s gap: bridged
    frames.fill(10, 200, 205); // a 50 ms blip: dropped
    frames.fill(6, 240, 250).fill(12, 250, 280); // rises above "off" before "on": starts at 2.4 s
    expect(segmentsFromDivergence(frames, hop, 3)).toEqual([
      { startSeconds: 0.18, endSeconds: 1.55 },
      { startSeconds: 2.38, endSeconds: 2.85 },
    ]);
    // A gate keeps only what lies near its spans (here the first): the rest is not speech.
    expect(segmentsFromDivergence(frames, hop, 3, { gate: [{ startSeconds: 0.3, endSeconds: 1.4 }] })).toEqual([{ startSeconds: 0.18, endSeconds: 1.55 }]);
  });

  it('finds each line of a three-voice conversation over a music bed within ±0.3 s and tells the speakers apart', async () => {
    const figures: string[] = [];
    for (const musicDb of [-24, -18]) {
      const conversation = await makeConversation(dir, { name: `conversation${musicDb}`, musicDb });
      const truth = conversation.lines;
      const voices = truth.map((line) => line.voice);
      const hinted = await findSpeakers(conversation.file, { speakerCount: 3 });
      const estimated = await findSpeakers(conversation.file);
      const errors = boundaryErrors(hinted.segments, truth);
      const hintedAccuracy = speakerAccuracy(lineSpeakersOf(hinted.segments, truth), voices);
      const estimatedAccuracy = speakerAccuracy(lineSpeakersOf(estimated.segments, truth), voices);
      figures.push(
        `music ${musicDb} dB: ${hinted.segments.length} segments for ${truth.length} lines, worst boundary ${Math.max(...errors).toFixed(3)} s (mean ${(errors.reduce((a, b) => a + b, 0) / errors.length).toFixed(3)}); ` +
          `speakers with hint ${(hintedAccuracy * 100).toFixed(0)} % of lines, without hint ${estimated.speakers.length} speakers, ${(estimatedAccuracy * 100).toFixed(0)} %; ` +
          `${hinted.speakers.map((speaker) => `${speaker.speakerId} ${speaker.medianPitchHz} Hz ${speaker.suggestedGender} ${speaker.totalSeconds} s`).join(', ')}; ${hinted.timings.totalMs.toFixed(0)} ms for ${hinted.durationSeconds.toFixed(1)} s`,
      );
      expect(hinted.segments).toHaveLength(truth.length);
      expect(Math.max(...errors)).toBeLessThanOrEqual(0.3);
      expect(hintedAccuracy).toBeGreaterThanOrEqual(0.9);
      expect(estimated.speakers.length).toBeGreaterThanOrEqual(2);
      expect(estimated.speakers.length).toBeLessThanOrEqual(4);
      expect(hinted.speakers.find((speaker) => speaker.speakerId === lineSpeakersOf(hinted.segments, truth)[0])?.suggestedGender).toBe('female');
    }
    console.info(`speakers: ${figures.join(' | ')}`);
  }, 240_000);

  it('with silero VAD as the gate, a loud drum bed does not swallow or split lines', async () => {
    const conversation = await makeConversation(dir, { name: 'drums', musicDb: -12, bed: 'band' });
    const truth = conversation.lines;
    const spectral = await findSpeakers(conversation.file, { speakerCount: 3 });
    const gated = await findSpeakers(conversation.file, { speakerCount: 3, vad: createSilero() });
    const errors = boundaryErrors(gated.segments, truth);
    const accuracy = speakerAccuracy(lineSpeakersOf(gated.segments, truth), truth.map((line) => line.voice));
    console.info(`speakers, drums at −12 dB: spectral alone ${spectral.segments.length} segments; gated ${gated.segments.length} segments, ${errors.filter((error) => error <= 0.3).length}/12 boundaries ≤ 0.3 s (worst ${Math.max(...errors).toFixed(2)} s), speakers ${(accuracy * 100).toFixed(0)} %`);
    expect(gated.segments).toHaveLength(truth.length);
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
    expect(Math.max(...errors)).toBeLessThan(0.6);
  }, 120_000);

  it('estimates one speaker for one voice over the bed', async () => {
    const conversation = await makeConversation(dir, { name: 'one-voice', musicDb: -20, script: MARKET_SCRIPT.slice(0, 6).map((line) => ({ ...line, voice: 'rms' as const })) });
    const result = await findSpeakers(conversation.file);
    console.info(`speakers, one voice: ${result.speakers.length} speaker(s), ${result.segments.length} segments`);
    expect(result.speakers).toHaveLength(1);
    expect(result.speakers[0]).toMatchObject({ speakerId: 's1', suggestedGender: 'male' });
  }, 120_000);

  it('finds no speech in music alone, and refuses what is not audio', async () => {
    const music = path.join(dir, 'music.wav');
    await runFfmpeg([...QUIET, '-f', 'lavfi', '-i', `aevalsrc='0.1*(sin(2*PI*220*t)+0.6*sin(2*PI*277.2*t))*(0.75+0.25*abs(sin(2*PI*t)))':s=16000:d=8`, '-c:a', 'pcm_s16le', music]);
    const result = await findSpeakers(music);
    expect(result.segments).toEqual([]);
    expect(result.warnings).toEqual(['no speech was found']);
    const notAudio = path.join(dir, 'not-audio.wav');
    await writeFile(notAudio, 'this is text, not audio');
    await expect(findSpeakers(notAudio)).rejects.toMatchObject({ code: 'invalid-input' });
  }, 60_000);
});
