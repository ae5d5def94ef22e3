/**
 * A video's (or a recording's) soundtrack made ready for a new voice, as video translation's ingest
 * and dubbing's preparation both do it: the original at the mix rate (the background bed is made
 * from it), the speech rate copy recognition and speaker finding hear, whether the background can
 * be kept by cancelling the centre (a stereo mix) or only lowered, and the speakers found once per
 * job.
 */
import { extractAudioArgs, parseStereoBalance, resampleArgs, runFfmpeg, stereoBalanceArgs } from '@voxwork/media';
import type { BackgroundMethod, SpeakerSegment, SpeakerSummary, VideoEngines } from '../engines/video-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobFiles } from '../jobs/pipeline-definition.ts';

/** The stems, the bed and the mix are rendered at this rate (video sound). */
export const MIX_SAMPLE_RATE = 48_000;
/** A side (L−R) level within this many dB of the sum means sound panned to the sides: centre cancellation keeps a background. */
export const STEREO_SIDE_WITHIN_DB = 15;
/** The job files `prepareSoundtrack` writes: the original (stereo, mix rate) and the speech copy (mono, 16 kHz). */
export const SOUNDTRACK_FILES = ['original.wav', 'speech-16k.wav'] as const;

/** How the original's background is kept where its speech was: its centre removed (a stereo mix) or lowered (`BackgroundMethod` without a separator). */
export type SoundtrackBackground = Exclude<BackgroundMethod, 'separator'>;

/**
 * Writes `original.wav` and `speech-16k.wav` from `source` and measures the stereo balance: a
 * soundtrack of two or more channels whose sides are nearly as loud as its sum is a stereo mix.
 */
export async function prepareSoundtrack(
  files: JobFiles,
  request: { source: string; channels: number | undefined; signal: AbortSignal; timeoutMs: number },
): Promise<{ backgroundMethod: SoundtrackBackground }> {
  const { source, signal, timeoutMs } = request;
  await runFfmpeg(extractAudioArgs({ input: source, output: await files.path('original.wav'), sampleRate: MIX_SAMPLE_RATE, channels: 2 }), { signal, timeoutMs });
  await runFfmpeg(resampleArgs({ input: source, output: await files.path('speech-16k.wav'), sampleRate: 16_000, channels: 1 }), { signal, timeoutMs });
  const { stderr } = await runFfmpeg(stereoBalanceArgs({ input: await files.path('original.wav') }), { signal, timeoutMs });
  const balance = parseStereoBalance(stderr);
  const stereo = (request.channels ?? 1) >= 2 && balance !== undefined && Number.isFinite(balance.differenceDb) && balance.differenceDb > balance.sumDb - STEREO_SIDE_WITHIN_DB;
  return { backgroundMethod: stereo ? 'centre-cancel' : 'duck' };
}

/** What `soundtrackSpeakers` finds (and keeps as a job file). */
export interface SoundtrackSpeakers {
  segments: SpeakerSegment[];
  speakers: SpeakerSummary[];
  warnings: string[];
}

/**
 * Speech segments and speakers of `speech-16k.wav`, measured once per job (a job file): from the
 * VAD's segments, or — `utterances`, the lines once they are known — clustering the lines
 * themselves (each line one person's utterance).
 */
export async function soundtrackSpeakers(
  videoEngines: Pick<VideoEngines, 'findSpeakers'>,
  scratch: ScratchFiles,
  files: JobFiles,
  request: { speakerCount: number | undefined; signal: AbortSignal; utterances?: ReadonlyArray<{ startSeconds: number; endSeconds: number }> | undefined },
): Promise<SoundtrackSpeakers> {
  const { speakerCount, signal, utterances } = request;
  const name = utterances ? 'speaker-lines.json' : 'speaker-segments.json';
  if (await files.exists(name)) return JSON.parse(await scratch.readText(await files.path(name))) as SoundtrackSpeakers;
  const found = await videoEngines.findSpeakers({ audioFile: await files.path('speech-16k.wav'), speakerCount, utterances, signal });
  await scratch.writeText(await files.path(name), JSON.stringify(found));
  return found;
}
