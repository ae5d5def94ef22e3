/**
 * Where a video's subtitles are, found by how text behaves rather than where it sits (issue 27,
 * decision 045). Text is read on sample frames spread over the video, and each box read is read
 * again on a companion frame a moment later. Then:
 * - text that changes between a frame and its companion (a running timecode, a frame counter, a
 *   ticker) on more than one sample, or that is only digits and separators, is not a subtitle;
 * - text that stays put, the same words at the same place on most samples (a logo, a watermark, a
 *   shop sign), is not a subtitle;
 * - what is left is grouped into rows by height on screen and glyph height; a row is a subtitle
 *   track when its words are replaced by others (at least two different lines: a title card that
 *   shows once is not a track). When no row has two lines (thin evidence: a clip with one
 *   subtitle), a lone centred line of subtitle-sized glyphs seen on two samples is taken;
 * - the dominant track (the most samples with text) is read; rows of like glyph height next to it
 *   that show text on the same samples (a second row, or English under Chinese) are paired with it
 *   and read with it. Every candidate is returned with its place, size and line count, so a review
 *   step can show them.
 * The places of text that is not a subtitle are returned too: the reader leaves them out.
 */
import type { BoundingBox, LanguageTag } from '../capabilities/engine-common.ts';
import type { SubtitleTrackCandidate } from '../capabilities/text-detector.ts';
import { textSimilarity, unionBox, type ReadBox } from './text-lines.ts';

export interface SampledBox extends ReadBox {
  /** Whether a companion frame a moment later read the same text at this place (undefined: not checked). */
  steady?: boolean;
}

export interface SampleReading {
  boxes: readonly SampledBox[];
}

export type { SubtitleTrackCandidate };

/** One band read on its own: the chosen rows of one language (decision 070). */
export interface TrackBand {
  /** The full-width band these rows are read in (with room for a second row when it is the only band of one row). */
  band: BoundingBox;
  /** Glyph heights of its rows (pixels): a line read in the band must be about as tall. */
  lineHeights: { min: number; max: number };
  /** Index in `tracks` of its leading row (the dominant one of its rows): the track its lines belong to. */
  track: number;
  language: LanguageTag | undefined;
  /** Places of the other candidates' rows: their text is not this track's. */
  others: BoundingBox[];
}

export interface SubtitleTracks {
  /** Candidates, the chosen ones first. */
  tracks: SubtitleTrackCandidate[];
  /** The bands read: one per language of the chosen rows (Chinese over English: two); empty when no track was found or chosen. */
  bands: TrackBand[];
  /** Places of text that is not a subtitle (static, or changing every frame), grown a little. */
  exclusions: BoundingBox[];
}

/** Boxes this share of the picture's height or outside are not subtitle text. */
const MIN_RELATIVE_HEIGHT = 0.01;
const MAX_RELATIVE_HEIGHT = 0.2;
/** Text seen alike at one place on this share of the samples (and at least 3) stays put. */
const STATIC_SHARE = 0.8;
/** A lone line (no track of two lines or more) is taken when centred within this share of the width… */
const SINGLE_LINE_CENTRING = 0.1;
/** …and its boxes are at most this share of the picture's shorter side high. */
const SINGLE_LINE_MAX_HEIGHT = 0.1;
const SAME_TEXT = 0.8;
/** Rows are paired with the dominant track when their centres are this many line heights apart at most. */
const PAIR_DISTANCE = 2.8;
/** …and show text on this share of their samples at the same time as it. */
const PAIR_TOGETHER = 0.7;

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const centreY = (box: BoundingBox) => box.y + box.height / 2;
const centreX = (box: BoundingBox) => box.x + box.width / 2;

