/**
 * Speech segments synthesised into job files, each its own checkpoint: `part-NNNNN.wav` plus its
 * timings in `part-NNNNN.json`. A restarted job keeps the segments already on disk. Text to speech
 * speaks a script's sentences this way; dubbing and video translation will speak translated
 * segments the same way.
 */
import type { SpeechEngines, SpeechSettings, SpokenWord, VoiceTarget } from '../engines/speech-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobFiles } from '../jobs/pipeline-definition.ts';
import { synthesizeWithTarget } from '../voices/voice-choice.ts';
import { SPEECH_SAMPLE_RATE } from './speech-audio.ts';

/** Segments synthesised at once (2 cores: one per core). */
const SYNTHESIS_CONCURRENCY = 2;

export interface SpeechSegment {
  target: VoiceTarget;
  /** What the user wrote (subtitles show it). */
  written: string;
  /** What the engine is given (dictionary applied). */
  spoken: string;
  /**
   * What the segment's audio is made from (voice and text): a segment on disk made from something
   * else is synthesised again (a line edited at a review gate). Without it, any file on disk is kept.
   */
  key?: string | undefined;
}

/** The voice as it is: samples, previews and profiles are spoken with these. */
export const PLAIN_SPEECH = { speed: 1, pitchSemitones: 0, volume: 1 } as const satisfies SpeechSettings;

export interface SegmentTimings {
  durationSeconds: number;
  /** The written words' times within the segment. */
  words: SpokenWord[];
  approximate: boolean;
  /** The segment's `key` when it was made. */
  madeFrom?: string | undefined;
}

const pad = (index: number) => String(index + 1).padStart(5, '0');

/** The job files of segment `index` (0-based); `prefix` keeps several tracks of one job apart (`es-`). */
export function segmentFiles(index: number, prefix = ''): { audio: string; timings: string } {
  return { audio: `${prefix}part-${pad(index)}.wav`, timings: `${prefix}part-${pad(index)}.json` };
}

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

/** Synthesises every segment not yet on disk at the speech rate; returns the job files written. */
export async function synthesizeSegments(request: {
  engines: SpeechEngines;
  segments: readonly SpeechSegment[];
  settings: SpeechSettings;
  files: JobFiles;
  scratch: ScratchFiles;
  signal: AbortSignal;
  reportProgress(percent: number): void;
  /** File name prefix of this track's segments (default none). */
  prefix?: string;
}): Promise<string[]> {
  const { engines, segments, settings, files, scratch, signal } = request;
  const prefix = request.prefix ?? '';
  let done = 0;
  await mapConcurrent(
    segments,
    SYNTHESIS_CONCURRENCY,
    async (segment, index) => {
      const { audio, timings } = segmentFiles(index, prefix);
      // Segments finished by an earlier attempt are kept (a crash mid-way resumes segment by segment), unless made from other text or voice.
      const onDisk = (await files.exists(audio)) && (await files.exists(timings));
      const current = onDisk && (segment.key === undefined || (JSON.parse(await scratch.readText(await files.path(timings))) as SegmentTimings).madeFrom === segment.key);
      if (!current) {
        const outcome = await synthesizeWithTarget(engines, {
          target: segment.target,
          text: segment.spoken,
          language: settings.language,
          speed: settings.speed,
          pitchSemitones: settings.pitchSemitones,
          volume: settings.volume,
          outputFile: await files.path(audio),
          sampleRate: SPEECH_SAMPLE_RATE,
          signal,
        });
        // Timings are for the spoken text; subtitles show the written words where the counts agree.
        const words = writtenWordTimings(segment.written, outcome.words);
        await scratch.writeText(
          await files.path(timings),
          JSON.stringify({ durationSeconds: outcome.durationSeconds, words, approximate: outcome.wordTimingsApproximate, madeFrom: segment.key } satisfies SegmentTimings),
        );
      }
      done++;
      request.reportProgress((done / segments.length) * 100);
    },
    signal,
  );
  return segments.flatMap((_, index) => Object.values(segmentFiles(index, prefix)));
}

export async function readSegmentTimings(files: JobFiles, scratch: ScratchFiles, index: number, prefix = ''): Promise<SegmentTimings> {
  return JSON.parse(await scratch.readText(await files.path(segmentFiles(index, prefix).timings))) as SegmentTimings;
}
