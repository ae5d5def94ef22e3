import { applyPronunciations, parseTtsScript } from '@voxwork/contract';
import { concatWavPieces, readTextFile, saveStreamToFile, writeTextFile, toSrt, toVtt, type WavPiece } from '@voxwork/media';
import type { SpeechRepository } from '@voxwork/db';
import type { JobMediaFile, PipelineDefinition, StageContext } from '../jobs/job-types.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { storageKeys } from '../storage/storage-keys.ts';
import { cuesFromWords } from '../pipeline-stages/subtitle-cues.ts';
import { previewSentence, sameLanguage } from '../voices/preview-sentences.ts';
import type { SpokenWord, SpeechRuntime, VoiceTarget } from '../engines/speech-engines.port.ts';

/** Every speech job renders at this rate: the engines' native rates are resampled to it. */
export const SPEECH_SAMPLE_RATE = 24_000;
/** Breath between sentences (an explicit pause replaces it). */
const SENTENCE_GAP_SECONDS = 0.18;
/** Sentences synthesised at once (2 cores: one per core). */
const SYNTHESIS_CONCURRENCY = 2;

export interface TtsJobInput {
  text: string;
  dialogue: boolean;
  voices: { default: VoiceTarget; bySpeaker: Record<string, VoiceTarget> };
  language?: string | undefined;
  speed: number;
  pitchSemitones: number;
  volume: number;
  format: 'mp3' | 'wav';
  /** The user's dictionary as it was when the job was accepted. */
  pronunciations: Array<{ language: string; term: string; replacement: string }>;
  billableCharacters: number;
}

export interface StsJobInput {
  uploadKey: string;
  sourceDurationSeconds: number;
  target: VoiceTarget;
  denoise: boolean;
  keepBackground: boolean;
  format: 'mp3' | 'wav';
}

export interface VoiceCloneJobInput {
  clonedVoiceId: string;
  uploadKey: string;
  name: string;
  language: string;
}

export interface SpeechPipelineDeps {
  runtime: SpeechRuntime;
  storage: StorageRepository;
  speech: SpeechRepository;
}

const pad = (index: number) => String(index + 1).padStart(5, '0');

async function mapConcurrent<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>, signal: AbortSignal): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      signal.throwIfAborted();
      const index = next++;
      await work(items[index]!, index);
    }
  });
  await Promise.all(lanes);
}

/** Copies a stored object (an upload) to a local file; false when the object is gone. */
export async function copyStoredToFile(storage: StorageRepository, key: string, file: string): Promise<boolean> {
  const body = await storage.get(key);
  if (!body) return false;
  await saveStreamToFile(body, file);
  return true;
}

async function fetchStored(storage: StorageRepository, key: string, file: string): Promise<void> {
  if (!(await copyStoredToFile(storage, key, file))) throw new Error(`stored file ${key} is gone`);
}

/** Who speaks a sentence: its dialogue speaker's voice, else the script's voice. */
export function voiceForSpeaker(voices: TtsJobInput['voices'], speaker: string | undefined): VoiceTarget {
  return (speaker ? voices.bySpeaker[speaker] : undefined) ?? voices.default;
}

/** A sentence as the engine gets it: the dictionary entries of its language applied. */
export function spokenText(text: string, pronunciations: ReadonlyArray<{ language: string; term: string; replacement: string }>, language: string): string {
  return applyPronunciations(text, pronunciations.filter((entry) => sameLanguage(entry.language, language)));
}

/**
 * Subtitles show what was written, not what the engine was given (dictionary replacements, pinyin):
 * the spoken words' times are kept when the counts agree, otherwise the written words share the
 * spoken span in proportion to their length.
 */
