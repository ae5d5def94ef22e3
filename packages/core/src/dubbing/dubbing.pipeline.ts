/**
 * The dubbing editor's jobs. Each re-reads the project (payloads carry ids) and writes what it made
 * through the store, which raises revisions so an editor holding older ones hears of it.
 *
 *   dubbing.prepare     ingest → lines → stems → takes → finish   (free)
 *   dubbing.translate   translate                                 (per 1,000 characters translated)
 *   dubbing.synthesize  synthesize                                (per 1,000 characters spoken, tiers)
 *   dubbing.export      render → deliver                          (free)
 *
 * Preparation reads its words and speakers as video translation does (`source-text.ts`,
 * `speakers.ts`), gives each speaker an automatic voice per target language, and makes the
 * background (centre cancellation or ducking under the speech) and the original dialogue as
 * stems. A project opened from a finished video translation takes over its lines, speakers,
 * translations and takes (each cut out of that job's voice stem, so nothing is spoken again).
 */
import { dubbingSynthesisCost, ErrorCode, MATCH_ORIGINAL_VOICE, type SpeechQualityTier } from '@voxwork/contract';
import { MAX_DUBBING_SEGMENTS, MIN_SEGMENT_MS, MAX_SEGMENT_MS, takeSource, type DubbingCharacter } from '@voxwork/contract/dubbing';
import {
  backgroundBedArgs,
  browserVideoArgs,
  cutAudioArgs,
  dubbedVideoArgs,
  dubMixArgs,
  encodeMp3Args,
  extractAudioArgs,
  normalizeLoudness,
  parseStereoBalance,
  probeMedia,
  regionsKeptArgs,
  regionsOnlyArgs,
  resampleArgs,
  runFfmpeg,
  stereoBalanceArgs,
  takePieceArgs,
  thumbnailArgs,
} from '@voxwork/media';
import { DomainError } from '../domain-error.ts';
import type { SpeechEngines, VoiceTarget } from '../engines/speech-engines.port.ts';
import type { SpeakerSegment, SpeakerSummary, TimedLine, VideoEngines } from '../engines/video-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobFiles, JobMediaFile, PipelineDefinition, StageDefinition } from '../jobs/pipeline-definition.ts';
import { audioDuration, eachConcurrently, fetchStoredFile, iso6392, renderPlacedTakes, SPEECH_SAMPLE_RATE, writeCueFiles, type PlacedTake } from '../pipeline-stages/index.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { spokenText } from '../text-to-speech/pronunciation-dictionary.ts';
import { readSourceText } from '../video-translation/source-text.ts';
import { assignSpeakersToLines } from '../video-translation/speakers.ts';
import { characterBudget } from '../video-translation/time-fit.ts';
import { autoSpeakerVoice, cloneGender, findLibraryVoice, libraryTarget, LOCAL_VOICE_PROFILER, originalSpeakerTarget, synthesizeWithTarget, type OriginalSpeakerReading } from '../voices/voice-choice.ts';
import { peakBytes, putProjectBytes, putProjectFile, takeFileName } from './dubbing-media.ts';
import type { DubbingExportJobInput, DubbingPrepareJobInput, DubbingStore, DubbingSynthesizeJobInput, DubbingTranslateJobInput, StoredProject, StoredSegment, StoredTake } from './dubbing-store.port.ts';

const MEDIA_TIMEOUT_MS = 30 * 60_000;
/** The stems and the mix are rendered at this rate (video sound). */
const MIX_SAMPLE_RATE = 48_000;
/** As video translation: a side (L−R) level within this many dB of the sum means a stereo mix, so centre cancellation keeps a background. */
const STEREO_SIDE_WITHIN_DB = 15;
/** Seconds of one character's speech below which "match the original speaker" measures all the dialogue instead. */
const MIN_SPEAKER_PROFILE_SECONDS = 3;
/** The job type a project can be opened from. */
const VIDEO_TRANSLATION_JOB = 'video-translation.dub';

/** A job's row as the pipelines read it (a finished video translation a project is opened from). */
export interface DubbingJobRecord {
  type: string;
  ownerId: string | null;
  status: string;
  input: Record<string, unknown>;
  output: Record<string, unknown> | null;
}

export interface DubbingPipelineDeps {
  engines: SpeechEngines;
  videoEngines: VideoEngines;
  storage: StorageRepository;
  scratch: ScratchFiles;
  dubbing: DubbingStore;
  /** Jobs by id (the job repository satisfies it). */
  jobRecords: { findById(jobId: string): Promise<DubbingJobRecord | undefined> };
  /** Takes spoken at once by a synthesis job (default `DEFAULT_SYNTHESIS_CONCURRENCY`). */
  synthesisConcurrency?: number;
}

/** Two takes at a time: on the two cores the product is sized for, one speaks while the other is written. */
export const DEFAULT_SYNTHESIS_CONCURRENCY = 2;

/** A line found by preparation: its times, text, speaker and where its speech was heard. */
interface PreparedLine {
  id: string;
  startSeconds: number;
  endSeconds: number;
  text: string;
  speakerId: string;
  speechStartSeconds: number | null;
  speechEndSeconds: number | null;
}

