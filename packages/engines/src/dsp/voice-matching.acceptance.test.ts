/**
 * Issue 7's acceptance at the engine level: for a reference recording, the cloned voice's
 * synthesis has a median pitch within 5 % of the reference's, and speech to speech output has a
 * median pitch within 5 % of the target voice's and a duration within 2 % of the source's.
 * Pitch is checked with our YIN tracker and, as a cross-check, with a plain normalised
 * autocorrelation estimator written here. Figures are printed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeMedia, runMediaTool } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoiceProfile } from '../capabilities/voice-profiler.ts';
import { decodeToPcm, type PcmAudio } from '../audio/pcm-audio.ts';
import { pitchStatistics, quantile, trackPitch } from '../audio/pitch-tracker.ts';
import { createEspeak } from '../espeak/espeak-speech-synthesizer.ts';
import { createFestival } from '../festival/festival-speech-synthesizer.ts';
import { makeSpeech } from '../testing/generated-media.ts';
import { makeFestivalSpeech, makeFliteSpeech } from '../testing/generated-voices.ts';
import { createDspVoiceConverter } from './dsp-voice-converter.ts';
import { createDspVoiceProfiler } from './dsp-voice-profiler.ts';
import { synthesizeWithProfile } from './profile-voice-synthesis.ts';
import { espeakBaseVoiceFor, measureVoiceInFiles, readDspProfileData, type VoiceFeatures } from './voice-features.ts';

const REFERENCE_TEXT =
  'When the sunlight strikes raindrops in the air, they act as a prism and form a rainbow. The rainbow is a division of white light into many beautiful colors. These take the shape of a long round arch, with its path high above, and its two ends apparently beyond the horizon. People look, but no one ever finds it.';
const NEW_TEXT = 'Please call Stella. Ask her to bring these things with her from the store: six spoons of fresh snow peas, five thick slabs of blue cheese, and maybe a snack for her brother Bob.';
const NEW_TEXT_ZH = '请给小明打个电话。让他从商店带些东西来：六勺新鲜的豌豆，五块蓝纹奶酪，也许再给他弟弟带一份零食。';
const SOURCE_TEXT = 'We also need a small plastic snake and a big toy frog for the kids. She can scoop these things into three red bags, and we will go meet her Wednesday at the train station.';

/** Independent F0 estimate: normalised autocorrelation on 40 ms frames, voiced when the peak passes 0.6; median of voiced frames. */
function autocorrelationMedianHz(pcm: PcmAudio): number | undefined {
  const { samples, sampleRate } = pcm;
  const size = Math.round(0.04 * sampleRate);
  const minLag = Math.floor(sampleRate / 500);
  const maxLag = Math.ceil(sampleRate / 60);
  const found: number[] = [];
  let loudest = 0;
  for (const value of samples) loudest = Math.max(loudest, Math.abs(value));
  for (let start = 0; start + size + maxLag < samples.length; start += Math.round(0.01 * sampleRate)) {
    let energy = 0;
    for (let index = start; index < start + size; index++) energy += samples[index]! ** 2;
    if (Math.sqrt(energy / size) < loudest * 0.03) continue;
    let bestLag = 0;
    let best = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let cross = 0;
      let lagged = 0;
      for (let index = start; index < start + size; index++) {
        cross += samples[index]! * samples[index + lag]!;
        lagged += samples[index + lag]! ** 2;
      }
      const r = cross / Math.sqrt(energy * lagged + 1e-12);
      if (r > best) {
        best = r;
        bestLag = lag;
      }
    }
    if (best > 0.6) found.push(sampleRate / bestLag);
  }
  return quantile(found, 0.5);
}

async function medianPitch(file: string): Promise<{ yin: number; autocorrelation: number }> {
  const pcm = await decodeToPcm(file, 16_000);
  return { yin: pitchStatistics(trackPitch(pcm)).medianHz!, autocorrelation: autocorrelationMedianHz(pcm)! };
}

/** RMS distance in dB between two third-octave spectra (shapes: both are relative to their own mean). */
const spectrumDistanceDb = (a: readonly number[], b: readonly number[]) => Math.sqrt(a.reduce((sum, level, index) => sum + (level - b[index]!) ** 2, 0) / a.length);
/** Mean absolute distance of F1–F3 in semitones. */
const formantDistanceSemitones = (a: VoiceFeatures['formantsHz'], b: VoiceFeatures['formantsHz']) => {
  const pairs = a.flatMap((hz, index) => (hz && b[index] ? [Math.abs(12 * Math.log2(hz / b[index]!))] : []));
  return pairs.reduce((sum, value) => sum + value, 0) / pairs.length;
};

