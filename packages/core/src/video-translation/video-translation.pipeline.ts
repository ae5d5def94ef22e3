/**
 * Video translation: a video → the same video speaking other languages, with subtitles, the
 * background kept and the picture untouched. Stages, each a checkpoint (a failed or restarted job
 * resumes at the stage that did not finish; synthesis resumes line by line):
 *
 *   ingest → picture-lines → source-text → speakers → translate → synthesize → fit
 *     → drawn-subtitles → erase → stills → review → mix → mux → deliver
 *
 * When the burned-in subtitles are replaced or a translation is added beside them (`subtitles`,
 * decision 055), `picture-lines` finds the source track's lines (where and when), `drawn-subtitles`
 * measures its style and writes the script drawing each language, `erase` erases the source lines
 * once for every language (replace), `stills` draws each line on its frame for the review gate
 * (pro). Without a dub (`output: 'subtitles'`) the speech stages pass and the original sound stays.
 *
 * `review` is a gate: in pro mode the job waits there for its owner (the service's review calls
 * edit lines and voices, regenerate only what changed, then let it go on); quick mode passes.
 * Several target languages share ingest and source text. Which engines read, hear and translate
 * was decided when the job was accepted (`engine-choice.ts`) and is part of the input.
 */
import { ErrorCode, MATCH_ORIGINAL_VOICE } from '@voxwork/contract';
import {
  backgroundBedArgs,
  burnSubtitlesArgs,
  dubbedVideoArgs,
  dubMixArgs,
  encodeMp3Args,
  extractAudioArgs,
  normalizeLoudness,
  parseStereoBalance,
  regionsOnlyArgs,
  resampleArgs,
  runFfmpeg,
  stereoBalanceArgs,
  subtitleStillArgs,
  tempoArgs,
} from '@voxwork/media';
import { DomainError } from '../domain-error.ts';
import type { SpeechEngines, VoiceTarget } from '../engines/speech-engines.port.ts';
import type { SpeakerSegment, SpeakerSummary, TimedLine, VideoEngines } from '../engines/video-engines.port.ts';
import type { FoundText, VideoErasureEngines } from '../engines/video-erasure-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobFiles, JobMediaFile, PipelineDefinition, StageContext } from '../jobs/pipeline-definition.ts';
import {
  burnInScript,
  drawnSubtitleScript,
  fetchPricedMedia,
  iso6392,
  masksOf,
  measureSubtitleStyle,
  readSegmentTimings,
  regionsFromTexts,
  renderPlacedTakes,
  segmentFiles,
  sourceLineBox,
  SPEECH_SAMPLE_RATE,
  synthesizeSegments,
  writeCueFiles,
  writtenWordTimings,
  type PlacedTake,
  type SegmentTimings,
  type SubtitleTrackStyle,
} from '../pipeline-stages/index.ts';
import { measureTextLeft } from '../pipeline-stages/erasure-leftover.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { autoSpeakerVoice, cloneGender, libraryTarget, LOCAL_VOICE_PROFILER, originalSpeakerTarget, synthesizeWithTarget, type OriginalSpeakerReading } from '../voices/voice-choice.ts';
import { GIVEN_TRANSLATION } from '../pipeline-stages/engine-choice.ts';
import { readSourceText } from '../pipeline-stages/source-text.ts';
import { assignSpeakerCharacters, type EpisodeCharacter } from './speaker-characters.ts';
import { assignSpeakersToLines, type SpeakerAssignment } from '../pipeline-stages/speakers.ts';
import { characterBudget, linesTooLong, planTimeFit, type FitChoice, type FitPlacement } from '../pipeline-stages/time-fit.ts';

const MEDIA_TIMEOUT_MS = 30 * 60_000;
/** Review stills are scaled to this width at most. */
const STILL_MAX_WIDTH = 960;
/** The mix and the bed are rendered at this rate (video sound). */
const MIX_SAMPLE_RATE = 48_000;
/** How far the original's background goes down under the new voice, dB, and the ramps into and out of it, seconds. */
const BED_UNDER_VOICE_DB = -8;
const BED_RAMP_SECONDS = 0.1;
/** A side (L−R) level within this many dB of the sum means sound panned to the sides: centre cancellation keeps a background. */
const STEREO_SIDE_WITHIN_DB = 15;

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
}

/** The job draws the translation where the picture's subtitles are (replacing them or beside them). */
export const drawsOverPictureLines = (input: Pick<VideoTranslationJobInput, 'subtitles'>) => input.subtitles === 'replace' || input.subtitles === 'bilingual';
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
interface ShortenedLine {
  for: string;
  text: string;
}

/** The voice a target is spoken with, as a key (a change of it at the review gate re-speaks the language). */
export const targetVoiceKey = (target: Pick<VideoTranslationTarget, 'voice' | 'matchOriginal'>): string => (target.matchOriginal ? MATCH_ORIGINAL_VOICE : target.voice.voiceKey);

/** The speaker lines without one (no speech found near them) are spoken as. */
export const DEFAULT_SPEAKER = 's1';
/** A voice chosen for each speaker told apart by their measured voice (several speakers, no voice chosen). */
const AUTO_VOICE = 'auto';
/** Seconds of one speaker's speech below which "match the original speaker" measures all the speech instead. */
const MIN_SPEAKER_PROFILE_SECONDS = 3;

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

const lineId = (index: number) => `l${String(index + 1).padStart(4, '0')}`;
const prefixOf = (language: string) => `${language}-`;


