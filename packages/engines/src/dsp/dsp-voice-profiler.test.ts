import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalEngineRegistry } from '../registry/local-engines.ts';
import { voiceProfilerConformance } from '../testing/conformance/voice-profiler-conformance.ts';
import { makeLongSpeech, makeSilence, makeSpeech, padWithSilence } from '../testing/generated-media.ts';
import { createDspVoiceProfiler } from './dsp-voice-profiler.ts';
import { assessRecording } from './recording-assessment.ts';
import { espeakBaseVoiceFor, readDspProfileData, suggestBaseVoice } from './voice-features.ts';

const descriptor = createLocalEngineRegistry().list('voice-profiler').find((entry) => entry.id === 'dsp:voice-profile')!;
const PARAGRAPH =
  'The rainbow is a division of white light into many beautiful colors. These take the shape of a long round arch, with its path high above, and its two ends apparently beyond the horizon. There is, according to legend, a boiling pot of gold at one end.';

voiceProfilerConformance({
  descriptor,
  makeSpeech: (dir) => makeSpeech(dir, 'reference.wav', PARAGRAPH, 'en-us+f3'),
  makeLongSpeech: (dir) => makeLongSpeech(dir, 'long-reference.wav', 90),
});

describe('dsp:voice-profile', () => {
  const profiler = createDspVoiceProfiler();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-profile-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('measures the speech only: padding with silence changes neither the pitch nor the speaking rate', async () => {
    const speech = await makeSpeech(dir, 'f3.wav', PARAGRAPH, 'en-us+f3');
    const padded = await padWithSilence(speech, path.join(dir, 'f3-padded.wav'), 3, 4);
    const [plain, withSilence] = await Promise.all([profiler.doProfile({ audioFiles: [speech] }), profiler.doProfile({ audioFiles: [padded] })]);
    expect(plain.profile.medianPitchHz).toBeGreaterThan(180);
    expect(plain.profile.medianPitchHz).toBeLessThan(240);
    expect(Math.abs(withSilence.profile.medianPitchHz! / plain.profile.medianPitchHz! - 1)).toBeLessThan(0.01);
    expect(Math.abs(withSilence.speechSeconds - plain.speechSeconds)).toBeLessThan(0.5);
    expect(Math.abs(withSilence.profile.speakingRateSyllablesPerSecond! / plain.profile.speakingRateSyllablesPerSecond! - 1)).toBeLessThan(0.1);
    const data = readDspProfileData(withSilence.profile)!;
    expect(data).toMatchObject({ kind: 'dsp-voice-profile', version: 1, references: 1, baseVoice: { gender: 'female' } });
    expect(data.spectrum.bandLevelsDb).toHaveLength(19);
    expect(data.formantsHz.filter(Boolean).length).toBeGreaterThanOrEqual(2);
    expect(data.loudnessLufs).toBeLessThan(-5);
    console.info(`dsp:voice-profile en-us+f3: ${JSON.stringify({ ...plain.profile, data: { formantsHz: data.formantsHz, baseVoice: data.baseVoice } })}, ${plain.speechSeconds} s speech`);
  });

  it('pools several references and tells a low voice from a high one', async () => {
    const low = [await makeSpeech(dir, 'low-1.wav', PARAGRAPH, 'en-us'), await makeSpeech(dir, 'low-2.wav', 'A second reference of the same speaker, read a little later.', 'en-us')];
    const result = await profiler.doProfile({ audioFiles: low });
    expect(result.profile.medianPitchHz).toBeLessThan(130);
    expect(readDspProfileData(result.profile)).toMatchObject({ references: 2, baseVoice: { gender: 'male' } });
    // Less than 10 s of speech is warned about; here there is more.
    expect(result.speechSeconds).toBeGreaterThan(10);
  });

  it('suggests base voices by the measured median, espeak variants for any language', () => {
    expect(suggestBaseVoice(110)).toMatchObject({ gender: 'male', voices: { festival: 'kal_diphone', espeak: 'en-us' } });
    expect(suggestBaseVoice(220)).toMatchObject({ gender: 'female', pitchClass: 'mid', voices: { festival: 'cmu_us_slt_arctic_hts', flite: 'slt', espeak: 'en-us+f3' } });
    expect(espeakBaseVoiceFor('cmn-latn-pinyin', 120)).toBe('cmn-latn-pinyin');
    expect(espeakBaseVoiceFor('cmn-latn-pinyin', 180)).toBe('cmn-latn-pinyin+f2');
    expect(espeakBaseVoiceFor('es+m1', 230)).toBe('es+f3');
  });

  it('keeps the median within 2 % when the reference has pink noise (−25 dBFS) or mains hum', async () => {
    const speech = await makeSpeech(dir, 'clean-ref.wav', PARAGRAPH, 'en-us+f2');
    const noisy = path.join(dir, 'noisy-ref.wav');
    const hum = path.join(dir, 'hum-ref.wav');
    const quiet = ['-hide_banner', '-loglevel', 'error', '-y', '-i', speech];
    await runFfmpeg([...quiet, '-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.06:seed=3', '-filter_complex', '[0:a][1:a]amix=inputs=2:duration=first:normalize=0', noisy]);
    await runFfmpeg([...quiet, '-f', 'lavfi', '-i', 'sine=frequency=50:sample_rate=22050', '-filter_complex', '[1:a]volume=0.05[hum];[0:a][hum]amix=inputs=2:duration=first:normalize=0', hum]);
    const [clean, withNoise, withHum] = await Promise.all([speech, noisy, hum].map((file) => profiler.doProfile({ audioFiles: [file] })));
    expect(Math.abs(withNoise!.profile.medianPitchHz! / clean!.profile.medianPitchHz! - 1)).toBeLessThan(0.02);
    expect(Math.abs(withHum!.profile.medianPitchHz! / clean!.profile.medianPitchHz! - 1)).toBeLessThan(0.02);
  });

  it('refuses references with no voiced speech', async () => {
    const silence = await makeSilence(dir, 'silence.wav', 5);
    await expect(profiler.doProfile({ audioFiles: [silence] })).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/voiced speech/) });
  });
});

