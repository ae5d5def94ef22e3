/**
 * Which engine and voice speak, convert or profile: the product's rules, decided here and passed to
 * the engine port by id (the adapter in apps/server only wires engines).
 */
import { bestVoicesFirst, ErrorCode, MATCH_ORIGINAL_VOICE } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';
import type { LibraryVoice, SelectedEngine, SpeechEngines, SynthesisOutcome, SynthesisRequest, VoiceProfileReading, VoiceTarget } from '../engines/speech-engines.port.ts';
import { sameLanguage } from './preview-sentences.ts';

/** The local engines local cloning and speech to speech are built on (decision 015). */
export const LOCAL_VOICE_PROFILER = 'dsp:voice-profile';
export const LOCAL_VOICE_CONVERTER = 'dsp:voice-match';

/** Pitch at or above which a voice counts as female when the profiler does not say (Hz). */
const FEMALE_MEDIAN_PITCH_HZ = 165;

const vendorOf = (engineId: string) => engineId.split(':')[0];

/** The library as users see it: premium (remote neural) voices, then standard (HTS), then basic; engines keep their order within a tier. */
export async function libraryVoicesBestFirst(engines: SpeechEngines): Promise<LibraryVoice[]> {
  return bestVoicesFirst(await engines.libraryVoices());
}

/** The library voice a target is (undefined for cloned voices and voices no longer offered). */
export async function findLibraryVoice(engines: SpeechEngines, voiceKey: string): Promise<LibraryVoice | undefined> {
  return (await engines.libraryVoices()).find((voice) => voice.key === voiceKey);
}

/** A library voice as a job's voice target. */
export function libraryTarget(voice: LibraryVoice): VoiceTarget {
  return { kind: 'library', voiceKey: voice.key, engineId: voice.engineId, voiceId: voice.voiceId, language: voice.language, qualityTier: voice.qualityTier };
}

/** A selected synthesizer of the same vendor as a remote clone (elevenlabs:ivc → elevenlabs:eleven-…). */
function remoteSynthesizerFor(remoteEngineId: string, synthesizers: readonly SelectedEngine[]): string | undefined {
  return synthesizers.find((engine) => engine.location === 'remote' && vendorOf(engine.id) === vendorOf(remoteEngineId))?.id;
}

/**
 * What speaks a target: a library voice directly; a cloned voice through its vendor's synthesizer
 * when it has a remote clone and that vendor is selected, otherwise its profile over its base voice.
 */
export async function synthesisVoice(engines: SpeechEngines, target: VoiceTarget): Promise<Pick<SynthesisRequest, 'engineId' | 'voiceId' | 'profile'>> {
  if (target.kind === 'library') return { engineId: target.engineId, voiceId: target.voiceId };
  const remoteSynthesizer = target.remote ? remoteSynthesizerFor(target.remote.engineId, engines.selected('speech-synthesizer')) : undefined;
  if (target.remote && remoteSynthesizer) return { engineId: remoteSynthesizer, voiceId: target.remote.voiceId };
  const base = await findLibraryVoice(engines, target.baseVoiceKey);
  if (!base) throw new DomainError(ErrorCode.ENGINE_UNAVAILABLE, { engine: target.baseVoiceKey.split('/')[0] ?? target.baseVoiceKey });
  return { engineId: base.engineId, voiceId: base.voiceId, profile: target.profile };
}

/** Speech in a target's voice (the voice chosen by `synthesisVoice`). */
export async function synthesizeWithTarget(engines: SpeechEngines, request: Omit<SynthesisRequest, 'engineId' | 'voiceId' | 'profile'> & { target: VoiceTarget }): Promise<SynthesisOutcome> {
  const { target, ...rest } = request;
  return engines.synthesize({ ...rest, ...(await synthesisVoice(engines, target)) });
}

/**
 * The converter for speech to speech: a remote converter takes remote voices (remote clones, remote
 * library voices) directly when one is selected; everything else is matched to a profile locally.
 */