export function createVideoTranslationPipeline({
  engines,
  videoEngines,
  erasureEngines,
  storage,
  scratch,
}: {
  engines: SpeechEngines;
  videoEngines: VideoEngines;
  /** The subtitle finder (where the burned-in lines are) and the erasure of regions. */
  erasureEngines: VideoErasureEngines;
  storage: StorageRepository;
  scratch: ScratchFiles;
}): PipelineDefinition<VideoTranslationJobInput> {
  const pictureLinesOf = (outputs: StageContext<unknown>['outputs']) => (outputs['picture-lines']?.texts as FoundText[] | undefined) ?? [];

  const linesOf = (outputs: StageContext<unknown>['outputs']) => (outputs['source-text']?.lines as TranslatedLine[] | undefined) ?? [];
  /** The translations as spoken: the translate stage's, with the lines the fit stage had shortened. */
  const translationsOf = (outputs: StageContext<unknown>['outputs']) => {
    const translated = translationsCheckpoint(outputs);
    const shortened = (outputs.fit?.shortened as Record<string, Record<string, string>> | undefined) ?? {};
    return Object.fromEntries(Object.entries(translated).map(([language, lines]) => [language, lines.map((line) => ({ ...line, text: shortened[language]?.[line.id] ?? line.text }))]));
  };
  const placementsOf = (outputs: StageContext<unknown>['outputs']) => (outputs.fit?.placements as Record<string, FitPlacement[]> | undefined) ?? {};

  /**
   * The script drawing one language's translation over the picture's lines (`<lang>-drawn.ass`) and
   * the soft subtitles as drawn (same times, same breaks). Each translation shows while its source
   * line did (the erased place is empty exactly then), where that line was.
   */
  async function writeDrawnScript(input: VideoTranslationJobInput, outputs: StageContext<unknown>['outputs'], files: JobFiles, language: string, drawing: { style: SubtitleTrackStyle; width: number; height: number }): Promise<string[]> {
    const texts = pictureLinesOf(outputs);
    const translated = new Map((translationsOf(outputs)[language] ?? []).map((line) => [line.id, line.text]));
    const { script, drawn } = drawnSubtitleScript(
      linesOf(outputs).map((line) => ({ start: line.startSeconds, end: line.endSeconds, text: translated.get(line.id) ?? '', box: sourceLineBox(texts, line) })),
      drawing.style,
      { width: drawing.width, height: drawing.height, layout: input.subtitles === 'bilingual' ? 'bilingual' : 'replace' },
    );
    const prefix = prefixOf(language);
    await scratch.writeText(await files.path(`${prefix}drawn.ass`), script);
    return [`${prefix}drawn.ass`, ...(await writeCueFiles(scratch, files, `${prefix}subtitles`, drawn))];
  }

  /** Shortened lines of a language still valid for its translations (an edited line drops its shorter version). */
  async function readShortened(files: JobFiles, prefix: string, translations: readonly TranslationLine[]): Promise<Record<string, ShortenedLine>> {
    const name = `${prefix}shortened.json`;
    if (!(await files.exists(name))) return {};
    const stored = JSON.parse(await scratch.readText(await files.path(name))) as Record<string, ShortenedLine>;
    const current = new Map(translations.map((line) => [line.id, line.text]));
    return Object.fromEntries(Object.entries(stored).filter(([id, line]) => current.get(id) === line.for));
  }
  /** What a line's audio is made from: a line whose key changed (edited text, another voice) is spoken again. */
  const speechKey = (target: VideoTranslationTarget, speakerId: string, distinct: ReadonlySet<string>, spoken: string) => `${speakerVoiceKey(target, speakerId, distinct)}|${spoken}`;
  /** The voice that spoke a line: its speaker's voice in the synthesize stage's checkpoint. */
  const spokenVoiceOf = (outputs: StageContext<unknown>['outputs'], language: string, speakerId: string): VoiceTarget | undefined =>
    (outputs.synthesize?.voices as Record<string, Record<string, VoiceTarget>> | undefined)?.[language]?.[speakerId];

  /**
   * The original speaker as a voice: a profile measured once per job from the video's speech (the
   * local profiler finds the speech itself), rendered through the base voice of `language` it
   * suits best: pitch, timbre envelope and pace matched by signal processing, not a neural clone.
   */
  async function originalSpeakerVoice(language: string, files: JobFiles, signal: AbortSignal, speakerId = DEFAULT_SPEAKER, regions: ReadonlyArray<{ startSeconds: number; endSeconds: number }> = []): Promise<VoiceTarget> {
    // One speaker (or none told apart): the whole soundtrack's speech; several: only that speaker's speech.
    const profileFile = regions.length ? `original-speaker-${speakerId}.json` : 'original-speaker.json';
    let reading: OriginalSpeakerReading;
    if (await files.exists(profileFile)) reading = JSON.parse(await scratch.readText(await files.path(profileFile))) as typeof reading;
    else {
      let speech = await files.path('speech-16k.wav');
      if (regions.length) {
        speech = await files.path(`speech-${speakerId}.wav`);
        await runFfmpeg(regionsOnlyArgs({ input: await files.path('speech-16k.wav'), output: speech, regions: regions.slice(0, 500), sampleRate: 16_000 }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
      }
      const measured = await engines.profileVoice({ engineId: LOCAL_VOICE_PROFILER, files: [speech], name: `original speaker ${speakerId}`, signal });
      reading = { profile: measured.profile, medianPitchHz: measured.medianPitchHz, suggestedGender: measured.suggestedGender, suggestedBaseVoices: measured.suggestedBaseVoices };
      await scratch.writeText(await files.path(profileFile), JSON.stringify(reading));
    }
    return originalSpeakerTarget({ voices: await engines.libraryVoices(), language, speakerId, reading });
  }

  /**
   * Speech segments and speakers of the soundtrack, measured once per job (a job file): from the
   * VAD's segments, or — `utterances`, the lines once they are known — clustering the lines
   * themselves (each line one person's utterance).
   */
  async function speakerSegments(
    input: VideoTranslationJobInput,
    files: JobFiles,
    signal: AbortSignal,
    utterances?: ReadonlyArray<{ startSeconds: number; endSeconds: number }>,
  ): Promise<{ segments: SpeakerSegment[]; speakers: SpeakerSummary[]; warnings: string[] }> {
    const name = utterances ? 'speaker-lines.json' : 'speaker-segments.json';
    if (await files.exists(name)) return JSON.parse(await scratch.readText(await files.path(name))) as { segments: SpeakerSegment[]; speakers: SpeakerSummary[]; warnings: string[] };
    const found = await videoEngines.findSpeakers({ audioFile: await files.path('speech-16k.wav'), speakerCount: input.speakerCount, utterances, signal });
    await scratch.writeText(await files.path(name), JSON.stringify(found));
    return found;
  }

  /**
   * The voice of each speaker of a target: the speaker's own choice, the original speaker matched
   * (measured from that speaker's speech), for a further speaker with no voice chosen a library
   * voice of the language suiting the speaker's measured voice (a different one per speaker where
   * the library has enough), else the target's voice.
   */
  async function speakerVoicesFor(target: VideoTranslationTarget, assignment: SpeakerAssignment, distinct: ReadonlySet<string>, files: JobFiles, signal: AbortSignal): Promise<Record<string, VoiceTarget>> {
    const speakerIds = [...new Set([DEFAULT_SPEAKER, ...assignment.lines.map((line) => line.speakerId ?? DEFAULT_SPEAKER)])];
    // A speaker told apart is measured on their own speech (when there are a few seconds of it); otherwise on all the speech.
    const regionsOf = (speakerId: string) => {
      if (!distinct.has(speakerId)) return [];
      const regions = assignment.lines
        .filter((line) => (line.speakerId ?? DEFAULT_SPEAKER) === speakerId && line.speechStartSeconds !== null && line.speechEndSeconds !== null)
        .map((line) => ({ startSeconds: line.speechStartSeconds!, endSeconds: line.speechEndSeconds! }));
      return regions.reduce((sum, region) => sum + region.endSeconds - region.startSeconds, 0) >= MIN_SPEAKER_PROFILE_SECONDS ? regions : [];
    };
    const library = await engines.libraryVoices();
    // Voices chosen by the person are taken: automatic voices are others where the library has enough.
    const used = new Set(Object.values(target.speakerVoices ?? {}).flatMap((chosen) => (chosen.matchOriginal ? [] : [chosen.voice.voiceKey])));
    const voices: Record<string, VoiceTarget> = {};
    for (const speakerId of speakerIds) {
      const chosen = target.speakerVoices?.[speakerId];
      const match = chosen ? chosen.matchOriginal === true : target.matchOriginal === true;
      if (match) {
        const regions = regionsOf(speakerId);
        // Too little voiced speech in one speaker's regions to measure: the profile of all the speech.
        voices[speakerId] = await originalSpeakerVoice(target.language, files, signal, speakerId, regions).catch((error: unknown) =>
          regions.length && !signal.aborted ? originalSpeakerVoice(target.language, files, signal) : Promise.reject(error),
        );
      }
      else if (chosen) voices[speakerId] = chosen.voice;
      else if (speakerVoiceKey(target, speakerId, distinct).startsWith(`${AUTO_VOICE}@`)) {
        const summary = assignment.speakers.find((speaker) => speaker.speakerId === speakerId);
        if (!summary || (summary.suggestedGender === null && summary.medianPitchHz === null)) {
          // Nothing measured of this speaker: the language's voice.
          voices[speakerId] = target.voice;
          used.add(target.voice.voiceKey);
          continue;
        }
        const gender = cloneGender(summary.suggestedGender, summary.medianPitchHz);
        // The language's voice when it suits the speaker and is free, else another of the speaker's gender.
        const own = library.find((voice) => voice.key === target.voice.voiceKey);
        const picked = own?.gender === gender && !used.has(own.key) ? own : autoSpeakerVoice({ voices: library, language: target.language, gender, used });
        voices[speakerId] = picked ? libraryTarget(picked) : target.voice;
        used.add(voices[speakerId]!.voiceKey);
      } else {
        voices[speakerId] = target.voice;
        used.add(target.voice.voiceKey);
      }
    }
    return voices;
  }

  return {
    stages: [
      {
        name: 'ingest',
        weight: 1,
        async run({ input, files, signal }) {
          const source = await files.path('source.video');
          // Measured from its packets and checked against the length it was priced at, before any work.
          const info = await fetchPricedMedia(storage, scratch, { key: input.uploadKey, file: source, pricedSeconds: input.durationSeconds, signal });
          if (!info?.video) throw new DomainError(ErrorCode.VIDEO_NOT_READABLE);
          if (!info.audio) throw new DomainError(ErrorCode.VIDEO_NO_AUDIO_TRACK);
          // The picture's length is the video's (the dub is cut or padded to it).
          const durationSeconds = info.video.durationSeconds ?? info.durationSeconds ?? input.durationSeconds;
          await runFfmpeg(extractAudioArgs({ input: source, output: await files.path('original.wav'), sampleRate: MIX_SAMPLE_RATE, channels: 2 }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
          await runFfmpeg(resampleArgs({ input: source, output: await files.path('speech-16k.wav'), sampleRate: 16_000, channels: 1 }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
          const { stderr } = await runFfmpeg(stereoBalanceArgs({ input: await files.path('original.wav') }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
          const balance = parseStereoBalance(stderr);
          const stereo = (info.audio.channels ?? 1) >= 2 && balance !== undefined && Number.isFinite(balance.differenceDb) && balance.differenceDb > balance.sumDb - STEREO_SIDE_WITHIN_DB;
          return {
            files: ['source.video', 'original.wav', 'speech-16k.wav'],
            durationSeconds,
            width: info.video.width,
            height: info.video.height,
            videoCodec: info.video.codec,
            backgroundMethod: stereo ? 'centre-cancel' : 'duck',
          };
        },
      },
      {
        // The source subtitle track in the picture (rows, their boxes and times) when the translation is drawn over it:
        // the subtitle finder in "subtitles" mode (titles, logos, signs and timecodes are not lines).
        name: 'picture-lines',
        weight: 3,
        async run({ input, files, signal, reportProgress }) {
          if (!drawsOverPictureLines(input)) return { texts: [] };
          const found = await erasureEngines.findText({ videoFile: await files.path('source.video'), mode: 'subtitles', signal, onProgress: reportProgress });
          if (!found.texts.length) throw new DomainError(ErrorCode.VIDEO_NO_SUBTITLES_FOUND);
          return { texts: found.texts, width: found.width, height: found.height, warnings: found.warnings };
        },
      },
      {
        name: 'source-text',
        weight: 3,
        dependsOn: ['ingest', 'picture-lines'],
        async run({ input, files, signal, outputs, reportProgress }) {
          const durationSeconds = (outputs.ingest?.durationSeconds as number | undefined) ?? input.durationSeconds;
          const pictureLines = pictureLinesOf(outputs);
          // The picture's lines were found already: reading the burned-in subtitles again would be a second pass of OCR.
          const readers: VideoEngines = pictureLines.length ? { ...videoEngines, readSubtitles: () => Promise.resolve({ lines: pictureLines, warnings: [] }) } : videoEngines;
          const { found, emptyKind, warnings } = await readSourceText(readers, {
            textSources: input.textSources,
            language: input.sourceLanguage,
            videoFile: await files.path('source.video'),
            speechFile: await files.path('speech-16k.wav'),
            durationSeconds,
            speakerSegments: async () => (await speakerSegments(input, files, signal)).segments,
            signal,
            reportProgress,
          });
          if (!found) throw new DomainError(emptyKind === 'subtitles' ? ErrorCode.VIDEO_NO_SUBTITLES_FOUND : ErrorCode.VIDEO_NO_SPEECH_FOUND);
          const lines: TranslatedLine[] = found.lines.map((line, index) => ({ id: lineId(index), startSeconds: line.startSeconds, endSeconds: line.endSeconds, source: line.text }));
          const written = await writeCueFiles(scratch, files, 'source', lines.map((line) => ({ start: line.startSeconds, end: line.endSeconds, text: line.source })));
          return { files: written, lines, textSource: found.kind, engineId: found.engineId, warnings };
        },
      },
      {
        // Who speaks each line: speech segments and speakers of the soundtrack (robust to a music
        // bed; `speakerCount` when the user gave it), each line given the speaker heard in it.
        name: 'speakers',
        weight: 1,
        async run({ input, outputs, files, signal }) {
          // No dub: nobody is spoken, so who speaks is not measured.
          if (!makesDub(input)) return { assignment: { lines: [], speakers: [] } satisfies SpeakerAssignment, warnings: [] };
          const lines = linesOf(outputs).map((line) => ({ id: line.id, startSeconds: line.startSeconds, endSeconds: line.endSeconds }));
          // The lines are the utterances: each is one person's (recognised lines were cut where the voice changed).
          const found = await speakerSegments(input, files, signal, lines);
          const assignment = assignSpeakersToLines(lines, found.segments);
          // A series' episode: which character each speaker is, once, so every language and a resumed run agree.
          const characters = input.characters?.length ? assignSpeakerCharacters(assignment.speakers, input.characters) : undefined;
          return { files: ['speaker-lines.json'], assignment, ...(characters ? { characters } : {}), warnings: found.warnings };
        },
      },
      {
        name: 'translate',
        weight: 1,
        dependsOn: ['source-text'],
        async run({ input, outputs, signal }) {
          const lines = linesOf(outputs);
          const translations: Record<string, Array<{ id: string; text: string; unknownWords: string[] }>> = {};
          const warnings: string[] = [];
          for (const target of input.targets) {
            // A subtitle file given as the translation is spoken as written: no engine translates it.
            if (target.translatorId === GIVEN_TRANSLATION) {
              translations[target.language] = lines.map((line) => ({ id: line.id, text: line.source, unknownWords: [] }));
              continue;
            }
            const result = await videoEngines.translate({
              engineId: target.translatorId,
              sourceLanguage: input.sourceLanguage,
              targetLanguage: target.language,
              lines: lines.map((line) => ({ id: line.id, text: line.source, maxCharacters: characterBudget(line.endSeconds - line.startSeconds, target.language) })),
              glossary: input.glossary,
              signal,
            });
            translations[target.language] = result.lines;
            warnings.push(...result.warnings.map((warning) => `${target.language}: ${warning}`));
          }
          return { translations, warnings };
        },
      },
      {
        name: 'synthesize',
        weight: 5,
        dependsOn: ['translate', 'speakers'],
        async run({ input, outputs, files, signal, reportProgress }) {
          if (!makesDub(input)) return { files: [], voices: {} };
          const translations = translationsCheckpoint(outputs);
          const speakerOf = lineSpeakers(outputs);
          const distinct = distinctSpeakers(input, outputs);
          const written: string[] = [];
          const voices: Record<string, Record<string, VoiceTarget>> = {};
          for (const [index, cast] of input.targets.entries()) {
            const target = withCharacterVoices(cast, outputs);
            const bySpeaker = await speakerVoicesFor(target, speakersCheckpoint(outputs), distinct, files, signal);
            voices[target.language] = bySpeaker;
            const lines = translations[target.language] ?? [];
            // A line the fit stage had shortened keeps its shorter audio while its translation is unchanged; an edited, re-voiced or re-assigned line is spoken again.
            const shortened = await readShortened(files, prefixOf(target.language), lines);
            const segments = lines.map((line) => {
              const speakerId = speakerOf.get(line.id) ?? DEFAULT_SPEAKER;
              const spoken = shortened[line.id]?.text ?? line.text;
              return { target: bySpeaker[speakerId] ?? target.voice, written: spoken, spoken, key: speechKey(target, speakerId, distinct, spoken) };
            });
            written.push(
              ...(await synthesizeSegments({
                engines,
                segments,
                settings: { language: target.language, speed: 1, pitchSemitones: 0, volume: 1 },
                files,
                scratch,
                signal,
                prefix: prefixOf(target.language),
                reportProgress: (percent) => reportProgress(((index + percent / 100) / input.targets.length) * 100),
              })),
            );
          }
          return { files: written, voices };
        },
      },
      {
        name: 'fit',
        weight: 1,
        async run({ input, outputs, files, signal, store }) {
          const lines = linesOf(outputs);
          if (!makesDub(input)) {
            // No dub: the subtitles keep the source lines' times (the drawn-subtitles stage writes them when it draws).
            const translated = translationsCheckpoint(outputs);
            const written: string[] = [];
            for (const target of input.targets) {
              const texts = new Map((translated[target.language] ?? []).map((line) => [line.id, line.text]));
              written.push(...(await writeCueFiles(scratch, files, `${prefixOf(target.language)}subtitles`, lines.map((line) => ({ start: line.startSeconds, end: line.endSeconds, text: texts.get(line.id) ?? '' })))));
            }
            return { files: written, placements: {}, shortened: {}, spokenFor: {}, spokenVoices: {}, previews: {} };
          }
          const durationSeconds = (outputs.ingest?.durationSeconds as number | undefined) ?? input.durationSeconds;
          const translations = translationsCheckpoint(outputs);
          const speakerOf = lineSpeakers(outputs);
          const distinct = distinctSpeakers(input, outputs);
          const placements: Record<string, FitPlacement[]> = {};
          const shortened: Record<string, Record<string, ShortenedLine>> = {};
          const spokenFor: Record<string, Record<string, string>> = {};
          const previews: Record<string, JobMediaFile> = {};
          const written: string[] = [];
          for (const cast of input.targets) {
            const target = withCharacterVoices(cast, outputs);
            const prefix = prefixOf(target.language);
            const natural = await Promise.all(lines.map(async (_, index) => (await readSegmentTimings(files, scratch, index, prefix)).durationSeconds));
            const fitInputs = () => lines.map((line, index) => ({ id: line.id, startSeconds: line.startSeconds, endSeconds: line.endSeconds, naturalSeconds: natural[index]!, choice: target.fitChoices?.[line.id] }));
            const plan = () => planTimeFit(fitInputs(), durationSeconds);
            // Lines shortened by an earlier run of this stage (their audio already replaced) keep their new text while their translation is unchanged.
            const shortenedFile = `${prefix}shortened.json`;
            shortened[target.language] = await readShortened(files, prefix, translations[target.language] ?? []);
            let planned = plan();
            // Too long for its own slot even at 1.3×: a translator that can aim for a length is asked for a shorter line, which is spoken again.
            // A line its owner wrote at the review gate is theirs: it is sped up and flagged, never rewritten.
            const editedIds = new Set((translations[target.language] ?? []).filter((line) => line.edited).map((line) => line.id));
            const tooLong = new Map([...linesTooLong(fitInputs(), durationSeconds)].filter(([id]) => !editedIds.has(id) && !shortened[target.language]![id] && !target.fitChoices?.[id]));
            if (tooLong.size && target.translatorShortens) {
              const texts = new Map((translations[target.language] ?? []).map((line) => [line.id, line.text]));
              const retranslated = await videoEngines.translate({
                engineId: target.translatorId,
                sourceLanguage: input.sourceLanguage,
                targetLanguage: target.language,
                lines: lines
                  .filter((line) => tooLong.has(line.id))
                  .map((line) => {
                    // What fits, in proportion, and never more than the budget the first answer already ignored.
                    const proportional = Math.floor([...(texts.get(line.id) ?? '')].length * tooLong.get(line.id)! * 0.9);
                    const first = Math.floor(characterBudget(line.endSeconds - line.startSeconds, target.language) * 0.8);
                    return { id: line.id, text: line.source, maxCharacters: Math.max(4, Math.min(proportional, first)) };
                  }),
                glossary: input.glossary,
                signal,
              });
              for (const line of retranslated.lines) {
                const index = lines.findIndex((candidate) => candidate.id === line.id);
                if (index < 0 || !line.text.trim()) continue;
                const speakerId = speakerOf.get(line.id) ?? DEFAULT_SPEAKER;
                const outcome = await synthesizeWithTarget(engines, {
                  target: spokenVoiceOf(outputs, target.language, speakerId) ?? target.voice,
                  text: line.text,
                  language: target.language,
                  speed: 1,
                  pitchSemitones: 0,
                  volume: 1,
                  outputFile: await files.path(segmentFiles(index, prefix).audio),
                  sampleRate: SPEECH_SAMPLE_RATE,
                  signal,
                });
                // The line's timings follow its new audio, so a re-run of this stage plans with the right length.
                await scratch.writeText(
                  await files.path(segmentFiles(index, prefix).timings),
                  JSON.stringify({
                    durationSeconds: outcome.durationSeconds,
                    words: writtenWordTimings(line.text, outcome.words),
                    approximate: outcome.wordTimingsApproximate,
                    madeFrom: speechKey(target, speakerId, distinct, line.text),
                  } satisfies SegmentTimings),
                );
                natural[index] = outcome.durationSeconds;
                shortened[target.language]![line.id] = { for: texts.get(line.id) ?? '', text: line.text };
                await scratch.writeText(await files.path(shortenedFile), JSON.stringify(shortened[target.language]));
              }
              planned = plan();
            }
            placements[target.language] = planned;
            // Lines spoken faster are re-rendered with their pitch kept; the others are used as synthesised. Every line whole:
            // one let overlap the next goes in a lane of its own (as dubbing's export does), laid over the others.
            const placed: Array<PlacedTake<string>> = [];
            for (const [index, placement] of planned.entries()) {
              const part = await files.path(segmentFiles(index, prefix).audio);
              let file = part;
              let length = natural[index]!;
              if (placement.speed !== 1) {
                file = await files.path(`${prefix}fit-${index + 1}.wav`);
                await runFfmpeg(tempoArgs({ input: part, output: file, speed: placement.speed, sampleRate: SPEECH_SAMPLE_RATE }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
                length = natural[index]! / placement.speed;
              }
              placed.push({ take: file, startSeconds: placement.startSeconds, lengthSeconds: length });
            }
            const voice = `${prefix}voice.wav`;
            await renderPlacedTakes(placed, { output: await files.path(voice), lanePath: (lane) => files.path(`${prefix}voice-lane-${lane + 1}.wav`), sampleRate: SPEECH_SAMPLE_RATE, signal, timeoutMs: MEDIA_TIMEOUT_MS });
            const texts = new Map((translations[target.language] ?? []).map((line) => [line.id, shortened[target.language]?.[line.id]?.text ?? line.text]));
            written.push(voice, ...(await writeCueFiles(scratch, files, `${prefix}subtitles`, planned.map((placement) => ({ start: placement.startSeconds, end: placement.endSeconds, text: texts.get(placement.id) ?? '' })))));
            spokenFor[target.language] = Object.fromEntries((translations[target.language] ?? []).map((line) => [line.id, line.text]));
            if (input.mode === 'pro' && placed.length) {
              // The review gate plays each line where it will sound: the voice track as placed, before the mix.
              const preview = `${prefix}voice-preview.mp3`;
              await runFfmpeg(encodeMp3Args({ input: await files.path(voice), output: await files.path(preview), sampleRate: SPEECH_SAMPLE_RATE, bitrateKbps: 64 }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
              written.push(preview);
              previews[target.language] = await store(preview, { role: 'audio' });
            }
          }
          return {
            files: written,
            placements,
            // What replaced a translation, by line (the result and subtitles show it).
            shortened: Object.fromEntries(Object.entries(shortened).map(([language, lines]) => [language, Object.fromEntries(Object.entries(lines).map(([id, line]) => [id, line.text]))])),
            // The translation each line's audio was made from, and the voice: the review gate compares them with edits.
            spokenFor,
            spokenVoices: Object.fromEntries(
              input.targets.map((target) => [
                target.language,
                Object.fromEntries((translations[target.language] ?? []).map((line) => [line.id, speakerVoiceKey(withCharacterVoices(target, outputs), speakerOf.get(line.id) ?? DEFAULT_SPEAKER, distinct)])),
              ]),
            ),
            previews,
          };
        },
      },
      {
        // The style of the source track measured once (place, glyph height, colours, outline or box), and per language the
        // script drawing the translation in it; the soft subtitles are rewritten to the lines as drawn (same times, same breaks).
        name: 'drawn-subtitles',
        weight: 1,
        dependsOn: ['picture-lines', 'translate', 'fit'],
        async run({ input, outputs, files, signal }) {
          if (!drawsOverPictureLines(input)) return { drawn: false };
          const texts = pictureLinesOf(outputs);
          const width = (outputs['picture-lines']?.width as number | undefined) ?? (outputs.ingest?.width as number | undefined) ?? 1280;
          const height = (outputs['picture-lines']?.height as number | undefined) ?? (outputs.ingest?.height as number | undefined) ?? 720;
          const style = await measureSubtitleStyle(texts, { videoFile: await files.path('source.video'), width, height, signal });
          if (!style) throw new DomainError(ErrorCode.VIDEO_NO_SUBTITLES_FOUND);
          const written: string[] = [];
          for (const target of input.targets) written.push(...(await writeDrawnScript(input, outputs, files, target.language, { style, width, height })));
          return { files: written, drawn: true, style, width, height };
        },
      },
      {
        // The source lines erased once for every language (their padded boxes while they show; other text stays).
        name: 'erase',
        weight: 6,
        dependsOn: ['picture-lines'],
        async run({ input, outputs, files, signal, reportProgress }) {
          if (input.subtitles !== 'replace') return { erased: false };
          const durationSeconds = (outputs.ingest?.durationSeconds as number | undefined) ?? input.durationSeconds;
          const width = (outputs['picture-lines']?.width as number | undefined) ?? 1280;
          const height = (outputs['picture-lines']?.height as number | undefined) ?? 720;
          const regions = regionsFromTexts(pictureLinesOf(outputs), 'subtitles', { width, height, durationSeconds });
          const erased = await erasureEngines.erase({
            videoFile: await files.path('source.video'),
            outputFile: await files.path('erased.mp4'),
            masks: masksOf(regions, durationSeconds),
            fill: 'best',
            signal,
            onProgress: reportProgress,
          });
          // Text left after erasure, measured once here (checkpointed with the erasure) for the season board (decision 061).
          const leftover = await measureTextLeft({
            erasureEngines,
            videoFile: await files.path('erased.mp4'),
            lines: pictureLinesOf(outputs),
            durationSeconds,
            width,
            height,
            framePath: (index) => files.path(`leftover-${index + 1}.png`),
            signal,
          });
          return { files: ['erased.mp4'], erased: true, regions: regions.length, stats: erased.stats ?? null, warnings: erased.warnings, leftover };
        },
      },
      {
        // Pro: each line drawn on its frame (the erased picture when replacing), as it will be rendered, for the review gate.
        name: 'stills',
        weight: 1,
        dependsOn: ['drawn-subtitles', 'erase'],
        async run({ input, outputs, files, signal, store }) {
          if (input.mode !== 'pro' || !drawsOverPictureLines(input)) return { stills: {} };
          const picture = await files.path(outputs.erase?.erased ? 'erased.mp4' : 'source.video');
          const stills: Record<string, Record<string, JobMediaFile>> = {};
          const written: string[] = [];
          for (const target of input.targets) {
            const prefix = prefixOf(target.language);
            stills[target.language] = {};
            for (const line of linesOf(outputs)) {
              const name = `${prefix}still-${line.id}.jpg`;
              await runFfmpeg(subtitleStillArgs({ video: picture, subtitles: await files.path(`${prefix}drawn.ass`), atSeconds: (line.startSeconds + line.endSeconds) / 2, output: await files.path(name), maxWidth: STILL_MAX_WIDTH }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
              written.push(name);
              stills[target.language]![line.id] = await store(name, { role: 'image' });
            }
          }
          return { files: written, stills };
        },
      },
      {
        // The review gate: pro jobs wait here with every line spoken and fitted (the owner edits,
        // regenerates what changed, then lets it go on: the output records that); quick jobs pass.
        name: 'review',
        weight: 0,
        waitsForUser: (input) => input.mode === 'pro',
        run: () => Promise.resolve({ reviewed: false }),
      },
      {
        name: 'mix',
        weight: 2,
        async run({ input, outputs, files, signal }) {
          if (!makesDub(input)) return { files: [], backgroundMethod: null, warnings: [] };
          const lines = linesOf(outputs);
          const durationSeconds = (outputs.ingest?.durationSeconds as number | undefined) ?? input.durationSeconds;
          let method: 'centre-cancel' | 'duck' | 'separator' = (outputs.ingest?.backgroundMethod as 'centre-cancel' | 'duck' | undefined) ?? 'duck';
          const warnings: string[] = [];
          if (input.separatorId) {
            // A separation engine (speech isolation): the whole soundtrack without its voices is the bed, music kept under the speech too.
            const separated = await videoEngines.separate({
              engineId: input.separatorId,
              audioFile: await files.path('original.wav'),
              outputVoiceFile: await files.path('isolated-voice.wav'),
              outputBackgroundFile: await files.path('separated-background.wav'),
              signal,
            });
            warnings.push(...separated.warnings);
            await runFfmpeg(resampleArgs({ input: await files.path('separated-background.wav'), output: await files.path('background.wav'), sampleRate: MIX_SAMPLE_RATE, channels: 2 }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
            method = 'separator';
          } else {
            // The bed: the original where nobody speaks; where the original speech was, its centre removed (stereo) or lowered (mono).
            // Where the speakers stage heard the voice (VAD) inside a line's slot, only there: a subtitle shown longer than it is spoken keeps its music.
            const heard = new Map(speakersCheckpoint(outputs).lines.map((line) => [line.lineId, line]));
            const speechRegions = lines.map((line) => {
              const voice = heard.get(line.id);
              return voice?.speechStartSeconds != null && voice.speechEndSeconds != null && voice.speechEndSeconds > voice.speechStartSeconds
                ? { startSeconds: voice.speechStartSeconds, endSeconds: voice.speechEndSeconds }
                : { startSeconds: line.startSeconds, endSeconds: line.endSeconds };
            });
            await runFfmpeg(
              backgroundBedArgs({ input: await files.path('original.wav'), output: await files.path('background.wav'), speechRegions, method, sampleRate: MIX_SAMPLE_RATE }),
              { signal, timeoutMs: MEDIA_TIMEOUT_MS },
            );
          }
          const written = ['background.wav'];
          const placements = placementsOf(outputs);
          for (const target of input.targets) {
            const prefix = prefixOf(target.language);
            // The new voice is brought to speech loudness on its own; the bed keeps the original's level between the lines
            // (a loudness pass over the whole mix lowered the music there by ~10 dB) and goes down only under the new voice, ramped.
            const voice = await files.path(`${prefix}voice-level.wav`);
            await normalizeLoudness({ input: await files.path(`${prefix}voice.wav`), output: voice, sampleRate: MIX_SAMPLE_RATE }, { signal, timeoutMs: MEDIA_TIMEOUT_MS });
            const duckRegions = (placements[target.language] ?? []).filter((placement) => placement.endSeconds > placement.startSeconds).map((placement) => ({ startSeconds: placement.startSeconds, endSeconds: placement.endSeconds }));
            await runFfmpeg(
              dubMixArgs({ voice, background: await files.path('background.wav'), output: await files.path(`${prefix}dub.wav`), durationSeconds, voiceGainDb: 0, duckRegions, duckDb: BED_UNDER_VOICE_DB, rampSeconds: BED_RAMP_SECONDS, sampleRate: MIX_SAMPLE_RATE }),
              { signal, timeoutMs: MEDIA_TIMEOUT_MS },
            );
            written.push(`${prefix}dub.wav`);
          }
          return { files: written, backgroundMethod: method, warnings };
        },
      },
      {
        name: 'mux',
        weight: 1,
        dependsOn: ['mix', 'fit', 'drawn-subtitles', 'erase'],
        async run({ input, outputs, files, signal }) {
          const written: string[] = [];
          const width = (outputs.ingest?.width as number | undefined) ?? 1280;
          const height = (outputs.ingest?.height as number | undefined) ?? 720;
          const placements = placementsOf(outputs);
          const translations = translationsOf(outputs);
          const draws = drawsOverPictureLines(input);
          // Burned in (drawn over the picture's lines, or today's burn-in) the translation is not offered again as a track.
          const burned = draws || input.burnSubtitles === true;
          for (const target of input.targets) {
            const prefix = prefixOf(target.language);
            let picture = await files.path('source.video');
            if (draws) {
              // Drawn where the source lines were, in their style: over the erased picture (replace) or beside the original (bilingual).
              // The script is written again from the translations as they are now (a line edited at the review gate of a run without a dub is drawn as edited).
              const drawing = outputs['drawn-subtitles'] as unknown as { style: SubtitleTrackStyle; width: number; height: number };
              await writeDrawnScript(input, outputs, files, target.language, drawing);
              const under = await files.path(outputs.erase?.erased ? 'erased.mp4' : 'source.video');
              picture = await files.path(`${prefix}drawn.mp4`);
              await runFfmpeg(burnSubtitlesArgs({ video: under, subtitles: await files.path(`${prefix}drawn.ass`), output: picture }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
            } else if (input.burnSubtitles) {
              // Burned in: lines broken to fit the frame (CJK-aware), drawn by libass; only then is the picture re-encoded.
              const texts = new Map((translations[target.language] ?? []).map((line) => [line.id, line.text]));
              const cues = makesDub(input)
                ? (placements[target.language] ?? []).map((placement) => ({ start: placement.startSeconds, end: placement.endSeconds, text: texts.get(placement.id) ?? '' }))
                : linesOf(outputs).map((line) => ({ start: line.startSeconds, end: line.endSeconds, text: texts.get(line.id) ?? '' }));
              await scratch.writeText(await files.path(`${prefix}burn.ass`), burnInScript(cues, { width, height }));
              picture = await files.path(`${prefix}burned.mp4`);
              await runFfmpeg(burnSubtitlesArgs({ video: await files.path('source.video'), subtitles: await files.path(`${prefix}burn.ass`), output: picture }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
            }
            const tracks = [
              ...(burned ? [] : [{ file: await files.path(`${prefix}subtitles.srt`), language: iso6392(target.language), title: target.language }]),
              { file: await files.path('source.srt'), language: iso6392(input.sourceLanguage), title: input.sourceLanguage },
            ];
            if (makesDub(input)) {
              await runFfmpeg(
                dubbedVideoArgs({ video: picture, audio: await files.path(`${prefix}dub.wav`), output: await files.path(`${prefix}video.mp4`), audioLanguage: iso6392(target.language), subtitles: tracks }),
                { signal, timeoutMs: MEDIA_TIMEOUT_MS },
              );
              written.push(`${prefix}video.mp4`);
            }
            if (makesSubtitledVideo(input)) {
              // The original voices under the new subtitles.
              await runFfmpeg(
                dubbedVideoArgs({ video: picture, audio: await files.path('source.video'), output: await files.path(`${prefix}subtitled.mp4`), audioLanguage: iso6392(input.sourceLanguage), subtitles: tracks }),
                { signal, timeoutMs: MEDIA_TIMEOUT_MS },
              );
              written.push(`${prefix}subtitled.mp4`);
            }
          }
          return { files: written };
        },
      },
      {
        name: 'deliver',
        weight: 1,
        dependsOn: ['mux', 'mix', 'fit', 'drawn-subtitles', 'source-text'],
        async run({ input, outputs, files, signal, store }) {
          const durationSeconds = (outputs.ingest?.durationSeconds as number | undefined) ?? input.durationSeconds;
          const mp3 = async (wav: string, name: string, channels: 1 | 2) => {
            await runFfmpeg(encodeMp3Args({ input: await files.path(wav), output: await files.path(name), sampleRate: channels === 2 ? MIX_SAMPLE_RATE : SPEECH_SAMPLE_RATE, bitrateKbps: channels === 2 ? 192 : 96 }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
            return name;
          };
          const media: Record<string, JobMediaFile[]> = {};
          const written: string[] = [];
          for (const target of input.targets) {
            const prefix = prefixOf(target.language);
            media[target.language] = [];
            if (makesDub(input)) {
              const dub = await mp3(`${prefix}dub.wav`, `${prefix}dubbed-audio.mp3`, 2);
              const voice = await mp3(`${prefix}voice.wav`, `${prefix}voice-stem.mp3`, 1);
              written.push(dub, voice);
              media[target.language]!.push(await store(`${prefix}video.mp4`, { role: 'video', durationSeconds }));
              if (makesSubtitledVideo(input)) media[target.language]!.push(await store(`${prefix}subtitled.mp4`, { role: 'video', durationSeconds }));
              media[target.language]!.push(await store(dub, { role: 'audio', durationSeconds }), await store(voice, { role: 'audio' }));
            } else {
              media[target.language]!.push(await store(`${prefix}subtitled.mp4`, { role: 'video', durationSeconds }));
            }
            media[target.language]!.push(await store(`${prefix}subtitles.srt`, { role: 'subtitles' }), await store(`${prefix}subtitles.vtt`, { role: 'subtitles' }));
          }
          const shared: JobMediaFile[] = [];
          if (makesDub(input)) {
            const background = await mp3('background.wav', 'background-stem.mp3', 2);
            written.push(background);
            shared.push(await store(background, { role: 'audio', durationSeconds }));
          }
          shared.push(await store('source.srt', { role: 'subtitles' }), await store('source.vtt', { role: 'subtitles' }));
          return { files: written, media, shared };
        },
      },
    ],
    result: (input, outputs) => {
      const lines = linesOf(outputs);
      const speakerOf = lineSpeakers(outputs);
      const translations = translationsOf(outputs);
      const placements = placementsOf(outputs);
      const perTarget = (outputs.deliver?.media as Record<string, JobMediaFile[]> | undefined) ?? {};
      return {
        // The first target's video first: the history and share page show media[0].
        media: [...input.targets.flatMap((target) => perTarget[target.language] ?? []), ...((outputs.deliver?.shared as JobMediaFile[] | undefined) ?? [])],
        sourceLanguage: input.sourceLanguage,
        // A subtitle file given as the translation says so (it was spoken as written, not translated).
        textSource: input.targets.some((target) => target.translatorId === GIVEN_TRANSLATION) ? 'given-translation' : (outputs['source-text']?.textSource ?? null),
        backgroundMethod: outputs.mix?.backgroundMethod ?? null,
        durationSeconds: outputs.ingest?.durationSeconds ?? input.durationSeconds,
        speakers: speakersCheckpoint(outputs).speakers,
        // A series' episode: the character each speaker was found to be (absent otherwise).
        ...(input.characters?.length ? { speakerCharacters: speakerCharactersOf(outputs) } : {}),
        targets: input.targets.map((target) => {
          const texts = new Map((translations[target.language] ?? []).map((line) => [line.id, line.text]));
          const edited = new Set((translationsCheckpoint(outputs)[target.language] ?? []).filter((line) => line.edited).map((line) => line.id));
          const placed = new Map((placements[target.language] ?? []).map((placement) => [placement.id, placement]));
          return {
            language: target.language,
            voiceKey: target.matchOriginal ? MATCH_ORIGINAL_VOICE : target.voice.voiceKey,
            // The voice that spoke: for the original speaker, the base voice its profile was rendered with.
            spokenBy: (() => {
              const spoken = spokenVoiceOf(outputs, target.language, DEFAULT_SPEAKER);
              return spoken?.kind === 'cloned' ? spoken.baseVoiceKey : (spoken?.voiceKey ?? target.voice.voiceKey);
            })(),
            // Each speaker's voice (the base voice for a matched original speaker).
            speakerVoices: Object.fromEntries(
              Object.entries((outputs.synthesize?.voices as Record<string, Record<string, VoiceTarget>> | undefined)?.[target.language] ?? {}).map(([speakerId, voice]) => [speakerId, voice.kind === 'cloned' ? voice.baseVoiceKey : voice.voiceKey]),
            ),
            translatorId: target.translatorId,
            lines: lines.map((line) => {
              const placement = placed.get(line.id);
              return { ...line, speakerId: speakerOf.get(line.id) ?? DEFAULT_SPEAKER, translation: texts.get(line.id) ?? '', edited: edited.has(line.id), dubStartSeconds: placement?.startSeconds ?? null, dubEndSeconds: placement?.endSeconds ?? null, speed: placement?.speed ?? null, fit: placement?.status ?? null };
            }),
          };
        }),
        subtitles: input.subtitles ?? 'keep',
        output: input.output ?? 'dub',
        // The measured style the translation was drawn in (null when nothing was drawn over the picture's lines).
        drawnStyle: (outputs['drawn-subtitles']?.style as SubtitleTrackStyle | undefined) ?? null,
        warnings: [
          ...((outputs['picture-lines']?.warnings as string[] | undefined) ?? []),
          ...((outputs.erase?.warnings as string[] | undefined) ?? []),
          ...((outputs['source-text']?.warnings as string[] | undefined) ?? []),
          ...((outputs.translate?.warnings as string[] | undefined) ?? []),
          ...((outputs.mix?.warnings as string[] | undefined) ?? []),
        ],
      };
    },
  };
}
