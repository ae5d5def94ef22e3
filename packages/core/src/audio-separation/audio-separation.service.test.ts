import { ErrorCode } from '@voxwork/contract';
import type { UploadRow } from '@voxwork/db';
import { describe, expect, it } from 'vitest';
import type { AudioSeparationEngines } from '../engines/audio-separation-engines.port.ts';
import type { JobService } from '../jobs/job.service.ts';
import { createAudioSeparationService } from './audio-separation.service.ts';

const upload = (over: Partial<UploadRow>): UploadRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  ownerId: 'u1',
  status: 'ready',
  storageKey: 'users/u1/uploads/a.wav',
  originalName: 'interview.wav',
  kind: 'audio',
  mime: 'audio/wav',
  bytes: 1000,
  durationSeconds: 61,
  width: null,
  height: null,
  hasAudio: true,
  errorCode: null,
  createdAt: new Date(),
  ...over,
});

const engines: AudioSeparationEngines = {
  separators: () => [
    { id: 'rnnoise:rnnoise', name: 'RNNoise', location: 'local', description: '', qualityTier: 'standard', stems: ['vocals', 'noise'] },
    { id: 'elevenlabs:audio-isolation', name: 'ElevenLabs', location: 'remote', description: '', qualityTier: 'standard', stems: ['vocals', 'accompaniment'] },
  ],
  separate: () => Promise.reject(new Error('not in this test')),
};

function serviceWith(row: UploadRow) {
  const queued: Array<{ type: string; input: unknown; cost: number; title: string }> = [];
  const jobs = {
    enqueue: (type: string, input: unknown, options: { cost: number; title: string }) => {
      queued.push({ type, input, cost: options.cost, title: options.title });
      return Promise.resolve({ id: 'job-1' });
    },
  } as unknown as JobService;
  const service = createAudioSeparationService({ jobs, engines, findUpload: () => Promise.resolve(row), planOf: () => Promise.resolve({ maxMinutesPerJob: 2 }) });
  return { service, queued };
}

const codeOf = (promise: Promise<unknown>) => promise.then(() => 0, (error: { code?: number }) => error.code);

describe('audio separation service', () => {
  it('prices each separator per started minute at its tier and queues the job with its cost', async () => {
    const { service, queued } = serviceWith(upload({}));
    expect((await service.options('u1')).separators.map((offer) => [offer.id, offer.pricePerMinute])).toEqual([['rnnoise:rnnoise', 3], ['elevenlabs:audio-isolation', 9]]);
    expect(await service.create('u1', { uploadId: 'x', engineId: 'rnnoise:rnnoise' })).toEqual({ jobId: 'job-1', cost: 6 });
    expect(await service.create('u1', { uploadId: 'x', engineId: 'elevenlabs:audio-isolation', title: 'Take 2' })).toEqual({ jobId: 'job-1', cost: 18 });
    expect(queued.map((job) => [job.type, job.cost, job.title])).toEqual([['audio-separation.separate', 6, 'interview'], ['audio-separation.separate', 18, 'Take 2']]);
  });

  it('refuses, before anything is charged: an engine not set up, an image, a video without sound, a file longer than the plan', async () => {
    expect(await codeOf(serviceWith(upload({})).service.create('u1', { uploadId: 'x', engineId: 'demucs:htdemucs' }))).toBe(ErrorCode.AUDIO_SEPARATION_ENGINE_NOT_SET_UP);
    expect(await codeOf(serviceWith(upload({ kind: 'image', durationSeconds: null })).service.create('u1', { uploadId: 'x', engineId: 'rnnoise:rnnoise' }))).toBe(ErrorCode.AUDIO_SEPARATION_NOT_READABLE);
    expect(await codeOf(serviceWith(upload({ kind: 'video', hasAudio: false })).service.create('u1', { uploadId: 'x', engineId: 'rnnoise:rnnoise' }))).toBe(ErrorCode.AUDIO_SEPARATION_NO_AUDIO_TRACK);
    const long = serviceWith(upload({ durationSeconds: 121 }));
    await expect(long.service.create('u1', { uploadId: 'x', engineId: 'rnnoise:rnnoise' })).rejects.toMatchObject({ code: ErrorCode.AUDIO_SEPARATION_TOO_LONG, params: { minutes: 2, max: 2 } });
    expect(long.queued).toEqual([]);
  });
});
