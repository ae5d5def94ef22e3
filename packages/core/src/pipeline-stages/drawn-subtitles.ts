/**
 * Subtitles drawn where a video's burned-in subtitles were (issue 28, decision 055): the style of
 * the source track measured from the finder's boxes and the frames (line centre, glyph height,
 * text colour, an outline or a box), and the ASS script that draws the translation at that place
 * and size — each line centred where its source line was (`replace`, over the erased picture), or
 * next to the original (`bilingual`), broken to fit the frame as burn-in breaks lines (CJK-aware).
 * Video translation's subtitle-style, stills and mux stages use it; the series work will too.
 */
import { wrapSubtitle } from '@voxwork/contract/subtitles';
import { rawFrameBytes, rawVideoFramesArgs, readRawVideoFrames, toAss } from '@voxwork/media';
import type { FoundText, PixelRegion } from '../engines/video-erasure-engines.port.ts';
import { BURN_IN_FONT } from './burn-in-script.ts';
import { eachConcurrently } from './each-concurrently.ts';

/** How the source track looks, measured (pixels of the displayed picture). */
export interface SubtitleTrackStyle {
  /** Median centre of the track's lines. */
  centreX: number;
  centreY: number;
  /** Median height of the ink of one row (tops of capitals or CJK glyphs to descenders), pixels. */
  glyphHeight: number;
  /** `#RRGGBB` of the text's pixels. */
  textColor: string;
  /** `outline`: a dark edge around the glyphs (outline or shadow); `box`: a dark plate behind the line. */
  look: 'outline' | 'box';
  /** `#RRGGBB` of the outline or box. */
  outlineColor: string;
  /** Lines the style was measured on (0: defaults). */
  measuredLines: number;
}

export type DrawnLayout = 'replace' | 'bilingual';

/** A translated line to draw, with the time and the place (the finder's box) of its source line. */
export interface LineToDraw {
  start: number;
  end: number;
  text: string;
  /** Where the source line was on screen (null: the track's median place). */
  box: PixelRegion | null;
}

const luminance = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
const median = (values: readonly number[]) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const hex = (rgb: readonly number[]) => `#${rgb.map((value) => Math.max(0, Math.min(255, Math.round(value))).toString(16).padStart(2, '0')).join('').toUpperCase()}`;

/** Text brighter than its surroundings by this much (luminance, 0–255) counts as text ink. */
const INK_ABOVE_SURROUNDINGS = 40;
/** A plate behind the line: its pixels around the glyphs are this dark and this even. */
const BOX_MAX_LUMINANCE = 90;
const BOX_MAX_SPREAD = 28;

/** A light plate: the ring just inside the box is at least this light, this even, and the letters this much darker. */
const PLATE_MIN_LUMINANCE = 150;
const PLATE_MAX_SPREAD = 28;
const INK_BELOW_PLATE = 60;
/**
 * …and no letters of their own light colour: at most 3 % of the box this much brighter than the
 * plate, and at most 5 % as light as it (within 25) but of another colour (RGB distance over 60):
 * white or yellow letters outlined in black over a plain light background are not a plate.
 */
const PLATE_BRIGHTER_LETTERS = 20;
const PLATE_OTHER_COLOUR_DISTANCE = 60;
const PLATE_OTHER_COLOUR_SHARE = 0.05;

type Pixel = { x: number; y: number; lum: number };
type PixelAt = (x: number, y: number) => readonly [number, number, number];

/** The height of the ink: rows holding at least two ink pixels (a stray pixel does not stretch it). */
function inkHeight(ink: readonly Pixel[], fallback: number): number {
  const perRow = new Map<number, number>();
  for (const pixel of ink) perRow.set(pixel.y, (perRow.get(pixel.y) ?? 0) + 1);
  const rows = [...perRow.entries()].filter(([, count]) => count >= 2).map(([row]) => row);
  return rows.length ? Math.max(...rows) - Math.min(...rows) + 1 : fallback;
}

const colourOf = (pixels: readonly Pixel[], at: PixelAt) => [0, 1, 2].map((channel) => median(pixels.map((pixel) => at(pixel.x, pixel.y)[channel]!)));

