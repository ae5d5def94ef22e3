import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeMedia } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoiceProfile } from '../capabilities/voice-profiler.ts';
import { createLocalEngineRegistry } from '../registry/local-engines.ts';
import { voiceConverterConformance } from '../testing/conformance/voice-converter-conformance.ts';
import { makeLongSpeech, makeSpeech } from '../testing/generated-media.ts';
import { createDspVoiceConverter, planVoiceMatch } from './dsp-voice-converter.ts';
import { integratedLoudness, measureVoiceInFiles, suggestBaseVoice, type DspVoiceProfileData } from './voice-features.ts';
import { decodeForTransformArgs, equalizeAndMeasureArgs, equalizerFilter, finishTransformArgs, levelPlan, parseLevelSummary, rubberbandArgs } from './voice-transform-args.ts';

const descriptor = createLocalEngineRegistry().list('voice-converter').find((entry) => entry.id === 'dsp:voice-match')!;

const flatSpectrum = { bandCentresHz: [], bandLevelsDb: new Array(19).fill(0), centroidHz: 1000 };
function profile(medianPitchHz: number, formantsHz: Array<number | undefined> = [500, 1500, 2500]): VoiceProfile {
  const data: DspVoiceProfileData = {
    kind: 'dsp-voice-profile',
    version: 1,
    p10PitchHz: medianPitchHz * 0.85,
    p90PitchHz: medianPitchHz * 1.15,
    formantsHz,
    spectrum: flatSpectrum,
    loudnessLufs: -20,
    speechSeconds: 15,
    voicedSeconds: 9,
    references: 1,
    baseVoice: suggestBaseVoice(medianPitchHz),
  };
  return { engineId: 'dsp:voice-profile', medianPitchHz, pitchRangeSemitones: 4, speakingRateSyllablesPerSecond: 4.5, data: data as unknown as Record<string, unknown>, remoteVoiceId: undefined };
}

voiceConverterConformance({
  descriptor,
  makeSpeech: (dir) => makeSpeech(dir, 'source.wav', 'Speech to speech keeps the words and the timing of the source.', 'en-us'),
  makeLongSpeech: (dir) => makeLongSpeech(dir, 'long-source.wav', 90),
  target: () => ({ profile: profile(210) }),
  // The engine has no voices of its own: a voice id is refused.
  unknownTarget: { voice: 'en-us+f3' },
});

describe('planVoiceMatch', () => {
  const source = { medianPitchHz: 100, formantsHz: [500, 1500, 2500], spectrum: flatSpectrum };

  it('shifts by the semitone difference of the medians and moves formants by the measured ratio', () => {
    const { plan, warnings } = planVoiceMatch({ source, target: profile(200, [550, 1650, 2750]), options: {}, timeRatio: 1 });
    expect(plan.pitchSemitones).toBeCloseTo(12, 6);
    expect(plan.formantRatio).toBeCloseTo(1.1, 3);
    expect(plan.loudnessLufs).toBe(-16);
    expect(plan.equalizer).toHaveLength(19);
    expect(warnings).toEqual([]);
  });

  it('bounds formant moves and pitch shifts, with warnings; honours keep/follow and a kept level', () => {
    const far = planVoiceMatch({ source, target: profile(400, [800, 2400, 4000]), options: { maxShiftSemitones: 12 }, timeRatio: 1 });
    expect(far.plan.pitchSemitones).toBe(12);
    expect(far.plan.formantRatio).toBeCloseTo(1.2, 6);
    expect(far.warnings.map((warning) => warning.type)).toEqual(['approximated-option', 'approximate-output']);
    expect(planVoiceMatch({ source, target: profile(200), options: { formants: 'keep' }, timeRatio: 1 }).plan.formantRatio).toBe(1);
    expect(planVoiceMatch({ source, target: profile(200), options: { formants: 'follow' }, timeRatio: 1 }).plan.formantRatio).toBeCloseTo(2, 6);
    expect(planVoiceMatch({ source, target: profile(200), options: { loudnessLufs: null, equalize: false }, timeRatio: 1 }).plan).toMatchObject({ loudnessLufs: undefined, equalizer: undefined });
  });

  it('uses only the pitch of a profile from another engine', () => {
    const foreign: VoiceProfile = { engineId: 'elevenlabs:ivc', medianPitchHz: 150, pitchRangeSemitones: undefined, speakingRateSyllablesPerSecond: undefined, data: {}, remoteVoiceId: 'abc' };
    const { plan, warnings } = planVoiceMatch({ source, target: foreign, options: {}, timeRatio: 1 });
    expect(plan.formantRatio).toBe(1);
    expect(plan.equalizer).toBeUndefined();
    expect(warnings.length).toBe(2);
  });
});