export function writtenWordTimings(written: string, spoken: readonly SpokenWord[]): SpokenWord[] {
  const words = /\p{Script=Han}/u.test(written) && !/\s/.test(written.trim()) ? [written.trim()] : written.split(/\s+/).filter(Boolean);
  if (!spoken.length || !words.length) return [];
  if (spoken.length === words.length) return spoken.map((word, index) => ({ ...word, text: words[index]! }));
  const start = spoken[0]!.startSeconds;
  const span = spoken.at(-1)!.endSeconds - start;
  const total = words.reduce((sum, word) => sum + word.length, 0);
  let at = start;
  return words.map((word) => {
    const length = (word.length / total) * span;
    const timed = { text: word, startSeconds: at, endSeconds: at + length };
    at += length;
    return timed;
  });
}

interface PartMeta {
  durationSeconds: number;
  words: SpokenWord[];
  approximate: boolean;
}

function ttsPipeline({ runtime }: SpeechPipelineDeps): PipelineDefinition<TtsJobInput> {
  const speechParts = (input: TtsJobInput) => {
    const parsed = parseTtsScript(input.text, { dialogue: input.dialogue });
    return { parsed, speech: parsed.parts.flatMap((part) => (part.kind === 'speech' ? [part] : [])) };
  };

  return {
    stages: [
      {
        name: 'synthesize',
        weight: 8,
        async run({ input, files, signal, reportProgress }: StageContext<TtsJobInput>) {
          const { speech } = speechParts(input);
          let done = 0;
          const written: string[] = [];
          await mapConcurrent(
            speech,
            SYNTHESIS_CONCURRENCY,
            async (part, index) => {
              const wav = `part-${pad(index)}.wav`;
              const meta = `part-${pad(index)}.json`;
              // Sentences finished by an earlier attempt are kept (a crash mid-way resumes sentence by sentence).
              if (!((await files.exists(wav)) && (await files.exists(meta)))) {
                const target = voiceForSpeaker(input.voices, part.speaker);
                const outcome = await runtime.synthesize({
                  target,
                  text: spokenText(part.text, input.pronunciations, input.language ?? target.language),
                  language: input.language,
                  speed: input.speed,
                  pitchSemitones: input.pitchSemitones,
                  volume: input.volume,
                  outputFile: await files.path(wav),
                  sampleRate: SPEECH_SAMPLE_RATE,
                  signal,
                });
                // Timings are for the spoken text; subtitles show the written words where the counts agree.
                const words = writtenWordTimings(part.text, outcome.words);
                await writeTextFile(await files.path(meta), JSON.stringify({ durationSeconds: outcome.durationSeconds, words, approximate: outcome.wordTimingsApproximate } satisfies PartMeta));
              }
              done++;
              reportProgress((done / speech.length) * 100);
            },
            signal,
          );
          speech.forEach((_, index) => written.push(`part-${pad(index)}.wav`, `part-${pad(index)}.json`));
          return { files: written, sentences: speech.length };
        },
      },
      {
        name: 'assemble',
        weight: 2,
        async run({ input, files, signal, store }: StageContext<TtsJobInput>) {
          const { parsed } = speechParts(input);
          const pieces: WavPiece[] = [];
          const order: number[] = [];
          let speechIndex = 0;
          parsed.parts.forEach((part, index) => {
            if (part.kind === 'pause') {
              pieces.push({ silenceSeconds: part.seconds });
              return;
            }
            order.push(pieces.length);
            pieces.push({ file: `part-${pad(speechIndex++)}.wav` });
            const next = parsed.parts[index + 1];
            if (next && next.kind === 'speech') pieces.push({ silenceSeconds: SENTENCE_GAP_SECONDS });
          });
          const resolved = await Promise.all(pieces.map(async (piece) => ('file' in piece ? { file: await files.path(piece.file) } : piece)));
          const wav = await files.path('speech.wav');
          const { startsSeconds, durationSeconds } = await concatWavPieces(resolved, wav, SPEECH_SAMPLE_RATE);
          const sentences = await Promise.all(
            order.map(async (pieceIndex, index) => {
              const meta = JSON.parse(await readTextFile(await files.path(`part-${pad(index)}.json`))) as PartMeta;
              const offset = startsSeconds[pieceIndex]!;
              return { words: meta.words.map((word) => ({ text: word.text, startSeconds: word.startSeconds + offset, endSeconds: word.endSeconds + offset })), approximate: meta.approximate };
            }),
          );
          const cues = cuesFromWords(sentences).map((cue) => ({ start: cue.start, end: cue.end, text: cue.text }));
          await writeTextFile(await files.path('speech.srt'), toSrt(cues));
          await writeTextFile(await files.path('speech.vtt'), toVtt(cues));
          let audioName = 'speech.wav';
          if (input.format === 'mp3') {
            audioName = 'speech.mp3';
            await runtime.encode({ input: wav, output: await files.path(audioName), format: 'mp3', signal });
          }
          const media: JobMediaFile[] = [
            await store(audioName, { role: 'audio', durationSeconds }),
            await store('speech.srt', { role: 'subtitles' }),
            await store('speech.vtt', { role: 'subtitles' }),
          ];
          return {
            files: ['speech.wav', audioName, 'speech.srt', 'speech.vtt'],
            media,
            durationSeconds,
            sentences: sentences.length,
            cues: cues.length,
            wordTimingsApproximate: sentences.some((sentence) => sentence.approximate),
          };
        },
      },
    ],
    result: (input, outputs) => ({
      media: outputs.assemble?.media ?? [],
      durationSeconds: outputs.assemble?.durationSeconds ?? null,
      billableCharacters: input.billableCharacters,
      sentences: outputs.assemble?.sentences ?? null,
      wordTimingsApproximate: outputs.assemble?.wordTimingsApproximate ?? null,
      format: input.format,
    }),
  };
}

