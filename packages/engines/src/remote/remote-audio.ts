/**
 * What remote adapters do with the audio a vendor returns: write it where the caller asked, in the
 * format asked, applying what the vendor cannot (pitch through ffmpeg's rubberband filter with
 * formants kept, gain) in one ffmpeg pass; then read its real duration. Arguments are built by a
 * pure function; processes run through @voxwork/media's runner only.
 */
import { openAsBlob } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { probeMedia, runFfmpeg, withWorkDir } from '@voxwork/media';
import type { AudioFileOutput } from '../capabilities/engine-common.ts';
import { EngineInputError, toEngineError } from '../engine-errors.ts';
import { wavPeakEnvelope, type PeakEnvelope } from '../audio/pcm-audio.ts';

export type AudioFormat = AudioFileOutput['format'];

/** What the vendor sent: an encoded file, or raw 16-bit little-endian PCM at a known rate. */
export type VendorAudio = { kind: 'encoded'; format: AudioFormat } | { kind: 'pcm'; sampleRate: number; channels: number };

export interface AudioTransform {
  /** Semitones, applied with rubberband (duration unchanged, formants kept). */
  pitchSemitones?: number | undefined;
  /** Gain as a multiple. */
  volume?: number | undefined;
}

const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

export function encodeArgs(format: AudioFormat): string[] {
  switch (format) {
    case 'wav':
      return ['-c:a', 'pcm_s16le', '-f', 'wav'];
    case 'mp3':
      return ['-c:a', 'libmp3lame', '-q:a', '3', '-f', 'mp3'];
    case 'ogg':
      return ['-c:a', 'libopus', '-b:a', '64k', '-f', 'ogg'];
    case 'flac':
      return ['-c:a', 'flac', '-f', 'flac'];
    case 'pcm':
      return ['-c:a', 'pcm_s16le', '-f', 's16le'];
  }
}

/** The audio filter for a transform, or undefined when there is nothing to do. */
export function transformFilter(transform: AudioTransform): string | undefined {
  const filters: string[] = [];
  const semitones = transform.pitchSemitones ?? 0;
  if (semitones !== 0) filters.push(`rubberband=pitch=${(2 ** (semitones / 12)).toFixed(6)}:formant=preserved`);
  const volume = transform.volume ?? 1;
  if (volume !== 1) filters.push(`volume=${volume}`);
  return filters.length ? filters.join(',') : undefined;
}

/** ffmpeg arguments: vendor audio (encoded or raw PCM) → the requested format, with the transform. */
export function finishAudioArgs(input: string, vendor: VendorAudio, output: string, format: AudioFormat, transform: AudioTransform): string[] {
  const inputArgs = vendor.kind === 'pcm' ? ['-f', 's16le', '-ar', String(vendor.sampleRate), '-ac', String(vendor.channels), '-i', input] : ['-i', input];
  const filter = transformFilter(transform);
  // Raw PCM carries no header: it is always written mono at the rate `pcmOutputRate` reports.
  const layout = format === 'pcm' ? ['-ac', '1', '-ar', String(pcmOutputRate(vendor))] : [];
  return [...QUIET, ...inputArgs, '-vn', ...(filter ? ['-af', filter] : []), ...layout, ...encodeArgs(format), output];
}

/** Raw PCM output keeps the vendor's PCM rate, or is 24 kHz (the OpenAI speech API's PCM rate). */
export function pcmOutputRate(vendor: VendorAudio): number {
  return vendor.kind === 'pcm' ? vendor.sampleRate : 24_000;
}

/** Decode to 16 kHz mono 16-bit WAV (for a peak envelope). */
export function envelopeDecodeArgs(input: string, format: AudioFormat, sampleRate: number | undefined, output: string): string[] {
  const inputArgs = format === 'pcm' ? ['-f', 's16le', '-ar', String(sampleRate ?? 24_000), '-ac', '1', '-i', input] : ['-i', input];
  return [...QUIET, ...inputArgs, '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav', output];
}

export interface FinishedAudio {
  audio: AudioFileOutput;
  /** The output's peak envelope, when asked for (word-timing estimates). */
  envelope: PeakEnvelope | undefined;
}

/**
 * Writes the vendor's bytes to `outputFile` as `format`, applying `transform`. Bytes already in the
 * right format and needing no transform are written as they are (no re-encoding).
 */
