import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeMedia } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoiceProfile } from '../capabilities/voice-profiler.ts';
import { EngineError } from '../engine-errors.ts';
import { createEspeak } from '../espeak/espeak-speech-synthesizer.ts';
import { synthesizeWithProfile } from './profile-voice-synthesis.ts';
import { integratedLoudness, measureVoiceInFiles } from './voice-features.ts';

/** A profile from another engine: pitch and rate only (no DSP data), which is all synthesis needs. */
const profile: VoiceProfile = { engineId: 'elevenlabs:ivc', medianPitchHz: 180, pitchRangeSemitones: 4, speakingRateSyllablesPerSecond: 4, data: {}, remoteVoiceId: 'v1' };
const TEXT = 'Profile-driven synthesis moves a stock voice to the pitch of a cloned one.';

describe('synthesizeWithProfile', () => {
  const espeak = createEspeak();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-profile-synthesis-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('adds pitchSemitones on top of the profile, keeps speed when given, writes mp3, and says what it did', async () => {
    const outputFile = path.join(dir, 'up.mp3');
    const result = await synthesizeWithProfile({ synthesizer: espeak, baseVoice: 'en-us', profile, text: TEXT, outputFile, outputFormat: 'mp3', pitchSemitones: 3, speed: 1 });
    const measured = await measureVoiceInFiles([outputFile]);
    expect(Math.abs(measured.medianPitchHz! / (180 * 2 ** (3 / 12)) - 1)).toBeLessThan(0.05);
    expect(result.profileMatch.tempo).toBe(1);
    expect(result.audio.format).toBe('mp3');
    expect((await probeMedia(outputFile)).audio?.codec).toBe('mp3');
    expect(result.response).toEqual({ engineId: 'espeak:espeak-ng', voice: 'en-us' });
    expect(result.warnings).toContainEqual(expect.objectContaining({ type: 'approximate-output', output: 'audio', details: expect.stringMatching(/not neural cloning/) }));
    // A profile without DSP data: formants and EQ are left alone, with warnings.
    expect(result.warnings).toContainEqual(expect.objectContaining({ output: 'formants' }));
  });

  it('turns volume into a loudness offset (the output is normalised)', async () => {
    const normal = path.join(dir, 'normal.wav');
    const quieter = path.join(dir, 'quieter.wav');
    await synthesizeWithProfile({ synthesizer: espeak, baseVoice: 'en-us', profile, text: TEXT, outputFile: normal });
    await synthesizeWithProfile({ synthesizer: espeak, baseVoice: 'en-us', profile, text: TEXT, outputFile: quieter, volume: 0.5 });
    const difference = (await integratedLoudness(normal))! - (await integratedLoudness(quieter))!;
    expect(difference).toBeGreaterThan(5);
    expect(difference).toBeLessThan(7);
  });

  it('refuses a profile without a median pitch and stops on the signal with typed errors', async () => {
    const outputFile = path.join(dir, 'x.wav');
    await expect(synthesizeWithProfile({ synthesizer: espeak, baseVoice: 'en-us', profile: { ...profile, medianPitchHz: undefined }, text: TEXT, outputFile })).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(synthesizeWithProfile({ synthesizer: espeak, baseVoice: 'en-us', profile, text: TEXT, outputFile, signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'aborted' });
    const controller = new AbortController();
    const pending = synthesizeWithProfile({ synthesizer: espeak, baseVoice: 'en-us', profile, text: TEXT.repeat(20), outputFile, signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'aborted' });
  });
});
