import { open, readFile } from 'node:fs/promises';
import { MediaAbortedError, readWavLayoutOfFile, readWavPcm, runFfmpeg, statesWholeData, withWorkDir, type RunOptions, type WavLayout } from '@voxwork/media';

/** Mono PCM samples as floats in −1…1. */
export interface PcmAudio {
  samples: Float32Array;
  sampleRate: number;
}

/** The peak level (0–1) of each short frame of a recording: enough to find sound and silence. */
export interface PeakEnvelope {
  peaks: Float32Array;
  frameSeconds: number;
  durationSeconds: number;
  sampleRate: number;
}

/**
 * Reads a 16-bit PCM WAV file (what espeak-ng writes) into a peak envelope without spawning
 * anything or holding the samples as floats (45 minutes of speech stay a few MB).
 */
export function wavPeakEnvelope(bytes: Uint8Array, frameMs = 5): PeakEnvelope {
  const { layout, data, frames } = readWavPcm(bytes);
  const { sampleRate, channels } = layout;
  if (layout.sampleFormat !== 'int' || layout.bitsPerSample !== 16) throw new Error(`unsupported WAV encoding (format ${layout.formatTag}, ${layout.bitsPerSample} bits)`);
  const samplesPerPeak = Math.max(1, Math.round((sampleRate * frameMs) / 1000));
  const peaks = new Float32Array(Math.ceil(frames / samplesPerPeak));
  for (let frame = 0; frame < frames; frame++) {
    const peakIndex = Math.floor(frame / samplesPerPeak);
    for (let channel = 0; channel < channels; channel++) {
      const level = Math.abs(data.getInt16((frame * channels + channel) * 2, true)) / 32768;
      if (level > peaks[peakIndex]!) peaks[peakIndex] = level;
    }
  }
  return { peaks, frameSeconds: samplesPerPeak / sampleRate, durationSeconds: frames / sampleRate, sampleRate };
}

/** Whether a WAV with this layout is mono 16-bit or 32-bit float PCM (plain or extensible `fmt `, as ffmpeg writes float) at `sampleRate`, its `data` chunk whole frames within the file. */
function isMonoPcmAt(layout: WavLayout, fileSize: number, sampleRate: number): boolean {
  const plain = (layout.sampleFormat === 'int' && layout.bitsPerSample === 16) || (layout.sampleFormat === 'float' && layout.bitsPerSample === 32);
  return plain && layout.channels === 1 && layout.sampleRate === sampleRate && statesWholeData(layout, fileSize);
}

/**
 * `decodeToPcmFile` without ffmpeg for a mono 16-bit or float PCM WAV already at `sampleRate`: the
 * samples are copied in chunks, converted as ffmpeg converts them (16-bit: x / 32768, exact in a
 * float; float: as they are), so the file is byte for byte what ffmpeg writes. The pipelines read
 * their own 16 kHz speech track this way again and again (voice activity, speakers), and each
 * ffmpeg start costs 0.15–0.2 s of CPU on these machines for a few milliseconds of work. False
 * (nothing written) for anything else: other rates, channels or formats, streamed or cut-short WAVs.
 */
