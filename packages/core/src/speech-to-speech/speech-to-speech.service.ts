import { ErrorCode, speechToSpeechCost } from '@voxwork/contract';
import type { UploadRow } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { EnqueueOptions, JobService } from '../jobs/job.service.ts';
import type { SpeechFormat } from '../pipeline-stages/speech-audio.ts';
import { roundTo } from '../rounding.ts';
import type { VoicesService } from '../voices/voices.service.ts';

/** Shortest recording worth converting (seconds). */
const MIN_SOURCE_SECONDS = 0.5;

export interface SpeechToSpeechServiceDeps {
  jobs: JobService;
  voices: VoicesService;
  /** A ready upload of the user, or a DomainError (UPLOAD_NOT_FOUND). */
  findUpload: (userId: string, uploadId: string) => Promise<UploadRow>;
}

/** Speech to speech: a recording and a voice checked, priced by the recording's duration, the job accepted. */
export function createSpeechToSpeechService(deps: SpeechToSpeechServiceDeps) {
  return {
    async createSts(ownerId: string, request: { uploadId: string; voiceKey: string; denoise: boolean; keepBackground: boolean; format: SpeechFormat; title?: string | undefined }, options: Pick<EnqueueOptions, 'idempotency'> = {}) {
      const upload = await deps.findUpload(ownerId, request.uploadId);
      if (upload.kind === 'image' || upload.hasAudio === false || !upload.storageKey) throw new DomainError(ErrorCode.RECORDING_NOT_AUDIO);
      const target = await deps.voices.resolveTarget(ownerId, request.voiceKey, undefined);
      const durationSeconds = upload.durationSeconds ?? 0;
      if (durationSeconds < MIN_SOURCE_SECONDS) throw new DomainError(ErrorCode.RECORDING_TOO_SHORT, { seconds: roundTo(durationSeconds), min: MIN_SOURCE_SECONDS });
      const cost = speechToSpeechCost(durationSeconds, target.qualityTier);
      const job = await deps.jobs.enqueue(
        'speech-to-speech.convert',
        { uploadKey: upload.storageKey, sourceDurationSeconds: durationSeconds, target, denoise: request.denoise, keepBackground: request.keepBackground, format: request.format },
        { ownerId, cost, title: request.title || upload.originalName, ...(options.idempotency ? { idempotency: options.idempotency } : {}) },
      );
      return { jobId: job.id, cost };
    },
  };
}

export type SpeechToSpeechService = ReturnType<typeof createSpeechToSpeechService>;