/** Only digits, separators and a frame/time word: a counter or clock. */
const COUNTER = /^[\s\d:;.,'"/\\|_\-+()[\]]*$/;
const isCounter = (text: string) => COUNTER.test(text.replace(/\b(frame|fps|tc|rec|live)\b/gi, ''));

function overlapShare(a: BoundingBox, b: BoundingBox): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  return (width * height) / Math.min(a.width * a.height, b.width * b.height);
}

interface Member {
  sample: number;
  item: SampledBox;
}

interface Row {
  centre: number;
  height: number;
  members: Member[];
}

function distinctTexts(texts: readonly string[]): string[] {
  const kept: string[] = [];
  for (const text of texts) if (!kept.some((seen) => textSimilarity(seen, text) >= SAME_TEXT)) kept.push(text);
  return kept;
}

function alignmentOf(boxes: readonly BoundingBox[], width: number): SubtitleTrackCandidate['alignment'] {
  const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
  const centres = spread(boxes.map(centreX));
  const lefts = spread(boxes.map((box) => box.x));
  const rights = spread(boxes.map((box) => box.x + box.width));
  if (centres <= Math.min(lefts, rights) || centres < width * 0.03) return 'centre';
  return lefts <= rights ? 'left' : 'right';
}

const HAN = /\p{Script=Han}/gu;
const LATIN = /\p{Script=Latin}/gu;

/**
 * The language of a track from the script PP-OCR read (it reads Chinese and English only): `zh`
 * when Chinese characters carry the lines (one counts as three Latin letters: `我用iPhone拍的` is
 * Chinese), `en` for Latin letters, undefined when neither shows.
 */
export function scriptLanguage(texts: readonly string[]): LanguageTag | undefined {
  const text = texts.join(' ');
  const han = (text.match(HAN) ?? []).length;
  const latin = (text.match(LATIN) ?? []).length;
  if (han === 0 && latin === 0) return undefined;
  return han * 3 >= latin ? 'zh' : 'en';
}

/** The subtitle tracks of a `width` × `height` video from the text read on its sample frames. */
/**
 * `pick`: the place of the candidate a person picked (a box of `tracks`, or near one): that
 * candidate alone is read, its neighbours left out; when no candidate is there nothing is chosen.
 */
