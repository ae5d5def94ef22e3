/**
 * Video translation: a video → the same video speaking other languages, with subtitles, the
 * background kept and the picture untouched. Stages, each a checkpoint (a failed or restarted job
 * resumes at the stage that did not finish; synthesis resumes line by line):
 *
 *   ingest → source-text → translate → synthesize → fit → mix → mux → deliver
 *
 * Several target languages share ingest and source text. Which engines read, hear and translate
 * was decided when the job was accepted (`engine-choice.ts`) and is part of the input.
 */
import { ErrorCode, MATCH_ORIGINAL_VOICE } from '@voxwork/contract';
import {
  backgroundBedArgs,
  burnSubtitlesArgs,
  toAss,
  concatWavPieces,
  dubbedVideoArgs,
  dubMixArgs,
  encodeMp3Args,
  extractAudioArgs,
  normalizeLoudness,
  parseStereoBalance,
  probeMedia,
  resampleArgs,
  runFfmpeg,
  stereoBalanceArgs,
  tempoArgs,
  toSrt,
  toVtt,
  type WavPiece,
} from '@voxwork/media';
import { DomainError } from '../domain-error.ts';
import type { SpeechEngines, VoiceProfileReading, VoiceTarget } from '../engines/speech-engines.port.ts';
import type { TimedLine, VideoEngines } from '../engines/video-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobFiles, JobMediaFile, PipelineDefinition, StageContext } from '../jobs/pipeline-definition.ts';
import { wrapSubtitle } from '../pipeline-stages/subtitle-lines.ts';
import { fetchStoredFile, readSegmentTimings, segmentFiles, SPEECH_SAMPLE_RATE, synthesizeSegments, writtenWordTimings, type SegmentTimings } from '../pipeline-stages/index.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { chooseBaseVoice, cloneGender, LOCAL_VOICE_PROFILER, synthesizeWithTarget } from '../voices/voice-choice.ts';
import { mergeSubtitleReadings } from './subtitle-readings.ts';
import { characterBudget, linesTooLong, planTimeFit, type FitPlacement } from './time-fit.ts';

const MEDIA_TIMEOUT_MS = 30 * 60_000;
/** The mix and the bed are rendered at this rate (video sound). */
const MIX_SAMPLE_RATE = 48_000;
/** Debian's `fonts-wqy-zenhei` (a runtime package): Latin and CJK in one family. */
const BURN_IN_FONT = 'WenQuanYi Zen Hei';
/** A side (L−R) level within this many dB of the sum means sound panned to the sides: centre cancellation keeps a background. */
const STEREO_SIDE_WITHIN_DB = 15;

export type TextSource = 'speech' | 'subtitles' | 'subtitle-file';



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
}

/** A line of the source with its translations, as the result and the review table show it. */
export interface TranslatedLine {
  id: string;
  startSeconds: number;
  endSeconds: number;
  source: string;
}

const lineId = (index: number) => `l${String(index + 1).padStart(4, '0')}`;
const prefixOf = (language: string) => `${language}-`;

/** ISO 639-2 of a language tag, for track metadata (players show it). */
function iso6392(language: string): string {
  const base = language.toLowerCase().split('-')[0] ?? language;
  const codes: Record<string, string> = { en: 'eng', es: 'spa', zh: 'chi', cmn: 'chi', yue: 'chi', ja: 'jpn', ko: 'kor', fr: 'fre', de: 'ger', it: 'ita', pt: 'por', ru: 'rus', ca: 'cat', gl: 'glg', eo: 'epo', eu: 'baq', is: 'ice', mk: 'mac', ar: 'ara', hi: 'hin', id: 'ind', th: 'tha', vi: 'vie' };
  return codes[base] ?? 'und';
}

/** Lines as the source text the translator gets: one per line, empty text dropped, in time order. */
function cleanLines(lines: readonly TimedLine[], durationSeconds: number): TimedLine[] {
  return lines
    .map((line) => ({ startSeconds: Math.max(0, line.startSeconds), endSeconds: Math.min(durationSeconds, line.endSeconds), text: line.text.replace(/\s+/g, ' ').trim() }))
    .filter((line) => line.text && line.endSeconds > line.startSeconds)
    .sort((a, b) => a.startSeconds - b.startSeconds);
}

