/**
 * `ppocr:pp-ocrv4`: burned-in text read offline with PaddleOCR's PP-OCRv4 models (Chinese +
 * English) on onnxruntime-node (decision 025). A video is read in subtitle mode by default: the
 * subtitle tracks are found by behaviour on sample frames (decision 045, `findSubtitleTracks`),
 * then only their band is decoded and followed over time, each language's rows on their own
 * (`SubtitleLineReader`, decision 070); all-text mode and still frames track every text box (`TextBoxTracker`).
 * Frames come from ffmpeg through `@voxwork/media` as raw pixels: nothing is written to disk.
 */
import { rawFrameBytes, rawVideoFramePairsArgs, rawVideoFramesArgs, readRawVideoFrames, readRgbPng } from '@voxwork/media';
import { z } from 'zod';
import { clampOption, parseOptions, speaksLanguage } from '../capabilities/call-options.ts';
import type { BoundingBox, EngineWarning } from '../capabilities/engine-common.ts';
import { detectTextOptionsSchema } from '../capabilities/option-schemas.ts';
import type { DetectedTextBox, DetectTextOptions, DetectTextResult, TextDetector } from '../capabilities/text-detector.ts';
import { EngineUnavailableError, throwIfAborted, toEngineError } from '../engine-errors.ts';
import { frameDecodingError, probePicture, wholePercentProgress, type PictureFacts } from '../video-frames.ts';
import { PPOCR_ENGINE_ID, PPOCR_READABLE } from './ppocr-languages.ts';
import { acquirePpocrModel, type PpocrModel, type PpocrModelSettings } from './ppocr-model.ts';
import { cropImage, pixelBox, type RgbImage } from './rgb-image.ts';
import { SubtitleLineReader, UNCHANGED_PRESENCE, type BandReading } from './subtitle-line-reader.ts';
import { findSubtitleTracks, isExcluded, type SampledBox, type SubtitleTrackCandidate, type SubtitleTracks } from './subtitle-tracks.ts';
import { TextBoxTracker } from './text-box-tracker.ts';
import { comparableText, growBox, mergeRowBoxes, overlapRatio, readLine, textSimilarity, unionBox, type ReadBox } from './text-lines.ts';
import { GLYPH_TOLERANCE, nearColour, textPixelsOf, textPresence, type TextPixels } from './text-pixels.ts';

export type PpocrSettings = PpocrModelSettings;

const providerSchema = z.object({
  /** Place line starts and ends on the frames between samples (default true); off: halfway between samples. */
  refineBoundaries: z.boolean().optional(),
  /** Skip OCR of samples whose text pixels have not changed (default true). */
  skipUnchanged: z.boolean().optional(),
  /** Frames looked at to find the subtitle band (default 10). */
  bandSampleFrames: z.number().int().min(3).max(30).optional(),
  /** Readings below this confidence are dropped (default 0.5). */
  minConfidence: z.number().min(0).max(1).optional(),
  /** Detection works on pictures brought down to this longer side (default 960). */
  detectionMaxSide: z.number().int().min(320).max(4096).optional(),
});
type ProviderOptions = z.infer<typeof providerSchema>;

const DEFAULT_SUBTITLE_RATE = 4;
const DEFAULT_ALL_TEXT_RATE = 2;
const RATE_RANGE = [0.2, 10] as const;
/** A subtitle of one or two characters must be read at least this surely. */
const SHORT_LINE_CONFIDENCE = 0.8;
/** Share of the progress of a subtitle read that the band search stands for. */
const BAND_SEARCH_SHARE = 10;
/** Pictures are detected at their own size up to this longer side (PaddleOCR's default limit). */
const DETECTION_MAX_SIDE = 960;
/** Line boxes are grown by this share of their height before they are read. */
const LINE_MARGIN = 0.1;
/**
 * Frames decoded ahead while one is read (decoding and OCR then share the two cores). The band pass
 * reads them on a thread of its own (decision 099): OCR blocks this thread, and ffmpeg, whose pipe
 * holds less than a band frame, would wait for it.
 */
const READ_AHEAD_FRAMES = 4;
/**
 * The band pass decodes every frame between its samples (to place line changes), so it reads further
 * ahead: up to this many frames, within `BAND_READ_AHEAD_BYTES` (at least `READ_AHEAD_FRAMES`). With
 * 4, ffmpeg filled the four while a sample was read and then waited, and the reader waited for it at
 * the frames between samples: on a 116-s 720p episode (a 1280×218 band, 24 frames a second, a sample
 * every 6th) the finder waited 6.3–7.8 s for frames; with 24, 1.6–1.8 s, and took 21 s instead of
 * 23–24 s (decision 099).
 */
const BAND_READ_AHEAD_FRAMES = 24;
const BAND_READ_AHEAD_BYTES = 24 * 1024 * 1024;

/** Frames the band pass reads ahead for frames of `frameBytes` each. */
export function bandReadAhead(frameBytes: number): number {
  return Math.max(READ_AHEAD_FRAMES, Math.min(BAND_READ_AHEAD_FRAMES, Math.floor(BAND_READ_AHEAD_BYTES / frameBytes)));
}
/** The band is searched on frames of this longer side. */
const BAND_SEARCH_SIDE = 960;
/** Samples looked at to find the subtitle tracks: this many per second of video, within the bounds. */
const SAMPLES_PER_SECOND = 2;
const MIN_SAMPLE_FRAMES = 10;
const MAX_SAMPLE_FRAMES = 24;
/** A sample's companion frame comes this much later (a subtitle holds; a counter has changed). */
const COMPANION_SECONDS = 0.12;
/** A companion reading at least this like the sample's (and with the same digits) is the same text. */
const STEADY_SIMILARITY = 0.7;
const digitsOf = (text: string) => text.normalize('NFKC').replace(/\D/g, '');
/** A track-search box overlapping one of the sample before by this much (intersection over union) is at its place. */
const SAME_PLACE = 0.9;
/**
 * `searchFirst`: the band an earlier video was read in (which already holds room for a row more above
 * and below a single row, `findSubtitleTracks`) is searched grown by this share of its height above
 * and below, and only while that stays under `MAX_SEARCH_FIRST_SHARE` of the picture's height (else
 * the whole picture is searched at once: a narrower search would save little).
 */
