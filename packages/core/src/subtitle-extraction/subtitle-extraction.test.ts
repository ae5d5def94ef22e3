import { ErrorCode, type SubtitleScript } from '@voxwork/contract';
import type { UploadRow } from '@voxwork/db';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error.ts';
import type { TimedLine, VideoEngines } from '../engines/video-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobService } from '../jobs/job.service.ts';
import type { StageContext } from '../jobs/pipeline-definition.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { createSubtitleExtractionPipeline, transcriptOf, type SubtitleExtractionJobInput } from './subtitle-extraction.pipeline.ts';
import { createSubtitleExtractionService } from './subtitle-extraction.service.ts';

const READER = { id: 'ppocr:pp-ocrv4', location: 'local' as const, name: 'PP-OCRv4 (Chinese + English)', languages: ['zh', 'en'] };

/** The pipeline's read stage over a fake reader that returns `lines` (as the engine reads them: rows joined). */
async function readStage(lines: TimedLine[], languages: SubtitleScript[]) {
  const videoEngines = { readSubtitles: async () => ({ lines, warnings: [] }) } as unknown as VideoEngines;
  const pipeline = createSubtitleExtractionPipeline({ videoEngines, storage: {} as StorageRepository, scratch: {} as ScratchFiles });
  const input: SubtitleExtractionJobInput = { uploadId: 'u', uploadKey: 'k', durationSeconds: 10, languages, engineId: READER.id };
  const context = { input, outputs: { ingest: { durationSeconds: 10 } }, files: { path: async (name: string) => `/tmp/${name}` }, signal: new AbortController().signal, reportProgress: () => undefined };
  return pipeline.stages.find((stage) => stage.name === 'read')!.run(context as unknown as StageContext<SubtitleExtractionJobInput>);
}

const codeOf = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: unknown) => (error instanceof DomainError ? error.code : String(error)));

describe('subtitle extraction pipeline', () => {
  const bilingual = [
    { startSeconds: 0.6, endSeconds: 2.8, text: '你终于回来了 You finally came back' },
    { startSeconds: 0.62, endSeconds: 0.9, text: '你终于回来了 You finally came back' },
    { startSeconds: 3.4, endSeconds: 6, text: '我等了你整整三年 I waited for three years' },
  ];

  it('merges repeated readings and keeps the asked scripts', async () => {
    expect((await readStage(bilingual, ['zh', 'en'])).lines).toEqual([
      { startSeconds: 0.6, endSeconds: 2.8, text: '你终于回来了\nYou finally came back', zh: '你终于回来了', en: 'You finally came back' },
      { startSeconds: 3.4, endSeconds: 6, text: '我等了你整整三年\nI waited for three years', zh: '我等了你整整三年', en: 'I waited for three years' },
    ]);
    expect(((await readStage(bilingual, ['en'])).lines as Array<{ text: string }>).map((line) => line.text)).toEqual(['You finally came back', 'I waited for three years']);
  });

  it('fails with the error that names what it found: none, only English, only Chinese', async () => {
    expect(await codeOf(readStage([], ['zh', 'en']))).toBe(ErrorCode.SUBTITLE_EXTRACTION_NONE_FOUND);
    expect(await codeOf(readStage([{ startSeconds: 1, endSeconds: 2, text: '7' }], ['zh']))).toBe(ErrorCode.SUBTITLE_EXTRACTION_NONE_FOUND);
    expect(await codeOf(readStage([{ startSeconds: 1, endSeconds: 2, text: 'Only English here' }], ['zh']))).toBe(ErrorCode.SUBTITLE_EXTRACTION_ONLY_ENGLISH);
    expect(await codeOf(readStage([{ startSeconds: 1, endSeconds: 2, text: '只有中文' }], ['en']))).toBe(ErrorCode.SUBTITLE_EXTRACTION_ONLY_CHINESE);
  });

  it('writes a transcript of one line per subtitle, or of paragraphs for two-row subtitles', () => {
    expect(transcriptOf([{ text: 'One' }, { text: 'Two' }])).toBe('One\nTwo\n');
    expect(transcriptOf([{ text: '一\nOne' }, { text: '二\nTwo' }])).toBe('一\nOne\n\n二\nTwo\n');
  });
});

describe('subtitle extraction service', () => {
  const upload = (overrides: Partial<UploadRow> = {}) => ({ id: 'up-1', kind: 'video', storageKey: 'users/a/uploads/up-1.mp4', durationSeconds: 61, originalName: 'drama.mp4', ...overrides }) as UploadRow;
  function service(found: UploadRow, readers = [READER]) {
    const enqueued: Array<{ type: string; input: unknown; options: { cost: number; title: string } }> = [];
    const jobs = { enqueue: async (type: string, input: unknown, options: { cost: number; title: string }) => (enqueued.push({ type, input, options }), { id: 'job-1' }) } as unknown as JobService;
    const created = createSubtitleExtractionService({ jobs, videoEngines: { textReaders: () => readers }, findUpload: async () => found, planOf: async () => ({ maxVideoMinutesPerJob: 2 }) });
    return { service: created, enqueued };
  }

  it('charges 2 points per started minute and queues the reader and the scripts in a fixed order', async () => {
    const { service: extraction, enqueued } = service(upload());
    expect(await extraction.create('user-1', { uploadId: 'up-1', languages: ['en', 'zh'] })).toEqual({ jobId: 'job-1', cost: 4 });
    expect(enqueued).toEqual([
      { type: 'subtitle-extraction.extract', input: { uploadId: 'up-1', uploadKey: 'users/a/uploads/up-1.mp4', durationSeconds: 61, languages: ['zh', 'en'], engineId: READER.id }, options: { ownerId: 'user-1', cost: 4, title: 'drama' } },
    ]);
    expect(await extraction.options('user-1')).toEqual({ readers: [READER], pricePerMinute: 2, maxVideoMinutes: 2 });
  });

  it('refuses what it cannot read, what is too long for the plan, and runs without a reader, before charging', async () => {
    expect(await codeOf(service(upload({ kind: 'audio' })).service.create('u', { uploadId: 'up-1', languages: ['zh'] }))).toBe(ErrorCode.VIDEO_NOT_READABLE);
    expect(await codeOf(service(upload({ durationSeconds: null })).service.create('u', { uploadId: 'up-1', languages: ['zh'] }))).toBe(ErrorCode.VIDEO_NOT_READABLE);
    const long = service(upload({ durationSeconds: 121 }));
    const error = await long.service.create('u', { uploadId: 'up-1', languages: ['zh'] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: ErrorCode.VIDEO_TOO_LONG, params: { minutes: 2, max: 2 } });
    expect(await codeOf(service(upload(), []).service.create('u', { uploadId: 'up-1', languages: ['zh'] }))).toBe(ErrorCode.ENGINE_UNAVAILABLE);
    expect(long.enqueued).toEqual([]);
  });
});
