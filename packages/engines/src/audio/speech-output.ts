/**
 * The last steps shared by the local synthesizers that write a WAV (festival, flite): pitch and
 * tempo through rubberband-cli (R3 engine, formants kept), gain and the output format through
 * ffmpeg. Argument lists are pure functions; `finishSpeechAudio` runs them with the media runner.
 */
import { copyFile, open } from 'node:fs/promises';
import { FFMPEG_COMMON, probeMedia, runFfmpeg, runMediaTool, type RunOptions } from '@voxwork/media';
import type { AudioFileOutput } from '../capabilities/engine-common.ts';

export type SpeechOutputFormat = AudioFileOutput['format'];

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  durationSeconds: number;
}

/**
 * Reads a PCM WAV file's header (the first 64 KB at most), so that hours of speech are never
 * loaded to learn their length. A streamed WAV whose data size is 0 or too large is measured by
 * the file's size.
 */
export async function readWavInfo(file: string): Promise<WavInfo> {
  const handle = await open(file, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const head = Buffer.alloc(Math.min(fileSize, 65_536));
    await handle.read(head, 0, head.length, 0);
    const tag = (offset: number) => head.toString('latin1', offset, offset + 4);
    if (head.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error(`${file} is not a WAV file`);
    let offset = 12;
    let format: Omit<WavInfo, 'durationSeconds'> | undefined;
    while (offset + 8 <= head.length) {
      const id = tag(offset);
      const size = head.readUInt32LE(offset + 4);
      const body = offset + 8;
      if (id === 'fmt ') {
        format = { channels: head.readUInt16LE(body + 2), sampleRate: head.readUInt32LE(body + 4), bitsPerSample: head.readUInt16LE(body + 14) };
      } else if (id === 'data') {
        if (!format || format.sampleRate < 1 || format.channels < 1 || format.bitsPerSample < 8) throw new Error(`${file} has no usable fmt chunk`);
        const available = fileSize - body;
        const length = size === 0 || size > available ? available : size;
        const frameBytes = (format.bitsPerSample / 8) * format.channels;
        return { ...format, durationSeconds: Math.floor(length / frameBytes) / format.sampleRate };
      }
      offset = body + size + (size % 2);
    }
    throw new Error(`${file} has no data chunk in its first 64 KB`);
  } finally {
    await handle.close();
  }
}

export interface RubberbandOptions {
  input: string;
  output: string;
  /** Semitones up (negative: down); 0 for none. */
  pitchSemitones?: number;
  /** Tempo multiple: 2 = twice as fast (half the duration); 1 for none. */
  tempo?: number;
}

/** rubberband-cli arguments: R3 engine (`-3`) with formant preservation (`-F`), quiet. */
export function rubberbandArgs(options: RubberbandOptions): string[] {
  const pitch = options.pitchSemitones ?? 0;
  const tempo = options.tempo ?? 1;
  return [
    '-3',
    '-F',
    '-q',
    ...(tempo !== 1 ? ['-T', String(Number(tempo.toFixed(6)))] : []),
    ...(pitch !== 0 ? ['-p', String(Number(pitch.toFixed(6)))] : []),
    options.input,
    options.output,
  ];
}

const ENCODERS: Record<SpeechOutputFormat, string[]> = {
  wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
  mp3: ['-c:a', 'libmp3lame', '-q:a', '4', '-f', 'mp3'],
  ogg: ['-c:a', 'libopus', '-b:a', '48k', '-f', 'ogg'],
  flac: ['-c:a', 'flac', '-f', 'flac'],
  pcm: ['-c:a', 'pcm_s16le', '-f', 's16le'],
};

export interface EncodeSpeechOptions {
  input: string;
  output: string;
  /** Gain as a multiple (1 = unchanged). */
  volume?: number;
  format: SpeechOutputFormat;
}

/** ffmpeg arguments: optional gain (`volume`), then the output format (mono, the input's rate). */
export function encodeSpeechArgs(options: EncodeSpeechOptions): string[] {
  const volume = options.volume ?? 1;
  return [
    ...FFMPEG_COMMON,
    '-i', options.input,
    '-vn',
    ...(volume !== 1 ? ['-af', `volume=${Number(volume.toFixed(4))}`] : []),
    '-ac', '1',
    ...ENCODERS[options.format],
    options.output,
  ];
}

export interface FinishSpeechOptions {
  /** The synthesizer's WAV, in a scratch folder. */
  rawWav: string;
  outputFile: string;
  format: SpeechOutputFormat;
  pitchSemitones: number;
  tempo: number;
  volume: number;
  /** A path in the scratch folder for rubberband's output. */
  scratchWav: string;
  rubberbandBinary?: string;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

/**
 * Applies pitch/tempo (rubberband) and gain/format (ffmpeg) and writes `outputFile`; a plain WAV
 * without changes is copied. Returns the facts of the audio as written (compressed files probed).
 */
export async function finishSpeechAudio(options: FinishSpeechOptions): Promise<{ sampleRate: number; durationSeconds: number; stepsMs: Record<string, number> }> {
  const run: RunOptions = { signal: options.signal, timeoutMs: options.timeoutMs };
  const stepsMs: Record<string, number> = {};
  let wav = options.rawWav;
  if (options.pitchSemitones !== 0 || options.tempo !== 1) {
    const started = performance.now();
    await runMediaTool(options.rubberbandBinary ?? 'rubberband', rubberbandArgs({ input: wav, output: options.scratchWav, pitchSemitones: options.pitchSemitones, tempo: options.tempo }), run);
    stepsMs.rubberbandMs = performance.now() - started;
    wav = options.scratchWav;
  }
  const info = await readWavInfo(wav);
  const started = performance.now();
  if (options.format === 'wav' && options.volume === 1 && info.channels === 1 && info.bitsPerSample === 16) await copyFile(wav, options.outputFile);
  else {
    await runFfmpeg(encodeSpeechArgs({ input: wav, output: options.outputFile, volume: options.volume, format: options.format }), run);
    stepsMs.encodeMs = performance.now() - started;
    // Compressed frames pad the end (an MP3 frame at 16 kHz is 36 ms): report what the file holds.
    if (options.format !== 'wav' && options.format !== 'pcm') {
      const probed = await probeMedia(options.outputFile, run);
      return { sampleRate: probed.audio?.sampleRate ?? info.sampleRate, durationSeconds: probed.durationSeconds ?? info.durationSeconds, stepsMs };
    }
  }
  return { sampleRate: info.sampleRate, durationSeconds: info.durationSeconds, stepsMs };
}