/** What a finished video translation's result holds that a project takes over (see `video-translation.pipeline.ts`'s `result`). */
interface TranslationResult {
  durationSeconds?: number;
  speakers?: SpeakerSummary[];
  media?: JobMediaFile[];
  targets?: Array<{
    language: string;
    voiceKey: string;
    speakerVoices?: Record<string, string>;
    lines: Array<{ id: string; startSeconds: number; endSeconds: number; source: string; speakerId: string; translation: string; dubStartSeconds: number | null; dubEndSeconds: number | null }>;
  }>;
}
interface TranslationInput {
  uploadKey: string;
  sourceLanguage: string;
  targets: Array<{ language: string; voice: VoiceTarget; matchOriginal?: boolean; speakerVoices?: Record<string, { voice: VoiceTarget; matchOriginal?: boolean }> }>;
}

const lineId = (index: number) => `l${String(index + 1).padStart(4, '0')}`;
const seconds = (ms: number) => ms / 1000;
const toMs = (value: number) => Math.round(value * 1000);
/** A character's name: neutral and the same in every language (names are the user's to change). */
const characterName = (index: number) => `S${index + 1}`;

/** A finished video translation of `ownerId`, or 7609. */
export async function finishedTranslation(jobRecords: DubbingPipelineDeps['jobRecords'], jobId: string, ownerId: string): Promise<{ input: TranslationInput; result: TranslationResult }> {
  const row = await jobRecords.findById(jobId);
  if (!row || row.type !== VIDEO_TRANSLATION_JOB || row.ownerId !== ownerId || row.status !== 'completed' || !row.output) throw new DomainError(ErrorCode.DUBBING_TRANSLATION_NOT_FINISHED);
  return { input: row.input as unknown as TranslationInput, result: row.output as TranslationResult };
}

