/**
 * The last steps shared by the local synthesizers that write a WAV (festival, flite): pitch and
 * tempo through rubberband-cli (R3 engine, formants kept), gain and the output format through
 * ffmpeg. Argument lists are pure functions; `finishSpeechAudio` runs them with the media runner.
 */
import { copyFile } from 'node:fs/promises';
import { FFMPEG_COMMON, probeMedia, readWavInfo, runFfmpeg, runMediaTool, type RunOptions } from '@voxwork/media';
import { clampOption } from '../capabilities/call-options.ts';
import type { AudioFileOutput, EngineWarning } from '../capabilities/engine-common.ts';
import type { SynthesizeOptions } from '../capabilities/speech-synthesizer.ts';

export type SpeechOutputFormat = AudioFileOutput['format'];

/** What festival and flite reach: their own rate controls 0.5–2×, rubberband ±12 semitones, a gain of 2× at most. */
const MIN_SPEED = 0.5;
const MAX_SPEED = 2;
const MAX_SEMITONES = 12;
const MAX_VOLUME = 2;

/** Speed, pitch and volume of a request brought into what festival and flite reach, with a warning for each that had to move. */
export function speechAdjustments(options: Pick<SynthesizeOptions, 'speed' | 'pitchSemitones' | 'volume'>, engineName: string, warnings: EngineWarning[]): { speed: number; pitchSemitones: number; volume: number } {
  return {
    speed: clampOption(warnings, 'speed', options.speed ?? 1, [MIN_SPEED, MAX_SPEED], (used) => `${engineName} speaks at ${MIN_SPEED}–${MAX_SPEED}× its rate; used ${used}`),
    pitchSemitones: clampOption(warnings, 'pitchSemitones', options.pitchSemitones ?? 0, [-MAX_SEMITONES, MAX_SEMITONES], (used) => `pitch shifts of ±${MAX_SEMITONES} semitones at most; used ${used}`),
    volume: clampOption(warnings, 'volume', options.volume ?? 1, [0, MAX_VOLUME], () => `gain of ${MAX_VOLUME}× at most`),
  };
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