async function writeCues(scratch: ScratchFiles, files: JobFiles, baseName: string, cues: ReadonlyArray<{ start: number; end: number; text: string }>): Promise<string[]> {
  await scratch.writeText(await files.path(`${baseName}.srt`), toSrt(cues));
  await scratch.writeText(await files.path(`${baseName}.vtt`), toVtt(cues));
  return [`${baseName}.srt`, `${baseName}.vtt`];
}

export function createVideoTranslationPipeline({
  engines,
  videoEngines,
  storage,
  scratch,
}: {
  engines: SpeechEngines;
  videoEngines: VideoEngines;
  storage: StorageRepository;
  scratch: ScratchFiles;
}): PipelineDefinition<VideoTranslationJobInput> {
  const linesOf = (outputs: StageContext<unknown>['outputs']) => (outputs['source-text']?.lines as TranslatedLine[] | undefined) ?? [];
  /** The translations as spoken: the translate stage's, with the lines the fit stage had shortened. */
  const translationsOf = (outputs: StageContext<unknown>['outputs']) => {
    const translated = (outputs.translate?.translations as Record<string, Array<{ id: string; text: string }>> | undefined) ?? {};
    const shortened = (outputs.fit?.shortened as Record<string, Record<string, string>> | undefined) ?? {};
    return Object.fromEntries(Object.entries(translated).map(([language, lines]) => [language, lines.map((line) => ({ ...line, text: shortened[language]?.[line.id] ?? line.text }))]));
  };
  const placementsOf = (outputs: StageContext<unknown>['outputs']) => (outputs.fit?.placements as Record<string, FitPlacement[]> | undefined) ?? {};

  /**
   * The original speaker as a voice: a profile measured once per job from the video's speech (the
   * local profiler finds the speech itself), rendered through the base voice of `language` it
   * suits best: pitch, timbre envelope and pace matched by signal processing, not a neural clone.
   */
  async function originalSpeakerVoice(language: string, files: JobFiles, signal: AbortSignal): Promise<VoiceTarget> {
    const profileFile = 'original-speaker.json';
    let reading: Pick<VoiceProfileReading, 'profile' | 'medianPitchHz' | 'suggestedGender' | 'suggestedBaseVoices'>;
    if (await files.exists(profileFile)) reading = JSON.parse(await scratch.readText(await files.path(profileFile))) as typeof reading;
    else {
      const measured = await engines.profileVoice({ engineId: LOCAL_VOICE_PROFILER, files: [await files.path('speech-16k.wav')], name: 'original speaker', signal });
      reading = { profile: measured.profile, medianPitchHz: measured.medianPitchHz, suggestedGender: measured.suggestedGender, suggestedBaseVoices: measured.suggestedBaseVoices };
      await scratch.writeText(await files.path(profileFile), JSON.stringify(reading));
    }
    const base = chooseBaseVoice({ voices: await engines.libraryVoices(), language, gender: cloneGender(reading.suggestedGender, reading.medianPitchHz), suggested: reading.suggestedBaseVoices });
    if (!base) throw new DomainError(ErrorCode.VOICE_LANGUAGE_UNSUPPORTED, { voice: '—', language });
    return { kind: 'cloned', voiceKey: MATCH_ORIGINAL_VOICE, clonedVoiceId: 'original-speaker', language, profile: reading.profile, baseVoiceKey: base.key, remote: null, qualityTier: 'basic' };
  }

  return {
    stages: [
      {
        name: 'ingest',
        weight: 1,
        async run({ input, files, signal }) {
          const source = await files.path('source.video');
          await fetchStoredFile(storage, scratch, input.uploadKey, source);
          const info = await probeMedia(source, { signal }).catch(() => undefined);
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
        name: 'source-text',
        weight: 3,
        async run({ input, files, signal, outputs, reportProgress }) {
          const durationSeconds = (outputs.ingest?.durationSeconds as number | undefined) ?? input.durationSeconds;
          const warnings: string[] = [];
          let found: { kind: TextSource; engineId: string | null; lines: TimedLine[] } | undefined;
          let emptyKind: TextSource | undefined;
          for (const source of input.textSources) {
            let lines: TimedLine[];
            if (source.kind === 'subtitle-file') lines = source.lines;
            else if (source.kind === 'subtitles') {
              const read = await videoEngines.readSubtitles({ engineId: source.engineId, videoFile: await files.path('source.video'), languages: [input.sourceLanguage], signal, onProgress: reportProgress });
              lines = mergeSubtitleReadings(read.lines);
              warnings.push(...read.warnings);
            } else {
              const heard = await videoEngines.recognizeSpeech({ engineId: source.engineId, audioFile: await files.path('speech-16k.wav'), language: input.sourceLanguage, signal });
              lines = heard.lines;
              warnings.push(...heard.warnings);
            }
            const cleaned = cleanLines(lines, durationSeconds);
            if (cleaned.length) {
              found = { kind: source.kind, engineId: 'engineId' in source ? source.engineId : null, lines: cleaned };
              break;
            }
            emptyKind ??= source.kind;
          }
          if (!found) throw new DomainError(emptyKind === 'subtitles' ? ErrorCode.VIDEO_NO_SUBTITLES_FOUND : ErrorCode.VIDEO_NO_SPEECH_FOUND);
          const lines: TranslatedLine[] = found.lines.map((line, index) => ({ id: lineId(index), startSeconds: line.startSeconds, endSeconds: line.endSeconds, source: line.text }));
          const written = await writeCues(scratch, files, 'source', lines.map((line) => ({ start: line.startSeconds, end: line.endSeconds, text: line.source })));
          return { files: written, lines, textSource: found.kind, engineId: found.engineId, warnings };
        },
      },
      {
        name: 'translate',
        weight: 1,
        async run({ input, outputs, signal }) {
          const lines = linesOf(outputs);
          const translations: Record<string, Array<{ id: string; text: string; unknownWords: string[] }>> = {};
          const warnings: string[] = [];
          for (const target of input.targets) {
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
        async run({ input, outputs, files, signal, reportProgress }) {
          const translations = translationsOf(outputs);
          const written: string[] = [];
          const voices: Record<string, VoiceTarget> = {};
          for (const [index, target] of input.targets.entries()) {
            voices[target.language] = target.matchOriginal ? await originalSpeakerVoice(target.language, files, signal) : target.voice;
            const segments = (translations[target.language] ?? []).map((line) => ({ target: voices[target.language]!, written: line.text, spoken: line.text }));
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
        async run({ input, outputs, files, signal }) {
          const lines = linesOf(outputs);
          const durationSeconds = (outputs.ingest?.durationSeconds as number | undefined) ?? input.durationSeconds;
          const translations = translationsOf(outputs);
          const placements: Record<string, FitPlacement[]> = {};
          const shortened: Record<string, Record<string, string>> = {};
          const written: string[] = [];
          for (const target of input.targets) {
            const prefix = prefixOf(target.language);
            const natural = await Promise.all(lines.map(async (_, index) => (await readSegmentTimings(files, scratch, index, prefix)).durationSeconds));
            const fitInputs = () => lines.map((line, index) => ({ id: line.id, startSeconds: line.startSeconds, endSeconds: line.endSeconds, naturalSeconds: natural[index]! }));
            const plan = () => planTimeFit(fitInputs(), durationSeconds);
            // Lines shortened by an earlier run of this stage (their audio already replaced) keep their new text.
            const shortenedFile = `${prefix}shortened.json`;
            if (await files.exists(shortenedFile)) shortened[target.language] = JSON.parse(await scratch.readText(await files.path(shortenedFile))) as Record<string, string>;
            let planned = plan();
            // Too long for its own slot even at 1.3×: a translator that can aim for a length is asked for a shorter line, which is spoken again.
            const tooLong = linesTooLong(fitInputs(), durationSeconds);
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
              shortened[target.language] ??= {};
              for (const line of retranslated.lines) {
                const index = lines.findIndex((candidate) => candidate.id === line.id);
                if (index < 0 || !line.text.trim()) continue;
                const outcome = await synthesizeWithTarget(engines, {
                  target: (outputs.synthesize?.voices as Record<string, VoiceTarget> | undefined)?.[target.language] ?? target.voice,
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
                  JSON.stringify({ durationSeconds: outcome.durationSeconds, words: writtenWordTimings(line.text, outcome.words), approximate: outcome.wordTimingsApproximate } satisfies SegmentTimings),
                );
                natural[index] = outcome.durationSeconds;
                shortened[target.language]![line.id] = line.text;
                await scratch.writeText(await files.path(shortenedFile), JSON.stringify(shortened[target.language]));
              }
              planned = plan();
            }
            placements[target.language] = planned;
            // Lines spoken faster are re-rendered with their pitch kept; the others are used as synthesised.
            const pieces: WavPiece[] = [];
            let cursor = 0;
            for (const [index, placement] of planned.entries()) {
              const part = await files.path(segmentFiles(index, prefix).audio);
              let file = part;
              let length = natural[index]!;
              if (placement.speed !== 1) {
                file = await files.path(`${prefix}fit-${index + 1}.wav`);
                await runFfmpeg(tempoArgs({ input: part, output: file, speed: placement.speed, sampleRate: SPEECH_SAMPLE_RATE }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
                length = natural[index]! / placement.speed;
              }
              const silence = placement.startSeconds - cursor;
              if (silence > 0) pieces.push({ silenceSeconds: silence });
              pieces.push({ file });
              cursor = Math.max(cursor, placement.startSeconds) + length;
            }
            const voice = `${prefix}voice.wav`;
            if (pieces.length) await concatWavPieces(pieces, await files.path(voice), SPEECH_SAMPLE_RATE);
            const texts = new Map((translations[target.language] ?? []).map((line) => [line.id, shortened[target.language]?.[line.id] ?? line.text]));
            written.push(voice, ...(await writeCues(scratch, files, `${prefix}subtitles`, planned.map((placement) => ({ start: placement.startSeconds, end: placement.endSeconds, text: texts.get(placement.id) ?? '' })))));
          }
          return { files: written, placements, shortened };
        },
      },
      {
        name: 'mix',
        weight: 2,
        async run({ input, outputs, files, signal }) {
          const lines = linesOf(outputs);
          const durationSeconds = (outputs.ingest?.durationSeconds as number | undefined) ?? input.durationSeconds;
          const method = (outputs.ingest?.backgroundMethod as 'centre-cancel' | 'duck' | undefined) ?? 'duck';
          // The bed: the original where nobody speaks; where the original speech was, its centre removed (stereo) or lowered (mono).
          await runFfmpeg(
            backgroundBedArgs({ input: await files.path('original.wav'), output: await files.path('background.wav'), speechRegions: lines, method, sampleRate: MIX_SAMPLE_RATE }),
            { signal, timeoutMs: MEDIA_TIMEOUT_MS },
          );
          const written = ['background.wav'];
          for (const target of input.targets) {
            const prefix = prefixOf(target.language);
            const mixed = await files.path(`${prefix}mixed.wav`);
            await runFfmpeg(dubMixArgs({ voice: await files.path(`${prefix}voice.wav`), background: await files.path('background.wav'), output: mixed, durationSeconds, sampleRate: MIX_SAMPLE_RATE }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
            await normalizeLoudness({ input: mixed, output: await files.path(`${prefix}dub.wav`), sampleRate: MIX_SAMPLE_RATE }, { signal, timeoutMs: MEDIA_TIMEOUT_MS });
            written.push(`${prefix}dub.wav`);
          }
          return { files: written, backgroundMethod: method };
        },
      },
      {
        name: 'mux',
        weight: 1,
        dependsOn: ['mix', 'fit'],
        async run({ input, outputs, files, signal }) {
          const written: string[] = [];
          const width = (outputs.ingest?.width as number | undefined) ?? 1280;
          const height = (outputs.ingest?.height as number | undefined) ?? 720;
          const placements = placementsOf(outputs);
          const translations = translationsOf(outputs);
          for (const target of input.targets) {
            const prefix = prefixOf(target.language);
            const output = `${prefix}video.mp4`;
            let picture = await files.path('source.video');
            if (input.burnSubtitles) {
              // Burned in: lines broken to fit the frame (CJK-aware), drawn by libass; only then is the picture re-encoded.
              const fontSize = Math.round(Math.min(height * 0.055, width * 0.065));
              const texts = new Map((translations[target.language] ?? []).map((line) => [line.id, line.text]));
              const cues = (placements[target.language] ?? []).map((placement) => ({
                start: placement.startSeconds,
                end: placement.endSeconds,
                // Portrait frames are narrow: three lines there, two in landscape.
                text: wrapSubtitle(texts.get(placement.id) ?? '', (width * 0.9) / fontSize, height > width ? 3 : 2),
              }));
              await scratch.writeText(await files.path(`${prefix}burn.ass`), toAss(cues, { width, height, fontName: BURN_IN_FONT, fontSize, marginV: Math.round(height * 0.06) }));
              picture = await files.path(`${prefix}burned.mp4`);
              await runFfmpeg(burnSubtitlesArgs({ video: await files.path('source.video'), subtitles: await files.path(`${prefix}burn.ass`), output: picture }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
            }
            await runFfmpeg(
              dubbedVideoArgs({
                video: picture,
                audio: await files.path(`${prefix}dub.wav`),
                output: await files.path(output),
                audioLanguage: iso6392(target.language),
                // Burned-in subtitles are not offered again as a track.
                subtitles: [
                  ...(input.burnSubtitles ? [] : [{ file: await files.path(`${prefix}subtitles.srt`), language: iso6392(target.language), title: target.language }]),
                  { file: await files.path('source.srt'), language: iso6392(input.sourceLanguage), title: input.sourceLanguage },
                ],
              }),
              { signal, timeoutMs: MEDIA_TIMEOUT_MS },
            );
            written.push(output);
          }
          return { files: written };
        },
      },
      {
        name: 'deliver',
        weight: 1,
        dependsOn: ['mux', 'mix', 'fit', 'source-text'],
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
            const dub = await mp3(`${prefix}dub.wav`, `${prefix}dubbed-audio.mp3`, 2);
            const voice = await mp3(`${prefix}voice.wav`, `${prefix}voice-stem.mp3`, 1);
            written.push(dub, voice);
            media[target.language] = [
              await store(`${prefix}video.mp4`, { role: 'video', durationSeconds }),
              await store(dub, { role: 'audio', durationSeconds }),
              await store(voice, { role: 'audio' }),
              await store(`${prefix}subtitles.srt`, { role: 'subtitles' }),
              await store(`${prefix}subtitles.vtt`, { role: 'subtitles' }),
            ];
          }
          const background = await mp3('background.wav', 'background-stem.mp3', 2);
          written.push(background);
          const shared = [
            await store(background, { role: 'audio', durationSeconds }),
            await store('source.srt', { role: 'subtitles' }),
            await store('source.vtt', { role: 'subtitles' }),
          ];
          return { files: written, media, shared };
        },
      },
    ],
    result: (input, outputs) => {
      const lines = linesOf(outputs);
      const translations = translationsOf(outputs);
      const placements = placementsOf(outputs);
      const perTarget = (outputs.deliver?.media as Record<string, JobMediaFile[]> | undefined) ?? {};
      return {
        // The first target's video first: the history and share page show media[0].
        media: [...input.targets.flatMap((target) => perTarget[target.language] ?? []), ...((outputs.deliver?.shared as JobMediaFile[] | undefined) ?? [])],
        sourceLanguage: input.sourceLanguage,
        textSource: outputs['source-text']?.textSource ?? null,
        backgroundMethod: outputs.mix?.backgroundMethod ?? null,
        durationSeconds: outputs.ingest?.durationSeconds ?? input.durationSeconds,
        targets: input.targets.map((target) => {
          const texts = new Map((translations[target.language] ?? []).map((line) => [line.id, line.text]));
          const placed = new Map((placements[target.language] ?? []).map((placement) => [placement.id, placement]));
          return {
            language: target.language,
            voiceKey: target.matchOriginal ? MATCH_ORIGINAL_VOICE : target.voice.voiceKey,
            // The voice that spoke: for the original speaker, the base voice its profile was rendered with.
            spokenBy: (() => {
              const spoken = (outputs.synthesize?.voices as Record<string, VoiceTarget> | undefined)?.[target.language];
              return spoken?.kind === 'cloned' ? spoken.baseVoiceKey : (spoken?.voiceKey ?? target.voice.voiceKey);
            })(),
            translatorId: target.translatorId,
            lines: lines.map((line) => {
              const placement = placed.get(line.id);
              return { ...line, translation: texts.get(line.id) ?? '', dubStartSeconds: placement?.startSeconds ?? null, dubEndSeconds: placement?.endSeconds ?? null, speed: placement?.speed ?? null, fit: placement?.status ?? null };
            }),
          };
        }),
        warnings: [...((outputs['source-text']?.warnings as string[] | undefined) ?? []), ...((outputs.translate?.warnings as string[] | undefined) ?? [])],
      };
    },
  };
}