export function findSubtitleTracks(samples: readonly SampleReading[], width: number, height: number, pick?: BoundingBox): SubtitleTracks {
  const exclusions: BoundingBox[] = [];
  const exclude = (box: BoundingBox) => exclusions.push(box);
  const all: Member[] = [];
  samples.forEach((sample, index) => {
    for (const item of sample.boxes) {
      const relative = item.box.height / height;
      if (!item.text.trim() || relative < MIN_RELATIVE_HEIGHT || relative > MAX_RELATIVE_HEIGHT) continue;
      all.push({ sample: index, item });
    }
  });

  // Text that changes from one frame to the next, and counters: not subtitles.
  // A single unsteady reading may be a subtitle changing between the frame and its companion: it is
  // left out of the tracks but its place is excluded only when it is unsteady on another sample too.
  const candidates: Member[] = [];
  const unsteady = all.filter((member) => member.item.steady === false);
  for (const member of all) {
    const again = unsteady.some((other) => other.sample !== member.sample && overlapShare(other.item.box, member.item.box) >= 0.5);
    if (isCounter(member.item.text) || (member.item.steady === false && again)) exclude(member.item.box);
    else if (member.item.steady !== false) candidates.push(member);
  }

  // Text that stays put: alike at about the same place on most samples.
  const staticThreshold = Math.max(3, Math.ceil(samples.length * STATIC_SHARE));
  const moving: Member[] = [];
  for (const member of candidates) {
    const alike = new Set(candidates.filter((other) => overlapShare(other.item.box, member.item.box) >= 0.6 && textSimilarity(other.item.text, member.item.text) >= SAME_TEXT).map((other) => other.sample));
    if (alike.size >= staticThreshold) exclude(member.item.box);
    else moving.push(member);
  }

  // Rows: centres within 0.6 of a line, glyphs of about one height.
  const rows: Row[] = [];
  for (const member of [...moving].sort((a, b) => centreY(a.item.box) - centreY(b.item.box))) {
    const box = member.item.box;
    const row = rows.find((entry) => Math.abs(entry.centre - centreY(box)) <= Math.min(entry.height, box.height) * 0.6 && box.height / entry.height <= 1.5 && entry.height / box.height <= 1.5);
    if (row) {
      row.members.push(member);
      row.centre = row.members.reduce((sum, entry) => sum + centreY(entry.item.box), 0) / row.members.length;
      row.height = median(row.members.map((entry) => entry.item.box.height));
    } else rows.push({ centre: centreY(box), height: box.height, members: [member] });
  }

  const described = rows
    .map((row) => {
      // A row's lines: its boxes of one sample joined (a line may be read in pieces).
      const bySample = new Map<number, SampledBox[]>();
      for (const member of row.members) bySample.set(member.sample, [...(bySample.get(member.sample) ?? []), member.item]);
      const lines = [...bySample.values()].map((items) => ({ text: items.map((item) => item.text).join(' '), box: unionBox(items.map((item) => item.box))! }));
      return { row, samples: new Set(bySample.keys()), lines, texts: distinctTexts(lines.map((line) => line.text)) };
    })
    .sort((a, b) => b.samples.size - a.samples.size || b.row.height - a.row.height || b.row.centre - a.row.centre);
  let tracks = described.filter((track) => track.texts.length >= 2);
  // Thin evidence: no line was replaced by another (a clip with one subtitle). A single line is taken
  // when it looks like one: seen on two samples or more, centred, glyphs of subtitle size (a title
  // card's are larger).
  if (tracks.length === 0) {
    tracks = described
      .filter((track) => {
        const box = unionBox(track.lines.map((line) => line.box))!;
        return track.samples.size >= 2 && Math.abs(centreX(box) / width - 0.5) <= SINGLE_LINE_CENTRING && track.row.height <= SINGLE_LINE_MAX_HEIGHT * Math.min(width, height);
      })
      .slice(0, 1);
  }

  const grown = (box: BoundingBox) => growExclusion(box, width, height);
  let chosen: typeof tracks = [];
  if (pick) {
    const picked = tracks.map((track) => ({ track, share: overlapShare(unionBox(track.lines.map((line) => line.box))!, pick) })).sort((a, b) => b.share - a.share)[0];
    if (picked && picked.share >= 0.5) chosen = [picked.track];
  } else if (tracks[0]) {
    const dominant = tracks[0];
    chosen = [dominant];
    for (const track of tracks.slice(1)) {
      const near = chosen.some((entry) => Math.abs(entry.row.centre - track.row.centre) <= PAIR_DISTANCE * Math.max(entry.row.height, track.row.height));
      const likeGlyphs = track.row.height / dominant.row.height >= 0.55 && track.row.height / dominant.row.height <= 1.8;
      const together = [...track.samples].filter((sample) => dominant.samples.has(sample)).length / track.samples.size;
      if (near && likeGlyphs && together >= PAIR_TOGETHER) chosen.push(track);
    }
  }
  const ordered = [...chosen, ...tracks.filter((track) => !chosen.includes(track))];
  const languages = ordered.map((track) => scriptLanguage(track.lines.map((line) => line.text)));
  const candidatesOut: SubtitleTrackCandidate[] = ordered.map((track, index) => ({
    box: unionBox(track.lines.map((line) => line.box))!,
    lineHeight: track.row.height,
    lineCount: track.texts.length,
    framesWithText: track.samples.size,
    alignment: alignmentOf(track.lines.map((line) => line.box), width),
    chosen: chosen.includes(track),
    ...(languages[index] ? { language: languages[index] } : {}),
  }));
  if (chosen.length === 0) return { tracks: candidatesOut, bands: [], exclusions: exclusions.map(grown) };

  // Rows of other glyph sizes that are not read (a title card, a caption) are left out of the bands too.
  const heights = chosen.map((track) => track.row.height);
  for (const other of described) {
    if (chosen.includes(other) || other.row.height <= Math.max(...heights) * 1.5 && other.row.height >= Math.min(...heights) / 1.5) continue;
    for (const member of other.row.members) exclude(member.item.box);
  }

  // The chosen rows by language, in the order of the rows on screen: each language is a track read
  // in its own band (Chinese over English: two tracks, each timed on its own); rows of one language
  // (a two-row subtitle) are read together and joined, as one line per cue.
  // A row whose script tells nothing (neither Chinese nor Latin) goes with the dominant track's language (or the first one known).
  const dominantLanguage = languages[0] ?? languages.find((language, index) => language !== undefined && chosen.includes(ordered[index]!));
  const groups: Array<{ language: LanguageTag | undefined; rows: typeof chosen }> = [];
  for (const track of [...chosen].sort((a, b) => a.row.centre - b.row.centre)) {
    const language = languages[ordered.indexOf(track)] ?? dominantLanguage;
    const group = groups.find((entry) => entry.language === language);
    if (group) group.rows.push(track);
    else groups.push({ language, rows: [track] });
  }
  const spanOf = (rows: typeof chosen) => {
    const boxes = rows.flatMap((track) => track.lines.map((line) => line.box));
    return { top: Math.min(...boxes.map((box) => box.y)), bottom: Math.max(...boxes.map((box) => box.y + box.height)) };
  };
  const lineBoxes = chosen.flatMap((track) => track.lines.map((line) => line.box));
  const bands: TrackBand[] = groups.map((group) => {
    const span = spanOf(group.rows);
    const groupHeights = group.rows.map((track) => track.row.height);
    const lineHeight = Math.max(...groupHeights);
    let top = span.top - lineHeight * 0.5;
    let bottom = span.bottom + lineHeight * 0.5;
    // One row: room for a second row on either side. A band reaching into another track's rows
    // reads them too (the detector needs the room: a small English row on bright bars cut to its
    // own height was not detected); their places are left out of this band's lines (`others`).
    if (group.rows.length === 1) {
      top -= lineHeight * 1.2;
      bottom += lineHeight * 1.2;
    }
    top = Math.max(0, Math.floor(top));
    bottom = Math.min(height, Math.ceil(bottom));
    const others = (groups.length > 1 || pick ? ordered.filter((track) => !group.rows.includes(track)) : []).map((track) => grown(unionBox(track.lines.map((line) => line.box))!));
    return { band: { x: 0, y: top, width, height: bottom - top }, lineHeights: { min: Math.min(...groupHeights), max: lineHeight }, track: Math.min(...group.rows.map((track) => ordered.indexOf(track))), language: group.language, others };
  });
  return {
    tracks: candidatesOut,
    bands,
    // A reading of a subtitle itself taken as it changed is not a place to leave out.
    exclusions: exclusions.filter((box) => !lineBoxes.some((line) => overlapShare(line, box) >= 0.6 && line.height >= box.height * 0.7 && line.height <= box.height * 1.4)).map(grown),
  };
}

function growExclusion(box: BoundingBox, width: number, height: number): BoundingBox {
  const margin = box.height * 0.3;
  const x = Math.max(0, box.x - margin);
  const y = Math.max(0, box.y - margin);
  return { x, y, width: Math.min(width, box.x + box.width + margin) - x, height: Math.min(height, box.y + box.height + margin) - y };
}

/** Whether a box read in the band is (mostly) at a place of text that is not a subtitle. */
export function isExcluded(box: BoundingBox, exclusions: readonly BoundingBox[]): boolean {
  const x = centreX(box);
  const y = centreY(box);
  return exclusions.some((place) => x >= place.x && x <= place.x + place.width && y >= place.y && y <= place.y + place.height);
}