/**
 * Dark letters on a light plate, or undefined when the row is not that. The plate is read on the
 * ring just inside the finder's box (an eighth of the box's height deep, a quarter of it at the
 * ends), where the plate's padding is and letters rarely reach; the ink is the dark pixels within
 * the plate's extent.
 */
function measureDarkOnLight(inside: readonly Pixel[], sorted: readonly number[], crop: PixelRegion, box: PixelRegion, at: PixelAt): Omit<SubtitleTrackStyle, 'centreX' | 'centreY' | 'measuredLines'> | undefined {
  const depthY = Math.max(2, box.height / 8);
  const depthX = Math.max(2, box.height / 4);
  const top = box.y - crop.y;
  const left = box.x - crop.x;
  const ring = inside.filter((pixel) => pixel.y < top + depthY || pixel.y >= top + box.height - depthY || pixel.x < left + depthX || pixel.x >= left + box.width - depthX).map((pixel) => pixel.lum);
  if (ring.length < 20) return undefined;
  const plate = median(ring);
  const spread = median(ring.map((lum) => Math.abs(lum - plate)));
  const dark = sorted[Math.floor(sorted.length * 0.1)]!;
  const bright = sorted[Math.floor(sorted.length * 0.97)]!;
  if (plate < PLATE_MIN_LUMINANCE || spread > PLATE_MAX_SPREAD || dark > plate - INK_BELOW_PLATE || bright > plate + PLATE_BRIGHTER_LETTERS) return undefined;
  const platePixels = inside.filter((pixel) => Math.abs(pixel.lum - plate) <= 10);
  const plateColour = colourOf(platePixels, at);
  const otherColour = inside.filter((pixel) => {
    if (pixel.lum < plate - 25) return false;
    const [r, g, b] = at(pixel.x, pixel.y);
    return Math.hypot(r - plateColour[0]!, g - plateColour[1]!, b - plateColour[2]!) > PLATE_OTHER_COLOUR_DISTANCE;
  }).length;
  if (otherColour > inside.length * PLATE_OTHER_COLOUR_SHARE) return undefined;
  const threshold = Math.min(dark + 45, (dark + plate) / 2);
  // Ink only within the plate's extent (from its first to its last row a quarter plate, and column so): a box reaching
  // past the plate holds dark background too.
  const plateRows = new Map<number, number>();
  const plateColumns = new Map<number, number>();
  for (const pixel of inside) {
    if (Math.abs(pixel.lum - plate) > 25) continue;
    plateRows.set(pixel.y, (plateRows.get(pixel.y) ?? 0) + 1);
    plateColumns.set(pixel.x, (plateColumns.get(pixel.x) ?? 0) + 1);
  }
  const extent = (counts: Map<number, number>, least: number) => {
    const held = [...counts.entries()].filter(([, count]) => count >= least).map(([at]) => at);
    return { from: Math.min(...held), to: Math.max(...held) };
  };
  const rows = extent(plateRows, box.width / 4);
  const columns = extent(plateColumns, box.height / 4);
  const ink = inside.filter((pixel) => pixel.lum <= threshold && pixel.y >= rows.from && pixel.y <= rows.to && pixel.x >= columns.from && pixel.x <= columns.to);
  if (ink.length < 10) return undefined;
  return { glyphHeight: inkHeight(ink, box.height), textColor: hex(colourOf(ink, at)), look: 'box', outlineColor: hex(plateColour) };
}

/**
 * The style of one subtitle row measured on one frame: `pixels` is an `rgb24` crop of `crop`
 * (the row's box with a margin), `box` the finder's box inside the frame. Two polarities:
 * - dark letters on a light plate (shop videos, some dramas; decision 069): the ring just inside
 *   the finder's box (which holds the plate: the finder boxes the plate with its letters) is light
 *   and even, the darkest pixels are far below it and none far above it. The ink is the dark
 *   pixels, the look a box of the plate's colour;
 * - otherwise light text (what subtitles mostly are): the ink is the brightest pixels inside the
 *   box; a box look is an even, dark margin around the glyphs; otherwise the darkest pixels
 *   hugging the ink are the outline.
 */