export function converterFor(target: VoiceTarget, engines: Pick<SpeechEngines, 'selected'>): { engineId: string; remoteVoiceId: string } | { engineId: string; remoteVoiceId: undefined } {
  const remoteVoiceId =
    target.kind === 'cloned'
      ? target.remote?.voiceId
      : target.engineId.includes(':') && engines.selected('speech-synthesizer').find((engine) => engine.id === target.engineId)?.location === 'remote'
        ? target.voiceId
        : undefined;
  const remoteConverter = remoteVoiceId ? engines.selected('voice-converter').find((engine) => engine.location === 'remote') : undefined;
  return remoteConverter && remoteVoiceId ? { engineId: remoteConverter.id, remoteVoiceId } : { engineId: LOCAL_VOICE_CONVERTER, remoteVoiceId: undefined };
}

/** A cloned voice's gender: the profiler's guess, else by median pitch. */
export function cloneGender(suggested: 'female' | 'male' | null, medianPitchHz: number | null): 'female' | 'male' {
  return suggested ?? (medianPitchHz !== null && medianPitchHz >= FEMALE_MEDIAN_PITCH_HZ ? 'female' : 'male');
}

/**
 * The local voice a cloned voice's profile is rendered with: the best of the profiler's suggestions
 * that speaks the language; otherwise the best local voice of the language and gender (not whispered
 * or robotic); otherwise the best local voice of the language.
 */
export function chooseBaseVoice(request: {
  voices: readonly LibraryVoice[];
  language: string;
  gender: 'female' | 'male';
  suggested: ReadonlyArray<{ vendor: string; voiceId: string }>;
}): LibraryVoice | undefined {
  const { voices, language, gender, suggested } = request;
  const suggestedKeys = suggested.map(({ vendor, voiceId }) => voices.find((voice) => voice.engineId.startsWith(`${vendor}:`) && voice.voiceId === voiceId)?.key);
  const sameLang = voices.filter((voice) => voice.location === 'local' && voice.languages.some((spoken) => sameLanguage(spoken, language)));
  const byQuality = bestVoicesFirst(sameLang);
  const suggestedForLanguage = suggestedKeys.map((key) => sameLang.find((voice) => voice.key === key)).filter((voice): voice is LibraryVoice => voice !== undefined);
  return (
    bestVoicesFirst(suggestedForLanguage)[0] ??
    byQuality.find((voice) => voice.gender === gender && voice.style !== 'whisper' && voice.style !== 'robotic') ??
    byQuality[0]
  );
}

/**
 * A speaker's automatic voice: a local library voice of the language suiting the speaker's
 * measured gender (not whispered or robotic), one not in `used` where the library has enough,
 * else the best voice of the language and gender (video translation's further speakers, dubbing's
 * characters).
 */
export function autoSpeakerVoice(request: { voices: readonly LibraryVoice[]; language: string; gender: 'female' | 'male'; used: ReadonlySet<string> }): LibraryVoice | undefined {
  const { voices, language, gender, used } = request;
  const candidates = voices.filter(
    (voice) => voice.location === 'local' && voice.gender === gender && voice.style !== 'whisper' && voice.style !== 'robotic' && voice.languages.some((spoken) => spoken.toLowerCase().split('-')[0] === language.split('-')[0]),
  );
  return candidates.find((voice) => !used.has(voice.key)) ?? chooseBaseVoice({ voices, language, gender, suggested: [] });
}

/** What the voice profiler measured of an original speaker (kept as a job file, so it is measured once). */
export type OriginalSpeakerReading = Pick<VoiceProfileReading, 'profile' | 'medianPitchHz' | 'suggestedGender' | 'suggestedBaseVoices'>;

/**
 * "Match the original speaker": the measured profile rendered through the base voice of
 * `language` it suits best (pitch, timbre envelope and pace matched by signal processing).
 */
export function originalSpeakerTarget(request: { voices: readonly LibraryVoice[]; language: string; speakerId: string; reading: OriginalSpeakerReading }): VoiceTarget {
  const { voices, language, speakerId, reading } = request;
  const base = chooseBaseVoice({ voices, language, gender: cloneGender(reading.suggestedGender, reading.medianPitchHz), suggested: reading.suggestedBaseVoices });
  if (!base) throw new DomainError(ErrorCode.VOICE_LANGUAGE_UNSUPPORTED, { voice: '—', language });
  return { kind: 'cloned', voiceKey: MATCH_ORIGINAL_VOICE, clonedVoiceId: `original-${speakerId}`, language, profile: reading.profile, baseVoiceKey: base.key, remote: null, qualityTier: 'basic' };
}
