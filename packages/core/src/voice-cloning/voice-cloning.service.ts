import { ErrorCode, voiceCloneCost, type ComboDetail, type ErrorCodeValue, type RecordingCheck, type VoiceView } from '@voxwork/contract';
import type { SpeechRepository, UploadRow } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { SpeechEngines } from '../engines/speech-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { EnqueueOptions, JobService } from '../jobs/job.service.ts';
import { copyStoredToFile } from '../pipeline-stages/fetch-stored-file.ts';
import { roundTo } from '../rounding.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { storageKeys } from '../storage/storage-keys.ts';
import type { VoicesService } from '../voices/voices.service.ts';

export interface VoiceCloningServiceDeps {
  engines: SpeechEngines;
  speech: SpeechRepository;
  jobs: JobService;
  storage: StorageRepository;
  scratch: ScratchFiles;
  voices: VoicesService;
  /** A ready upload of the user, or a DomainError (UPLOAD_NOT_FOUND). */
  findUpload: (userId: string, uploadId: string) => Promise<UploadRow>;
  planOf: (userId: string) => Promise<Pick<ComboDetail, 'voiceCloneSlots'>>;
}

/**
 * Recording rules for cloning (spec: 10 s – 3 min), the same figures as the engine layer's
 * `RECORDING_LIMITS`: at least 8 s and half of it speech (VAD), under 0.1 % clipped samples,
 * louder than −35 LUFS.
 */
export const RECORDING_RULES = {
  minSeconds: 10,
  maxSeconds: 180,
  minSpeechSeconds: 8,
  minSpeechRatio: 0.5,
  maxClippingRatio: 0.001,
  minLoudnessLufs: -35,
} as const;

