/**
 * The toolkit's operations that need more than one run or read a result file: each builds its
 * arguments with the pure builders and runs them through `runFfmpeg`/`runFfprobe` only.
 */
import { readFile } from 'node:fs/promises';
import { loudnormArgs, loudnormMeasureArgs, parseLoudnormMeasurement, SPEECH_LOUDNESS, type LoudnessTarget, type LoudnormMeasurement, type NormalizeOptions } from './audio-args.ts';
import { packetEndsArgs, parsePacketEnd, probeArgs } from './ffmpeg-args.ts';
import { measuredDurationSeconds, parseProbeOutput, type MediaInfo } from './media-info.ts';
import { runFfmpeg, runFfprobe, streamMediaTool, type RunOptions } from './media-runner.ts';
import { FileFacts } from './file-facts.ts';
import { probeWavFile } from './wav-probe.ts';
import { computePeaks, waveformDecodeArgs, WAVEFORM_SAMPLE_RATE, type WaveformPeaks } from './waveform.ts';
import { withWorkDir } from './work-dir.ts';

/**
 * What `probeMedia` and `measureMedia` said of each file, while it is unchanged (`FileFacts`): the
 * stages of one job probe the same input and outputs again, a process each time otherwise.
 */
const probed = new FileFacts<MediaInfo>();

/**
 * ffprobe → typed facts. Throws MediaProcessError when the file cannot be read. A plain PCM WAV is
 * read from its header instead, with the facts ffprobe would state (`probeWavFile`).
 */
export async function probeMedia(input: string, options: RunOptions = {}): Promise<MediaInfo> {
  return probed.get('probe', input, async () => (options.signal?.aborted ? undefined : await probeWavFile(input)) ?? parseProbeOutput((await runFfprobe(probeArgs(input), options)).stdout));
}

/**
 * Where the file's last audio or video packet ends, in seconds (undefined when it has none): every
 * packet's time is read, nothing is decoded. The listing is streamed and folded line by line, so a
 * long file's hundreds of thousands of lines are never held (the runner keeps 1 MiB of stdout).
 */
export async function lastPacketEnd(input: string, options: Omit<RunOptions, 'onProgress'> = {}): Promise<number | undefined> {
  let end: number | undefined;
  let rest = '';
  const take = (line: string) => {
    const packetEnd = parsePacketEnd(line);
    if (packetEnd !== undefined && (end === undefined || packetEnd > end)) end = packetEnd;
  };
  for await (const chunk of streamMediaTool('ffprobe', packetEndsArgs(input), options)) {
    const lines = (rest + chunk.toString('latin1')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) take(line);
  }
  take(rest);
  return end;
}

/**
 * ffprobe's facts with `durationSeconds` measured rather than taken from the header: the largest of
 * the container's, the audio and video streams' and the last packet's end (`measuredDurationSeconds`).
 * What uploads record and what a job's ingest checks against the length it was priced at.
 */
export async function measureMedia(input: string, options: Omit<RunOptions, 'onProgress'> & { maxPixels?: number } = {}): Promise<MediaInfo> {
  const { maxPixels, ...run } = options;
  return probed.get(`measure ${maxPixels ?? ''}`, input, async () => {
    const info = parseProbeOutput((await runFfprobe(probeArgs(input, maxPixels ? { maxPixels } : {}), run)).stdout);
    if (!info.audio && !info.video) return info;
    return { ...info, durationSeconds: measuredDurationSeconds(info, await lastPacketEnd(input, run)) };
  });
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