const SEARCH_FIRST_GROWTH = 0.1;
const MAX_SEARCH_FIRST_SHARE = 0.6;
/** Videos up to this long are decoded once for the band search rather than sought into. */
const SINGLE_PASS_SECONDS = 180;
/** Frames between samples are decoded at up to this rate to place line changes. */
const MAX_REFINE_RATE = 30;

interface CallState {
  model: PpocrModel;
  options: DetectTextOptions;
  provider: ProviderOptions;
  warnings: EngineWarning[];
  steps: Record<string, number>;
  /** Reports whole percents to `options.onProgress`, each once. */
  progress(percent: number): void;
}

const roundTime = (seconds: number) => Math.round(seconds * 1000) / 1000;
const even = (value: number) => Math.floor(value / 2) * 2;

/** `box` inside a `width` × `height` picture, with even edges (what ffmpeg's crop of 4:2:0 video keeps exactly). */
function evenBox(box: BoundingBox, width: number, height: number): BoundingBox {
  const x = even(Math.max(0, Math.min(width - 2, box.x)));
  const y = even(Math.max(0, Math.min(height - 2, box.y)));
  return { x, y, width: Math.max(2, even(Math.min(width - x, box.width + (box.x - x)))), height: Math.max(2, even(Math.min(height - y, box.height + (box.y - y)))) };
}

const offsetBox = (box: BoundingBox, by: { x: number; y: number }): BoundingBox => ({ x: by.x + box.x, y: by.y + box.y, width: box.width, height: box.height });

/** `box` grown about its middle to a whole multiple of 32 rows (the detector's stride), inside a picture `height` rows tall. */
function strideRows(box: BoundingBox, height: number): BoundingBox {
  const rows = Math.min(Math.floor(height / 32) * 32 || height, Math.ceil(box.height / 32) * 32);
  const top = Math.max(0, Math.min(height - rows, Math.round(box.y + box.height / 2 - rows / 2)));
  return { x: box.x, y: top, width: box.width, height: rows };
}

/** The full-width part of the picture `searchFirst` names (its band grown), or undefined where it does not apply to this picture. */
export function searchFirstArea(searchFirst: DetectTextOptions['searchFirst'], video: { width: number; height: number }): BoundingBox | undefined {
  if (!searchFirst || searchFirst.frameWidth !== video.width || searchFirst.frameHeight !== video.height) return undefined;
  const grow = searchFirst.band.height * SEARCH_FIRST_GROWTH;
  const top = Math.max(0, Math.floor(searchFirst.band.y - grow));
  const bottom = Math.min(video.height, Math.ceil(searchFirst.band.y + searchFirst.band.height + grow));
  if (bottom - top <= 0 || bottom - top > video.height * MAX_SEARCH_FIRST_SHARE) return undefined;
  return { x: 0, y: top, width: video.width, height: bottom - top };
}

/** A band to read: its place, its rows' glyph heights, places left out (band pixels), the track its lines belong to, and its text's colour when the samples showed it. */
interface BandToRead {
  band: BoundingBox;
  lineHeights: { min: number; max: number } | undefined;
  exclusions: BoundingBox[];
  track: number | undefined;
  colour?: Colour | undefined;
  /** The widest its lines were seen on the samples (band pixels). */
  widestLine?: number | undefined;
}

type Colour = readonly [number, number, number];
/** The tracks found, each band with its text's colour and widest line on the samples. */
interface FoundTracks extends Omit<SubtitleTracks, 'bands'> {
  bands: Array<SubtitleTracks['bands'][number] & { colour: Colour | undefined; widestLine: number | undefined }>;
}
/** Grey per unit of colour distance in a keyed picture (the text's colour black, 170 away white). */
const KEY_GAIN = 1.5;
/** A line read this much narrower than the widest seen in its track is looked at again in its colour. */
const NARROW_LINE = 0.75;
/**
 * A band is first looked at brought down until its track's shortest rows are this tall (px): where
 * that finds no row, nothing is read (decision 088). The detector finds 24-72 px glyphs at this size.
 */
const FIRST_LOOK_LINE_HEIGHT = 32;
/** The first look is skipped where it would not cost less than this share of a detection at the band's size. */
const FIRST_LOOK_MAX_SCALE = 0.8;
/** The strip detected at the band's size around the rows of a first look: this share of their height above and below. */
const STRIP_MARGIN = 0.5;

/**
 * `image` as grey by closeness to `colour`: the text's own pixels black, everything else lighter.
 * Yellow serif glyphs over a pink and black texture, which the detector found only in pieces, are
 * black on light grey here; the detector finds such lines whole.
 */
export function keyedByColour(image: RgbImage, colour: Colour): RgbImage {
  const { data } = image;
  const keyed = new Uint8Array(data.length);
  const [red, green, blue] = colour;
  for (let index = 0; index < data.length; index += 3) {
    const r = data[index]! - red;
    const g = data[index + 1]! - green;
    const b = data[index + 2]! - blue;
    // (Math.sqrt of the sum, not Math.hypot: this loop 3–4 times as fast, 29–38 → 9.5 ms a 1280×220 band, and exact where hypot's scaling rounds a whole distance down.)
    const grey = Math.min(255, Math.round(Math.sqrt(r * r + g * g + b * b) * KEY_GAIN));
    keyed[index] = grey;
    keyed[index + 1] = grey;
    keyed[index + 2] = grey;
  }
  return { data: keyed, width: image.width, height: image.height };
}

