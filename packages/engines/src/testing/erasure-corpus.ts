/**
 * Erasure on the subtitle corpus (issue 27): a clip erased, then scored against its clean twin (the
 * same render without subtitles) and its background (without distractors either), and the targets
 * checked: OCR of every 5th erased frame reads no subtitle character; the distractors unchanged
 * (PSNR ≥ 40 dB against the input); the text's pixels ≥ 35 dB against the clean twin on still and
 * panning backgrounds; on animated texture the band's fine detail at least half of its
 * surroundings'. Shared by `bench:erasure` (masks from the finder, as automatic mode) and the
 * engine's corpus test (masks from the twin, no OCR needed to place them).
 */
import { rawFrameBytes, rawVideoFramesArgs, readRawVideoFrames } from '@voxwork/media';
import type { InpaintMask, InpaintStats, Inpainter } from '../capabilities/inpainter.ts';
import type { TextDetector } from '../capabilities/text-detector.ts';
import { scoreErasure, subtitleCharactersRead, type ErasureScore } from './erasure-score.ts';
import { corpusRender, type CorpusClip, type CorpusRow } from './subtitle-corpus.ts';

/** Backgrounds that do not move (the plate or neighbours show what is behind the text). */
const STILL_BACKGROUNDS: ReadonlyArray<CorpusRow['background']> = ['colour', 'bars'];

export type CorpusBackgroundKind = 'still' | 'panning' | 'animated';

export function backgroundKind(row: CorpusRow): CorpusBackgroundKind {
  if (STILL_BACKGROUNDS.includes(row.background)) return 'still';
  return row.background === 'panning' ? 'panning' : 'animated';
}

/** A luma pixel differing more than this between a clip and its clean twin is text. */
const TEXT_DIFFERENCE = 24;

/**
 * The masks the finder would give, from the truth: per cue, the box of the pixels where the clip
 * differs from its clean twin while the cue is shown, padded as the product pads a found line
 * (15 % of its height + 4 px, 0.12 s).
 */
export async function twinMasks(clip: CorpusClip): Promise<InpaintMask[]> {
  if (clip.cues.length === 0) return [];
  const { width, height } = clip;
  const clean = await corpusRender(clip.row, 'clean');
  const frames = (file: string) => readRawVideoFrames(rawVideoFramesArgs({ input: file, pixelFormat: 'gray' }), rawFrameBytes(width, height, 'gray'), { readAhead: 2 });
  const subtitled = frames(clip.file);
  const truth = frames(clean);
  // Per cue, how many text pixels each row and column held: a few codec outliers on a sharp picture are not the line.
  const rowCounts = clip.cues.map(() => new Float64Array(height));
  const columnCounts = clip.cues.map(() => new Float64Array(width));
  for (let index = 0; ; index++) {
    const [a, b] = await Promise.all([subtitled.next(), truth.next()]);
    if (a.done || b.done) break;
    const time = index / 25;
    const cue = clip.cues.findIndex((entry) => time >= entry.startSeconds && time < entry.endSeconds);
    if (cue < 0) continue;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (Math.abs(a.value[y * width + x]! - b.value[y * width + x]!) <= TEXT_DIFFERENCE) continue;
        rowCounts[cue]![y]!++;
        columnCounts[cue]![x]!++;
      }
    }
  }
  await Promise.all([subtitled.return(undefined), truth.return(undefined)]);
  /** First and last position whose count is at least 5 % of the largest. */
  const span = (counts: Float64Array): [number, number] => {
    const floor = 0.05 * Math.max(...counts);
    const first = counts.findIndex((count) => count > 0 && count >= floor);
    return [first, counts.findLastIndex((count) => count > 0 && count >= floor) + 1];
  };
  const boxes = clip.cues.map((_, cue) => {
    const [x0, x1] = span(columnCounts[cue]!);
    const [y0, y1] = span(rowCounts[cue]!);
    return { x0, y0, x1, y1 };
  });
  return clip.cues.flatMap((cue, index) => {
    const box = boxes[index]!;
    if (box.x0 < 0 || box.x1 <= box.x0) return [];
    const margin = (box.y1 - box.y0) * 0.15 + 4;
    const x = Math.max(0, Math.floor(box.x0 - margin));
    const y = Math.max(0, Math.floor(box.y0 - margin));
    return [{
      box: { x, y, width: Math.min(width, Math.ceil(box.x1 + margin)) - x, height: Math.min(height, Math.ceil(box.y1 + margin)) - y },
      startSeconds: Math.max(0, cue.startSeconds - 0.12),
      endSeconds: Math.min(clip.row.seconds, cue.endSeconds + 0.12),
      kind: 'text' as const,
    }];
  });
}

export interface CorpusErasure {
  score: ErasureScore;
  stats: InpaintStats | undefined;
  /** Subtitle characters OCR still reads on every 5th erased frame, of how many were shown. */
  charactersRead: number;
  charactersShown: number;
  /** The targets missed, in words (empty: every target met). */
  missed: string[];
  /** Wall time of the erasure itself (figures only: benches print them, tests do not look). */
  fillMs: number;
}

/** `clip` erased with `masks` into `outputFile` (best fill), scored, and its targets checked; `detector` reads the result. */
export async function eraseCorpusClip(clip: CorpusClip, masks: readonly InpaintMask[], outputFile: string, engines: { inpainter: Inpainter; detector: TextDetector }): Promise<CorpusErasure> {
  const { row, width, height } = clip;
  const [clean, background] = await Promise.all([corpusRender(row, 'clean'), row.distractors.length > 0 ? corpusRender(row, 'background') : undefined]);
  const started = performance.now();
  const result = await engines.inpainter.doInpaint({ videoFile: clip.file, outputFile, masks: [...masks], fill: 'best' });
  const fillMs = performance.now() - started;
  const score = await scoreErasure({ output: outputFile, input: clip.file, clean, background, width, height, frameRate: 25, regions: masks });
  // OCR of every 5th frame (5 a second) over the rows the subtitles were in.
  const top = Math.max(0, Math.min(...masks.map((mask) => mask.box.y)) - 8);
  const bottom = Math.min(height, Math.max(...masks.map((mask) => mask.box.y + mask.box.height)) + 8);
  const read = await engines.detector.doDetect({ input: { videoFile: outputFile, framesPerSecond: 5 }, mode: 'all-text', region: { x: 0, y: top, width, height: bottom - top }, languages: ['zh', 'en'] });
  const characters = subtitleCharactersRead(clip.cues, read.boxes, clip.distractors.map((distractor) => distractor.text));
  const missed: string[] = [];
  if (characters.read > 0) missed.push(`OCR reads ${characters.read} of ${characters.total} characters`);
  if (score.distractorPsnr !== undefined && score.distractorPsnr < 40) missed.push(`distractors changed (${score.distractorPsnr.toFixed(1)} dB < 40)`);
  const kind = backgroundKind(row);
  if (kind !== 'animated' && score.textPsnr < 35) missed.push(`text ${score.textPsnr.toFixed(1)} dB < 35`);
  if (kind === 'animated' && !((score.detailRatio ?? 0) >= 0.5)) missed.push(`band detail ${score.detailRatio?.toFixed(2) ?? '—'} < 0.5 of its surroundings'`);
  return { score, stats: result.stats, charactersRead: characters.read, charactersShown: characters.total, missed, fillMs };
}