/** Voice cloning: recordings checked, consent, slots under a per-owner lock, the job; renaming and deleting cloned voices. */
export function createVoiceCloningService(deps: VoiceCloningServiceDeps) {
  const { engines, speech, storage, scratch, voices } = deps;

  async function withUploadFile<T>(upload: UploadRow, work: (file: string) => Promise<T>): Promise<T> {
    if (!upload.storageKey) throw new DomainError(ErrorCode.UPLOAD_NOT_FOUND);
    if (upload.kind === 'image' || upload.hasAudio === false) throw new DomainError(ErrorCode.RECORDING_NOT_AUDIO);
    const key = upload.storageKey;
    return scratch.inScratchFolder('speech-upload', async (file) => {
      if (!(await copyStoredToFile(storage, scratch, key, file('upload.bin')))) throw new DomainError(ErrorCode.UPLOAD_NOT_FOUND);
      return work(file('upload.bin'));
    });
  }

  async function checkRecording(ownerId: string, uploadId: string): Promise<RecordingCheck> {
    const upload = await deps.findUpload(ownerId, uploadId);
    const measured = await withUploadFile(upload, (file) => engines.measureRecording(file));
    if (!measured.hasAudio) throw new DomainError(ErrorCode.RECORDING_NOT_AUDIO);
    const problems: RecordingCheck['problems'] = [];
    const seconds = roundTo(measured.durationSeconds);
    if (measured.durationSeconds < RECORDING_RULES.minSeconds) problems.push({ code: ErrorCode.RECORDING_TOO_SHORT, params: { seconds, min: RECORDING_RULES.minSeconds } });
    if (measured.durationSeconds > RECORDING_RULES.maxSeconds) problems.push({ code: ErrorCode.RECORDING_TOO_LONG, params: { seconds, max: RECORDING_RULES.maxSeconds } });
    const ratio = measured.durationSeconds > 0 ? measured.speechSeconds / measured.durationSeconds : 0;
    if (measured.speechSeconds < RECORDING_RULES.minSpeechSeconds || ratio < RECORDING_RULES.minSpeechRatio) {
      problems.push({ code: ErrorCode.RECORDING_LITTLE_SPEECH, params: { ratio: Math.round(ratio * 100), speech: roundTo(measured.speechSeconds) } });
    }
    if (measured.clippingRatio > RECORDING_RULES.maxClippingRatio) problems.push({ code: ErrorCode.RECORDING_CLIPPING, params: { ratio: roundTo(measured.clippingRatio * 100, 2) } });
    if (measured.loudnessLufs !== null && measured.loudnessLufs < RECORDING_RULES.minLoudnessLufs) problems.push({ code: ErrorCode.RECORDING_TOO_QUIET, params: { lufs: roundTo(measured.loudnessLufs) } });
    return {
      accepted: problems.length === 0,
      durationSeconds: seconds,
      speechSeconds: roundTo(measured.speechSeconds),
      speechRatio: roundTo(ratio, 3),
      loudnessLufs: measured.loudnessLufs === null ? null : roundTo(measured.loudnessLufs),
      clippingRatio: roundTo(measured.clippingRatio, 5),
      medianPitchHz: measured.medianPitchHz === null ? null : roundTo(measured.medianPitchHz),
      problems,
    };
  }

  return {
    checkRecording,

    /** Clones a voice: consent, the same checks again (never trusting the client), a slot, the points, then the job. */
    async createClone(ownerId: string, request: { uploadId: string; name: string; language: string; consent: boolean }, options: Pick<EnqueueOptions, 'idempotency'> = {}) {
      if (!request.consent) throw new DomainError(ErrorCode.CLONE_CONSENT_REQUIRED);
      const upload = await deps.findUpload(ownerId, request.uploadId);
      const check = await checkRecording(ownerId, request.uploadId);
      if (!check.accepted) {
        const problem = check.problems[0]!;
        throw new DomainError(problem.code as ErrorCodeValue, problem.params);
      }
      const plan = await deps.planOf(ownerId);
      const row = await speech.insertClonedVoiceWithinSlots({ ownerId, name: request.name, language: request.language, uploadId: upload.id, consentAt: new Date(), status: 'processing' }, plan.voiceCloneSlots);
      if (!row) throw new DomainError(ErrorCode.VOICE_SLOTS_FULL, { limit: plan.voiceCloneSlots });
      const cost = voiceCloneCost();
      try {
        const job = await deps.jobs.enqueue('voice-cloning.clone', { clonedVoiceId: row.id, uploadKey: upload.storageKey!, name: request.name, language: request.language }, { ownerId, cost, title: request.name, ...(options.idempotency ? { idempotency: options.idempotency } : {}) });
        const updated = (await speech.updateClonedVoice(row.id, { jobId: job.id }))!;
        return { voice: await voices.clonedView(ownerId, updated), jobId: job.id, cost };
      } catch (error) {
        // Not accepted (e.g. not enough points): the slot is free again.
        await speech.deleteClonedVoice(ownerId, row.id);
        throw error;
      }
    },

    async renameClone(ownerId: string, id: string, name: string): Promise<VoiceView> {
      const row = await speech.findClonedVoice(ownerId, id);
      if (!row || row.status === 'failed') throw new DomainError(ErrorCode.VOICE_NOT_FOUND);
      const updated = (await speech.updateClonedVoice(id, { name }))!;
      return voices.clonedView(ownerId, updated);
    },

    async deleteClone(ownerId: string, id: string): Promise<void> {
      const row = await speech.findClonedVoice(ownerId, id);
      if (!row) throw new DomainError(ErrorCode.VOICE_NOT_FOUND);
      if (row.status === 'processing' && row.jobId) await deps.jobs.cancel(row.jobId, ownerId).catch(() => undefined);
      await speech.deleteClonedVoice(ownerId, id);
      await storage.deleteByPrefix(storageKeys.clonedVoiceFile(ownerId, id, 'x').replace(/x$/, ''));
      if (row.remoteEngineId && row.remoteVoiceId) await engines.deleteRemoteVoice({ engineId: row.remoteEngineId, voiceId: row.remoteVoiceId }).catch(() => undefined);
    },
  };
}

export type VoiceCloningService = ReturnType<typeof createVoiceCloningService>;