/**
 * A band with less of the text's colour than this share (a line covers some percent) is not looked
 * at again; nor one with more, where the colour is not the text's own (white text over bright bars:
 * 20-30 %, and the keyed picture is then mostly black). Yellow serif on the pink texture: 1.2-1.5 %.
 */
const MIN_COLOUR_SHARE = 0.003;
const MAX_COLOUR_SHARE = 0.1;

/** Share of `image`'s pixels (every other one of every other row) near `colour` (as a glyph pixel is to its text's colour). */
export function colourShare(image: RgbImage, colour: Colour): number {
  const { data, width, height } = image;
  let near = 0;
  let seen = 0;
  for (let y = 0; y < height; y += 2) {
    for (let x = 0, index = y * width * 3; x < width; x += 2, index += 6) {
      seen++;
      if (nearColour(data, index, colour, GLYPH_TOLERANCE)) near++;
    }
  }
  return seen === 0 ? 0 : near / seen;
}

/** The per-channel median of colours (undefined for none). */
function medianColour(colours: readonly Colour[]): Colour | undefined {
  if (colours.length === 0) return undefined;
  const channel = (at: number) => [...colours.map((colour) => colour[at]!)].sort((a, b) => a - b)[Math.floor(colours.length / 2)]!;
  return [channel(0), channel(1), channel(2)];
}

/** The readings of `detected` (their `lines`, in order) that have text read with at least `minConfidence`, each with its box. */
function keptReadings(detected: readonly BoundingBox[], lines: ReadonlyArray<{ text: string; confidence: number }>, minConfidence: number): ReadBox[] {
  return detected.flatMap((box, index) => {
    const line = lines[index]!;
    return line.text.trim() && line.confidence >= minConfidence ? [{ box: { x: box.x, y: box.y, width: box.width, height: box.height }, text: line.text.trim(), confidence: line.confidence }] : [];
  });
}

/** `band`'s part of a picture of `outer` (full-width bands share the rows: no copy). */
function bandOf(image: RgbImage, outer: BoundingBox, band: BoundingBox): RgbImage {
  const box = { x: band.x - outer.x, y: band.y - outer.y, width: band.width, height: band.height };
  if (box.x !== 0 || box.width !== image.width) return cropImage(image, box);
  const rowBytes = image.width * 3;
  const top = Math.max(0, Math.min(image.height - 1, box.y));
  const height = Math.max(1, Math.min(image.height - top, box.height));
  return { data: image.data.subarray(top * rowBytes, (top + height) * rowBytes), width: image.width, height };
}

export class PpocrTextDetector implements TextDetector {
  readonly specificationVersion = 'v1';
  readonly engineId = PPOCR_ENGINE_ID;
  readonly #settings: PpocrSettings;

  constructor(settings: PpocrSettings = {}) {
    this.#settings = settings;
  }

