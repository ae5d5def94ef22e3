/**
 * The video translation job (`video-translation.dub`): its input, what its stages' checkpoints hold
 * and how the stages read them, and the voice each speaker of a target is spoken with, as a key (a
 * line whose key changed is spoken again). The stages are in `video-translation-*.stages.ts`, put
 * together in `video-translation.pipeline.ts`.
 */
import { MATCH_ORIGINAL_VOICE } from '@voxwork/contract';
import type { SpeechEngines, VoiceTarget } from '../engines/speech-engines.port.ts';
import type { TimedLine, VideoEngines } from '../engines/video-engines.port.ts';
import type { FoundText, SubtitleBand, VideoErasureEngines } from '../engines/video-erasure-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobMediaFile, StageContext } from '../jobs/pipeline-definition.ts';
import type { DrawnStyleChoice } from '../pipeline-stages/drawn-subtitles.ts';
import type { SpeakerAssignment } from '../pipeline-stages/speakers.ts';
import type { FitChoice, FitPlacement } from '../pipeline-stages/time-fit.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import type { EpisodeCharacter } from './speaker-characters.ts';

export const MEDIA_TIMEOUT_MS = 30 * 60_000;

/** What the stages work with. */
export interface VideoTranslationPipelineDeps {
  /** A series' characters with the voiceprints known now (learned from every run whose speakers stage completed); undefined when the series is gone. */
  seriesCast: SeriesCast;
  /** Where an earlier episode of a series had its subtitles read; undefined when none has yet (decision 109). */
  seriesSubtitleBand: SeriesSubtitleBand;
  engines: SpeechEngines;
  videoEngines: VideoEngines;
  /** The subtitle finder (where the burned-in lines are) and the erasure of regions. */
  erasureEngines: VideoErasureEngines;
  storage: StorageRepository;
  scratch: ScratchFiles;
}

/** A series' characters as a run's speakers stage reads them, with the voiceprints known at that moment (decision 069). */
export type SeriesCast = (ownerId: string, seriesId: string) => Promise<EpisodeCharacter[] | undefined>;
export type SeriesSubtitleBand = (ownerId: string, seriesId: string) => Promise<SubtitleBand | undefined>;

export interface VideoTranslationTarget {
  /** BCP-47, lower case (`es`, `en`, `zh`). */
  language: string;
  voice: VoiceTarget;
  translatorId: string;
  /**
   * The translator can aim for a length (a chat model): lines that still overrun after the time
   * fit are translated again with a tighter budget, once, and spoken again.
   */
  translatorShortens?: boolean;
  /**
   * "Match the original speaker": `voice` is only the fallback; the synthesize stage measures the
   * original speech (a voice profile) and speaks through the closest base voice of the language.
   */
  matchOriginal?: boolean;
  /** Nobody chose `voice` (the best voice of the language): with several speakers, the others get voices of their own. */
  autoVoice?: boolean;
  /** A voice per speaker (`s1`, `s2`, …) chosen at the review gate; speakers not listed follow the rules above. */
  speakerVoices?: Record<string, { voice: VoiceTarget; matchOriginal?: boolean }>;
  /** What the owner chose at the review gate for lines too long for their slot, by line id (`time-fit.ts`). */
  fitChoices?: Record<string, FitChoice>;
  /** A series' characters' voices in this language, by character id: a speaker found to be that character is spoken with it (decision 060). */
  characterVoices?: Record<string, VoiceTarget>;
  /** The style the person picked for the drawn subtitles in this language (a series' style): it replaces what was measured, field by field. */
  drawnStyle?: DrawnStyleChoice;
}

export interface VideoTranslationJobInput {
  /** The upload the video came from (the result page plays it beside the dub); absent in jobs accepted before it was kept. */
  uploadId?: string;
  uploadKey: string;
  durationSeconds: number;
  sourceLanguage: string;
  /**
   * Where the words come from, in the order to try (`auto` becomes e.g. subtitles then speech);
   * each with the engine that does it.
   */
  textSources: Array<{ kind: 'speech' | 'subtitles'; engineId: string } | { kind: 'subtitle-file'; lines: TimedLine[] }>;
  targets: VideoTranslationTarget[];
  mode: 'quick' | 'pro';
  glossary: Array<{ source: string; target: string }>;
  /**
   * A glossary per target language (a series' episode runs every language in one job, decision
   * 076): where a language has one, its lines follow it instead of `glossary`.
   */
  glossaries?: Record<string, Array<{ source: string; target: string }>>;
  /** Draw the translated subtitles into the picture (the video is re-encoded; otherwise it is copied). */
  burnSubtitles?: boolean;
  /** How many people speak, when the user knows (otherwise the speakers stage estimates it). */
  speakerCount?: number;
  /** A separation engine (`elevenlabs:audio-isolation`) makes the background; without it the mix stage's local methods do. */
  separatorId?: string;
  /** The burned-in source subtitles: kept (default), replaced by the translation, or the translation drawn beside them. */
  subtitles?: 'keep' | 'replace' | 'bilingual';
  /** What each language gets: the dub (default), the original sound with new subtitles drawn, or both videos. */
  output?: 'dub' | 'subtitles' | 'both';
  /**
   * A series' characters (decision 060): the speakers stage tells which speaker is which (voiceprint,
   * then gender) and each target speaks them with `characterVoices`. Absent: today's behaviour.
   */
  characters?: EpisodeCharacter[];
  /**
   * The series of those characters: the speakers stage reads the series' voiceprints when it runs
   * (`seriesCast`), so an episode added in one batch with earlier ones gets the prints their runs
   * have taught by then (decision 069). `characters`' prints are those known when it was added.
   */
  seriesId?: string;
}