describe('voice transform command lines', () => {
  it('are built by pure functions', () => {
    expect(decodeForTransformArgs('in.mp3', 'out.wav', 22050, 1.1).join(' ')).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -i in.mp3 -vn -map 0:a:0 -ac 1 -ar 22050 -af asetrate=24255,aresample=22050 -c:a pcm_f32le out.wav"`);
    expect(rubberbandArgs({ input: 'a.wav', output: 'b.wav', pitchSemitones: 7.5, timeRatio: 1.1, keepFormants: true }).join(' ')).toMatchInlineSnapshot(`"-3 -q -F -t 1.100000 -p 7.5000 a.wav b.wav"`);
    const eq = equalizerFilter([{ hz: 100, gainDb: -2 }, { hz: 126, gainDb: 1.5 }]);
    expect(eq).toMatchInlineSnapshot(`"firequalizer=gain_entry='entry(100,-2);entry(126,1.5)'"`);
    expect(equalizerFilter([{ hz: 100, gainDb: 0 }])).toBeUndefined();
    expect(equalizeAndMeasureArgs('b.wav', 'c.wav', eq).join(' ')).toMatchInlineSnapshot(`"-hide_banner -nostdin -nostats -y -i b.wav -af firequalizer=gain_entry='entry(100,-2);entry(126,1.5)',ebur128=peak=sample:framelog=verbose -c:a pcm_f32le c.wav"`);
    expect(finishTransformArgs({ input: 'c.wav', output: 'd.mp3', format: 'mp3', sampleRate: 22050, gainDb: 4.5, limiter: true, exactSamples: 220500 }).join(' ')).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -i c.wav -af volume=4.5dB,alimiter=limit=0.8913:level=0:latency=1,aresample=22050,apad=whole_len=220500,atrim=end_sample=220500 -ar 22050 -ac 1 -c:a libmp3lame -b:a 192k -f mp3 d.mp3"`);
  });

  it('reads the ebur128 summary and plans gain and limiter', () => {
    const stderr = `[Parsed_ebur128_1 @ 0x1] Summary:\n\n  Integrated loudness:\n    I:         -21.3 LUFS\n    Threshold: -31.3 LUFS\n\n  Sample peak:\n    Peak:       -2.9 dBFS\n`;
    const level = parseLevelSummary(stderr);
    expect(level).toEqual({ integratedLufs: -21.3, samplePeakDb: -2.9 });
    // +5.3 dB reaches −16 LUFS and puts the peak at +2.4 dBFS: the limiter takes 3.4 dB off it.
    expect(levelPlan(level, -16)).toEqual({ gainDb: 5.3, limiter: true });
    expect(levelPlan({ integratedLufs: -30, samplePeakDb: -20 }, -16)).toEqual({ gainDb: 14, limiter: false });
    // Peaks 20 dB above the loudness: the gain stops where the limiter would take more than 6 dB.
    expect(levelPlan({ integratedLufs: -30, samplePeakDb: -4 }, -16)).toEqual({ gainDb: 9, limiter: true });
    expect(levelPlan({ integratedLufs: undefined, samplePeakDb: undefined }, -16)).toEqual({ gainDb: 0, limiter: false });
  });
});

describe('dsp:voice-match on speech', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-voice-match-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('moves a low voice down further and writes mp3 when asked (length within mp3 framing)', async () => {
    const source = await makeSpeech(dir, 'src.wav', 'A short sentence, spoken by the default English voice.', 'en-us');
    const before = await measureVoiceInFiles([source]);
    const outputFile = path.join(dir, 'out.mp3');
    const result = await createDspVoiceConverter().doConvert({ audioFile: source, target: { profile: profile(before.medianPitchHz! * 0.85) }, outputFile, providerOptions: { dsp: { formants: 'keep' } } });
    expect(result.audio.format).toBe('mp3');
    const after = await measureVoiceInFiles([outputFile]);
    expect(Math.abs(after.medianPitchHz! / (before.medianPitchHz! * 0.85) - 1)).toBeLessThan(0.03);
    // Normalised to −16 LUFS by a gain and a limiter that keeps the sample peak under −1 dBFS.
    const lufs = await integratedLoudness(outputFile);
    console.info(`dsp:voice-match output loudness ${lufs} LUFS`);
    expect(lufs).toBeGreaterThan(-17.5);
    expect(lufs).toBeLessThan(-14.5);
    // mp3 frames (26 ms) and encoder delay blur the length; the wav path is exact to the sample (the acceptance test checks it).
    expect(Math.abs((await probeMedia(outputFile)).durationSeconds! - (await probeMedia(source)).durationSeconds!)).toBeLessThan(0.1);
  });
});