export async function finishVendorAudio(options: {
  bytes: Uint8Array;
  vendor: VendorAudio;
  outputFile: string;
  format: AudioFormat;
  transform?: AudioTransform;
  wantEnvelope?: boolean;
  signal?: AbortSignal | undefined;
}): Promise<FinishedAudio> {
  const { vendor, format, outputFile, signal } = options;
  const transform = options.transform ?? {};
  // Vendors' WAV is often streamed (data size 0 or 0xffffffff): it is always rewritten with a real header.
  const asIs = !transformFilter(transform) && ((vendor.kind === 'encoded' && vendor.format === format && format !== 'wav') || (vendor.kind === 'pcm' && format === 'pcm'));
  return withWorkDir('remote-audio', async (_dir, file) => {
    if (asIs) {
      await writeFile(outputFile, options.bytes);
    } else {
      const input = file(vendor.kind === 'pcm' ? 'vendor.pcm' : `vendor.${vendor.format}`);
      await writeFile(input, options.bytes);
      await runFfmpeg(finishAudioArgs(input, vendor, outputFile, format, transform), { signal });
    }
    const pcmRate = pcmOutputRate(vendor);
    let envelope: PeakEnvelope | undefined;
    if (options.wantEnvelope) {
      const wav = file('envelope.wav');
      await runFfmpeg(envelopeDecodeArgs(outputFile, format, pcmRate, wav), { signal });
      envelope = wavPeakEnvelope(await readFile(wav));
    }
    if (format === 'pcm') {
      const channels = asIs && vendor.kind === 'pcm' ? vendor.channels : 1;
      const bytes = (await readFile(outputFile)).length;
      return { audio: { file: outputFile, format, sampleRate: pcmRate, channels, durationSeconds: bytes / 2 / channels / pcmRate }, envelope };
    }
    const info = await probeMedia(outputFile, { signal });
    return {
      audio: {
        file: outputFile,
        format,
        sampleRate: info.audio?.sampleRate ?? 0,
        channels: info.audio?.channels ?? 1,
        durationSeconds: info.durationSeconds ?? info.audio?.durationSeconds ?? envelope?.durationSeconds ?? 0,
      },
      envelope,
    };
  });
}

/** The audio format a file name asks for (`.mp3`, `.wav`, `.ogg`/`.opus`, `.flac`, `.pcm`/`.raw`). */
export function formatFromFileName(file: string): AudioFormat | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase();
  switch (extension) {
    case 'wav':
    case 'mp3':
    case 'flac':
    case 'pcm':
      return extension;
    case 'ogg':
    case 'opus':
      return 'ogg';
    case 'raw':
      return 'pcm';
    default:
      return undefined;
  }
}

const MIME_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.mp4': 'video/mp4', '.mov': 'video/quicktime', '.wav': 'audio/wav', '.mp3': 'audio/mpeg', '.ogg': 'audio/ogg', '.opus': 'audio/ogg', '.flac': 'audio/flac', '.m4a': 'audio/mp4', '.webm': 'audio/webm' };

/** A local file (audio, or a picture or video for a lip-sync server) as a multipart file part (name and type from its extension), read from disk as it is sent. */
export async function audioFilePart(file: string): Promise<{ blob: Blob; name: string }> {
  const name = path.basename(file);
  return { blob: await openAsBlob(file, { type: MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream' }), name };
}

/**
 * Checks that a file is audio before anything is uploaded (a refused upload still costs time and,
 * at some vendors, credits). Returns its duration.
 */
export async function probeAudioInput(file: string, engineId: string, signal?: AbortSignal): Promise<number> {
  if (!file) throw new EngineInputError('audio file is empty', { engineId });
  let info;
  try {
    info = await probeMedia(file, { signal });
  } catch (error) {
    const engineError = toEngineError(error, engineId, 'reading the input audio');
    if (engineError.code === 'aborted' || engineError.code === 'engine-unavailable') throw engineError;
    throw new EngineInputError(`${path.basename(file)} is not audio ffmpeg can read`, { engineId, cause: error, reason: 'not-readable' });
  }
  if (!info.audio) throw new EngineInputError(`${path.basename(file)} has no audio stream`, { engineId, reason: 'no-audio' });
  return info.durationSeconds ?? info.audio.durationSeconds ?? 0;
}
