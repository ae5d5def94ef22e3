/**
 * The toolkit's operations that need more than one run or read a result file: each builds its
 * arguments with the pure builders and runs them through `runFfmpeg`/`runFfprobe` only.
 */
import { readFile } from 'node:fs/promises';
import { loudnormArgs, loudnormMeasureArgs, parseLoudnormMeasurement, SPEECH_LOUDNESS, type LoudnessTarget, type LoudnormMeasurement, type NormalizeOptions } from './audio-args.ts';
import { probeArgs } from './ffmpeg-args.ts';
import { parseProbeOutput, type MediaInfo } from './media-info.ts';
import { runFfmpeg, runFfprobe, type RunOptions } from './media-runner.ts';
import { computePeaks, waveformDecodeArgs, WAVEFORM_SAMPLE_RATE, type WaveformPeaks } from './waveform.ts';
import { withWorkDir } from './work-dir.ts';

/** ffprobe → typed facts. Throws MediaProcessError when the file cannot be read. */
export async function probeMedia(input: string, options: RunOptions = {}): Promise<MediaInfo> {
  const { stdout } = await runFfprobe(probeArgs(input), options);
  return parseProbeOutput(stdout);
}

/** EBU R128 measurement (loudnorm first pass); undefined for silence. */
export async function measureLoudness(input: string, target: LoudnessTarget = SPEECH_LOUDNESS, options: RunOptions = {}): Promise<LoudnormMeasurement | undefined> {
  const { stderr } = await runFfmpeg(loudnormMeasureArgs(input, target), options);
  return parseLoudnormMeasurement(stderr);
}

/** Two-pass loudness normalisation to the target (one dynamic pass when the input is silent). */
export async function normalizeLoudness(request: Omit<NormalizeOptions, 'measured'>, options: RunOptions = {}): Promise<LoudnormMeasurement | undefined> {
  const measured = await measureLoudness(request.input, request.target, options);
  await runFfmpeg(loudnormArgs({ ...request, ...(measured ? { measured } : {}) }), options);
  return measured;
}

/** Peaks for a waveform display: `buckets` min/max pairs over the first audio stream. */
export async function waveformPeaks(input: string, buckets: number, options: RunOptions & { sampleRate?: number } = {}): Promise<WaveformPeaks> {
  const sampleRate = options.sampleRate ?? WAVEFORM_SAMPLE_RATE;
  return withWorkDir('waveform', async (_dir, file) => {
    const raw = file('audio.s16le');
    await runFfmpeg(waveformDecodeArgs(input, raw, sampleRate), options);
    const bytes = await readFile(raw);
    // s16le read as host-order Int16 (every platform we run on is little-endian); copied when unaligned.
    const aligned = bytes.byteOffset % 2 === 0 ? bytes : Buffer.from(bytes);
    const samples = new Int16Array(aligned.buffer, aligned.byteOffset, Math.floor(aligned.length / 2));
    return computePeaks(samples, buckets, sampleRate);
  });
}
