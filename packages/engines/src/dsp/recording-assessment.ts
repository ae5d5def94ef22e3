/**
 * Is a recording good enough to clone a voice from? Duration, clipping, loudness and how much of
 * it is speech, each problem typed and carrying its numbers so the product can say exactly what is
 * wrong (in English and Chinese) before accepting it.
 */
import { MediaProcessError, probeMedia } from '@voxwork/media';
import type { VoiceActivityDetector } from '../capabilities/voice-activity-detector.ts';
import { decodeToPcm } from '../audio/pcm-audio.ts';
import { pitchStatistics, trackPitchAsync } from '../audio/pitch-tracker.ts';
import { EngineError, toEngineError } from '../engine-errors.ts';
import { ANALYSIS_SAMPLE_RATE, DSP_PROFILER_ENGINE_ID, integratedLoudness } from './voice-features.ts';

export interface RecordingLimits {
  minSeconds: number;
  maxSeconds: number;
  /** Share of samples at full scale (|x| ≥ 0.999) above which the recording is clipped. */
  maxClippingRatio: number;
  minLufs: number;
  maxLufs: number;
  /** Speech (VAD) ÷ duration below which there is too little speech. */
  minSpeechRatio: number;
  /** Seconds of speech below which there is too little speech, whatever the ratio. */
  minSpeechSeconds: number;
}

/** Accepted: 10 s – 3 min, < 0.1 % clipped samples, −35…−8 LUFS, ≥ 50 % speech and ≥ 8 s of it. */
export const RECORDING_LIMITS: RecordingLimits = {
  minSeconds: 10,
  maxSeconds: 180,
  maxClippingRatio: 0.001,
  minLufs: -35,
  maxLufs: -8,
  minSpeechRatio: 0.5,
  minSpeechSeconds: 8,
};

export type RecordingProblem =
  | { code: 'not-audio'; details: string }
  | { code: 'too-short'; durationSeconds: number; minSeconds: number }
  | { code: 'too-long'; durationSeconds: number; maxSeconds: number }
  | { code: 'clipping'; clippingRatio: number; maxClippingRatio: number }
  | { code: 'too-quiet'; integratedLufs: number | undefined; minLufs: number }
  | { code: 'too-loud'; integratedLufs: number; maxLufs: number }
  | { code: 'too-little-speech'; speechRatio: number; speechSeconds: number; minSpeechRatio: number; minSpeechSeconds: number };

export type RecordingProblemCode = RecordingProblem['code'];

export interface RecordingAssessment {
  /** True when there is no problem. */
  accepted: boolean;
  problems: RecordingProblem[];
  durationSeconds: number;
  sampleRate: number | undefined;
  /** Share of samples at full scale, 0–1. */
  clippingRatio: number;
  /** EBU R128 integrated loudness, LUFS; undefined for silence. */
  integratedLufs: number | undefined;
  speechRatio: number;
  speechSeconds: number;
  /** Median pitch of the voiced frames inside the speech (Hz, the profiler's tracker at 16 kHz); undefined with no voiced speech. */
  medianPitchHz: number | undefined;
}

export interface AssessRecordingOptions {
  /** The VAD that measures speech; default: silero VAD v4. */
  vad?: VoiceActivityDetector;
  signal?: AbortSignal;
  limits?: Partial<RecordingLimits>;
}

const notAudio = (details: string, sampleRate?: number): RecordingAssessment => ({
  accepted: false,
  problems: [{ code: 'not-audio', details }],
  durationSeconds: 0,
  sampleRate,
  clippingRatio: 0,
  integratedLufs: undefined,
  speechRatio: 0,
  speechSeconds: 0,
  medianPitchHz: undefined,
});

let defaultVad: Promise<VoiceActivityDetector> | undefined;
function sileroVad(): Promise<VoiceActivityDetector> {
  defaultVad ??= import('../silero/silero-voice-activity-detector.ts').then(({ createSilero }) => createSilero());
  return defaultVad;
}

/**
 * Checks a recording before a voice is cloned from it. A file that is not audio comes back as a
 * `not-audio` problem, not an error; errors are kept for cancellation and missing tools.
 */