export function measureRowStyle(pixels: Uint8Array, crop: PixelRegion, box: PixelRegion): Omit<SubtitleTrackStyle, 'centreX' | 'centreY' | 'measuredLines'> | undefined {
  const at = (x: number, y: number) => {
    const offset = (y * crop.width + x) * 3;
    return [pixels[offset]!, pixels[offset + 1]!, pixels[offset + 2]!] as const;
  };
  const inside: Pixel[] = [];
  const margin: number[] = [];
  for (let y = 0; y < crop.height; y += 1) {
    for (let x = 0; x < crop.width; x += 1) {
      const frameX = crop.x + x;
      const frameY = crop.y + y;
      const [r, g, b] = at(x, y);
      const lum = luminance(r, g, b);
      const inBox = frameX >= box.x && frameX < box.x + box.width && frameY >= box.y && frameY < box.y + box.height;
      if (inBox) inside.push({ x, y, lum });
      // The band just around the box: a plate reaches here, a plain outline does not.
      else if (frameX >= box.x - 3 && frameX < box.x + box.width + 3 && frameY >= box.y - box.height * 0.12 - 2 && frameY < box.y + box.height * 1.12 + 2) margin.push(lum);
    }
  }
  if (inside.length < 20) return undefined;
  const sorted = inside.map((pixel) => pixel.lum).sort((a, b) => a - b);
  const bright = sorted[Math.floor(sorted.length * 0.9)]!;
  const darkOnLight = measureDarkOnLight(inside, sorted, crop, box, at);
  if (darkOnLight) return darkOnLight;
  const surroundings = median(margin.length ? margin : sorted);
  if (bright < surroundings + INK_ABOVE_SURROUNDINGS && bright < 150) return undefined;
  const threshold = Math.max(bright - 45, (bright + surroundings) / 2);
  const ink = inside.filter((pixel) => pixel.lum >= threshold);
  if (ink.length < 10) return undefined;
  const glyphHeight = inkHeight(ink, box.height);
  const colour = colourOf(ink, at);
  const spread = margin.length ? median(margin.map((lum) => Math.abs(lum - surroundings))) : 255;
  if (margin.length && surroundings <= BOX_MAX_LUMINANCE && spread <= BOX_MAX_SPREAD) {
    const plate = [0, 1, 2].map((channel) => median(inside.filter((pixel) => pixel.lum <= surroundings + 10).map((pixel) => at(pixel.x, pixel.y)[channel]!)));
    return { glyphHeight, textColor: hex(colour), look: 'box', outlineColor: hex(plate) };
  }
  const dark = inside.filter((pixel) => pixel.lum <= sorted[Math.floor(sorted.length * 0.1)]!);
  const edge = [0, 1, 2].map((channel) => median(dark.map((pixel) => at(pixel.x, pixel.y)[channel]!)));
  // An edge brighter than this is the background, not an outline: draw the usual near-black one.
  return { glyphHeight, textColor: hex(colour), look: 'outline', outlineColor: luminance(edge[0]!, edge[1]!, edge[2]!) < 70 ? hex(edge) : '#101010' };
}

/**
 * The part of the frame read to measure a row: its box with 40 % of its height and 4 px around,
 * inside the frame, at even corners and of even sizes: ffmpeg crops a 4:2:0 picture to even
 * sizes, and a frame of other bytes than asked would never be read (the row skipped).
 */
export function rowCrop(box: PixelRegion, frame: { width: number; height: number }): PixelRegion {
  const pad = Math.round(box.height * 0.4) + 4;
  const even = (value: number) => 2 * Math.floor(value / 2);
  const x = Math.max(0, even(box.x - pad));
  const y = Math.max(0, even(box.y - pad));
  return { x, y, width: even(Math.min(frame.width, Math.ceil(box.x + box.width + pad)) - x), height: even(Math.min(frame.height, Math.ceil(box.y + box.height + pad)) - y) };
}

/** Subtitle rows measured on at most this many frames (median of them). */
const MEASURED_ROWS = 7;
/** Rows' frames read at once. */
const MEASURING_CONCURRENCY = 2;

