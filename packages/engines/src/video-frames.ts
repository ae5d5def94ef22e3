/**
 * What the engines that read a video's frames (erasure's inpainter, PP-OCR) share: the probe of the
 * picture, what a decoding failure means, and progress told in whole percents.
 */
import { MediaProcessError, probeMedia, type MediaInfo } from '@voxwork/media';
import { EngineInputError } from './engine-errors.ts';

/** A video's picture as frames are read from it: its size upright (a turned picture's sides swapped), its frame rate as probed, its length and its sound's codec. */
export interface PictureFacts {
  file: string;
  width: number;
  height: number;
  frameRate: number | undefined;
  durationSeconds: number;
  audioCodec: string | undefined;
}

/**
 * Probes a video (or a picture) the engine `engineId` reads frames of: a file ffprobe cannot read
 * is `not-readable`, one without a picture `no-picture` (both `EngineInputError`s); cancellation
 * and other failures pass on as they are.
 */
export async function probePicture(file: string, engineId: string, signal: AbortSignal | undefined): Promise<PictureFacts> {
  let info: MediaInfo;
  try {
    info = await probeMedia(file, { signal, timeoutMs: 60_000 });
  } catch (error) {
    if (error instanceof MediaProcessError && error.exitCode !== null) throw new EngineInputError(`${file} is not a readable video: ${error.message}`, { engineId, cause: error, reason: 'not-readable' });
    throw error;
  }
  const video = info.video;
  if (!video?.width || !video.height) throw new EngineInputError(`${file} has no picture`, { engineId, reason: 'no-picture' });
  const turned = Math.abs(video.rotation ?? 0) % 180 === 90;
  return {
    file,
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    frameRate: video.frameRate,
    durationSeconds: info.durationSeconds ?? video.durationSeconds ?? 0,
    audioCodec: info.audio?.codec,
  };
}

/** What a failure reading a probed file's frames means: a decoding failure (the file probed fine) is bad input, `not-readable`; anything else stays as it is. */
export function frameDecodingError(error: unknown, engineId: string): unknown {
  if (error instanceof MediaProcessError && error.exitCode !== null && !error.isRetryable) return new EngineInputError(`the picture could not be decoded: ${error.message}`, { engineId, cause: error, reason: 'not-readable' });
  return error;
}

/** A progress callback told each whole percent once, rising only (passes that overlap or repeat say nothing new). */
export function wholePercentProgress(onProgress: ((percent: number) => void) | undefined): (percent: number) => void {
  let reported = -1;
  return (percent) => {
    const whole = Math.min(100, Math.floor(percent));
    if (whole <= reported) return;
    reported = whole;
    onProgress?.(whole);
  };
}