export async function assessRecording(file: string, options: AssessRecordingOptions = {}): Promise<RecordingAssessment> {
  const limits = { ...RECORDING_LIMITS, ...options.limits };
  const run = { signal: options.signal, timeoutMs: 5 * 60_000 };
  try {
    let info;
    try {
      info = await probeMedia(file, run);
    } catch (error) {
      if (error instanceof MediaProcessError && error.exitCode !== null) return notAudio(`ffprobe cannot read the file: ${error.message}`);
      throw error;
    }
    if (!info.audio) return notAudio(info.video ? 'the file has video but no audio track' : 'the file has no audio track');
    const sampleRate = info.audio.sampleRate ?? 48_000;
    let pcm;
    try {
      pcm = await decodeToPcm(file, sampleRate, run);
    } catch (error) {
      if (error instanceof MediaProcessError && error.exitCode !== null) return notAudio(`the audio cannot be decoded: ${error.message}`, sampleRate);
      throw error;
    }
    const durationSeconds = pcm.samples.length / sampleRate;
    if (pcm.samples.length === 0) return notAudio('the audio track holds no samples', sampleRate);

    let clipped = 0;
    for (let index = 0; index < pcm.samples.length; index++) if (Math.abs(pcm.samples[index]!) >= 0.999) clipped++;
    const clippingRatio = clipped / pcm.samples.length;
    const integratedLufs = await integratedLoudness(file, options.signal);
    const vad = options.vad ?? (await sileroVad());
    const detected = await vad.doDetect({ audioFile: file, signal: options.signal });
    const speechSeconds = detected.segments.reduce((sum, segment) => sum + segment.endSeconds - segment.startSeconds, 0);
    const speechRatio = detected.speechRatio;
    // The voice's pitch, as the profile will measure it: the same tracker at 16 kHz, speech only.
    const pitch = pitchStatistics(await trackPitchAsync(await decodeToPcm(file, ANALYSIS_SAMPLE_RATE, run), { signal: options.signal }), detected.segments);

    const problems: RecordingProblem[] = [];
    const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
    if (durationSeconds < limits.minSeconds) problems.push({ code: 'too-short', durationSeconds: round(durationSeconds, 2), minSeconds: limits.minSeconds });
    if (durationSeconds > limits.maxSeconds) problems.push({ code: 'too-long', durationSeconds: round(durationSeconds, 2), maxSeconds: limits.maxSeconds });
    if (clippingRatio > limits.maxClippingRatio) problems.push({ code: 'clipping', clippingRatio: round(clippingRatio, 5), maxClippingRatio: limits.maxClippingRatio });
    if (integratedLufs === undefined || integratedLufs < limits.minLufs) problems.push({ code: 'too-quiet', integratedLufs, minLufs: limits.minLufs });
    else if (integratedLufs > limits.maxLufs) problems.push({ code: 'too-loud', integratedLufs, maxLufs: limits.maxLufs });
    if (speechRatio < limits.minSpeechRatio || speechSeconds < limits.minSpeechSeconds) {
      problems.push({ code: 'too-little-speech', speechRatio: round(speechRatio, 3), speechSeconds: round(speechSeconds, 2), minSpeechRatio: limits.minSpeechRatio, minSpeechSeconds: limits.minSpeechSeconds });
    }
    return {
      accepted: problems.length === 0,
      problems,
      durationSeconds: round(durationSeconds, 3),
      sampleRate,
      clippingRatio: round(clippingRatio, 5),
      integratedLufs,
      speechRatio: round(speechRatio, 3),
      speechSeconds: round(speechSeconds, 2),
      medianPitchHz: pitch.medianHz === undefined ? undefined : round(pitch.medianHz, 1),
    };
  } catch (error) {
    if (error instanceof EngineError && error.code === 'invalid-input') return notAudio(error.message);
    if (error instanceof EngineError) throw error;
    throw toEngineError(error, DSP_PROFILER_ENGINE_ID, 'assessing a recording');
  }
}