/** The glossary a target language's lines are translated with: its own where the job has one per language. */
export const glossaryOf = (input: Pick<VideoTranslationJobInput, 'glossary' | 'glossaries'>, language: string) => input.glossaries?.[language] ?? input.glossary;

/** The job draws the translation where the picture's subtitles are (replacing them or beside them). */
export const drawsOverPictureLines = (input: Pick<VideoTranslationJobInput, 'subtitles'>) => input.subtitles === 'replace' || input.subtitles === 'bilingual';
/**
 * The one language's translation is drawn in the erasure's own encode (decision 082): the source
 * lines replaced, one target language, and no review gate that could change a line after the
 * erasure (quick mode). Otherwise the erased picture is shared and each language drawn over it in `mux`.
 */
export const drawsInErasure = (input: Pick<VideoTranslationJobInput, 'subtitles' | 'mode' | 'targets'>) => input.subtitles === 'replace' && input.mode !== 'pro' && input.targets.length === 1;
/** The job makes a dub (speech synthesised and mixed). */
export const makesDub = (input: Pick<VideoTranslationJobInput, 'output'>) => (input.output ?? 'dub') !== 'subtitles';
/** The job makes a video with the original sound and new subtitles. */
export const makesSubtitledVideo = (input: Pick<VideoTranslationJobInput, 'output'>) => input.output === 'subtitles' || input.output === 'both';

/** The stills stage's checkpoint: each line drawn on its frame, per language and line id. */
export const drawnStills = (outputs: Readonly<Record<string, Record<string, unknown>>>) => (outputs.stills?.stills as Record<string, Record<string, JobMediaFile>> | undefined) ?? {};

/** A translated line as the translate stage's checkpoint keeps it (`edited`: written by the owner at the review gate). */
export interface TranslationLine {
  id: string;
  text: string;
  unknownWords: string[];
  edited?: boolean | undefined;
}

/** A line the fit stage had translated again, shorter: `text` replaces the translation `for` while that is unchanged. */
export interface ShortenedLine {
  for: string;
  text: string;
}

/** The voice a target is spoken with, as a key (a change of it at the review gate re-speaks the language). */
export const targetVoiceKey = (target: Pick<VideoTranslationTarget, 'voice' | 'matchOriginal'>): string => (target.matchOriginal ? MATCH_ORIGINAL_VOICE : target.voice.voiceKey);

/** The speaker lines without one (no speech found near them) are spoken as. */
export const DEFAULT_SPEAKER = 's1';
/** A voice chosen for each speaker told apart by their measured voice (several speakers, no voice chosen). */
export const AUTO_VOICE = 'auto';

/**
 * What one speaker of a target is spoken with, as a key: the speaker's own choice, the original
 * speaker matched, the automatic voice of a further speaker, or the target's voice. A line whose
 * key changed (another voice, or moved to another speaker) is spoken again.
 */
export function speakerVoiceKey(target: VideoTranslationTarget, speakerId: string, distinct: ReadonlySet<string>): string {
  const chosen = target.speakerVoices?.[speakerId];
  if (chosen && !chosen.matchOriginal) return chosen.voice.voiceKey;
  // The speaker is part of the key only where the voice depends on who speaks (their own measured voice, an automatic voice):
  // merging two speakers who share a voice re-speaks nothing.
  if (chosen ? chosen.matchOriginal : target.matchOriginal) return distinct.has(speakerId) ? `${MATCH_ORIGINAL_VOICE}@${speakerId}` : MATCH_ORIGINAL_VOICE;
  // Speakers told apart each get a voice suiting them, the first one too (the language's best voice may be a woman's, the first speaker a man).
  if (target.autoVoice && distinct.has(speakerId)) return `${AUTO_VOICE}@${speakerId}`;
  return target.voice.voiceKey;
}

/** The speakers stage's checkpoint: who speaks each line. */
export const speakersCheckpoint = (outputs: Readonly<Record<string, Record<string, unknown>>>): SpeakerAssignment =>
  (outputs.speakers?.assignment as SpeakerAssignment | undefined) ?? { lines: [], speakers: [] };

/** The speakers stage's checkpoint: the series character each speaker was found to be (decision 060). */
export const speakerCharactersOf = (outputs: Readonly<Record<string, Record<string, unknown>>>): Record<string, string> =>
  (outputs.speakers?.characters as Record<string, string> | undefined) ?? {};

/**
 * A target with its characters' voices given to the speakers found to be them, as if chosen for
 * them (a voice the owner chose at the review gate still wins).
 */