/**
 * The source track's style from the finder's subtitle boxes and the frames: up to 7 rows spread
 * over the video, each read at the middle of its time from `videoFile` (a crop around its box).
 * Undefined when there are no boxes. Rows where no light ink stands out are skipped; with none
 * measured, the defaults (white with a dark outline) at the boxes' median place and height.
 */
export async function measureSubtitleStyle(
  texts: readonly FoundText[],
  request: { videoFile: string; width: number; height: number; signal?: AbortSignal | undefined },
): Promise<SubtitleTrackStyle | undefined> {
  if (!texts.length) return undefined;
  const step = Math.max(1, Math.floor(texts.length / MEASURED_ROWS));
  const sample = texts.filter((_, index) => index % step === 0).slice(0, MEASURED_ROWS);
  // Each row's frame is its own ffmpeg seek (a process start and a decode from the keyframe before): two at a time, so
  // the second core decodes one while the first starts the next; the rows are kept in the sample's order.
  const rows: Array<ReturnType<typeof measureRowStyle>> = [];
  await eachConcurrently(sample, MEASURING_CONCURRENCY, async (text, index) => {
    const crop = rowCrop(text.box, request);
    if (crop.width < 4 || crop.height < 4) return;
    const at = (text.startSeconds + text.endSeconds) / 2;
    for await (const frame of readRawVideoFrames(rawVideoFramesArgs({ input: request.videoFile, startSeconds: at, frameCount: 1, crop }), rawFrameBytes(crop.width, crop.height), { signal: request.signal })) {
      rows[index] = measureRowStyle(frame, crop, text.box);
    }
  });
  const measured = rows.filter((row): row is NonNullable<typeof row> => row !== undefined);
  const centres = texts.map((text) => ({ x: text.box.x + text.box.width / 2, y: text.box.y + text.box.height / 2 }));
  const base = { centreX: median(centres.map((centre) => centre.x)), centreY: median(centres.map((centre) => centre.y)) };
  if (!measured.length) {
    return { ...base, glyphHeight: median(texts.map((text) => text.box.height)) * 0.8, textColor: '#FFFFFF', look: 'outline', outlineColor: '#101010', measuredLines: 0 };
  }
  const boxes = measured.filter((row) => row.look === 'box').length;
  const look = boxes * 2 > measured.length ? 'box' : 'outline';
  const ofLook = measured.filter((row) => row.look === look);
  const channel = (colour: string, index: number) => Number.parseInt(colour.slice(1 + index * 2, 3 + index * 2), 16);
  const medianColour = (colours: string[]) => hex([0, 1, 2].map((index) => median(colours.map((colour) => channel(colour, index)))));
  return {
    ...base,
    glyphHeight: median(measured.map((row) => row.glyphHeight)),
    textColor: medianColour(measured.map((row) => row.textColor)),
    look,
    outlineColor: medianColour(ofLook.map((row) => row.outlineColor)),
    measuredLines: measured.length,
  };
}

