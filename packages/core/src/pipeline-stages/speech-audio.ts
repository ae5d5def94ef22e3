/**
 * The audio formats of the speech tools, one place: every speech job renders mono 16-bit WAV at
 * `SPEECH_SAMPLE_RATE` and delivers MP3 or WAV at that rate. Commands come from @voxwork/media's
 * builders and run through its media runner.
 */
import { encodeMp3Args, loudnormArgs, mixWithBackgroundArgs, probeMedia, resampleArgs, runFfmpeg } from '@voxwork/media';

/** Every speech job renders at this rate: the engines' native rates are resampled to it. */
export const SPEECH_SAMPLE_RATE = 24_000;
/** MP3 bit rate of delivered speech (mono). */
const SPEECH_MP3_KBPS = 96;
const MEDIA_TIMEOUT_MS = 10 * 60_000;

export type SpeechFormat = 'mp3' | 'wav';

/** Any audio or video file → mono WAV at the speech rate (loudness-normalised when asked). */
export async function decodeSpeech(request: { input: string; output: string; normalize?: boolean; signal?: AbortSignal | undefined }): Promise<{ durationSeconds: number }> {
  const { input, output, signal } = request;
  if (request.normalize) await runFfmpeg(loudnormArgs({ input, output, sampleRate: SPEECH_SAMPLE_RATE }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
  else await runFfmpeg(resampleArgs({ input, output, sampleRate: SPEECH_SAMPLE_RATE, channels: 1 }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
  return { durationSeconds: await audioDuration(output, signal) };
}

/** A speech WAV in the delivery format. */
export async function encodeSpeech(request: { input: string; output: string; format: SpeechFormat; signal?: AbortSignal | undefined }): Promise<void> {
  const { input, output, signal } = request;
  const args = request.format === 'wav' ? resampleArgs({ input, output, sampleRate: SPEECH_SAMPLE_RATE, channels: 1 }) : encodeMp3Args({ input, output, sampleRate: SPEECH_SAMPLE_RATE, bitrateKbps: SPEECH_MP3_KBPS });
  await runFfmpeg(args, { signal, timeoutMs: MEDIA_TIMEOUT_MS });
}

/** Speech put back over a background (as long as the speech), as mono WAV at the speech rate. */
export async function mixSpeechWithBackground(request: { speech: string; background: string; mixed: string; output: string; signal?: AbortSignal | undefined }): Promise<void> {
  const { signal } = request;
  await runFfmpeg(mixWithBackgroundArgs({ voice: request.speech, background: request.background, output: request.mixed }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
  await encodeSpeech({ input: request.mixed, output: request.output, format: 'wav', signal });
}

export async function audioDuration(file: string, signal?: AbortSignal): Promise<number> {
  return (await probeMedia(file, { signal })).durationSeconds ?? 0;
}
