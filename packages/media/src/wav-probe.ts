/**
 * `probeMedia`'s facts of a plain PCM WAV file read from its header, as ffprobe states them, without
 * starting ffprobe. Most files the pipelines probe are WAVs they wrote themselves (speech takes,
 * decoded audio, mixes), and starting ffprobe (its ~200 shared libraries) costs far more CPU than
 * the answer: 0.15–0.3 s a probe on this project's 2-core machines, 5–10 % of a test run's CPU.
 * Anything else, or a WAV whose header does not state exactly what the file holds (streamed WAVs,
 * RF64, compressed formats, extensible headers), is left to ffprobe.
 */
import type { MediaInfo, MediaStreamInfo } from './media-info.ts';
import { readWavLayoutOfFile, statesWholeData, type WavLayout } from './wav-format.ts';

/** ffprobe's codec name of integer and float PCM in a WAV file, by sample width. */
function pcmCodec(layout: WavLayout): string | undefined {
  if (layout.formatTag === 1) return { 8: 'pcm_u8', 16: 'pcm_s16le', 24: 'pcm_s24le', 32: 'pcm_s32le' }[layout.bitsPerSample];
  if (layout.formatTag === 3) return { 32: 'pcm_f32le', 64: 'pcm_f64le' }[layout.bitsPerSample];
  return undefined;
}

/** A time as ffprobe prints it: the count times its time base, six decimals. */
const printed = (count: number, timeBase: number) => Number((count * timeBase).toFixed(6));

/**
 * The MediaInfo of a WAV file with this header layout, `fileBytes` long, or undefined when ffprobe
 * should be asked: not integer or float PCM in a plain `fmt ` chunk, or a `data` chunk whose
 * declared size is not whole frames within the file.
 */
export function wavMediaInfo(layout: WavLayout, fileBytes: number): MediaInfo | undefined {
  const codec = pcmCodec(layout);
  const frameBytes = (layout.bitsPerSample / 8) * layout.channels;
  if (!codec || layout.channels > 8 || layout.sampleRate > 768_000 || !statesWholeData(layout, fileBytes)) return undefined;
  const frames = layout.dataBytes / frameBytes;
  // The stream's length is its frames in its time base (1 / rate); the container's, that rescaled to
  // whole microseconds (rounded), and the container's bit rate the file's bits over it (truncated).
  const durationSeconds = printed(frames, 1 / layout.sampleRate);
  const microseconds = Math.round((frames * 1_000_000) / layout.sampleRate);
  const bitRate = layout.sampleRate * layout.channels * layout.bitsPerSample;
  const audio: MediaStreamInfo = {
    index: 0,
    type: 'audio',
    codec,
    durationSeconds,
    bitRate,
    language: undefined,
    width: undefined,
    height: undefined,
    frameRate: undefined,
    rotation: undefined,
    attachedPicture: false,
    sampleRate: layout.sampleRate,
    channels: layout.channels,
  };
  return {
    formatName: 'wav',
    durationSeconds: printed(microseconds, 1 / 1_000_000),
    sizeBytes: fileBytes,
    bitRate: microseconds > 0 ? Math.floor((fileBytes * 8 * 1_000_000) / microseconds) : undefined,
    streams: [audio],
    video: undefined,
    audio,
  };
}

/** {@link wavMediaInfo} of a file (its first 64 KiB read); undefined for anything ffprobe should read. */
export async function probeWavFile(file: string): Promise<MediaInfo | undefined> {
  const read = await readWavLayoutOfFile(file);
  return read && wavMediaInfo(read.layout, read.fileSize);
}