  async doDetect(options: DetectTextOptions): Promise<DetectTextResult> {
    const startedAt = performance.now();
    const { warnings, provider } = parseOptions(options, { engineId: this.engineId, request: detectTextOptionsSchema, vendor: 'ppocr', schema: providerSchema });
    for (const language of options.languages ?? []) {
      if (!PPOCR_READABLE.some((readable) => speaksLanguage([readable], language))) {
        warnings.push({ type: 'unsupported-option', option: 'languages', details: `${language}: PP-OCRv4 reads Chinese and English only` });
      }
    }
    const held = await acquirePpocrModel(this.#settings).catch((cause: unknown) => {
      throw new EngineUnavailableError(`PP-OCR models could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, { engineId: this.engineId, cause });
    });
    const model = held.value;
    const progress = wholePercentProgress(options.onProgress);
    const state: CallState = { model, options, provider, warnings, steps: {}, progress };
    try {
      throwIfAborted(options.signal, this.engineId);
      let result: Omit<DetectTextResult, 'warnings' | 'response'>;
      if ('frames' in options.input) {
        if (options.mode === 'subtitles') warnings.push({ type: 'approximated-option', option: 'mode', details: 'still frames are read whole (all text)' });
        result = await this.#readFrames(state, options.input.frames);
      } else {
        const video = await probePicture(options.input.videoFile, this.engineId, options.signal);
        result = options.mode === 'all-text' ? await this.#readAllText(state, video) : await this.#readSubtitles(state, video);
      }
      progress(100);
      return { ...result, warnings, timings: { totalMs: performance.now() - startedAt, stepsMs: state.steps }, response: { engineId: this.engineId } };
    } catch (error) {
      throw toEngineError(error, this.engineId, 'reading text');
    } finally {
      held.release();
    }
  }

  /**
   * Frames of `args`'s output, `width` × `height` each; a decoding failure of a file that probed fine
   * is bad input. `onThread`: read and split on a thread of their own, which goes on reading while
   * OCR blocks this one, up to `BAND_READ_AHEAD_FRAMES` ahead. It pays in the band pass only (decision 099): there ffmpeg writes a frame
   * for each it decodes (the frames between samples place line changes) and waits while OCR runs; where frames are sampled sparsely
   * (the track search, all-text) ffmpeg decodes up to the next sample while one is read and waits
   * only to write it, and the thread's start (about 60 ms, 80 ms of CPU) bought nothing measurable.
   */
  async *#frames(args: readonly string[], width: number, height: number, state: CallState, timeoutMs: number, onThread: boolean): AsyncGenerator<RgbImage> {
    const { signal } = state.options;
    const frameBytes = rawFrameBytes(width, height);
    const readAhead = onThread ? bandReadAhead(frameBytes) : READ_AHEAD_FRAMES;
    let waitedSince = performance.now();
    try {
      for await (const data of readRawVideoFrames(args, frameBytes, { signal, timeoutMs, readAhead, onThread })) {
        state.steps.decodeWaitMs = (state.steps.decodeWaitMs ?? 0) + performance.now() - waitedSince;
        throwIfAborted(signal, this.engineId);
        yield { data, width, height };
        waitedSince = performance.now();
      }
    } catch (error) {
      throw frameDecodingError(error, this.engineId);
    }
  }

  /**
   * Detection + recognition of a picture, timed into `recogniseMs`: the boxes `#detectLines` finds
   * (those `filter` keeps) in `detectOn` (by default the picture), each read in the picture, those
   * read with confidence kept.
   */
  async #readBoxes(state: CallState, image: RgbImage, filter: (box: BoundingBox) => boolean, detectionSide?: number, margin = LINE_MARGIN, detectOn: RgbImage = image, within?: BoundingBox): Promise<ReadBox[]> {
    const started = performance.now();
    const detected = await this.#detectLines(state, detectOn, filter, detectionSide, margin, within);
    const lines = await state.model.recognise(image, detected);
    state.steps.recogniseMs = (state.steps.recogniseMs ?? 0) + performance.now() - started;
    return keptReadings(detected, lines, state.provider.minConfidence ?? 0.5);
  }

  /**
   * Line boxes of a picture (or of the part `within` it): detected (at `detectionSide`, the longer
   * side of what is detected, by default the picture's own size up to `detectionMaxSide`), kept by
   * `filter`, pieces of a row that touch joined, each grown by `margin` of its height (detection
   * fits boxes tightly; recognition keeps word spaces better with a margin).
   */
  async #detectLines(state: CallState, image: RgbImage, filter: (box: BoundingBox) => boolean = () => true, detectionSide?: number, margin = LINE_MARGIN, within?: BoundingBox): Promise<BoundingBox[]> {
    const maxSide = detectionSide ?? Math.min(Math.max(image.width, image.height), state.provider.detectionMaxSide ?? DETECTION_MAX_SIDE);
    const detected: BoundingBox[] = (await state.model.detect(image, { maxSide, ...(within ? { region: within } : {}) })).filter(filter);
    return mergeRowBoxes(detected, 0.8).map((box) => growBox(box, margin, image.width, image.height));
  }

  #rate(state: CallState, fallback: number): number {
    const { input } = state.options;
    const asked = 'videoFile' in input ? input.framesPerSecond : undefined;
    return asked === undefined ? fallback : clampOption(state.warnings, 'input.framesPerSecond', asked, RATE_RANGE, (used) => `read at ${used} frames per second`);
  }

