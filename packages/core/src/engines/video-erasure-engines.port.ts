/**
 * What video erasure needs from the engine layer, in product terms: the text on screen (where and
 * when) and the erasure of regions. apps/server implements it over the engine registry
 * (`apps/server/src/engines/video-erasure-engines.ts`).
 */
import type { SubtitleTrack } from '@voxwork/contract';

export interface PixelRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The band a video's subtitles were read in, with the size of its picture. */
export interface SubtitleBand {
  band: PixelRegion;
  frameWidth: number;
  frameHeight: number;
}

/** A text seen on screen: where, while when, and what it says. */
export interface FoundText {
  box: PixelRegion;
  startSeconds: number;
  endSeconds: number;
  text: string;
  /** Subtitle mode: the index of its track in the reading's `tracks` (Chinese over English: two tracks). */
  track?: number | undefined;
}

export interface ErasureMask {
  box: PixelRegion;
  startSeconds: number;
  endSeconds: number;
  kind: 'text' | 'area';
}

export interface VideoErasureEngines {
  /**
   * Burned-in subtitle lines (`subtitles`: each track's lines with their own boxes; `subtitleTrack`:
   * only the track a person picked there) or every text on screen (`all-text`). `tracks`: the
   * candidate subtitle tracks found, for the review to show.
   */
  findText(request: {
    videoFile: string;
    mode: 'subtitles' | 'all-text';
    subtitleTrack?: PixelRegion | undefined;
    /**
     * `subtitles`: where the subtitles of a video like this one were read (an earlier result's `band`
     * and picture size: a series' earlier episode, decision 109), looked at first; the whole picture
     * only when no track is there.
     */
    searchFirst?: SubtitleBand | undefined;
    signal?: AbortSignal | undefined;
    onProgress?: ((percent: number) => void) | undefined;
  }): Promise<{
    texts: FoundText[];
    width: number;
    height: number;
    /** `subtitles`: the full-width band the subtitles were read in; absent when none was found. */
    band?: PixelRegion | undefined;
    tracks?: SubtitleTrack[] | undefined;
    warnings: string[];
  }>;
  /**
   * The video with the masks erased, written to `outputFile` (audio copied). `drawOver`: an ASS
   * script drawn over the erased picture in the same encode (the output is then finished, encoded
   * once). `keepFrames`: frames of the erased picture, before anything is drawn over it, written as
   * images while erasing (`keptFrames` lists those written).
   */
  erase(request: {
    videoFile: string;
    outputFile: string;
    masks: ErasureMask[];
    fill: 'best' | 'inpaint' | 'fast';
    drawOver?: string | undefined;
    keepFrames?: Array<{ timeSeconds: number; imageFile: string }> | undefined;
    signal?: AbortSignal | undefined;
    onProgress?: ((percent: number) => void) | undefined;
  }): Promise<{
    durationSeconds: number;
    warnings: string[];
    stats?: { pixelsMasked: number; pixelsFromNeighbours: number; pixelsInpainted: number } | undefined;
    keptFrames?: string[] | undefined;
  }>;
  /**
   * The text read on still frames (image files), only what lies in `region` when given: a cheap
   * check of an erased picture (decision 061), not a search through a video.
   */
  readFrames(request: { frames: ReadonlyArray<{ imageFile: string; timeSeconds: number }>; region?: PixelRegion | undefined; signal?: AbortSignal | undefined }): Promise<{
    frames: Array<{ timeSeconds: number; texts: Array<{ text: string; box: PixelRegion }> }>;
  }>;
}
