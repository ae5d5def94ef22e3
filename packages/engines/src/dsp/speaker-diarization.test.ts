import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segmentsFromDivergence } from '../audio/speech-segments.ts';
import { createFestival } from '../festival/festival-speech-synthesizer.ts';
import { measureVoiceInFiles } from './voice-features.ts';
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

  it('a man at ~106 Hz and a woman at ~213 Hz over a held chord: each measured at their own pitch, two speakers, a man and a woman', async () => {
    // Festival's ked pitched down and slt pitched up (tempo kept), taking turns over a 220/277 Hz chord that never stops (periodic too: YIN followed it).
    const festival = createFestival();
    const script = [
      { text: 'Thank you. What do you have today?', voice: 'ked_diphone', pitch: 0.92, at: 0.5 },
      { text: 'Good morning, welcome to the market.', voice: 'cmu_us_slt_arctic_hts', pitch: 1.2, at: 4.3 },
      { text: 'I will take two loaves, please.', voice: 'ked_diphone', pitch: 0.92, at: 7.4 },
      { text: 'Fresh bread and apples from the hills.', voice: 'cmu_us_slt_arctic_hts', pitch: 1.2, at: 10.6 },
    ];
    const files: string[] = [];
    const utterances: Array<{ startSeconds: number; endSeconds: number }> = [];
    for (const [index, line] of script.entries()) {
      const raw = path.join(dir, `duet-raw-${index}.wav`);
      const file = path.join(dir, `duet-${index}.wav`);
      const made = await festival.doSynthesize({ text: line.text, voice: line.voice, outputFile: raw, outputFormat: 'wav', wordTimings: false });
      await runFfmpeg([...QUIET, '-i', raw, '-af', `rubberband=pitch=${line.pitch}`, '-ar', '16000', '-ac', '1', file]);
      files.push(file);
      utterances.push({ startSeconds: line.at, endSeconds: line.at + made.audio.durationSeconds });
    }
    await festival.close?.();
    const alone = await Promise.all(files.map(async (file) => (await measureVoiceInFiles([file])).medianPitchHz!));
    expect(alone.filter((_, index) => index % 2 === 0).every((hz) => hz > 95 && hz < 120)).toBe(true);
    expect(alone.filter((_, index) => index % 2 === 1).every((hz) => hz > 200 && hz < 230)).toBe(true);
    const duet = path.join(dir, 'duet.wav');
    const delays = files.map((_, index) => `[${index + 1}:a]adelay=${Math.round(script[index]!.at * 1000)}:all=1[s${index}]`);
    await runFfmpeg([
      ...QUIET,
      '-f', 'lavfi', '-i', "aevalsrc='0.08*(sin(2*PI*220*t)+0.6*sin(2*PI*277.2*t))':s=16000:d=14",
      ...files.flatMap((file) => ['-i', file]),
      '-filter_complex', `${delays.join(';')};[0:a]${files.map((_, index) => `[s${index}]`).join('')}amix=inputs=${files.length + 1}:normalize=0:duration=first[out]`,
      '-map', '[out]', '-c:a', 'pcm_s16le', duet,
    ]);
    for (const hint of [undefined, 2]) {
      const result = await findSpeakers(duet, { utterances, ...(hint ? { speakerCount: hint } : {}) });
      console.info(`speakers, man and woman over a chord (hint ${hint ?? 'none'}): alone ${alone.map((hz) => hz.toFixed(1)).join(' / ')} Hz; segments ${result.segments.map((segment) => `${segment.speakerId} ${segment.medianPitchHz} Hz`).join(', ')}`);
      expect(result.segments.map((segment) => segment.speakerId)).toEqual(['s1', 's2', 's1', 's2']);
      expect(result.speakers.map((speaker) => speaker.suggestedGender)).toEqual(['male', 'female']);
      result.segments.forEach((segment, index) => expect(Math.abs(12 * Math.log2(segment.medianPitchHz! / alone[index]!)), `segment ${index}`).toBeLessThan(1));
    }
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
