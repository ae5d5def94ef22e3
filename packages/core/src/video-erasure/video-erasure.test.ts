import { ErrorCode, type SubtitleTrack } from '@voxwork/contract';
import type { UploadRow } from '@voxwork/db';
import { describe, expect, it } from 'vitest';
import type { FoundText, VideoErasureEngines } from '../engines/video-erasure-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobService } from '../jobs/job.service.ts';
import type { StageContext } from '../jobs/pipeline-definition.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { createVideoErasureDetectPipeline, type VideoErasureDetectJobInput } from './video-erasure.pipeline.ts';
import { createVideoErasureService } from './video-erasure.service.ts';

const track = (y: number, language: string, chosen = true): SubtitleTrack => ({ box: { x: 400, y, width: 480, height: 40 }, lineHeight: 36, lineCount: 3, framesWithText: 8, alignment: 'centre', chosen, language });
const picked = { x: 0, y: 630, width: 1280, height: 60 };

/** The detect stage over a finder that returns each row of Chinese over English as its own text, keeping its requests. */
async function detectStage(input: Partial<VideoErasureDetectJobInput>) {
  const requests: Array<Parameters<VideoErasureEngines['findText']>[0]> = [];
  const texts: FoundText[] = [
    { box: { x: 500, y: 580, width: 280, height: 44 }, startSeconds: 0.4, endSeconds: 1.4, text: '你终于回来了', track: 0 },
    { box: { x: 470, y: 640, width: 340, height: 32 }, startSeconds: 0.44, endSeconds: 1.36, text: 'You finally came back.', track: 1 },
  ];
  const erasureEngines = { findText: async (request: Parameters<VideoErasureEngines['findText']>[0]) => (requests.push(request), { texts, width: 1280, height: 720, tracks: [track(580, 'zh'), track(640, 'en')], warnings: [] }) } as unknown as VideoErasureEngines;
  const pipeline = createVideoErasureDetectPipeline({ erasureEngines, storage: {} as StorageRepository, scratch: {} as ScratchFiles });
  const context = {
    input: { uploadId: 'u', uploadKey: 'k', durationSeconds: 6, detection: 'subtitles', ...input },
    outputs: { ingest: { files: ['source.video'], width: 1280, height: 720, durationSeconds: 6 } },
    files: { path: async (name: string) => `/tmp/${name}` },
    signal: new AbortController().signal,
    reportProgress: () => undefined,
  };
  const output = await pipeline.stages.find((stage) => stage.name === 'detect')!.run(context as unknown as StageContext<VideoErasureDetectJobInput>);
  return { output: output as { regions: Array<{ text: string; y: number }>; subtitleTracks: SubtitleTrack[]; subtitleTrack: unknown }, requests };
}

describe('video erasure and subtitle tracks', () => {
  it('lists a region per row of each track and the candidate tracks; passes a picked track in subtitles mode only', async () => {
    const found = await detectStage({});
    expect(found.output.regions.map((region) => region.text)).toEqual(['你终于回来了', 'You finally came back.']);
    expect(found.output.subtitleTracks.map((candidate) => candidate.language)).toEqual(['zh', 'en']);
    expect(found.requests[0]!.subtitleTrack).toBeUndefined();
    expect((await detectStage({ subtitleTrack: picked })).requests[0]!.subtitleTrack).toEqual(picked);
    expect((await detectStage({ subtitleTrack: picked })).output.subtitleTrack).toEqual(picked);
    expect((await detectStage({ subtitleTrack: picked, detection: 'all-text' })).requests[0]!.subtitleTrack).toBeUndefined();
  });

  it('queues the picked track for detection and the automatic run, and refuses one outside the picture', async () => {
    const enqueued: Array<{ type: string; input: Record<string, unknown> }> = [];
    const jobs = { enqueue: async (type: string, input: Record<string, unknown>) => (enqueued.push({ type, input }), { id: 'job-1' }) } as unknown as JobService;
    const upload = { id: 'up-1', kind: 'video', storageKey: 'users/a/uploads/up-1.mp4', durationSeconds: 6, width: 1280, height: 720, originalName: 'drama.mp4' } as UploadRow;
    const service = createVideoErasureService({ jobs, findUpload: async () => upload, planOf: async () => ({ maxVideoMinutesPerJob: 2 }) });
    await service.detect('user-1', { uploadId: 'up-1', detection: 'subtitles', subtitleTrack: picked });
    await service.create('user-1', { uploadId: 'up-1', regions: [], fill: 'best', mode: 'automatic', detection: 'subtitles', subtitleTrack: picked });
    expect(enqueued.map((job) => [job.type, job.input.subtitleTrack])).toEqual([
      ['video-erasure.detect', picked],
      ['video-erasure.erase', picked],
    ]);
    const outside = { ...picked, x: 100 };
    for (const attempt of [service.detect('user-1', { uploadId: 'up-1', detection: 'subtitles', subtitleTrack: outside }), service.create('user-1', { uploadId: 'up-1', regions: [], fill: 'best', mode: 'automatic', detection: 'subtitles', subtitleTrack: outside })]) {
      expect(await attempt.catch((caught: unknown) => caught)).toMatchObject({ code: ErrorCode.SUBTITLE_TRACK_OUTSIDE_FRAME, params: { width: 1280, height: 720 } });
    }
    expect(enqueued).toHaveLength(2);
  });
});