export function withCharacterVoices(target: VideoTranslationTarget, outputs: Readonly<Record<string, Record<string, unknown>>>): VideoTranslationTarget {
  const cast = target.characterVoices;
  const mapped = Object.entries(speakerCharactersOf(outputs));
  if (!cast || !mapped.length) return target;
  const fromCast = Object.fromEntries(mapped.flatMap(([speakerId, characterId]) => (cast[characterId] ? [[speakerId, { voice: cast[characterId] }]] : [])));
  return { ...target, speakerVoices: { ...fromCast, ...target.speakerVoices } };
}

/** Speakers this many semitones apart in median pitch are told apart even when of one gender (a low and a high voice). */
const REGISTER_APART_SEMITONES = 4;

/**
 * Speakers told apart surely enough to give them voices of their own without being asked: all of
 * them when the user said how many people speak (two or more); otherwise those whose measured
 * voices differ in kind from the first speaker's — the other gender, or a register at least 4
 * semitones away — since an estimate on a short clip may split one voice in two (both halves then
 * share the pitch). The first speaker is in the set whenever another is. The review shows every
 * speaker found, and a voice chosen there applies whatever this says.
 */
export function distinctSpeakers(input: Pick<VideoTranslationJobInput, 'speakerCount'>, outputs: Readonly<Record<string, Record<string, unknown>>>): Set<string> {
  const ids = [...new Set(lineSpeakers(outputs).values())];
  if (ids.length < 2) return new Set();
  if ((input.speakerCount ?? 0) >= 2) return new Set(ids);
  const summaries = new Map(speakersCheckpoint(outputs).speakers.map((speaker) => [speaker.speakerId, speaker]));
  const main = summaries.get(DEFAULT_SPEAKER);
  if (!main || main.suggestedGender === null) return new Set();
  const apart = ids.filter((id) => {
    const other = summaries.get(id);
    if (id === DEFAULT_SPEAKER || !other || other.suggestedGender === null) return false;
    if (other.suggestedGender !== main.suggestedGender) return true;
    return main.medianPitchHz !== null && other.medianPitchHz !== null && Math.abs(12 * Math.log2(other.medianPitchHz / main.medianPitchHz)) >= REGISTER_APART_SEMITONES;
  });
  return apart.length ? new Set([DEFAULT_SPEAKER, ...apart]) : new Set();
}

/** Each line's speaker (lines nobody was heard near are the first speaker's). */
export function lineSpeakers(outputs: Readonly<Record<string, Record<string, unknown>>>): Map<string, string> {
  return new Map(speakersCheckpoint(outputs).lines.map((line) => [line.lineId, line.speakerId ?? DEFAULT_SPEAKER]));
}

/** A line of the source with its translations, as the result and the review table show it. */
export interface TranslatedLine {
  id: string;
  startSeconds: number;
  endSeconds: number;
  source: string;
}

/** The translate stage's checkpoint: translations per target language. */
export const translationsCheckpoint = (outputs: Readonly<Record<string, Record<string, unknown>>>) =>
  (outputs.translate?.translations as Record<string, TranslationLine[]> | undefined) ?? {};

export const lineId = (index: number) => `l${String(index + 1).padStart(4, '0')}`;
export const prefixOf = (language: string) => `${language}-`;

/** The picture-lines stage's checkpoint: the source track's lines found in the picture. */
export const pictureLinesOf = (outputs: StageContext<unknown>['outputs']) => (outputs['picture-lines']?.texts as FoundText[] | undefined) ?? [];
/** The source-text stage's checkpoint: the source lines. */
export const linesOf = (outputs: StageContext<unknown>['outputs']) => (outputs['source-text']?.lines as TranslatedLine[] | undefined) ?? [];
/** The translations as spoken: the translate stage's, with the lines the fit stage had shortened. */
export const translationsOf = (outputs: StageContext<unknown>['outputs']) => {
  const translated = translationsCheckpoint(outputs);
  const shortened = (outputs.fit?.shortened as Record<string, Record<string, string>> | undefined) ?? {};
  return Object.fromEntries(Object.entries(translated).map(([language, lines]) => [language, lines.map((line) => ({ ...line, text: shortened[language]?.[line.id] ?? line.text }))]));
};
/** The fit stage's checkpoint: where each line is placed, per language. */
export const placementsOf = (outputs: StageContext<unknown>['outputs']) => (outputs.fit?.placements as Record<string, FitPlacement[]> | undefined) ?? {};
/** What a line's audio is made from: a line whose key changed (edited text, another voice) is spoken again. */
export const speechKey = (target: VideoTranslationTarget, speakerId: string, distinct: ReadonlySet<string>, spoken: string) => `${speakerVoiceKey(target, speakerId, distinct)}|${spoken}`;
/** The voice that spoke a line: its speaker's voice in the synthesize stage's checkpoint. */
export const spokenVoiceOf = (outputs: StageContext<unknown>['outputs'], language: string, speakerId: string): VoiceTarget | undefined =>
  (outputs.synthesize?.voices as Record<string, Record<string, VoiceTarget>> | undefined)?.[language]?.[speakerId];
