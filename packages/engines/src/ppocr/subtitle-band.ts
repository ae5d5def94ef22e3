/**
 * Where a video's subtitles are: text read on a few frames spread over the video is kept where it
 * looks like a subtitle (a line of text, horizontally centred or wide, in the lower part of the
 * picture or, for some dramas, the upper part) and where lines recur at one height in several
 * frames with changing words (a watermark or a title stays the same). The band is the full width
 * of the picture over those heights, with room for a second row.
 */
import type { BoundingBox } from '../capabilities/engine-common.ts';
import { textSimilarity, type ReadBox } from './text-lines.ts';

export interface SubtitleBand {
  /** Full-width horizontal band, in the frame's pixels. */
  box: BoundingBox;
  position: 'bottom' | 'top';
  /** Median height of the text boxes that made it (pixels). */
  lineHeight: number;
  /** How many of the frames looked at showed text in it. */
  framesWithText: number;
}

export interface FrameReading {
  boxes: readonly ReadBox[];
}

interface Cluster {
  centre: number;
  members: Array<{ frame: number; item: ReadBox }>;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Whether a box could hold (a part of) a subtitle line by its shape and place: the upper or lower part, centred or wide. */
export function isSubtitlePlace(box: BoundingBox, width: number, height: number): boolean {
  const relativeHeight = box.height / height;
  if (relativeHeight < 0.012 || relativeHeight > 0.12) return false;
  const centreX = (box.x + box.width / 2) / width;
  if (Math.abs(centreX - 0.5) > 0.2 && box.width < width * 0.4) return false;
  const centreY = (box.y + box.height / 2) / height;
  return centreY >= 0.55 || centreY <= 0.3;
}

/** The subtitle band of a `width` × `height` video from the text read on sample frames, or undefined when none recurs. */
export function findSubtitleBand(frames: readonly FrameReading[], width: number, height: number): SubtitleBand | undefined {
  const candidates: Array<{ frame: number; item: ReadBox }> = [];
  frames.forEach((frame, index) => {
    for (const item of frame.boxes) if (item.text.trim() && isSubtitlePlace(item.box, width, height)) candidates.push({ frame: index, item });
  });
  if (candidates.length === 0) return undefined;
  const typicalHeight = median(candidates.map(({ item }) => item.box.height));

  // Lines at one height (centres within half a line), across frames.
  const clusters: Cluster[] = [];
  for (const candidate of [...candidates].sort((a, b) => centreOf(a.item) - centreOf(b.item))) {
    const cluster = clusters.find((entry) => Math.abs(entry.centre - centreOf(candidate.item)) <= typicalHeight * 0.6);
    if (cluster) {
      cluster.members.push(candidate);
      cluster.centre = cluster.members.reduce((sum, member) => sum + centreOf(member.item), 0) / cluster.members.length;
    } else clusters.push({ centre: centreOf(candidate.item), members: [candidate] });
  }

  const scored = clusters
    .map((cluster) => ({ cluster, frames: new Set(cluster.members.map((member) => member.frame)).size, changing: wordsChange(cluster) }))
    // One frame is enough when only one showed text; otherwise the line must recur, and its words change.
    .filter(({ frames: count, changing }) => changing && (count >= 2 || frames.length <= 2 || candidates.length === 1))
    .sort((a, b) => b.frames - a.frames || b.cluster.centre - a.cluster.centre);
  const best = scored[0];
  if (!best) return undefined;
  const position = best.cluster.centre / height >= 0.5 ? 'bottom' : 'top';

  // Rows next to the best one (a two-row subtitle) belong to the band too.
  const rows = [best.cluster];
  for (const { cluster } of scored.slice(1)) {
    const near = rows.some((row) => Math.abs(row.centre - cluster.centre) <= typicalHeight * 2.2);
    if (near && (cluster.centre / height >= 0.5 ? 'bottom' : 'top') === position) rows.push(cluster);
  }
  const members = rows.flatMap((row) => row.members.map((member) => member.item.box));
  const lineHeight = median(members.map((box) => box.height));
  let top = Math.min(...members.map((box) => box.y)) - lineHeight * 0.5;
  let bottom = Math.max(...members.map((box) => box.y + box.height)) + lineHeight * 0.5;
  // Room for a second row on the side towards the middle of the picture.
  if (rows.length === 1) {
    if (position === 'bottom') top -= lineHeight * 1.3;
    else bottom += lineHeight * 1.3;
  }
  top = Math.max(0, Math.floor(top));
  bottom = Math.min(height, Math.ceil(bottom));
  return {
    box: { x: 0, y: top, width, height: bottom - top },
    position,
    lineHeight,
    framesWithText: new Set(rows.flatMap((row) => row.members.map((member) => member.frame))).size,
  };
}

const centreOf = (item: ReadBox) => item.box.y + item.box.height / 2;

/** Whether the words at this height change between frames (subtitles) rather than stay (a watermark, a title). */
function wordsChange(cluster: Cluster): boolean {
  const texts = cluster.members.map((member) => member.item.text);
  if (texts.length < 3) return true;
  return texts.some((text) => textSimilarity(text, texts[0]!) < 0.8);
}

/** The band used when no subtitle line recurs: the lower third of the picture. */
export function fallbackBand(width: number, height: number): BoundingBox {
  const top = Math.floor((height * 2) / 3);
  return { x: 0, y: top, width, height: height - top };
}
