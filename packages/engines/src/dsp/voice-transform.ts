/**
 * Moves a recording's voice: pitch by a number of semitones, the spectral envelope (formants) by a
 * ratio, the tempo by a ratio, then a third-octave EQ toward a target spectrum and loudness
 * normalisation, with the length fixed to the sample. rubberband (R3) and ffmpeg do the signal
 * work, through the media runner (timeouts, cancellation).
 */
import { probeMedia, runFfmpeg, runMediaTool, withWorkDir, type RunOptions } from '@voxwork/media';
import { decodeForTransformArgs, equalizeAndMeasureArgs, equalizerFilter, finishTransformArgs, levelPlan, parseLevelSummary, rubberbandArgs, type TransformOutputFormat } from './voice-transform-args.ts';

export interface VoiceTransformPlan {
  /** Pitch change in semitones. */
  pitchSemitones: number;
  /** Where the spectral envelope goes, as a frequency ratio (1 = the source's formants stay). */
  formantRatio: number;
  /** Output duration ÷ input duration (1 = same length). */
  timeRatio: number;
  /** Third-octave gains applied after the shift. */
  equalizer?: ReadonlyArray<{ hz: number; gainDb: number }> | undefined;
  /** Integrated loudness to normalise to, LUFS; undefined keeps the level. */
  loudnessLufs?: number | undefined;
}

export interface VoiceTransformResult {
  file: string;
  format: TransformOutputFormat;
  sampleRate: number;
  /** Samples of the output at `sampleRate` (exactly input samples × timeRatio, rounded). */
  samples: number;
  durationSeconds: number;
  /** Channels of the input (the output is mono). */
  inputChannels: number;
  /** Whether rubberband kept the envelope (`-F`) and by how much ffmpeg pre-scaled it. */
  rubberband: { keepFormants: boolean; frequencyPreScale: number; ran: boolean };
  /** Wall time of each step. */
  stepsMs: { decodeMs: number; rubberbandMs: number; loudnessMs: number; finishMs: number };
}

/** Ratios this close to 1 are treated as 1. */
const UNITY = 0.005;

/**
 * Runs a plan on `input` into `output`. The working rate is the input's (16–48 kHz); the output is
 * mono. A formant ratio other than the pitch ratio is reached in two steps: ffmpeg's `asetrate`
 * scales everything by the formant ratio, then rubberband restores the tempo and sets the pitch
 * with `-F` (formants kept where `asetrate` put them).
 */
export async function transformVoice(
  input: string,
  output: string,
  plan: VoiceTransformPlan,
  options: RunOptions & { format?: TransformOutputFormat; sampleRate?: number } = {},
): Promise<VoiceTransformResult> {
  const run: RunOptions = { signal: options.signal, timeoutMs: options.timeoutMs ?? 10 * 60_000 };
  const info = await probeMedia(input, run);
  const audio = info.audio;
  if (!audio) throw new Error('the input has no audio stream');
  const sampleRate = options.sampleRate ?? Math.min(48_000, Math.max(16_000, audio.sampleRate ?? 24_000));
  const format = options.format ?? 'wav';
  const pitchRatio = 2 ** (plan.pitchSemitones / 12);
  const formantsFollowPitch = Math.abs(plan.formantRatio / pitchRatio - 1) < UNITY;
  const frequencyPreScale = formantsFollowPitch || Math.abs(plan.formantRatio - 1) < UNITY ? 1 : plan.formantRatio;

  return withWorkDir('voice-transform', async (_dir, file) => {
    let mark = performance.now();
    const lap = () => {
      const now = performance.now();
      const elapsed = now - mark;
      mark = now;
      return elapsed;
    };
    const source = file('source.wav');
    await runFfmpeg(decodeForTransformArgs(input, source, sampleRate), run);
    const sourceSamples = Math.round(((await probeMedia(source, run)).durationSeconds ?? 0) * sampleRate);
    const exactSamples = Math.round(sourceSamples * plan.timeRatio);

    let shaped = source;
    if (frequencyPreScale !== 1) {
      shaped = file('prescaled.wav');
      await runFfmpeg(decodeForTransformArgs(source, shaped, sampleRate, frequencyPreScale), run);
    }
    // After asetrate by s: pitch and formants × s, duration ÷ s. rubberband brings pitch to the
    // target (−12·log2 s of what asetrate added) and the duration to timeRatio (× s).
    const rubberbandSemitones = plan.pitchSemitones - 12 * Math.log2(frequencyPreScale);
    const rubberbandTime = plan.timeRatio * frequencyPreScale;
    const needsRubberband = Math.abs(rubberbandSemitones) > 0.01 || Math.abs(rubberbandTime - 1) > UNITY / 10;
    const decodeMs = lap();
    const keepFormants = !formantsFollowPitch;
    let shifted = shaped;
    if (needsRubberband) {
      shifted = file('shifted.wav');
      await runMediaTool('rubberband', rubberbandArgs({ input: shaped, output: shifted, pitchSemitones: rubberbandSemitones, timeRatio: rubberbandTime, keepFormants }), run);
    }

    const rubberbandMs = lap();
    const equalizer = plan.equalizer ? equalizerFilter(plan.equalizer) : undefined;
    let leveled = shifted;
    let level = { gainDb: 0, limiter: false };
    if (equalizer || plan.loudnessLufs !== undefined) {
      leveled = file('equalized.wav');
      const { stderr } = await runFfmpeg(equalizeAndMeasureArgs(shifted, leveled, equalizer), run);
      if (plan.loudnessLufs !== undefined) level = levelPlan(parseLevelSummary(stderr), plan.loudnessLufs);
    }
    const loudnessMs = lap();
    await runFfmpeg(finishTransformArgs({ input: leveled, output, format, sampleRate, ...level, exactSamples }), run);
    return {
      file: output,
      format,
      sampleRate,
      samples: exactSamples,
      durationSeconds: exactSamples / sampleRate,
      inputChannels: audio.channels ?? 1,
      rubberband: { keepFormants, frequencyPreScale, ran: needsRubberband },
      stepsMs: { decodeMs, rubberbandMs, loudnessMs, finishMs: lap() },
    };
  });
}
