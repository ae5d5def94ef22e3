import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@voxwork/contract';
import type { LibraryVoice, SelectedEngine, SpeechCapability, SpeechEngines, VoiceTarget } from '../engines/speech-engines.port.ts';
import { chooseBaseVoice, cloneGender, converterFor, libraryTarget, libraryVoicesBestFirst, LOCAL_VOICE_CONVERTER, synthesisVoice } from './voice-choice.ts';

const voice = (engineId: string, voiceId: string, language: string, overrides: Partial<LibraryVoice> = {}): LibraryVoice => ({
  key: `${engineId}/${voiceId}`,
  engineId,
  voiceId,
  name: voiceId,
  language,
  languages: [language],
  accent: null,
  gender: null,
  age: null,
  style: null,
  useCases: [],
  engineName: engineId,
  location: 'local',
  qualityTier: 'basic',
  description: '',
  previewText: 'Hello.',
  ...overrides,
});

const LIBRARY = [
  voice('espeak:espeak-ng', 'en-us+f3', 'en-us', { gender: 'female' }),
  voice('espeak:espeak-ng', 'en-us+whisperf', 'en-us', { gender: 'female', style: 'whisper' }),
  voice('espeak:espeak-ng', 'en-us+m3', 'en-us', { gender: 'male' }),
  voice('festival:festival', 'kal_diphone', 'en-us', { gender: 'male' }),
  voice('festival:festival', 'cmu_us_slt_arctic_hts', 'en-us', { gender: 'female', qualityTier: 'standard' }),
  voice('espeak:espeak-ng', 'cmn+f3', 'cmn', { gender: 'female' }),
  voice('elevenlabs:eleven_multilingual_v2', 'rachel', 'en', { gender: 'female', location: 'remote', qualityTier: 'premium' }),
];

/** Engines as far as the choices read them: what is selected, and the library. */
function fakeEngines(selected: Partial<Record<SpeechCapability, SelectedEngine[]>>): SpeechEngines {
  return { selected: (capability: SpeechCapability) => selected[capability] ?? [], libraryVoices: async () => LIBRARY } as unknown as SpeechEngines;
}

const LOCAL_SYNTHESIZERS: SelectedEngine[] = [
  { id: 'festival:festival', location: 'local' },
  { id: 'espeak:espeak-ng', location: 'local' },
];
const cloned = (remote: { engineId: string; voiceId: string } | null, baseVoiceKey = 'festival:festival/kal_diphone'): VoiceTarget => ({
  kind: 'cloned',
  voiceKey: 'cloned/1',
  clonedVoiceId: '1',
  language: 'en',
  profile: { medianPitchHz: 150 },
  baseVoiceKey,
  remote,
  qualityTier: remote ? 'premium' : 'basic',
});

describe('voice choice', () => {
  it('lists the library best tier first, engines in their order within a tier', async () => {
    const keys = (await libraryVoicesBestFirst(fakeEngines({}))).map((entry) => entry.key);
    expect(keys.slice(0, 3)).toEqual(['elevenlabs:eleven_multilingual_v2/rachel', 'festival:festival/cmu_us_slt_arctic_hts', 'espeak:espeak-ng/en-us+f3']);
  });

  it('renders a cloned voice with the best suggested base voice of its language, else the best voice of its gender that is not whispered', () => {
    const voices = LIBRARY;
    expect(chooseBaseVoice({ voices, language: 'en', gender: 'male', suggested: [{ vendor: 'espeak', voiceId: 'en-us+m3' }, { vendor: 'festival', voiceId: 'kal_diphone' }] })?.key).toBe('espeak:espeak-ng/en-us+m3');
    expect(chooseBaseVoice({ voices, language: 'en', gender: 'female', suggested: [{ vendor: 'espeak', voiceId: 'cmn+f3' }] })?.key).toBe('festival:festival/cmu_us_slt_arctic_hts');
    expect(chooseBaseVoice({ voices: voices.filter((entry) => entry.qualityTier !== 'standard'), language: 'en', gender: 'female', suggested: [] })?.key).toBe('espeak:espeak-ng/en-us+f3');
    expect(chooseBaseVoice({ voices, language: 'zh', gender: 'male', suggested: [] })?.key).toBe('espeak:espeak-ng/cmn+f3');
    // Remote voices never carry a local profile.
    expect(chooseBaseVoice({ voices: voices.filter((entry) => entry.location === 'remote'), language: 'en', gender: 'female', suggested: [] })).toBeUndefined();
  });

  it('takes the profiler’s gender, else decides by median pitch', () => {
    expect(cloneGender('male', 220)).toBe('male');
    expect(cloneGender(null, 165)).toBe('female');
    expect(cloneGender(null, 140)).toBe('male');
    expect(cloneGender(null, null)).toBe('male');
  });

  it('speaks a remote clone through its vendor’s synthesizer when selected, otherwise its profile over the base voice', async () => {
    const remote = { engineId: 'elevenlabs:ivc', voiceId: 'abc' };
    const withVendor = fakeEngines({ 'speech-synthesizer': [...LOCAL_SYNTHESIZERS, { id: 'elevenlabs:eleven_multilingual_v2', location: 'remote' }] });
    expect(await synthesisVoice(withVendor, cloned(remote))).toEqual({ engineId: 'elevenlabs:eleven_multilingual_v2', voiceId: 'abc' });
    expect(await synthesisVoice(fakeEngines({ 'speech-synthesizer': LOCAL_SYNTHESIZERS }), cloned(remote))).toEqual({ engineId: 'festival:festival', voiceId: 'kal_diphone', profile: { medianPitchHz: 150 } });
    expect(await synthesisVoice(withVendor, libraryTarget(LIBRARY[0]!))).toEqual({ engineId: 'espeak:espeak-ng', voiceId: 'en-us+f3' });
    await expect(synthesisVoice(withVendor, cloned(null, 'flite:flite/slt'))).rejects.toMatchObject({ code: ErrorCode.ENGINE_UNAVAILABLE, params: { engine: 'flite:flite' } });
  });

  it('converts into remote voices with a selected remote converter, everything else locally by profile', () => {
    const remoteConverter = { 'voice-converter': [{ id: LOCAL_VOICE_CONVERTER, location: 'local' as const }, { id: 'elevenlabs:sts', location: 'remote' as const }] };
    const synthesizers = { 'speech-synthesizer': [...LOCAL_SYNTHESIZERS, { id: 'elevenlabs:eleven_multilingual_v2', location: 'remote' as const }] };
    const remoteClone = cloned({ engineId: 'elevenlabs:ivc', voiceId: 'abc' });
    expect(converterFor(remoteClone, fakeEngines({ ...synthesizers, ...remoteConverter }))).toEqual({ engineId: 'elevenlabs:sts', remoteVoiceId: 'abc' });
    expect(converterFor(remoteClone, fakeEngines(synthesizers))).toEqual({ engineId: LOCAL_VOICE_CONVERTER, remoteVoiceId: undefined });
    expect(converterFor(libraryTarget(LIBRARY[6]!), fakeEngines({ ...synthesizers, ...remoteConverter }))).toEqual({ engineId: 'elevenlabs:sts', remoteVoiceId: 'rachel' });
    expect(converterFor(libraryTarget(LIBRARY[0]!), fakeEngines({ ...synthesizers, ...remoteConverter }))).toEqual({ engineId: LOCAL_VOICE_CONVERTER, remoteVoiceId: undefined });
    expect(converterFor(cloned(null), fakeEngines({ ...synthesizers, ...remoteConverter }))).toEqual({ engineId: LOCAL_VOICE_CONVERTER, remoteVoiceId: undefined });
  });
});