export async function copyMonoWavAsFloat(input: string, output: string, sampleRate: number, signal?: AbortSignal): Promise<boolean> {
  const read = await readWavLayoutOfFile(input);
  if (!read || !isMonoPcmAt(read.layout, read.fileSize, sampleRate)) return false;
  const { layout } = read;
  const sampleBytes = layout.bitsPerSample / 8;
  const chunkSamples = 1 << 18;
  const source = await open(input, 'r');
  try {
    const target = await open(output, 'w');
    try {
      const raw = new Uint8Array(chunkSamples * sampleBytes);
      const floats = new Float32Array(chunkSamples);
      let done = 0;
      while (done < layout.dataBytes) {
        if (signal?.aborted) throw new MediaAbortedError('decoding was cancelled');
        const want = Math.min(raw.byteLength, layout.dataBytes - done);
        let filled = 0;
        while (filled < want) {
          const { bytesRead } = await source.read(raw, filled, want - filled, layout.dataOffset + done + filled);
          if (bytesRead === 0) throw new Error(`${input}: ended before its WAV header said`);
          filled += bytesRead;
        }
        const view = new DataView(raw.buffer, 0, want);
        const count = want / sampleBytes;
        if (sampleBytes === 2) for (let index = 0; index < count; index++) floats[index] = view.getInt16(index * 2, true) / 32768;
        else for (let index = 0; index < count; index++) floats[index] = view.getFloat32(index * 4, true);
        await target.write(new Uint8Array(floats.buffer, 0, count * 4));
        done += want;
      }
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
  return true;
}

/** Decodes any audio ffmpeg reads to mono float PCM at `sampleRate` (through the media runner). */
export async function decodeToPcm(input: string, sampleRate: number, options: RunOptions = {}): Promise<PcmAudio> {
  return withWorkDir('decode', async (_dir, file) => {
    const raw = file('audio.f32le');
    await decodeToPcmFile(input, raw, sampleRate, options);
    const bytes = await readFile(raw);
    const aligned = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(bytes);
    return { samples: new Float32Array(aligned.buffer, aligned.byteOffset, Math.floor(aligned.length / 4)), sampleRate };
  });
}

/** Decodes any audio ffmpeg reads to a raw file of mono float PCM (f32le) at `sampleRate`: read it back with `pcmChunks`. */
export async function decodeToPcmFile(input: string, output: string, sampleRate: number, options: RunOptions = {}): Promise<void> {
  if (!options.signal?.aborted && (await copyMonoWavAsFloat(input, output, sampleRate, options.signal))) return;
  await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', input, '-vn', '-map', '0:a:0', '-ac', '1', '-ar', String(sampleRate), '-f', 'f32le', '-acodec', 'pcm_f32le', output], options);
}

/**
 * The samples of a raw mono float file (`decodeToPcmFile`) in order, `chunkSamples` at a time (the
 * last chunk shorter): a long recording is never whole in memory (an hour at 16 kHz is 230 MB).
 */
export async function* pcmChunks(rawFile: string, chunkSamples = 1 << 18): AsyncGenerator<Float32Array> {
  const handle = await open(rawFile, 'r');
  try {
    for (;;) {
      const chunk = new Float32Array(chunkSamples);
      const bytes = new Uint8Array(chunk.buffer);
      let filled = 0;
      while (filled < bytes.byteLength) {
        const { bytesRead } = await handle.read(bytes, filled, bytes.byteLength - filled, null);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      const samples = Math.floor(filled / 4);
      if (samples > 0) yield chunk.subarray(0, samples);
      if (filled < bytes.byteLength) return;
    }
  } finally {
    await handle.close();
  }
}

/** Decodes any audio ffmpeg reads to float PCM at `sampleRate`, `channels` channels (more are mixed down, one is duplicated), one array per channel. */
export async function decodeChannelsToPcm(input: string, sampleRate: number, channels: 1 | 2, options: RunOptions = {}): Promise<Float32Array[]> {
  return withWorkDir('decode', async (_dir, file) => {
    const raw = file('audio.f32le');
    await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', input, '-vn', '-map', '0:a:0', '-ac', String(channels), '-ar', String(sampleRate), '-f', 'f32le', '-acodec', 'pcm_f32le', raw], options);
    const bytes = await readFile(raw);
    const aligned = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(bytes);
    const interleaved = new Float32Array(aligned.buffer, aligned.byteOffset, Math.floor(aligned.length / 4));
    if (channels === 1) return [interleaved];
    const frames = Math.floor(interleaved.length / channels);
    return Array.from({ length: channels }, (_, channel) => Float32Array.from({ length: frames }, (_, index) => interleaved[index * channels + channel]!));
  });
}

/** Spans of sound separated by at least `minSilenceMs` of near-silence (peak below `threshold`), in seconds. */
export function soundingSpans(envelope: PeakEnvelope, options: { minSilenceMs: number; threshold?: number }): Array<{ start: number; end: number }> {
  const threshold = options.threshold ?? 0.003;
  const frameMs = envelope.frameSeconds * 1000;
  const spans: Array<{ start: number; end: number }> = [];
  let lastLoudFrame = -Infinity;
  for (let index = 0; index < envelope.peaks.length; index++) {
    if (envelope.peaks[index]! < threshold) continue;
    const startSeconds = index * envelope.frameSeconds;
    const endSeconds = Math.min(envelope.durationSeconds, (index + 1) * envelope.frameSeconds);
    const current = spans.at(-1);
    if (current && (index - lastLoudFrame - 1) * frameMs < options.minSilenceMs) current.end = endSeconds;
    else spans.push({ start: startSeconds, end: endSeconds });
    lastLoudFrame = index;
  }
  return spans;
}