function stsPipeline({ runtime, storage }: SpeechPipelineDeps): PipelineDefinition<StsJobInput> {
  return {
    stages: [
      {
        name: 'prepare',
        weight: 1,
        async run({ input, files, signal, store }) {
          const upload = await files.path('upload.bin');
          await fetchStored(storage, input.uploadKey, upload);
          const { durationSeconds } = await runtime.decodeAudio({ input: upload, output: await files.path('source.wav'), sampleRate: SPEECH_SAMPLE_RATE, signal });
          await runtime.encode({ input: await files.path('source.wav'), output: await files.path('original.mp3'), format: 'mp3', signal });
          const original = await store('original.mp3', { role: 'audio', durationSeconds });
          return { files: ['source.wav', 'original.mp3'], durationSeconds, media: [original] };
        },
      },
      {
        name: 'convert',
        weight: 6,
        async run({ input, files, signal }) {
          const result = await runtime.convert({
            input: await files.path('source.wav'),
            output: await files.path('converted.wav'),
            sampleRate: SPEECH_SAMPLE_RATE,
            target: input.target,
            denoise: input.denoise,
            keepBackground: input.keepBackground,
            signal,
          });
          return { files: ['converted.wav'], durationSeconds: result.durationSeconds, warnings: result.warnings };
        },
      },
      {
        name: 'encode',
        weight: 1,
        async run({ input, files, signal, store, outputs }) {
          const name = input.format === 'mp3' ? 'converted.mp3' : 'converted.wav';
          if (input.format === 'mp3') await runtime.encode({ input: await files.path('converted.wav'), output: await files.path(name), format: 'mp3', signal });
          const converted = await store(name, { role: 'audio', durationSeconds: outputs.convert?.durationSeconds as number | undefined });
          return { files: [name], media: [converted] };
        },
      },
    ],
    // The converted speech first, then the original (before/after players).
    result: (input, outputs) => ({
      media: [...((outputs.encode?.media as JobMediaFile[]) ?? []), ...((outputs.prepare?.media as JobMediaFile[]) ?? [])],
      sourceDurationSeconds: outputs.prepare?.durationSeconds ?? input.sourceDurationSeconds,
      durationSeconds: outputs.convert?.durationSeconds ?? null,
      voiceKey: input.target.voiceKey,
      warnings: outputs.convert?.warnings ?? [],
    }),
  };
}

