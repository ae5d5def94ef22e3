/**
 * RNNoise (Xiph's recurrent-network noise suppressor, WASM build in `@echogarden/rnnoise-wasm`) as
 * an `AudioSeparator`: RNNoise denoises the input's mono fold (48 kHz, 480-sample frames), and a
 * time-frequency mask built from its speech probability, the speech's pitch and, for a stereo
 * input, the side channel (`voice-separation-mask.ts`, decision 049) takes the voice out of the
 * input's mid; `vocals` is that voice (mono), `noise` the residual (input − voice, the input's
 * channels), so a "keep the background" choice can mix it back. ffmpeg decodes any input to 48 kHz
 * and writes the stems back at the input's rate.
 */
import { open, writeFile } from 'node:fs/promises';
import { MediaProcessError, probeMedia, runFfmpeg, FFMPEG_COMMON, withWorkDir } from '@voxwork/media';
import { z } from 'zod';
import { parseOptions } from '../capabilities/call-options.ts';
import type { AudioFileOutput } from '../capabilities/engine-common.ts';
import type { AudioStem, AudioSeparator, SeparateAudioOptions, SeparateAudioResult } from '../capabilities/audio-separator.ts';
import { decodeChannelsToPcm } from '../audio/pcm-audio.ts';
import { separateVoiceByMask } from '../audio/voice-separation-mask.ts';
import { EngineAbortedError, EngineInputError, EngineUnavailableError, toEngineError } from '../engine-errors.ts';

export const RNNOISE_ENGINE_ID = 'rnnoise:rnnoise';
const SAMPLE_RATE = 48_000;
const FRAME = 480;
/** RNNoise's output lags its input by one frame (measured: cross-correlation peak at 480 samples). */
const DELAY = FRAME;

/** The parts of the Emscripten module we call. */
interface RnnoiseModule {
  HEAPF32: Float32Array;
  _rnnoise_create(model: number): number;
  _rnnoise_destroy(state: number): void;
  _rnnoise_process_frame(state: number, output: number, input: number): number;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
}

const optionsSchema = z.object({
  audioFile: z.string().min(1),
  outputs: z.record(z.string(), z.string().min(1)),
});

export interface RnnoiseResult {
  denoised: Float32Array;
  /** Mean speech probability RNNoise reported per frame. */
  meanSpeechProbability: number;
  /** RNNoise's speech probability for each 10 ms frame (480 samples) of the input. */
  speechProbabilities: Float32Array;
}

/** Stem files: the input's rate (8–48 kHz), 16-bit WAV unless the extension says otherwise. */
function encodeArgsFor(file: string): { args: string[]; format: AudioFileOutput['format'] } {
  if (/\.mp3$/i.test(file)) return { args: ['-c:a', 'libmp3lame', '-b:a', '192k'], format: 'mp3' };
  if (/\.flac$/i.test(file)) return { args: ['-c:a', 'flac'], format: 'flac' };
  if (/\.(ogg|opus)$/i.test(file)) return { args: ['-c:a', 'libopus', '-b:a', '96k'], format: 'ogg' };
  return { args: ['-c:a', 'pcm_s16le', '-f', 'wav'], format: 'wav' };
}

/** Channels written as raw interleaved float (what ffmpeg's f32le input reads), a second at a time so no interleaved copy of a long input is held. */
async function writeRawChannels(file: string, channels: readonly Float32Array[]): Promise<void> {
  if (channels.length === 1) {
    const samples = channels[0]!;
    await writeFile(file, new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength));
    return;
  }
  const length = channels[0]?.length ?? 0;
  const block = new Float32Array(SAMPLE_RATE * channels.length);
  const handle = await open(file, 'w');
  try {
    for (let from = 0; from < length; from += SAMPLE_RATE) {
      const frames = Math.min(SAMPLE_RATE, length - from);
      for (let index = 0; index < frames; index++) for (let channel = 0; channel < channels.length; channel++) block[index * channels.length + channel] = channels[channel]![from + index]!;
      await handle.write(new Uint8Array(block.buffer, 0, frames * channels.length * 4));
    }
  } finally {
    await handle.close();
  }
}

export class RnnoiseAudioSeparator implements AudioSeparator {
  readonly specificationVersion = 'v1';
  readonly engineId = RNNOISE_ENGINE_ID;
  #module: Promise<RnnoiseModule> | undefined;

