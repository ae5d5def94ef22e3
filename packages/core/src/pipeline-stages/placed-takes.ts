/**
 * Speech placed on a timeline as one track: each take at its start, whole, over another where they
 * overlap (two people talking over each other, a line let run into the next). The dubbing studio's
 * export and the video translator's fit stage both lay their takes out this way.
 */
import { concatWavPieces, layerTracksArgs, runFfmpeg, type WavPiece } from '@voxwork/media';

export interface PlacedTake<T> {
  take: T;
  startSeconds: number;
  lengthSeconds: number;
}

/**
 * Takes as lanes in which none overlaps: the fewest lanes, each filled in time order, so each lane
 * can be joined with silences between its takes and the lanes laid over each other. A take
 * starting at or after `durationSeconds` is left out.
 */
export function takeLanes<T>(takes: ReadonlyArray<PlacedTake<T>>, durationSeconds: number): Array<Array<PlacedTake<T>>> {
  const lanes: Array<{ end: number; takes: Array<PlacedTake<T>> }> = [];
  for (const placed of [...takes].sort((a, b) => a.startSeconds - b.startSeconds)) {
    if (placed.startSeconds >= durationSeconds) continue;
    const lane = lanes.find((candidate) => candidate.end <= placed.startSeconds + 1e-6);
    if (lane) {
      lane.takes.push(placed);
      lane.end = placed.startSeconds + placed.lengthSeconds;
    } else lanes.push({ end: placed.startSeconds + placed.lengthSeconds, takes: [placed] });
  }
  return lanes.map((lane) => lane.takes);
}

/**
 * Writes `placed` (WAV files at `sampleRate`) to `output` as one track. With `durationSeconds`
 * the track is exactly that long (silence after the last take, and a silent track when there is
 * none); without it, it ends with the last take (nothing is written when there is none).
 * `lanePath(n)` names the files of the lanes when takes overlap.
 */
export async function renderPlacedTakes(
  placed: ReadonlyArray<PlacedTake<string>>,
  options: { output: string; lanePath: (lane: number) => Promise<string>; durationSeconds?: number; sampleRate: number; signal?: AbortSignal; timeoutMs: number },
): Promise<void> {
  const lanes = takeLanes(placed, options.durationSeconds ?? Infinity);
  const laneList = lanes.length || options.durationSeconds === undefined ? lanes : [[]];
  const end = options.durationSeconds ?? Math.max(0, ...placed.map((piece) => piece.startSeconds + piece.lengthSeconds));
  const laneFiles: string[] = [];
  for (const [index, lane] of laneList.entries()) {
    // Each take at its own start on the output's clock (not after the lengths computed for the takes
    // before it: those are a few samples off each, which added up over an hour's lines).
    const pieces: WavPiece[] = [];
    for (const { take, startSeconds } of lane) pieces.push({ silenceUntilSeconds: startSeconds }, { file: take });
    if (options.durationSeconds !== undefined) pieces.push({ silenceUntilSeconds: options.durationSeconds });
    const laneFile = laneList.length > 1 ? await options.lanePath(index) : options.output;
    await concatWavPieces(pieces, laneFile, options.sampleRate);
    laneFiles.push(laneFile);
  }
  if (laneFiles.length > 1) {
    await runFfmpeg(layerTracksArgs({ inputs: laneFiles, output: options.output, durationSeconds: end, sampleRate: options.sampleRate }), { signal: options.signal, timeoutMs: options.timeoutMs });
  }
}