function voiceClonePipeline({ runtime, storage, speech }: SpeechPipelineDeps): PipelineDefinition<VoiceCloneJobInput> {
  return {
    stages: [
      {
        name: 'prepare',
        weight: 1,
        async run({ input, ownerId, files, signal }) {
          const upload = await files.path('upload.bin');
          await fetchStored(storage, input.uploadKey, upload);
          const { durationSeconds } = await runtime.decodeAudio({ input: upload, output: await files.path('reference.wav'), sampleRate: SPEECH_SAMPLE_RATE, normalize: true, signal });
          await runtime.encode({ input: await files.path('reference.wav'), output: await files.path('sample.mp3'), format: 'mp3', signal });
          const sampleKey = storageKeys.clonedVoiceFile(ownerId!, input.clonedVoiceId, 'sample.mp3');
          await storage.putFile(sampleKey, await files.path('sample.mp3'), { contentType: 'audio/mpeg' });
          await speech.updateClonedVoice(input.clonedVoiceId, { sampleKey });
          return { files: ['reference.wav'], durationSeconds };
        },
      },
      {
        name: 'analyse',
        weight: 3,
        async run({ input, files, signal }) {
          const analysis = await runtime.analyseVoice({ files: [await files.path('reference.wav')], name: input.name, language: input.language, signal });
          await speech.updateClonedVoice(input.clonedVoiceId, {
            profile: analysis.profile,
            baseVoiceKey: analysis.baseVoiceKey,
            gender: analysis.gender,
            speechSeconds: analysis.speechSeconds,
            remoteEngineId: analysis.remote?.engineId ?? null,
            remoteVoiceId: analysis.remote?.voiceId ?? null,
          });
          return { ...analysis };
        },
      },
      {
        name: 'preview',
        weight: 1,
        async run({ input, ownerId, files, signal, store, outputs }) {
          const analysis = outputs.analyse as unknown as Awaited<ReturnType<SpeechRuntime['analyseVoice']>>;
          const target: VoiceTarget = {
            kind: 'cloned',
            voiceKey: `cloned/${input.clonedVoiceId}`,
            clonedVoiceId: input.clonedVoiceId,
            language: input.language,
            profile: analysis.profile,
            baseVoiceKey: analysis.baseVoiceKey,
            remote: analysis.remote,
            qualityTier: analysis.remote ? 'premium' : 'basic',
          };
          const outcome = await runtime.synthesize({
            target,
            text: previewSentence(input.language),
            speed: 1,
            pitchSemitones: 0,
            volume: 1,
            outputFile: await files.path('preview.wav'),
            sampleRate: SPEECH_SAMPLE_RATE,
            signal,
          });
          await runtime.encode({ input: await files.path('preview.wav'), output: await files.path('preview.mp3'), format: 'mp3', signal });
          const previewKey = storageKeys.clonedVoiceFile(ownerId!, input.clonedVoiceId, 'preview.mp3');
          await storage.putFile(previewKey, await files.path('preview.mp3'), { contentType: 'audio/mpeg' });
          const media = [await store('preview.mp3', { role: 'audio', durationSeconds: outcome.durationSeconds })];
          await speech.updateClonedVoice(input.clonedVoiceId, { previewKey, status: 'ready' });
          return { files: ['preview.mp3'], media, durationSeconds: outcome.durationSeconds };
        },
      },
    ],
    result: (input, outputs) => ({
      media: outputs.preview?.media ?? [],
      voiceKey: `cloned/${input.clonedVoiceId}`,
      medianPitchHz: outputs.analyse?.medianPitchHz ?? null,
      speechSeconds: outputs.analyse?.speechSeconds ?? null,
      baseVoiceKey: outputs.analyse?.baseVoiceKey ?? null,
    }),
    // A clone that failed or was cancelled frees its slot.
    onEnded: async ({ input }) => {
      await speech.updateClonedVoice(input.clonedVoiceId, { status: 'failed' });
    },
  };
}

export function createSpeechPipelines(deps: SpeechPipelineDeps) {
  return {
    'tts.synthesize': ttsPipeline(deps),
    'sts.convert': stsPipeline(deps),
    'voice.clone': voiceClonePipeline(deps),
  } as const;
}
