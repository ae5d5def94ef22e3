import type { BoundingBox, EngineCallOptions, EngineId, EngineResult, LanguageTag, TimeSpan } from './engine-common.ts';

export interface DetectedTextBox extends TimeSpan {
  text: string;
  box: BoundingBox;
  confidence: number;
  /** Subtitle mode: the index in `subtitleTracks` of the track this line belongs to (Chinese over English: two tracks). */
  track?: number;
}

/**
 * What to read in a video: `subtitles` finds the subtitle tracks by behaviour and returns one timed box per
 * subtitle line per track (rows of a two-row subtitle joined; a second language under the first is
 * a track of its own, timed on its own); `all-text` returns every text on screen, each
 * place and text one timed box (for erasing text).
 */
export type TextDetectionMode = 'subtitles' | 'all-text';

export interface DetectTextOptions extends EngineCallOptions {
  /** A video file, sampled at `framesPerSecond` (the engine's default when absent), or still images with their times. */
  input: { videoFile: string; framesPerSecond?: number } | { frames: Array<{ imageFile: string; timeSeconds: number }> };
  languages?: LanguageTag[];
  /** Only this part of the picture (e.g. the subtitle band), in pixels. In subtitle mode it is the band: no search for one. */
  region?: BoundingBox;
  /** For a video; default `subtitles`. Still frames are read whole. */
  mode?: TextDetectionMode;
  /**
   * Subtitle mode: the place of the track a person picked (a `subtitleTracks` box, in pixels). The
   * candidate there is read alone; where no candidate is, this place is read as the band.
   */
  subtitleTrack?: BoundingBox;
  /**
   * Subtitle mode: where the subtitles of a video like this one were read (an earlier result's
   * `subtitleBand` and its frame's size; a series' earlier episode, decision 109). The tracks are
   * looked for around that band first, and in the whole picture only when none is found there.
   * Ignored for a picture of another size, and with `region` or `subtitleTrack`.
   */
  searchFirst?: { band: BoundingBox; frameWidth: number; frameHeight: number };
  /** Called now and then with how much of the work is done (0–100). */
  onProgress?: (percent: number) => void;
}

export interface DetectTextResult extends EngineResult {
  /** Identical text in consecutive frames is merged into one timed box. */
  boxes: DetectedTextBox[];
  frameWidth: number;
  frameHeight: number;
  /** Subtitle mode: the full-width band the subtitles were read in (found, or the `region` given); absent when no subtitle track was found. */
  subtitleBand?: BoundingBox;
  /**
   * Subtitle mode without a `region`: the candidate subtitle tracks found by behaviour (text that
   * appears, holds and is replaced), chosen ones (read) first, for a review step to show.
   */
  subtitleTracks?: SubtitleTrackCandidate[];
}

export interface SubtitleTrackCandidate {
  /** Where its lines were seen (union), in the frame's pixels. */
  box: BoundingBox;
  /** Typical height of its text (pixels). */
  lineHeight: number;
  /** Different lines seen in it on the sample frames. */
  lineCount: number;
  /** Sample frames that showed text in it. */
  framesWithText: number;
  alignment: 'centre' | 'left' | 'right';
  /** Read as the subtitles: the dominant track and the rows shown with it (a second row, a second language). */
  chosen: boolean;
  /** From the script read: `zh` (Chinese characters) or `en` (Latin letters); absent when neither showed. */
  language?: LanguageTag;
}

/** Frames → timed text boxes (OCR of burned-in subtitles). */
export interface TextDetector {
  readonly specificationVersion: 'v1';
  readonly engineId: EngineId;
  doDetect(options: DetectTextOptions): Promise<DetectTextResult>;
}
