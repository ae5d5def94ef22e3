/**
 * Synthesised segments joined into one speech track with pauses between them, in process
 * (`concatWavPieces`: no ffmpeg graph with hundreds of inputs), and subtitles from their word timings.
 */
import { concatWavPieces, toSrt, toVtt, type WavPiece } from '@voxwork/media';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobFiles } from '../jobs/pipeline-definition.ts';
import { readSegmentTimings, segmentFiles } from './synthesize-segments.ts';
import { SPEECH_SAMPLE_RATE } from './speech-audio.ts';
import { cuesFromWords } from './subtitle-cues.ts';
import type { SpokenWord } from '../engines/speech-engines.port.ts';

/** A track's layout: segments (by index, in `synthesizeSegments`'s numbering) and silences. */
export type TrackPiece = { segment: number } | { silenceSeconds: number };

export interface AssembledSpeech {
  durationSeconds: number;
  /** Each segment's written words, timed within the track. */
  segments: Array<{ words: SpokenWord[]; approximate: boolean }>;
}

/** Joins the segments and silences of `layout` into the job file `output` (WAV at the speech rate). */
export async function assembleSpeech(files: JobFiles, scratch: ScratchFiles, layout: readonly TrackPiece[], output: string): Promise<AssembledSpeech> {
  const pieces: WavPiece[] = await Promise.all(layout.map(async (piece) => ('segment' in piece ? { file: await files.path(segmentFiles(piece.segment).audio) } : piece)));
  const { startsSeconds, durationSeconds } = await concatWavPieces(pieces, await files.path(output), SPEECH_SAMPLE_RATE);
  const segments = await Promise.all(
    layout.flatMap((piece, pieceIndex) =>
      'segment' in piece
        ? [
            readSegmentTimings(files, scratch, piece.segment).then((timings) => {
              const offset = startsSeconds[pieceIndex]!;
              return { words: timings.words.map((word) => ({ text: word.text, startSeconds: word.startSeconds + offset, endSeconds: word.endSeconds + offset })), approximate: timings.approximate };
            }),
          ]
        : [],
    ),
  );
  return { durationSeconds, segments };
}

/** SRT and VTT subtitles of an assembled track (`<baseName>.srt`, `<baseName>.vtt`); returns the cue count. */
export async function writeSubtitles(files: JobFiles, scratch: ScratchFiles, baseName: string, assembled: AssembledSpeech): Promise<{ files: string[]; cues: number }> {
  const cues = cuesFromWords(assembled.segments).map((cue) => ({ start: cue.start, end: cue.end, text: cue.text }));
  await scratch.writeText(await files.path(`${baseName}.srt`), toSrt(cues));
  await scratch.writeText(await files.path(`${baseName}.vtt`), toVtt(cues));
  return { files: [`${baseName}.srt`, `${baseName}.vtt`], cues: cues.length };
}