describe('assessRecording', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-assess-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('accepts 15 s of clean speech and reports its figures', async () => {
    const speech = await makeSpeech(dir, 'ok.wav', PARAGRAPH, 'en-us+f3');
    const assessment = await assessRecording(speech);
    expect(assessment).toMatchObject({ accepted: true, problems: [] });
    expect(assessment.durationSeconds).toBeGreaterThan(10);
    expect(assessment.speechRatio).toBeGreaterThan(0.5);
    expect(assessment.integratedLufs).toBeGreaterThan(-35);
    expect(assessment.clippingRatio).toBeLessThan(0.001);
    // The voice's median pitch, from its speech (espeak's en-us+f3 speaks near 211 Hz).
    expect(assessment.medianPitchHz).toBeGreaterThan(180);
    expect(assessment.medianPitchHz).toBeLessThan(240);
  });

  it('names each problem with its numbers', async () => {
    const short = await makeSpeech(dir, 'short.wav', 'Too short to clone.', 'en-us');
    expect((await assessRecording(short)).problems).toContainEqual({ code: 'too-short', durationSeconds: expect.any(Number), minSeconds: 10 });

    const speech = await makeSpeech(dir, 'base.wav', PARAGRAPH, 'en-us');
    const quiet = path.join(dir, 'quiet.wav');
    await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-i', speech, '-af', 'volume=-30dB', quiet]);
    expect((await assessRecording(quiet)).problems.map((problem) => problem.code)).toContain('too-quiet');

    const clipped = path.join(dir, 'clipped.wav');
    await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-i', speech, '-af', 'volume=30dB', '-c:a', 'pcm_s16le', clipped]);
    const loud = await assessRecording(clipped);
    expect(loud.problems.map((problem) => problem.code)).toEqual(expect.arrayContaining(['clipping', 'too-loud']));
    expect(loud.clippingRatio).toBeGreaterThan(0.001);

    const mostlySilence = await padWithSilence(short, path.join(dir, 'mostly-silence.wav'), 8, 8);
    const sparse = await assessRecording(mostlySilence);
    expect(sparse.problems).toContainEqual(expect.objectContaining({ code: 'too-little-speech', minSpeechRatio: 0.5 }));
    expect(sparse.problems.map((problem) => problem.code)).not.toContain('too-short');

    const long = await makeLongSpeech(dir, 'long.wav', 185);
    expect((await assessRecording(long, { limits: { minSpeechRatio: 0 } })).problems).toContainEqual({ code: 'too-long', durationSeconds: expect.any(Number), maxSeconds: 180 });
  });

  it('reports text as not-audio instead of throwing', async () => {
    const text = path.join(dir, 'notes.wav');
    await writeFile(text, 'not audio at all');
    expect(await assessRecording(text)).toMatchObject({ accepted: false, problems: [{ code: 'not-audio' }] });
  });
});