/** The box of the finder's subtitle rows shown during most of a line's time (several rows: their union), or null. */
export function sourceLineBox(texts: readonly FoundText[], line: { startSeconds: number; endSeconds: number }): PixelRegion | null {
  const during = texts.filter((text) => {
    const overlap = Math.min(text.endSeconds, line.endSeconds) - Math.max(text.startSeconds, line.startSeconds);
    return overlap > 0 && overlap >= 0.5 * Math.min(text.endSeconds - text.startSeconds, line.endSeconds - line.startSeconds);
  });
  if (!during.length) return null;
  const left = Math.min(...during.map((text) => text.box.x));
  const top = Math.min(...during.map((text) => text.box.y));
  const right = Math.max(...during.map((text) => text.box.x + text.box.width));
  const bottom = Math.max(...during.map((text) => text.box.y + text.box.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * A style the person picked (a series' subtitle style for one language): any field given replaces
 * the measured one. `fontSize` is the glyph height in pixels of the video's frame; `color` and
 * `outlineColor` are `#RRGGBB` (a trailing alpha pair is ignored); `marginBottom` puts every line at
 * that share of the frame's height above its bottom edge, centred, instead of where its source line
 * was.
 */
export interface DrawnStyleChoice {
  fontSize?: number | undefined;
  color?: string | undefined;
  outlineColor?: string | undefined;
  marginBottom?: number | undefined;
}

/** The measured style with the person's choice applied; `atMargin`: lines go to the chosen place, not their source's. */
export function withStyleChoice(measured: SubtitleTrackStyle, choice: DrawnStyleChoice | undefined, frame: { width: number; height: number }): { style: SubtitleTrackStyle; atMargin: boolean } {
  if (!choice) return { style: measured, atMargin: false };
  const colour = (value: string | undefined, fallback: string) => (value ? value.slice(0, 7).toUpperCase() : fallback);
  const glyphHeight = choice.fontSize ?? measured.glyphHeight;
  const atMargin = choice.marginBottom !== undefined;
  return {
    style: {
      ...measured,
      glyphHeight,
      textColor: colour(choice.color, measured.textColor),
      outlineColor: colour(choice.outlineColor, measured.outlineColor),
      // One row's centre, its ink's bottom at the margin.
      ...(atMargin ? { centreX: frame.width / 2, centreY: frame.height * (1 - choice.marginBottom!) - glyphHeight / 2 } : {}),
    },
    atMargin,
  };
}

/** A light plate (under dark letters) is drawn this opaque. */
const LIGHT_PLATE_OPACITY = 0.92;
const lightColour = (colour: string) => luminance(...([1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16)) as [number, number, number])) >= PLATE_MIN_LUMINANCE;

/** Ink height of the drawing font's glyphs as a share of its ASS size (WenQuanYi Zen Hei: CJK and Latin with descenders). */
const INK_PER_FONT_SIZE = 0.86;
/** Line height of a drawn row, in font sizes (libass with this font). */
const ROW_HEIGHT = 1.2;

/**
 * The ASS script that draws translated lines in the measured style: the glyph height of the
 * source, its colours and look; `replace`: each line centred where its source line was (the
 * source erased); `bilingual`: above the original (below it when there is no room above). Lines
 * are broken to fit 90 % of the frame's width, CJK-aware (`wrapSubtitle`, as burn-in does).
 * Returns the script and the text of each cue as drawn (the soft subtitles carry the same lines).
 */
export function drawnSubtitleScript(lines: readonly LineToDraw[], style: SubtitleTrackStyle, options: { width: number; height: number; layout: DrawnLayout }): { script: string; drawn: Array<{ start: number; end: number; text: string }> } {
  const { width, height } = options;
  const fontSize = Math.max(12, Math.round(style.glyphHeight / INK_PER_FONT_SIZE));
  const maxLines = height > width ? 3 : 2;
  const maxWidthEm = (width * 0.9) / fontSize;
  const cues = lines.map((line) => {
    const text = wrapSubtitle(line.text, maxWidthEm, maxLines);
    const rows = text.split('\n').length;
    const block = rows * fontSize * ROW_HEIGHT;
    const box = line.box ?? { x: style.centreX, y: style.centreY, width: 0, height: 0 };
    const x = line.box ? box.x + box.width / 2 : style.centreX;
    let y = line.box ? box.y + box.height / 2 : style.centreY;
    if (options.layout === 'bilingual') {
      const gap = fontSize * 0.35;
      const above = box.y - gap - block / 2;
      y = above - block / 2 >= height * 0.03 ? above : box.y + box.height + gap + block / 2;
    }
    // Inside the picture whatever the place: a tall block near an edge moves in.
    y = Math.max(block / 2 + 2, Math.min(height - block / 2 - 2, y));
    return { start: line.start, end: line.end, text, centre: { x: Math.max(width * 0.05, Math.min(width * 0.95, x)), y } };
  });
  const script = toAss(cues, {
    width,
    height,
    fontName: BURN_IN_FONT,
    fontSize,
    marginV: 0,
    textColor: style.textColor,
    outlineColor: style.outlineColor,
    look: style.look,
    // A light plate under dark letters stays light whatever is behind it (a translucent one over a dark picture
    // turns grey and the letters sink in); a dark plate keeps the usual translucency.
    ...(style.look === 'box' && lightColour(style.outlineColor) ? { boxOpacity: LIGHT_PLATE_OPACITY } : {}),
  });
  return { script, drawn: cues.map(({ start, end, text }) => ({ start, end, text })) };
}