export function createDubbingPipelines(deps: DubbingPipelineDeps) {
  const { engines, videoEngines, storage, scratch, dubbing } = deps;
  const ffmpeg = (args: string[], signal: AbortSignal) => runFfmpeg(args, { signal, timeoutMs: MEDIA_TIMEOUT_MS });

  async function requireProject(projectId: string): Promise<StoredProject> {
    const project = await dubbing.project(projectId);
    if (!project) throw new DomainError(ErrorCode.DUBBING_PROJECT_NOT_FOUND);
    return project;
  }
  const readJson = async <T>(files: JobFiles, name: string): Promise<T | undefined> => ((await files.exists(name)) ? (JSON.parse(await scratch.readText(await files.path(name))) as T) : undefined);
  const writeJson = async (files: JobFiles, name: string, value: unknown) => scratch.writeText(await files.path(name), JSON.stringify(value));
  const mp3 = async (files: JobFiles, wav: string, name: string, stereo: boolean, signal: AbortSignal) => {
    await ffmpeg(encodeMp3Args({ input: await files.path(wav), output: await files.path(name), sampleRate: stereo ? MIX_SAMPLE_RATE : SPEECH_SAMPLE_RATE, bitrateKbps: stereo ? 192 : 96 }), signal);
    return name;
  };

  // -------------------------------------------------------------------------------------------
  // dubbing.prepare

  /** A preparation stage whose domain errors end the preparation (the project shows why); retryable ones are left to the retry. */
  const preparing = (stage: StageDefinition<DubbingPrepareJobInput>): StageDefinition<DubbingPrepareJobInput> => ({
    ...stage,
    run: async (context) => {
      try {
        return await stage.run(context);
      } catch (error) {
        if (error instanceof DomainError && !error.isRetryable) await dubbing.failPreparation(context.input.projectId, { code: error.code, params: { ...error.params } });
        throw error;
      }
    },
  });

  /** Speech segments and speakers of the soundtrack, measured once per job (`utterances`: the lines, each one person's). */
  async function speakerSegments(files: JobFiles, speakerCount: number | undefined, signal: AbortSignal, utterances?: ReadonlyArray<{ startSeconds: number; endSeconds: number }>) {
    const name = utterances ? 'speaker-lines.json' : 'speaker-segments.json';
    const cached = await readJson<{ segments: SpeakerSegment[]; speakers: SpeakerSummary[]; warnings: string[] }>(files, name);
    if (cached) return cached;
    const found = await videoEngines.findSpeakers({ audioFile: await files.path('speech-16k.wav'), speakerCount, utterances, signal });
    await writeJson(files, name, found);
    return found;
  }

  /** Each character's automatic voice per language: a library voice suiting the speaker's measured voice, different per speaker where the library allows. */
  async function automaticCharacters(speakerIds: readonly string[], summaries: readonly SpeakerSummary[], languages: readonly string[]): Promise<DubbingCharacter[]> {
    const library = await engines.libraryVoices();
    const used = new Map(languages.map((language) => [language, new Set<string>()]));
    return speakerIds.map((speakerId, index) => {
      const summary = summaries.find((candidate) => candidate.speakerId === speakerId);
      const gender = cloneGender(summary?.suggestedGender ?? null, summary?.medianPitchHz ?? null);
      const voices: Record<string, string> = {};
      for (const language of languages) {
        const voice = autoSpeakerVoice({ voices: library, language, gender, used: used.get(language)! });
        if (voice) {
          voices[language] = voice.key;
          used.get(language)!.add(voice.key);
        }
      }
      return { id: speakerId, name: characterName(index), voices, speed: 1, volume: 1, originalSpeakerId: speakerId };
    });
  }

  const prepare: PipelineDefinition<DubbingPrepareJobInput> = {
    stages: [
      preparing({
        name: 'ingest',
        weight: 2,
        async run({ input, files, signal }) {
          const project = await requireProject(input.projectId);
          const from = input.from;
          const sourceKey = from.kind === 'upload' ? from.uploadKey : (await finishedTranslation(deps.jobRecords, from.jobId, project.ownerId)).input.uploadKey;
          const mediaKind = from.kind === 'upload' ? from.mediaKind : 'video';
          const source = await files.path('source.media');
          await fetchStoredFile(storage, scratch, sourceKey, source);
          const info = await probeMedia(source, { signal }).catch(() => undefined);
          if (mediaKind === 'video' && !info?.video) throw new DomainError(ErrorCode.VIDEO_NOT_READABLE);
          if (!info?.audio) throw new DomainError(mediaKind === 'video' ? ErrorCode.VIDEO_NO_AUDIO_TRACK : ErrorCode.AUDIO_SEPARATION_NOT_READABLE);
          const durationSeconds = (mediaKind === 'video' ? info.video?.durationSeconds : info.audio.durationSeconds) ?? info.durationSeconds ?? seconds(project.durationMs);
          await ffmpeg(extractAudioArgs({ input: source, output: await files.path('original.wav'), sampleRate: MIX_SAMPLE_RATE, channels: 2 }), signal);
          await ffmpeg(resampleArgs({ input: source, output: await files.path('speech-16k.wav'), sampleRate: 16_000, channels: 1 }), signal);
          const { stderr } = await ffmpeg(stereoBalanceArgs({ input: await files.path('original.wav') }), signal);
          const balance = parseStereoBalance(stderr);
          const stereo = (info.audio.channels ?? 1) >= 2 && balance !== undefined && Number.isFinite(balance.differenceDb) && balance.differenceDb > balance.sumDb - STEREO_SIDE_WITHIN_DB;

          // The media as the editor plays it: the original when a browser plays it as it is, otherwise made so.
          let mediaKey: string;
          let posterKey: string | null = null;
          const container = info.formatName.split(',');
          if (mediaKind === 'video') {
            const playable = container.includes('mp4') && info.video?.codec === 'h264' && info.audio.codec === 'aac';
            if (!playable) await ffmpeg(browserVideoArgs({ input: source, output: await files.path('media.mp4') }), signal);
            mediaKey = await putProjectFile(storage, project, 'media.mp4', playable ? source : await files.path('media.mp4'));
            await ffmpeg(thumbnailArgs({ input: source, output: await files.path('poster.jpg'), atSeconds: Math.min(1, durationSeconds / 3), width: 640, format: 'jpeg' }), signal);
            posterKey = await putProjectFile(storage, project, 'poster.jpg', await files.path('poster.jpg'));
          } else if (info.audio.codec === 'aac' && (container.includes('mp4') || container.includes('m4a'))) {
            mediaKey = await putProjectFile(storage, project, 'media.m4a', source);
          } else if (info.audio.codec === 'mp3') {
            mediaKey = await putProjectFile(storage, project, 'media.mp3', source);
          } else {
            await mp3(files, 'original.wav', 'media.mp3', true, signal);
            mediaKey = await putProjectFile(storage, project, 'media.mp3', await files.path('media.mp3'));
          }
          const peaksKey = await putProjectBytes(storage, project, 'peaks.bin', await peakBytes(await files.path('original.wav'), durationSeconds, signal));
          return {
            files: ['source.media', 'original.wav', 'speech-16k.wav'],
            mediaKind,
            durationSeconds,
            width: info.video?.width ?? null,
            height: info.video?.height ?? null,
            backgroundMethod: stereo ? 'centre-cancel' : 'duck',
            mediaKey,
            posterKey,
            peaksKey,
          };
        },
      }),
      preparing({
        // The lines and who speaks them: read and heard as video translation does, or a finished translation's.
        name: 'lines',
        weight: 3,
        async run({ input, outputs, files, signal, reportProgress }) {
          const project = await requireProject(input.projectId);
          const durationSeconds = outputs.ingest!.durationSeconds as number;
          const from = input.from;
          if (from.kind === 'video-translation') {
            const { input: translation, result } = await finishedTranslation(deps.jobRecords, from.jobId, project.ownerId);
            const first = result.targets?.[0];
            const lines: PreparedLine[] = (first?.lines ?? []).map((line) => ({ id: line.id, startSeconds: line.startSeconds, endSeconds: line.endSeconds, text: line.source, speakerId: line.speakerId, speechStartSeconds: null, speechEndSeconds: null }));
            const speakerIds = [...new Set(lines.map((line) => line.speakerId))];
            if (!speakerIds.length) speakerIds.push('s1');
            // The voices that spoke: the speaker's own choice, the original speaker matched, or the voice the job gave that speaker.
            const characters = speakerIds.map((speakerId, index): DubbingCharacter => {
              const voices: Record<string, string> = {};
              for (const target of translation.targets) {
                const chosen = target.speakerVoices?.[speakerId];
                const spoken = result.targets?.find((candidate) => candidate.language === target.language);
                const matched = chosen ? chosen.matchOriginal === true : target.matchOriginal === true;
                voices[target.language] = matched
                  ? MATCH_ORIGINAL_VOICE
                  : (chosen?.voice.voiceKey ?? (target.voice.kind === 'cloned' ? target.voice.voiceKey : (spoken?.speakerVoices?.[speakerId] ?? target.voice.voiceKey)));
              }
              return { id: speakerId, name: characterName(index), voices, speed: 1, volume: 1, originalSpeakerId: speakerId };
            });
            // Languages asked for beyond the translation's (untranslated yet): each character gets a voice of its own there.
            const further = project.targetLanguages.filter((language) => !translation.targets.some((target) => target.language === language));
            if (further.length) {
              const automatic = await automaticCharacters(speakerIds, result.speakers ?? [], further);
              for (const [index, character] of characters.entries()) Object.assign(character.voices, automatic[index]!.voices);
            }
            const translations = Object.fromEntries((result.targets ?? []).map((target) => [target.language, Object.fromEntries(target.lines.map((line) => [line.id, line.translation]))]));
            const dub = Object.fromEntries(
              (result.targets ?? []).map((target) => [target.language, Object.fromEntries(target.lines.filter((line) => line.dubStartSeconds !== null && line.dubEndSeconds !== null).map((line) => [line.id, { start: line.dubStartSeconds!, end: line.dubEndSeconds! }]))]),
            );
            const media = result.media ?? [];
            const voiceStems = Object.fromEntries((result.targets ?? []).flatMap((target) => {
              const stem = media.find((file) => file.name === `${target.language}-voice-stem.mp3`);
              return stem ? [[target.language, stem.key]] : [];
            }));
            const backgroundKey = media.find((file) => file.name === 'background-stem.mp3')?.key ?? null;
            return { lines, characters, translations, dub, voiceStems, backgroundKey, textSource: 'video-translation', warnings: [] };
          }
          const { found, emptyKind, warnings } = await readSourceText(videoEngines, {
            textSources: from.textSources,
            language: project.sourceLanguage,
            videoFile: from.mediaKind === 'video' ? await files.path('source.media') : undefined,
            speechFile: await files.path('speech-16k.wav'),
            durationSeconds,
            speakerSegments: async () => (await speakerSegments(files, from.speakerCount, signal)).segments,
            signal,
            reportProgress,
          });
          if (!found && from.textSources.length) throw new DomainError(emptyKind === 'subtitles' ? ErrorCode.VIDEO_NO_SUBTITLES_FOUND : ErrorCode.VIDEO_NO_SPEECH_FOUND);
          const timed: TimedLine[] = (found?.lines ?? []).slice(0, MAX_DUBBING_SEGMENTS);
          const ids = timed.map((line, index) => ({ id: lineId(index), startSeconds: line.startSeconds, endSeconds: line.endSeconds }));
          let summaries: SpeakerSummary[] = [];
          let assigned = new Map<string, { speakerId: string | null; speechStartSeconds: number | null; speechEndSeconds: number | null }>();
          if (ids.length) {
            const speakers = await speakerSegments(files, from.speakerCount, signal, ids);
            const assignment = assignSpeakersToLines(ids, speakers.segments);
            summaries = assignment.speakers;
            assigned = new Map(assignment.lines.map((line) => [line.lineId, line]));
            warnings.push(...speakers.warnings);
          }
          const lines: PreparedLine[] = timed.map((line, index) => {
            const heard = assigned.get(lineId(index));
            return { id: lineId(index), startSeconds: line.startSeconds, endSeconds: line.endSeconds, text: line.text, speakerId: heard?.speakerId ?? 's1', speechStartSeconds: heard?.speechStartSeconds ?? null, speechEndSeconds: heard?.speechEndSeconds ?? null };
          });
          const speakerIds = [...new Set(['s1', ...lines.map((line) => line.speakerId)])].filter((id) => id === 's1' || lines.some((line) => line.speakerId === id));
          const characters = await automaticCharacters(speakerIds, summaries, project.targetLanguages);
          return { files: ids.length ? ['speaker-lines.json'] : [], lines, characters, translations: {}, dub: {}, voiceStems: {}, backgroundKey: null, textSource: found?.kind ?? 'none', warnings };
        },
      }),
      preparing({
        // The background under the speech and the original dialogue, as stems the editor plays and export mixes over.
        name: 'stems',
        weight: 2,
        dependsOn: ['ingest', 'lines'],
        async run({ input, outputs, files, signal }) {
          const project = await requireProject(input.projectId);
          const lines = outputs.lines!.lines as PreparedLine[];
          const regions = lines.map((line) =>
            line.speechStartSeconds !== null && line.speechEndSeconds !== null && line.speechEndSeconds > line.speechStartSeconds
              ? { startSeconds: line.speechStartSeconds, endSeconds: line.speechEndSeconds }
              : { startSeconds: line.startSeconds, endSeconds: line.endSeconds },
          );
          const translationBackground = outputs.lines!.backgroundKey as string | null;
          if (translationBackground) {
            // The translation's own background (its method or separator) is kept as it was.
            await fetchStoredFile(storage, scratch, translationBackground, await files.path('background.mp3'));
          } else {
            await ffmpeg(backgroundBedArgs({ input: await files.path('original.wav'), output: await files.path('background.wav'), speechRegions: regions, method: outputs.ingest!.backgroundMethod as 'centre-cancel' | 'duck', sampleRate: MIX_SAMPLE_RATE }), signal);
            await mp3(files, 'background.wav', 'background.mp3', true, signal);
          }
          const backgroundKey = await putProjectFile(storage, project, 'background.mp3', await files.path('background.mp3'));
          let dialogueKey: string | null = null;
          if (regions.length) {
            await ffmpeg(regionsKeptArgs({ input: await files.path('original.wav'), output: await files.path('dialogue.wav'), regions, sampleRate: MIX_SAMPLE_RATE }), signal);
            await mp3(files, 'dialogue.wav', 'dialogue.mp3', true, signal);
            dialogueKey = await putProjectFile(storage, project, 'dialogue.mp3', await files.path('dialogue.mp3'));
          }
          return { backgroundKey, dialogueKey };
        },
      }),
      preparing({
        // A finished translation's takes: each line cut out of its voice stem where it was placed, so it counts as spoken.
        name: 'takes',
        weight: 1,
        dependsOn: ['lines'],
        async run({ input, outputs, files, signal, jobId }) {
          const project = await requireProject(input.projectId);
          const lines = outputs.lines!.lines as PreparedLine[];
          const characters = outputs.lines!.characters as DubbingCharacter[];
          const translations = outputs.lines!.translations as Record<string, Record<string, string>>;
          const dub = outputs.lines!.dub as Record<string, Record<string, { start: number; end: number }>>;
          const takes: Record<string, Record<string, StoredTake>> = {};
          for (const [language, stemKey] of Object.entries(outputs.lines!.voiceStems as Record<string, string>)) {
            const stem = await files.path(`${language}-voice-stem.mp3`);
            await fetchStoredFile(storage, scratch, stemKey, stem);
            takes[language] = {};
            for (const line of lines) {
              const placed = dub[language]?.[line.id];
              const text = translations[language]?.[line.id]?.trim() ?? '';
              const voice = characters.find((character) => character.id === line.speakerId)?.voices[language];
              if (!placed || !text || !voice || placed.end <= placed.start) continue;
              const cut = await files.path(`take-${language}-${line.id}.wav`);
              await ffmpeg(cutAudioArgs({ input: stem, output: cut, startSeconds: placed.start, endSeconds: placed.end, sampleRate: SPEECH_SAMPLE_RATE }), signal);
              const durationSeconds = await audioDuration(cut, signal);
              takes[language][line.id] = {
                kind: 'synthesized',
                key: await putProjectFile(storage, project, takeFileName(language, line.id, jobId.slice(0, 8)), cut),
                durationMs: toMs(durationSeconds),
                madeFrom: takeSource(text, voice, language),
                peaks: [...(await peakBytes(cut, durationSeconds, signal))],
              };
            }
          }
          return { takes };
        },
      }),
      preparing({
        name: 'finish',
        weight: 0,
        dependsOn: ['ingest', 'lines', 'stems', 'takes'],
        async run({ input, outputs }) {
          const ingest = outputs.ingest!;
          const durationMs = toMs(ingest.durationSeconds as number);
          const lines = outputs.lines!.lines as PreparedLine[];
          const translations = outputs.lines!.translations as Record<string, Record<string, string>>;
          const takes = outputs.takes!.takes as Record<string, Record<string, StoredTake>>;
          const segments = [];
          for (const line of lines) {
            const startMs = Math.max(0, Math.min(toMs(line.startSeconds), durationMs - MIN_SEGMENT_MS));
            const endMs = Math.min(durationMs, Math.max(startMs + MIN_SEGMENT_MS, Math.min(toMs(line.endSeconds), startMs + MAX_SEGMENT_MS)));
            if (startMs < 0 || endMs <= startMs) continue;
            const segmentTranslations = Object.fromEntries(Object.entries(translations).flatMap(([language, texts]) => (texts[line.id]?.trim() ? [[language, texts[line.id]!.trim()]] : [])));
            const segmentTakes = Object.fromEntries(Object.entries(takes).flatMap(([language, byLine]) => (byLine[line.id] ? [[language, byLine[line.id]!]] : [])));
            segments.push({ id: line.id, startMs, endMs, characterId: line.speakerId, sourceText: line.text.trim(), translations: segmentTranslations, speed: 1, volume: 1, takes: segmentTakes });
          }
          await dubbing.finishPreparation(input.projectId, {
            mediaKind: ingest.mediaKind as 'video' | 'audio',
            durationMs,
            width: (ingest.width as number | null) ?? null,
            height: (ingest.height as number | null) ?? null,
            mediaKey: ingest.mediaKey as string,
            posterKey: (ingest.posterKey as string | null) ?? null,
            peaksKey: ingest.peaksKey as string,
            backgroundKey: outputs.stems!.backgroundKey as string,
            dialogueKey: (outputs.stems!.dialogueKey as string | null) ?? null,
            characters: outputs.lines!.characters as DubbingCharacter[],
            segments,
          });
          return { segments: segments.length };
        },
      }),
    ],
    result: (input, outputs) => ({
      projectId: input.projectId,
      segments: outputs.finish?.segments ?? 0,
      characters: ((outputs.lines?.characters as DubbingCharacter[] | undefined) ?? []).length,
      textSource: outputs.lines?.textSource ?? null,
      backgroundMethod: outputs.lines?.backgroundKey ? 'video-translation' : (outputs.ingest?.backgroundMethod ?? null),
      warnings: outputs.lines?.warnings ?? [],
    }),
    // A preparation that ended otherwise (crashed past its retries, cancelled) leaves the project failed, not preparing for ever.
    async onEnded({ input, outcome }) {
      const project = await dubbing.project(input.projectId);
      if (project?.status === 'preparing') await dubbing.failPreparation(input.projectId, { code: ErrorCode.JOB_FAILED, params: { reason: outcome === 'cancelled' ? { en: 'the preparation was cancelled', zh: '准备已取消' } : { en: 'the preparation stopped after its retries', zh: '多次重试后准备仍未完成' } } });
    },
  };

  // -------------------------------------------------------------------------------------------
  // dubbing.translate

  const translate: PipelineDefinition<DubbingTranslateJobInput> = {
    stages: [
      {
        name: 'translate',
        async run({ input, signal }) {
          const project = await requireProject(input.projectId);
          const segments = (await dubbing.segments(input.projectId, input.segmentIds)).filter((segment) => segment.sourceText.trim());
          if (!segments.length) return { translated: 0, characters: 0, warnings: [] };
          const result = await videoEngines.translate({
            engineId: input.translatorId,
            sourceLanguage: project.sourceLanguage,
            targetLanguage: input.language,
            lines: segments.map((segment) => ({ id: segment.id, text: segment.sourceText, maxCharacters: characterBudget(seconds(segment.endMs - segment.startMs), input.language) })),
            glossary: project.glossary,
            signal,
          });
          const texts = result.lines.filter((line) => line.text.trim()).map((line) => ({ segmentId: line.id, text: line.text.trim() }));
          await dubbing.setTranslations(input.projectId, input.language, texts);
          const done = new Set(texts.map((line) => line.segmentId));
          // Charged for the source text actually translated.
          const characters = segments.filter((segment) => done.has(segment.id)).reduce((sum, segment) => sum + [...segment.sourceText.trim()].length, 0);
          return { translated: texts.length, characters, warnings: result.warnings };
        },
      },
    ],
    result: (input, outputs) => ({ projectId: input.projectId, language: input.language, translated: outputs.translate?.translated ?? 0, characters: outputs.translate?.characters ?? 0, warnings: outputs.translate?.warnings ?? [] }),
    actualCost: (input, outputs, frozen) => {
      const characters = (outputs.translate?.characters as number | undefined) ?? 0;
      return characters > 0 ? Math.min(frozen, Math.max(1, Math.ceil((characters / 1000) * input.pricePer1000))) : 0;
    },
  };

  // -------------------------------------------------------------------------------------------
  // dubbing.synthesize

  /** "Match the original speaker" for a character: a profile of their own speech in the original dialogue (all of it when they say too little), measured once per job. */
  async function originalVoice(project: StoredProject, character: DubbingCharacter, language: string, files: JobFiles, signal: AbortSignal): Promise<VoiceTarget> {
    const profileFile = `original-${character.id}.json`;
    let reading = await readJson<OriginalSpeakerReading>(files, profileFile);
    if (!reading) {
      const whole = await files.path('original-16k.wav');
      if (!(await files.exists('original-16k.wav'))) {
        const sourceKey = project.dialogueKey ?? project.mediaKey;
        if (!sourceKey) throw new DomainError(ErrorCode.DUBBING_NOT_READY);
        await fetchStoredFile(storage, scratch, sourceKey, await files.path('original.source'));
        await ffmpeg(resampleArgs({ input: await files.path('original.source'), output: whole, sampleRate: 16_000, channels: 1 }), signal);
      }
      const regions = (await dubbing.segments(project.id))
        .filter((segment) => segment.characterId === character.id)
        .map((segment) => ({ startSeconds: seconds(segment.startMs), endSeconds: seconds(segment.endMs) }))
        .slice(0, 500);
      let speech = whole;
      if (regions.reduce((sum, region) => sum + region.endSeconds - region.startSeconds, 0) >= MIN_SPEAKER_PROFILE_SECONDS) {
        speech = await files.path(`speech-${character.id}.wav`);
        await ffmpeg(regionsOnlyArgs({ input: whole, output: speech, regions, sampleRate: 16_000 }), signal);
      }
      const measured = await engines.profileVoice({ engineId: LOCAL_VOICE_PROFILER, files: [speech], name: `original speaker ${character.id}`, signal });
      reading = { profile: measured.profile, medianPitchHz: measured.medianPitchHz, suggestedGender: measured.suggestedGender, suggestedBaseVoices: measured.suggestedBaseVoices };
      await writeJson(files, profileFile, reading);
    }
    return originalSpeakerTarget({ voices: await engines.libraryVoices(), language, speakerId: character.originalSpeakerId ?? character.id, reading });
  }

  /** What this job has spoken so far (a restarted job skips these while their takes still match). */
  type Spoken = Record<string, { characters: number; tier: SpeechQualityTier; madeFrom: string }>;

  const synthesize: PipelineDefinition<DubbingSynthesizeJobInput> = {
    stages: [
      {
        name: 'synthesize',
        async run({ input, files, signal, jobId, reportProgress }) {
          const project = await requireProject(input.projectId);
          const { language } = input;
          const segments = await dubbing.segments(input.projectId, input.segmentIds);
          const spoken = (await readJson<Spoken>(files, 'spoken.json')) ?? {};
          // Promises, so two takes of one voice running at once find (or measure) it once.
          const targets = new Map<string, Promise<VoiceTarget | undefined>>();
          const warnings: string[] = [];
          const voiceFor = async (character: DubbingCharacter, voiceKey: string): Promise<VoiceTarget | undefined> => {
            const cacheKey = voiceKey === MATCH_ORIGINAL_VOICE ? `${voiceKey}@${character.id}` : voiceKey;
            let target = targets.get(cacheKey);
            if (!target) {
              target =
                voiceKey === MATCH_ORIGINAL_VOICE
                  ? originalVoice(project, character, language, files, signal)
                  : Promise.resolve(input.voices?.[voiceKey] ?? findLibraryVoice(engines, voiceKey).then((voice) => (voice ? libraryTarget(voice) : undefined)));
              targets.set(cacheKey, target);
              // A failed look-up is not remembered: the next take asks again.
              target.catch(() => targets.delete(cacheKey));
            }
            return target;
          };
          // The take files of this job get a running number; a restarted job goes on from what it has spoken.
          let made = Object.keys(spoken).length;
          let saving = Promise.resolve();
          const saveSpoken = () => (saving = saving.then(() => writeJson(files, 'spoken.json', spoken)));
          let done = 0;
          const step = () => reportProgress((++done / segments.length) * 100);
          // Takes are independent: `synthesisConcurrency` at a time (each an engine process, ffmpeg and a write).
          await eachConcurrently(segments, deps.synthesisConcurrency ?? DEFAULT_SYNTHESIS_CONCURRENCY, async (segment) => {
            signal.throwIfAborted();
            const text = segment.translations[language]?.trim() ?? '';
            const character = project.characters.find((candidate) => candidate.id === segment.characterId);
            const voiceKey = character?.voices[language];
            if (!text || !character || !voiceKey) {
              warnings.push(`${segment.id}: ${!text ? 'no text' : 'no voice'}`);
              return step();
            }
            const madeFrom = takeSource(text, voiceKey, language);
            // Spoken by an earlier attempt of this job and still current: kept.
            if (spoken[segment.id]?.madeFrom === madeFrom && segment.takes[language]?.madeFrom === madeFrom) return step();
            const target = await voiceFor(character, voiceKey);
            if (!target) {
              // The voice changed after the job was accepted to one it was not priced for: left for the next run.
              warnings.push(`${segment.id}: voice ${voiceKey} not available`);
              return step();
            }
            const number = ++made;
            const file = await files.path(`take-${segment.id}.wav`);
            const outcome = await synthesizeWithTarget(engines, {
              target,
              text: spokenText(text, project.pronunciations, language),
              language,
              speed: 1,
              pitchSemitones: 0,
              volume: 1,
              outputFile: file,
              sampleRate: SPEECH_SAMPLE_RATE,
              signal,
            });
            const durationSeconds = outcome.durationSeconds || (await audioDuration(file, signal));
            const key = await putProjectFile(storage, project, takeFileName(language, segment.id, `${jobId.slice(0, 8)}-${number}`), file);
            const { replacedKeys } = await dubbing.setTakes(input.projectId, language, [
              { segmentId: segment.id, take: { kind: 'synthesized', key, durationMs: toMs(durationSeconds), madeFrom, peaks: [...(await peakBytes(file, durationSeconds, signal))] } },
            ]);
            await Promise.all(replacedKeys.filter((replaced) => replaced !== key).map((replaced) => storage.delete(replaced)));
            spoken[segment.id] = { characters: [...text].length, tier: target.qualityTier, madeFrom };
            await saveSpoken();
            step();
          });
          await saving;
          const charactersByTier: Partial<Record<SpeechQualityTier, number>> = {};
          for (const entry of Object.values(spoken)) charactersByTier[entry.tier] = (charactersByTier[entry.tier] ?? 0) + entry.characters;
          return { files: ['spoken.json'], spoken: Object.keys(spoken).length, charactersByTier, warnings };
        },
      },
    ],
    result: (input, outputs) => ({ projectId: input.projectId, language: input.language, spoken: outputs.synthesize?.spoken ?? 0, warnings: outputs.synthesize?.warnings ?? [] }),
    actualCost: (_input, outputs, frozen) => Math.min(frozen, dubbingSynthesisCost((outputs.synthesize?.charactersByTier as Partial<Record<SpeechQualityTier, number>> | undefined) ?? {})),
  };

  // -------------------------------------------------------------------------------------------
  // dubbing.export

  const subtitleCues = (segments: readonly StoredSegment[], text: (segment: StoredSegment) => string) =>
    segments.flatMap((segment) => (text(segment).trim() ? [{ start: seconds(segment.startMs), end: seconds(segment.endMs), text: text(segment).trim() }] : []));

  const exporting: PipelineDefinition<DubbingExportJobInput> = {
    stages: [
      {
        // Every language's dialogue track (each take at its segment's start, at its speed and volume), mixed over the background.
        name: 'render',
        weight: 3,
        async run({ input, files, signal, reportProgress }) {
          const project = await requireProject(input.projectId);
          if (project.status !== 'ready' || !project.mediaKey) throw new DomainError(ErrorCode.DUBBING_NOT_READY);
          const durationSeconds = seconds(project.durationMs);
          const segments = [...(await dubbing.segments(input.projectId))].sort((a, b) => a.startMs - b.startMs || a.id.localeCompare(b.id));
          await fetchStoredFile(storage, scratch, project.mediaKey, await files.path('source.media'));
          // The bed: the background stem, or (none) the original with its speech ducked.
          if (project.backgroundKey) {
            await fetchStoredFile(storage, scratch, project.backgroundKey, await files.path('background.source'));
            await ffmpeg(resampleArgs({ input: await files.path('background.source'), output: await files.path('background.wav'), sampleRate: MIX_SAMPLE_RATE, channels: 2 }), signal);
          } else {
            await ffmpeg(extractAudioArgs({ input: await files.path('source.media'), output: await files.path('original.wav'), sampleRate: MIX_SAMPLE_RATE, channels: 2 }), signal);
            const speechRegions = segments.map((segment) => ({ startSeconds: seconds(segment.startMs), endSeconds: seconds(segment.endMs) }));
            await ffmpeg(backgroundBedArgs({ input: await files.path('original.wav'), output: await files.path('background.wav'), speechRegions, method: 'duck', sampleRate: MIX_SAMPLE_RATE }), signal);
          }
          const written = ['source.media', 'background.wav'];
          for (const [languageIndex, language] of input.languages.entries()) {
            // Each take where the editor plays it: at its segment's start, over another where the segments overlap.
            const placed: Array<PlacedTake<string>> = [];
            for (const [index, segment] of segments.entries()) {
              const take = segment.takes[language];
              if (!take || seconds(segment.startMs) >= durationSeconds) continue;
              const taken = await files.path(`${language}-take-${index}.source`);
              await fetchStoredFile(storage, scratch, take.key, taken);
              const piece = await files.path(`${language}-piece-${index}.wav`);
              await ffmpeg(takePieceArgs({ input: taken, output: piece, speed: segment.speed, volume: segment.volume, sampleRate: SPEECH_SAMPLE_RATE }), signal);
              placed.push({ take: piece, startSeconds: seconds(segment.startMs), lengthSeconds: await audioDuration(piece, signal) });
            }
            const dialogue = await files.path(`${language}-dialogue.wav`);
            await renderPlacedTakes(placed, { output: dialogue, lanePath: (lane) => files.path(`${language}-lane-${lane}.wav`), durationSeconds, sampleRate: SPEECH_SAMPLE_RATE, signal, timeoutMs: MEDIA_TIMEOUT_MS });
            // As in the video translator (decision 044): the dialogue alone is brought to speech loudness, the bed keeps its own
            // level between the lines and goes down only under the takes, ramped; nothing normalises the whole mix.
            const voice = await files.path(`${language}-voice-level.wav`);
            await normalizeLoudness({ input: dialogue, output: voice, sampleRate: MIX_SAMPLE_RATE }, { signal, timeoutMs: MEDIA_TIMEOUT_MS });
            const duckRegions = placed.filter(({ lengthSeconds }) => lengthSeconds > 0).map(({ startSeconds, lengthSeconds }) => ({ startSeconds, endSeconds: startSeconds + lengthSeconds }));
            await ffmpeg(dubMixArgs({ voice, background: await files.path('background.wav'), output: await files.path(`${language}-dub.wav`), durationSeconds, voiceGainDb: 0, duckRegions, sampleRate: MIX_SAMPLE_RATE }), signal);
            written.push(`${language}-dialogue.wav`, `${language}-dub.wav`);
            reportProgress(((languageIndex + 1) / input.languages.length) * 100);
          }
          return { files: written };
        },
      },
      {
        name: 'deliver',
        weight: 1,
        async run({ input, files, signal, store }) {
          const project = await requireProject(input.projectId);
          const durationSeconds = seconds(project.durationMs);
          const segments = [...(await dubbing.segments(input.projectId))].sort((a, b) => a.startMs - b.startMs || a.id.localeCompare(b.id));
          const formats = new Set(input.formats);
          const media: JobMediaFile[] = [];
          const written: string[] = [];
          const sourceCues = subtitleCues(segments, (segment) => segment.sourceText);
          const sourceFiles = await writeCueFiles(scratch, files, `source-${project.sourceLanguage}`, sourceCues);
          written.push(...sourceFiles);
          for (const language of input.languages) {
            const cues = subtitleCues(segments, (segment) => segment.translations[language] ?? '');
            const subtitleFiles = await writeCueFiles(scratch, files, `${language}-subtitles`, cues);
            written.push(...subtitleFiles);
            if (formats.has('video') && project.mediaKind === 'video') {
              const output = `${language}-dubbed-video.mp4`;
              await ffmpeg(
                dubbedVideoArgs({
                  video: await files.path('source.media'),
                  audio: await files.path(`${language}-dub.wav`),
                  output: await files.path(output),
                  audioLanguage: iso6392(language),
                  subtitles: [
                    ...(cues.length ? [{ file: await files.path(`${language}-subtitles.srt`), language: iso6392(language), title: language }] : []),
                    ...(sourceCues.length ? [{ file: await files.path(`source-${project.sourceLanguage}.srt`), language: iso6392(project.sourceLanguage), title: project.sourceLanguage }] : []),
                  ],
                }),
                signal,
              );
              written.push(output);
              media.push(await store(output, { role: 'video', durationSeconds }));
            }
            if (formats.has('audio')) {
              const name = await mp3(files, `${language}-dub.wav`, `${language}-dubbed-audio.mp3`, true, signal);
              written.push(name);
              media.push(await store(name, { role: 'audio', durationSeconds }));
            }
            if (formats.has('stems')) {
              const name = await mp3(files, `${language}-dialogue.wav`, `${language}-dialogue-stem.mp3`, false, signal);
              written.push(name);
              media.push(await store(name, { role: 'audio', durationSeconds }));
            }
            if (formats.has('subtitles')) for (const file of subtitleFiles) media.push(await store(file, { role: 'subtitles' }));
          }
          if (formats.has('stems')) {
            const name = await mp3(files, 'background.wav', 'background-stem.mp3', true, signal);
            written.push(name);
            media.push(await store(name, { role: 'audio', durationSeconds }));
          }
          if (formats.has('subtitles')) for (const file of sourceFiles) media.push(await store(file, { role: 'subtitles' }));
          if (formats.has('project')) {
            const name = 'dubbing-project.json';
            await writeJson(files, name, {
              title: project.title,
              edition: project.edition,
              sourceLanguage: project.sourceLanguage,
              targetLanguages: project.targetLanguages,
              durationMs: project.durationMs,
              revision: project.revision,
              characters: project.characters,
              glossary: project.glossary,
              pronunciations: project.pronunciations,
              segments: segments.map(({ takes, ...segment }) => ({ ...segment, takes: Object.fromEntries(Object.entries(takes).map(([language, take]) => [language, { kind: take.kind, durationMs: take.durationMs, madeFrom: take.madeFrom }])) })),
            });
            written.push(name);
            media.push(await store(name, { role: 'data' }));
          }
          return { files: written, media, revision: project.revision };
        },
      },
    ],
    result: (input, outputs) => ({ projectId: input.projectId, languages: input.languages, revision: outputs.deliver?.revision ?? null, media: outputs.deliver?.media ?? [] }),
  };

  return { prepare, translate, synthesize, export: exporting };
}