  /**
   * The boxes of a track-search sample (detected at the search's size, no margin), each read, except
   * where the sample before read a box at the same place whose glyphs are all still there: that box
   * holds the same text (a logo, a sign, a line that stays), which is taken without reading it again.
   */
  async #readSampleBoxes(state: CallState, image: RgbImage, previous: { boxes: readonly SampledBox[]; pixels: ReadonlyArray<TextPixels | undefined> } | undefined, within?: BoundingBox): Promise<SampledBox[]> {
    const started = performance.now();
    // Within a part of the sample: detected at the same scale as the whole sample would be.
    const detected = await this.#detectLines(state, image, () => true, within ? Math.max(within.width, within.height) : BAND_SEARCH_SIDE, 0, within);
    const known = detected.map((box) =>
      previous?.boxes.find((entry, index) => {
        const pixels = previous.pixels[index];
        return pixels !== undefined && overlapRatio(entry.box, box) >= SAME_PLACE && textPresence(pixels, image) >= UNCHANGED_PRESENCE;
      }),
    );
    const unread = detected.filter((_, index) => known[index] === undefined);
    const read = await state.model.recognise(image, unread);
    state.steps.recogniseMs = (state.steps.recogniseMs ?? 0) + performance.now() - started;
    state.steps.searchBoxesKnown = (state.steps.searchBoxesKnown ?? 0) + detected.length - unread.length;
    // A known box's text was kept once already: kept again as it is.
    let next = 0;
    const lines = known.map((entry) => entry ?? read[next++]!);
    return keptReadings(detected, lines, state.provider.minConfidence ?? 0.5);
  }

  /** Marks each box of `sample` steady or not by its companion picture; the number of boxes read again. */
  async #readCompanion(state: CallState, sample: { boxes: SampledBox[]; pixels: Array<TextPixels | undefined> }, image: RgbImage): Promise<number> {
    const unread = sample.boxes.filter((entry, index) => {
      const pixels = sample.pixels[index];
      if (pixels && textPresence(pixels, image) >= UNCHANGED_PRESENCE) entry.steady = true;
      return entry.steady === undefined;
    });
    if (unread.length === 0) return 0;
    const lines = await state.model.recognise(image, unread.map((entry) => entry.box));
    unread.forEach((entry, index) => {
      const again = lines[index]!.text;
      // A misread letter is not a change; a changed digit is (a counter).
      entry.steady = textSimilarity(again, entry.text) >= STEADY_SIMILARITY && digitsOf(again) === digitsOf(entry.text);
    });
    return unread.length;
  }

  /**
   * Samples spread over the video, read whole (scaled down), each box read again on a companion
   * frame `COMPANION_SECONDS` later, and the subtitle tracks that behaviour shows (`findSubtitleTracks`).
   * `within` (video pixels): only the text in that part of the samples is detected and read.
   */
  async #findTracks(state: CallState, video: PictureFacts, pick: BoundingBox | undefined, within?: BoundingBox): Promise<FoundTracks> {
    const started = performance.now();
    const count = state.provider.bandSampleFrames ?? Math.round(Math.min(MAX_SAMPLE_FRAMES, Math.max(MIN_SAMPLE_FRAMES, video.durationSeconds * SAMPLES_PER_SECOND)));
    // Frames brought down to 960 px on the longer side: at 640 a yellow line with a shadow on a busy texture was missed.
    const scale = Math.min(1, BAND_SEARCH_SIDE / Math.max(video.width, video.height));
    const width = Math.max(2, even(video.width * scale));
    const height = Math.max(2, even(video.height * scale));
    // A multiple of 32 rows tall at the search's scale (the detector's stride): detected at its own size, not stretched to one.
    const searched = within && pixelBox(strideRows({ x: 0, y: within.y * scale, width, height: within.height * scale }, height), width, height);
    const step = video.durationSeconds / count;
    const later = Math.min(COMPANION_SECONDS, step / 3);
    // Each sample comes with its companion from the same decoding (one picture, the sample on top):
    // a short video is decoded once at `count` pairs over its length, a long one is sought into once a pair.
    const passes =
      video.durationSeconds <= SINGLE_PASS_SECONDS
        ? [rawVideoFramePairsArgs({ input: video.file, startSeconds: step / 2, framesPerSecond: 1 / step, laterSeconds: later, pairCount: count, scale: { width, height } })]
        : Array.from({ length: count }, (_, index) => rawVideoFramePairsArgs({ input: video.file, startSeconds: step * (index + 0.5), laterSeconds: later, pairCount: 1, scale: { width, height } }));
    const samples: Array<{ boxes: SampledBox[]; pixels: Array<TextPixels | undefined> }> = [];
    const frameBytes = rawFrameBytes(width, height);
    let lastCompanion: Uint8Array | undefined;
    let companionsRead = 0;
    for (const args of passes) {
      for await (const pair of this.#frames(args, width, height * 2, state, 60_000 + video.durationSeconds * 1000, false)) {
        const image: RgbImage = { data: pair.data.subarray(0, frameBytes), width, height };
        // Boxes as detected (no margin): the tracks are drawn around the text itself.
        const boxes: SampledBox[] = await this.#readSampleBoxes(state, image, samples.at(-1), searched);
        // The glyphs of each box without digits, to tell on the companion whether it still shows without reading it again.
        const sample = { boxes, pixels: boxes.map((entry) => (digitsOf(entry.text) ? undefined : textPixelsOf(image, [entry.box]))) };
        samples.push(sample);
        // The companion: a box whose glyphs are all still there is the same text; the others are read
        // again where they were, and a different reading is text that changes every frame. The same
        // companion as the pair before is the video's end (no later frame): the sample has none.
        const companion: RgbImage = { data: pair.data.subarray(frameBytes), width, height };
        const repeated = passes.length === 1 && lastCompanion !== undefined && Buffer.from(companion.data.buffer, companion.data.byteOffset, frameBytes).equals(Buffer.from(lastCompanion.buffer, lastCompanion.byteOffset, frameBytes));
        lastCompanion = companion.data;
        if (!repeated && boxes.length > 0) companionsRead += await this.#readCompanion(state, sample, companion);
        state.progress((samples.length / count) * BAND_SEARCH_SHARE);
      }
    }
    state.steps.companionBoxes = samples.reduce((sum, sample) => sum + sample.boxes.length, 0);
    state.steps.companionBoxesRead = companionsRead;
    state.progress(BAND_SEARCH_SHARE);
    state.steps.detectBandMs = performance.now() - started;
    // The search is the call's first decoding: the wait so far is its own.
    state.steps.detectBandDecodeWaitMs = state.steps.decodeWaitMs ?? 0;
    const down = (box: BoundingBox): BoundingBox => ({ x: box.x * scale, y: box.y * scale, width: box.width * scale, height: box.height * scale });
    const found = findSubtitleTracks(samples, width, height, pick && down(pick));
    const up = (box: BoundingBox): BoundingBox => ({ x: box.x / scale, y: box.y / scale, width: box.width / scale, height: box.height / scale });
    // Each band's text colour and widest line, from the sample boxes whose middle lies in it (the
    // colour is taken where the box was read, so a box with digits, never measured, gives none).
    const inBand = (box: BoundingBox, band: BoundingBox) => box.y + box.height / 2 >= band.y && box.y + box.height / 2 <= band.y + band.height;
    const bandFacts = found.bands.map((entry) => {
      const boxes = samples.flatMap((sample) => sample.boxes.map((box, index) => ({ box, pixels: sample.pixels[index] })).filter(({ box }) => inBand(box.box, entry.band)));
      return {
        colour: medianColour(boxes.flatMap(({ pixels }) => (pixels ? [pixels.colour] : []))),
        widestLine: boxes.length > 0 ? Math.max(...boxes.map(({ box }) => box.box.width)) / scale : undefined,
      };
    });
    return {
      tracks: found.tracks.map((track) => ({ ...track, box: up(track.box), lineHeight: track.lineHeight / scale })),
      bands: found.bands.map((entry, index) => ({
        ...entry,
        colour: bandFacts[index]!.colour,
        widestLine: bandFacts[index]!.widestLine,
        band: { x: 0, y: entry.band.y / scale, width: video.width, height: Math.min(video.height - entry.band.y / scale, entry.band.height / scale) },
        lineHeights: { min: entry.lineHeights.min / scale, max: entry.lineHeights.max / scale },
        others: entry.others.map(up),
      })),
      exclusions: found.exclusions.map(up),
    };
  }

  /**
   * Subtitle mode: the tracks found (or the one picked, or the `region` given), each band of them
   * read on its own from one decoding of the part of the picture that holds them all.
   */
  async #readSubtitles(state: CallState, video: PictureFacts): Promise<Omit<DetectTextResult, 'warnings' | 'response'>> {
    const { options } = state;
    let bands: BandToRead[];
    let tracks: SubtitleTrackCandidate[] | undefined;
    if (options.region) bands = [{ band: evenBox(options.region, video.width, video.height), lineHeights: undefined, exclusions: [], track: undefined }];
    else {
      // Around the band an earlier video was read in first (a series' episode); the whole picture when no track is there.
      const first = options.subtitleTrack ? undefined : searchFirstArea(options.searchFirst, video);
      let found = video.durationSeconds > 0 ? await this.#findTracks(state, video, options.subtitleTrack, first) : undefined;
      if (first && video.durationSeconds > 0) {
        state.steps.searchedFirst = 1;
        if (!found?.bands.length) {
          state.steps.searchWidened = 1;
          found = await this.#findTracks(state, video, undefined);
        }
      }
      tracks = found?.tracks;
      state.steps.candidateTracks = found?.tracks.length ?? 0;
      if (found?.bands.length) {
        bands = found.bands.map((entry) => {
          const band = evenBox(entry.band, video.width, video.height);
          return { band, lineHeights: entry.lineHeights, exclusions: [...found.exclusions, ...entry.others].map((box) => offsetBox(box, { x: -band.x, y: -band.y })), track: entry.track, colour: entry.colour, widestLine: entry.widestLine };
        });
        if (!options.subtitleTrack && found.tracks.some((track) => !track.chosen)) {
          state.warnings.push({ type: 'approximate-output', output: 'subtitleBand', details: `${found.tracks.length} candidate subtitle tracks: the dominant one was read` });
        }
      } else if (options.subtitleTrack) {
        // The place picked holds no candidate (a person drew it): it is read as the band.
        bands = [{ band: evenBox(options.subtitleTrack, video.width, video.height), lineHeights: undefined, exclusions: [], track: undefined }];
      } else {
        state.warnings.push({ type: 'approximate-output', output: 'subtitleBand', details: 'no subtitle track was found (no text that appears, holds and is replaced by other lines): nothing was read' });
        return { boxes: [], frameWidth: video.width, frameHeight: video.height, subtitleTracks: tracks ?? [] };
      }
    }
    const rate = this.#rate(state, DEFAULT_SUBTITLE_RATE);
    const refine = state.provider.refineBoundaries ?? true;
    const sampleEvery = refine ? Math.max(1, Math.floor(Math.min(video.frameRate ?? 25, MAX_REFINE_RATE) / rate)) : 1;
    const frameRate = rate * sampleEvery;
    // One decoding of the part that holds every band; each band's rows are cut from it and followed by a reader of their own.
    const outer = evenBox(unionBox(bands.map((entry) => entry.band))!, video.width, video.height);
    const readers = bands.map((entry) => ({ entry, reader: this.#bandReader(state, video, entry, { frameRate, sampleEvery, refine }) }));
    const started = performance.now();
    const args = rawVideoFramesArgs({ input: video.file, framesPerSecond: frameRate, crop: outer });
    let index = 0;
    const bandShare = options.region ? 0 : BAND_SEARCH_SHARE;
    for await (const image of this.#frames(args, outer.width, outer.height, state, 120_000 + video.durationSeconds * 30_000, true)) {
      for (const { entry, reader } of readers) await reader.push(bands.length === 1 ? image : bandOf(image, outer, entry.band), index);
      if (video.durationSeconds > 0) state.progress(bandShare + ((100 - bandShare) * index) / (frameRate * video.durationSeconds));
      index++;
    }
    const boxes: DetectedTextBox[] = [];
    for (const { entry, reader } of readers) {
      const lines = reader.finish();
      for (const [name, count] of Object.entries(reader.counts)) state.steps[name] = (state.steps[name] ?? 0) + count;
      for (const line of lines) {
        boxes.push({
          text: line.text,
          confidence: roundTime(line.confidence),
          box: offsetBox(line.box, entry.band),
          startSeconds: roundTime(Math.max(0, line.startSeconds)),
          endSeconds: roundTime(video.durationSeconds > 0 ? Math.min(video.durationSeconds, line.endSeconds) : line.endSeconds),
          ...(entry.track !== undefined ? { track: entry.track } : {}),
        });
      }
    }
    boxes.sort((a, b) => a.startSeconds - b.startSeconds || a.box.y - b.box.y);
    Object.assign(state.steps, { bandPassMs: performance.now() - started, sampleEvery, bandsRead: bands.length });
    return { boxes, frameWidth: video.width, frameHeight: video.height, subtitleBand: outer, ...(tracks ? { subtitleTracks: tracks } : {}) };
  }

  /** The reader of one band: OCR of the band's rows (about as tall as its track's, not at an excluded place), line by line over time. */
  #bandReader(state: CallState, video: PictureFacts, entry: BandToRead, timing: { frameRate: number; sampleEvery: number; refine: boolean }): SubtitleLineReader {
    const { options, provider } = state;
    const { band, lineHeights, exclusions, colour, widestLine } = entry;
    // A subtitle row is about as tall as the rows the band was found with (rows are detected apart).
    const plausible = (box: BoundingBox) => (lineHeights ? box.height >= lineHeights.min * 0.5 && box.height <= lineHeights.max * 1.6 : box.height >= 8) && !isExcluded(box, exclusions);
    // The band is detected at its own size; where that finds nothing, again at the scale the tracks
    // were found at (a found track is detectable there; at full size a white line in a dark box on
    // a bright background was not, while yellow serif on a busy texture reads better at full size).
    const fullSide = Math.max(band.width, band.height);
    const searchSide = options.region ? fullSide : Math.round(fullSide * Math.min(1, BAND_SEARCH_SIDE / Math.max(video.width, video.height)));
    // Most readings of a band find no line (the gaps between lines: the reader reads every sample
    // while no line is open), and each such reading cost up to three detections of the whole band at
    // its own size (its own size, the search scale, keyed by colour). In a gap the band is first
    // looked at smaller (its track's rows FIRST_LOOK_LINE_HEIGHT px tall: about a third of the
    // pixels at 720p); only the rows that look finds are then detected at the band's own size, in a
    // strip of the band's width around them, so the boxes read are measured as before (the small
    // look's own boxes are a few pixels taller, and moved the pixel test's line starts). The look can
    // miss the faint first frame of a fade: the reader then reads that sample again in full, once
    // the line shows (decision 088).
    const firstLookScale = lineHeights ? Math.min(1, FIRST_LOOK_LINE_HEIGHT / lineHeights.min) : 1;
    const firstLookSide = firstLookScale <= FIRST_LOOK_MAX_SCALE ? Math.round(fullSide * firstLookScale) : undefined;
    const searchScale = searchSide / fullSide;
    /** The strip of `picture` around the rows a small look finds, or undefined where it finds none. */
    const rowsStrip = async (picture: RgbImage): Promise<BoundingBox | undefined> => {
      const started = performance.now();
      const rows = await this.#detectLines(state, picture, plausible, firstLookSide, 0);
      state.steps.recogniseMs = (state.steps.recogniseMs ?? 0) + performance.now() - started;
      state.steps.firstLooks = (state.steps.firstLooks ?? 0) + 1;
      const around = unionBox(rows);
      if (!around) return undefined;
      state.steps.firstLooksWithRows = (state.steps.firstLooksWithRows ?? 0) + 1;
      // A multiple of 32 rows tall (the detector's stride): detected at its own size, not stretched to one.
      const wanted = Math.min(picture.height, Math.ceil((around.height * (1 + 2 * STRIP_MARGIN)) / 32) * 32);
      const top = Math.max(0, Math.min(picture.height - wanted, Math.round(around.y + around.height / 2 - wanted / 2)));
      return { x: 0, y: top, width: picture.width, height: wanted };
    };
    /** The boxes read in `picture` (detected on `detectOn`): the whole band at its size, then at the search scale; in a gap, only the strip a small look leaves. */
    const readBand = async (picture: RgbImage, glance: boolean, keyed?: RgbImage): Promise<ReadBox[]> => {
      const detectOn = keyed ?? picture;
      // (A keyed picture is detected at the band's size only.)
      const searchToo = keyed === undefined;
      const glancing = glance && firstLookSide !== undefined;
      const strip = glancing ? await rowsStrip(detectOn) : undefined;
      if (glancing && !strip) return [];
      const side = strip ? Math.max(strip.width, strip.height) : fullSide;
      const boxes = await this.#readBoxes(state, picture, plausible, side, LINE_MARGIN, detectOn, strip);
      return boxes.length === 0 && searchToo && searchScale < 1 ? this.#readBoxes(state, picture, plausible, Math.round(side * searchScale), LINE_MARGIN, detectOn, strip) : boxes;
    };
    // The words of the last narrow line whose look in its colour read no more: the same words read
    // again (the line's next samples, its once-a-second check) are not looked at again, until a
    // sample reads no line (decision 114).
    let lookedInVain: string | undefined;
    return new SubtitleLineReader({
      frameSeconds: 1 / timing.frameRate,
      sampleEvery: timing.sampleEvery,
      durationSeconds: video.durationSeconds,
      refineBoundaries: timing.refine,
      skipUnchanged: provider.skipUnchanged ?? true,
      glances: firstLookSide !== undefined,
      read: async (image, glance = false): Promise<BandReading | undefined> => {
        let boxes = await readBand(image, glance);
        let line = readLine(boxes);
        // Nothing, or a line narrower than its track's lines were, where the text's colour is the
        // band's own: the band again, keyed by that colour (detection on the keyed picture, reading
        // on the picture itself), and the longer of the two readings kept. A busy background cuts
        // lines into pieces the detector drops.
        const worthALook = (share: number) => share <= MAX_COLOUR_SHARE && (line !== undefined || share >= MIN_COLOUR_SHARE);
        const narrow = line !== undefined && widestLine !== undefined && line.box.width < widestLine * NARROW_LINE;
        const lookedAlready = narrow && line!.text === lookedInVain;
        if (lookedAlready && colour) state.steps.narrowLooksSpared = (state.steps.narrowLooksSpared ?? 0) + 1;
        const keyed = colour && (!line || (narrow && !lookedAlready)) && worthALook(colourShare(image, colour)) ? keyedByColour(image, colour) : undefined;
        if (keyed) {
          state.steps.keyedLooks = (state.steps.keyedLooks ?? 0) + 1;
          const keyedBoxes = await readBand(image, glance && !line, keyed);
          const keyedLine = readLine(keyedBoxes);
          const plainText = line?.text;
          const keyedRead = keyedLine !== undefined && (!line || (comparableText(keyedLine.text).length > comparableText(line.text).length && keyedLine.confidence >= line.confidence - 0.1));
          if (keyedRead) {
            state.steps.keyedLines = (state.steps.keyedLines ?? 0) + 1;
            boxes = keyedBoxes;
            line = keyedLine;
          }
          if (narrow) lookedInVain = keyedRead ? undefined : plainText;
        }
        // One or two characters read with doubt are mostly the background (a stroke, a corner).
        if (!line || (comparableText(line.text).length <= 2 && line.confidence < SHORT_LINE_CONFIDENCE)) {
          // A gap: the next line is looked at afresh, whatever its words.
          lookedInVain = undefined;
          return undefined;
        }
        return { ...line, boxes };
      },
      readAt: async (image, box) => {
        const started = performance.now();
        const [line] = await state.model.recognise(image, [box]);
        state.steps.recogniseMs = (state.steps.recogniseMs ?? 0) + performance.now() - started;
        return line && line.confidence >= (provider.minConfidence ?? 0.5) ? line.text.trim() : undefined;
      },
    });
  }

  async #readAllText(state: CallState, video: PictureFacts): Promise<Omit<DetectTextResult, 'warnings' | 'response'>> {
    const rate = this.#rate(state, DEFAULT_ALL_TEXT_RATE);
    const region = state.options.region ? evenBox(state.options.region, video.width, video.height) : { x: 0, y: 0, width: video.width, height: video.height };
    const tracker = this.#tracker(state);
    const args = rawVideoFramesArgs({ input: video.file, framesPerSecond: rate, ...(state.options.region ? { crop: region } : {}) });
    let index = 0;
    for await (const image of this.#frames(args, region.width, region.height, state, 120_000 + video.durationSeconds * 60_000, false)) {
      await this.#trackFrame(state, tracker, image, index++ / rate);
      if (video.durationSeconds > 0) state.progress((100 * index) / (rate * video.durationSeconds));
    }
    state.steps.framesDecoded = index;
    const half = 0.5 / rate;
    const boxes = tracker.finish().map((text) => ({
      text: text.text,
      confidence: roundTime(text.confidence),
      box: offsetBox(text.box, region),
      startSeconds: roundTime(Math.max(0, text.firstSeconds - half)),
      endSeconds: roundTime(Math.min(video.durationSeconds || Infinity, text.lastSeconds + half)),
    }));
    return { boxes, frameWidth: video.width, frameHeight: video.height };
  }

  async #readFrames(state: CallState, frames: ReadonlyArray<{ imageFile: string; timeSeconds: number }>): Promise<Omit<DetectTextResult, 'warnings' | 'response'>> {
    const tracker = this.#tracker(state);
    const sorted = [...frames].sort((a, b) => a.timeSeconds - b.timeSeconds);
    // An 8-bit RGB PNG (the erasure's kept frames) is read here, the same bytes ffmpeg gives; any other picture is probed and decoded by ffmpeg
    // (a file not named .png is not read twice to find out).
    const pictureOf = async (file: string) =>
      (file.toLowerCase().endsWith('.png') ? await readRgbPng(file).catch(() => undefined) : undefined) ?? (await probePicture(file, this.engineId, state.options.signal));
    // The first picture sets the size (and the region's place); the tracker works in region pixels.
    const first = await pictureOf(sorted[0]!.imageFile);
    const region = state.options.region ? evenBox(state.options.region, first.width, first.height) : { x: 0, y: 0, width: first.width, height: first.height };
    for (const frame of sorted) {
      throwIfAborted(state.options.signal, this.engineId);
      const picture = frame === sorted[0] ? first : await pictureOf(frame.imageFile);
      const crop = evenBox(region, picture.width, picture.height);
      if ('data' in picture) {
        const image = state.options.region ? cropImage(picture, crop) : picture;
        await this.#trackFrame(state, tracker, image, frame.timeSeconds);
      } else {
        const args = rawVideoFramesArgs({ input: frame.imageFile, frameCount: 1, ...(state.options.region ? { crop } : {}) });
        const size = state.options.region ? crop : picture;
        for await (const image of this.#frames(args, size.width, size.height, state, 60_000, false)) await this.#trackFrame(state, tracker, image, frame.timeSeconds);
      }
      state.progress((100 * (sorted.indexOf(frame) + 1)) / sorted.length);
    }
    state.steps.framesDecoded = sorted.length;
    const boxes = tracker
      .finish()
      .map((text) => ({ text: text.text, confidence: roundTime(text.confidence), box: offsetBox(text.box, region), startSeconds: text.firstSeconds, endSeconds: text.lastSeconds }));
    return { boxes, frameWidth: first.width, frameHeight: first.height };
  }

  #tracker(state: CallState): TextBoxTracker {
    return new TextBoxTracker({
      skipUnchanged: state.provider.skipUnchanged ?? true,
      minConfidence: state.provider.minConfidence ?? 0.5,
      read: async (image, boxes) => {
        const started = performance.now();
        const lines = await state.model.recognise(image, boxes);
        state.steps.recogniseMs = (state.steps.recogniseMs ?? 0) + performance.now() - started;
        return lines;
      },
    });
  }

  /** One sample of all-text reading: detection, then the tracker (which recognises only what changed). */
  async #trackFrame(state: CallState, tracker: TextBoxTracker, image: RgbImage, time: number): Promise<void> {
    const started = performance.now();
    const detected = await this.#detectLines(state, image);
    state.steps.recogniseMs = (state.steps.recogniseMs ?? 0) + performance.now() - started;
    state.steps.framesRecognised = (state.steps.framesRecognised ?? 0) + 1;
    await tracker.push(image, time, detected);
  }
}

/** PP-OCRv4 (Chinese + English) text detector; the models load on the first call and are shared by the process. */
export function createPpocr(settings: PpocrSettings = {}): PpocrTextDetector {
  return new PpocrTextDetector(settings);
}