  #load(): Promise<RnnoiseModule> {
    if (!this.#module) {
      this.#module = import('@echogarden/rnnoise-wasm').then(async ({ default: create }) => (await create()) as RnnoiseModule);
      this.#module.catch(() => (this.#module = undefined));
    }
    return this.#module.catch((cause: unknown) => {
      throw new EngineUnavailableError(`RNNoise could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, { engineId: this.engineId, cause });
    });
  }

  /** Denoises 48 kHz mono samples; yields to the event loop every ~1 s of audio and stops on the signal. */
  async denoise(samples: Float32Array, signal?: AbortSignal): Promise<RnnoiseResult> {
    const module = await this.#load();
    const state = module._rnnoise_create(0);
    const pointer = module._malloc(FRAME * 4);
    const denoised = new Float32Array(samples.length);
    const speechProbabilities = new Float32Array(Math.ceil(samples.length / FRAME));
    let probabilitySum = 0;
    let frames = 0;
    try {
      // The input plus one frame of silence, so the delayed output covers the last samples too.
      for (let start = 0; start < samples.length + DELAY; start += FRAME) {
        if (frames % 100 === 0) {
          if (signal?.aborted) throw new EngineAbortedError(this.engineId, signal.reason);
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        const heap = module.HEAPF32.subarray(pointer / 4, pointer / 4 + FRAME);
        for (let index = 0; index < FRAME; index++) heap[index] = (samples[start + index] ?? 0) * 32768;
        const probability = module._rnnoise_process_frame(state, pointer, pointer);
        probabilitySum += probability;
        // Its analysis window spans the previous input frame and this one (the output lags by one frame).
        if (frames < speechProbabilities.length) speechProbabilities[frames] = probability;
        frames++;
        // The heap may have grown (and moved) during the call.
        const out = module.HEAPF32.subarray(pointer / 4, pointer / 4 + FRAME);
        for (let index = 0; index < FRAME; index++) {
          const target = start + index - DELAY;
          if (target >= 0 && target < denoised.length) denoised[target] = out[index]! / 32768;
        }
      }
    } finally {
      module._free(pointer);
      module._rnnoise_destroy(state);
    }
    return { denoised, meanSpeechProbability: frames ? probabilitySum / frames : 0, speechProbabilities };
  }

  async doSeparate(options: SeparateAudioOptions): Promise<SeparateAudioResult> {
    const startedAt = performance.now();
    const { warnings } = parseOptions(options, { engineId: this.engineId, request: optionsSchema, vendor: 'rnnoise' });
    const wanted = Object.entries(options.outputs).filter((entry): entry is [AudioStem, string] => typeof entry[1] === 'string');
    for (const [stem] of wanted) {
      if (stem !== 'vocals' && stem !== 'noise') {
        warnings.push({ type: 'unsupported-option', option: `outputs.${stem}`, details: 'RNNoise separates speech from noise only: stems are vocals (denoised speech) and noise (the residual)' });
      }
    }
    const run = { signal: options.signal, timeoutMs: 10 * 60_000 };

    try {
      let info;
      try {
        info = await probeMedia(options.audioFile, run);
      } catch (error) {
        if (error instanceof MediaProcessError && error.exitCode !== null) throw new EngineInputError(`not a media file: ${error.message}`, { engineId: this.engineId, cause: error, reason: 'not-readable' });
        throw error;
      }
      if (!info.audio) throw new EngineInputError('the input has no audio stream', { engineId: this.engineId, reason: 'no-audio' });
      const inputChannels = info.audio.channels ?? 1;
      if (inputChannels > 2) warnings.push({ type: 'approximate-output', output: 'stems', details: `the ${inputChannels}-channel input was mixed to stereo before separating` });
      const channelCount: 1 | 2 = inputChannels >= 2 ? 2 : 1;
      const outputRate = Math.min(SAMPLE_RATE, Math.max(8_000, info.audio.sampleRate ?? SAMPLE_RATE));

      let channels;
      try {
        channels = await decodeChannelsToPcm(options.audioFile, SAMPLE_RATE, channelCount, run);
      } catch (error) {
        if (error instanceof MediaProcessError && error.exitCode !== null) throw new EngineInputError(`no decodable audio in the input: ${error.message}`, { engineId: this.engineId, cause: error, reason: 'not-readable' });
        throw error;
      }
      const decodeMs = performance.now() - startedAt;
      const denoiseStarted = performance.now();
      // RNNoise hears the mono fold (not kept past this call); the mask then takes the voice from the mid (decision 049).
      const { denoised, speechProbabilities } = await this.denoise(channelCount === 1 ? channels[0]! : Float32Array.from(channels[0]!, (left, index) => (left + channels[1]![index]!) / 2), options.signal);
      const denoiseMs = performance.now() - denoiseStarted;
      const maskStarted = performance.now();
      // The background replaces the input in place: no further copy of a long input (48 kHz float is 192 kB a second per channel).
      const { voice, background } = await separateVoiceByMask({ channels, sampleRate: SAMPLE_RATE, denoised, speechProbabilities, probabilityFrame: FRAME, overwriteInput: true, signal: options.signal });
      const maskMs = performance.now() - maskStarted;

      const stems: SeparateAudioResult['stems'] = {};
      await withWorkDir('rnnoise', async (_dir, file) => {
        for (const [stem, outputFile] of wanted) {
          if (stem !== 'vocals' && stem !== 'noise') continue;
          const raw = file(`${stem}.f32le`);
          // The voice is mono (a centred voice is the same in both channels); the background keeps the input's channels.
          const parts = stem === 'vocals' ? [voice] : background;
          await writeRawChannels(raw, parts);
          const encode = encodeArgsFor(outputFile);
          await runFfmpeg([...FFMPEG_COMMON, '-f', 'f32le', '-ar', String(SAMPLE_RATE), '-ac', String(parts.length), '-i', raw, '-ar', String(outputRate), ...encode.args, outputFile], run);
          stems[stem] = { file: outputFile, format: encode.format, sampleRate: encode.format === 'ogg' ? 48_000 : outputRate, channels: parts.length, durationSeconds: voice.length / SAMPLE_RATE };
        }
      });
      return {
        stems,
        warnings,
        timings: { totalMs: performance.now() - startedAt, stepsMs: { decodeMs, denoiseMs, maskMs } },
        response: { engineId: this.engineId },
      };
    } catch (error) {
      throw toEngineError(error, this.engineId, 'denoising');
    }
  }
}

export function createRnnoise(): RnnoiseAudioSeparator {
  return new RnnoiseAudioSeparator();
}
