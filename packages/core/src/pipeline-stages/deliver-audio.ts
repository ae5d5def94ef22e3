import type { JobMediaFile, StageContext } from '../jobs/pipeline-definition.ts';
import { encodeSpeech, type SpeechFormat } from './speech-audio.ts';

/**
 * A speech WAV of the job handed to the user: encoded to the delivery format when that is not WAV
 * (`<baseName>.mp3`), then stored as a result of the stage.
 */
export async function deliverSpeech(
  context: Pick<StageContext<unknown>, 'files' | 'signal' | 'store'>,
  request: { wav: string; baseName: string; format: SpeechFormat; durationSeconds?: number | undefined },
): Promise<{ file: string; media: JobMediaFile }> {
  const file = request.format === 'wav' ? request.wav : `${request.baseName}.${request.format}`;
  if (file !== request.wav) await encodeSpeech({ input: await context.files.path(request.wav), output: await context.files.path(file), format: request.format, signal: context.signal });
  return { file, media: await context.store(file, { role: 'audio', durationSeconds: request.durationSeconds }) };
}