const percent = (value: number, reference: number) => (100 * (value / reference - 1)).toFixed(2);

describe('issue 7 acceptance: voice matching by signal processing', () => {
  let dir: string;
  let reference: string;
  let profile: VoiceProfile;
  const figures: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-voice-matching-'));
    // A voice none of the base voices is: festival's SLT lowered 2.5 semitones with its formants (no -F).
    const slt = await makeFestivalSpeech(dir, 'slt.wav', REFERENCE_TEXT, 'cmu_us_slt_arctic_hts');
    reference = path.join(dir, 'reference.wav');
    await runMediaTool('rubberband', ['-3', '-q', '-p', '-2.5', slt, reference]);
    const started = performance.now();
    const result = await createDspVoiceProfiler().doProfile({ audioFiles: [reference] });
    profile = result.profile;
    const seconds = (await probeMedia(reference)).durationSeconds!;
    figures.push(
      `reference: ${seconds.toFixed(1)} s (${result.speechSeconds.toFixed(1)} s speech), median ${profile.medianPitchHz} Hz, range ${profile.pitchRangeSemitones} st, ${profile.speakingRateSyllablesPerSecond} syll/s, formants ${JSON.stringify(readDspProfileData(profile)!.formantsHz)}; profiled in ${(performance.now() - started).toFixed(0)} ms (RTF ${((performance.now() - started) / 1000 / seconds).toFixed(2)})`,
    );
  });
  afterAll(async () => {
    console.info(`voice matching figures:\n  ${figures.join('\n  ')}`);
    await rm(dir, { recursive: true, force: true });
  });

  it('the reference is 10 s – 3 min of speech and its profile suggests base voices', async () => {
    const seconds = (await probeMedia(reference)).durationSeconds!;
    expect(seconds).toBeGreaterThan(12);
    expect(seconds).toBeLessThan(30);
    const independent = await medianPitch(reference);
    figures.push(`reference median by autocorrelation: ${independent.autocorrelation.toFixed(1)} Hz (YIN ${independent.yin.toFixed(1)} Hz)`);
    expect(Math.abs(independent.autocorrelation / profile.medianPitchHz! - 1)).toBeLessThan(0.05);
    expect(readDspProfileData(profile)!.baseVoice.voices).toMatchObject({ festival: expect.any(String), espeak: expect.any(String) });
  });

  it.each([
    { engine: 'festival', voice: () => readDspProfileData(profile)!.baseVoice.voices.festival, text: NEW_TEXT, minWords: 20 },
    { engine: 'espeak', voice: () => readDspProfileData(profile)!.baseVoice.voices.espeak, text: NEW_TEXT, minWords: 20 },
    // Mandarin: tones move the pitch far more than English intonation; the median still has to match.
    { engine: 'espeak', voice: () => espeakBaseVoiceFor('cmn-latn-pinyin', profile.medianPitchHz), text: NEW_TEXT_ZH, minWords: 5 },
  ])('synthesis with a $engine base voice has the reference median pitch within 5 % ($text)', async ({ engine, voice, text, minWords }) => {
    const synthesizer = engine === 'festival' ? createFestival() : createEspeak();
    const outputFile = path.join(dir, `cloned-${engine}-${voice()}.wav`);
    const started = performance.now();
    const result = await synthesizeWithProfile({ synthesizer, baseVoice: voice(), profile, text, outputFile });
    const elapsed = performance.now() - started;
    const measured = await medianPitch(outputFile);
    figures.push(
      `synthesis ${engine}/${voice()}: base ${result.profileMatch.basePitchHz} Hz → ${measured.yin.toFixed(1)} Hz (${percent(measured.yin, profile.medianPitchHz!)} % vs reference; autocorrelation ${measured.autocorrelation.toFixed(1)} Hz, ${percent(measured.autocorrelation, profile.medianPitchHz!)} %), shift ${result.profileMatch.pitchSemitones} st, formants ×${result.profileMatch.formantRatio}, tempo ×${result.profileMatch.tempo}, ${result.profileMatch.passes} pass(es), ${result.audio.durationSeconds.toFixed(1)} s in ${elapsed.toFixed(0)} ms (RTF ${(elapsed / 1000 / result.audio.durationSeconds).toFixed(2)})`,
    );
    expect(Math.abs(measured.yin / profile.medianPitchHz! - 1)).toBeLessThan(0.05);
    expect(Math.abs(measured.autocorrelation / profile.medianPitchHz! - 1)).toBeLessThan(0.05);
    // Word timings follow the tempo change and stay inside the audio.
    expect(result.words.length).toBeGreaterThan(minWords);
    expect(result.words.at(-1)!.endSeconds).toBeLessThanOrEqual(result.audio.durationSeconds + 1e-6);
    expect(result.words.at(-1)!.endSeconds).toBeGreaterThan(result.audio.durationSeconds * 0.8);
    expect(Math.abs((await probeMedia(outputFile)).durationSeconds! - result.audio.durationSeconds)).toBeLessThan(0.01);
  });

  it.each([
    { name: 'flite awb (male)', make: (target: string) => makeFliteSpeech(dir, target, SOURCE_TEXT, 'awb') },
    { name: 'espeak en-us+m3 (male)', make: (target: string) => makeSpeech(dir, target, SOURCE_TEXT, 'en-us+m3') },
  ])('speech to speech from $name: median within 5 % of the target, duration within 2 % of the source', async ({ name, make }) => {
    const source = await make(`source-${name.split(' ')[0]}.wav`);
    const outputFile = path.join(dir, `converted-${name.split(' ')[0]}.wav`);
    const started = performance.now();
    const result = await createDspVoiceConverter().doConvert({ audioFile: source, target: { profile }, outputFile });
    const elapsed = performance.now() - started;
    const [sourceInfo, outputInfo] = await Promise.all([probeMedia(source), probeMedia(outputFile)]);
    const before = await medianPitch(source);
    const after = await medianPitch(outputFile);
    const durationError = outputInfo.durationSeconds! / sourceInfo.durationSeconds! - 1;
    figures.push(
      `speech to speech ${name}: ${before.yin.toFixed(1)} Hz → ${after.yin.toFixed(1)} Hz (${percent(after.yin, profile.medianPitchHz!)} % vs target; autocorrelation ${after.autocorrelation.toFixed(1)} Hz, ${percent(after.autocorrelation, profile.medianPitchHz!)} %), duration ${sourceInfo.durationSeconds!.toFixed(3)} → ${outputInfo.durationSeconds!.toFixed(3)} s (${(100 * durationError).toFixed(3)} %), ${elapsed.toFixed(0)} ms (RTF ${(elapsed / 1000 / sourceInfo.durationSeconds!).toFixed(2)})`,
    );
    expect(Math.abs(after.yin / profile.medianPitchHz! - 1)).toBeLessThan(0.05);
    expect(Math.abs(after.autocorrelation / profile.medianPitchHz! - 1)).toBeLessThan(0.05);
    expect(Math.abs(durationError)).toBeLessThan(0.02);
    expect(result.audio.durationSeconds).toBeCloseTo(outputInfo.durationSeconds!, 2);

    // The spectral envelope moves toward the target's too (not an acceptance figure: reported and checked for direction).
    const target = readDspProfileData(profile)!;
    const [sourceFeatures, outputFeatures] = await Promise.all([measureVoiceInFiles([source]), measureVoiceInFiles([outputFile])]);
    const spectrumBefore = spectrumDistanceDb(sourceFeatures.spectrum.bandLevelsDb, target.spectrum.bandLevelsDb);
    const spectrumAfter = spectrumDistanceDb(outputFeatures.spectrum.bandLevelsDb, target.spectrum.bandLevelsDb);
    const formantsBefore = formantDistanceSemitones(sourceFeatures.formantsHz, target.formantsHz);
    const formantsAfter = formantDistanceSemitones(outputFeatures.formantsHz, target.formantsHz);
    figures.push(
      `  envelope ${name}: third-octave spectrum ${spectrumBefore.toFixed(1)} → ${spectrumAfter.toFixed(1)} dB RMS from the target's; F1–F3 ${JSON.stringify(sourceFeatures.formantsHz)} → ${JSON.stringify(outputFeatures.formantsHz)} (target ${JSON.stringify(target.formantsHz)}), ${formantsBefore.toFixed(2)} → ${formantsAfter.toFixed(2)} st`,
    );
    expect(spectrumAfter).toBeLessThan(spectrumBefore);
    expect(formantsAfter).toBeLessThan(formantsBefore);
  });
});
