import { ErrorCode, type SubtitleScript } from '@voxwork/contract';
import type { UploadRow } from '@voxwork/db';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error.ts';
import type { SubtitleTrack, TrackedLine, VideoEngines } from '../engines/video-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobService } from '../jobs/job.service.ts';
import type { StageContext } from '../jobs/pipeline-definition.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { createSubtitleExtractionPipeline, transcriptOf, type SubtitleExtractionJobInput } from './subtitle-extraction.pipeline.ts';
import { createSubtitleExtractionService } from './subtitle-extraction.service.ts';

const READER = { id: 'ppocr:pp-ocrv4', location: 'local' as const, name: 'PP-OCRv4 (Chinese + English)', languages: ['zh', 'en'] };

/** A reader that returns `lines` and `tracks` (as the engine reads them), keeping the requests it got. */
function fakeReader(lines: TrackedLine[], tracks: SubtitleTrack[] = []) {
  const requests: Array<Parameters<VideoEngines['readSubtitles']>[0]> = [];
  const videoEngines = { readSubtitles: async (request: Parameters<VideoEngines['readSubtitles']>[0]) => (requests.push(request), { lines, tracks, warnings: [] }) } as unknown as VideoEngines;
  return { videoEngines, requests };
}

/** The pipeline's read stage over a fake reader that returns `lines` (rows joined, as the engine reads one track) and `tracks`. */
async function readStage(lines: TrackedLine[], languages: SubtitleScript[], tracks: SubtitleTrack[] = [], subtitleTrack?: SubtitleExtractionJobInput['subtitleTrack']) {
  const { videoEngines, requests } = fakeReader(lines, tracks);
  const pipeline = createSubtitleExtractionPipeline({ videoEngines, storage: {} as StorageRepository, scratch: {} as ScratchFiles });
  const input: SubtitleExtractionJobInput = { uploadId: 'u', uploadKey: 'k', durationSeconds: 10, languages, engineId: READER.id, ...(subtitleTrack ? { subtitleTrack } : {}) };
  const context = { input, outputs: { ingest: { durationSeconds: 10 } }, files: { path: async (name: string) => `/tmp/${name}` }, signal: new AbortController().signal, reportProgress: () => undefined };
  const output = await pipeline.stages.find((stage) => stage.name === 'read')!.run(context as unknown as StageContext<SubtitleExtractionJobInput>);
  return Object.assign(output, { requests });
}

const track = (y: number, language: string, chosen = true): SubtitleTrack => ({ box: { x: 400, y, width: 480, height: 40 }, lineHeight: 36, lineCount: 2, framesWithText: 8, alignment: 'centre', chosen, language });

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

  // Chinese over English read as two tracks, each timed on its own (decision 070).
  const twoTracks = [
    { startSeconds: 0.4, endSeconds: 1.4, text: '你终于回来了', track: 0 },
    { startSeconds: 0.44, endSeconds: 1.36, text: 'You finally came back.', track: 1 },
    { startSeconds: 1.4, endSeconds: 3, text: '我等了你整整三年', track: 0 },
    { startSeconds: 1.46, endSeconds: 3.04, text: 'I waited for three years.', track: 1 },
  ];
  const candidates = [track(580, 'zh'), track(640, 'en'), track(80, 'zh', false)];

  it('pairs two tracks by time, keeps each language\'s own times for its file, and lists the candidates', async () => {
    const read = await readStage(twoTracks, ['zh', 'en'], candidates);
    expect(read.lines).toEqual([
      { startSeconds: 0.4, endSeconds: 1.4, text: '你终于回来了\nYou finally came back.', zh: '你终于回来了', en: 'You finally came back.' },
      { startSeconds: 1.4, endSeconds: 3.04, text: '我等了你整整三年\nI waited for three years.', zh: '我等了你整整三年', en: 'I waited for three years.' },
    ]);
    expect(read.trackLines).toEqual({
      zh: [{ startSeconds: 0.4, endSeconds: 1.4, text: '你终于回来了' }, { startSeconds: 1.4, endSeconds: 3, text: '我等了你整整三年' }],
      en: [{ startSeconds: 0.44, endSeconds: 1.36, text: 'You finally came back.' }, { startSeconds: 1.46, endSeconds: 3.04, text: 'I waited for three years.' }],
    });
    expect(read.subtitleTracks).toEqual(candidates);
    // English only: the English track alone, with its own times.
    const english = await readStage(twoTracks, ['en'], candidates);
    expect(english.lines).toEqual([
      { startSeconds: 0.44, endSeconds: 1.36, text: 'You finally came back.', zh: '', en: 'You finally came back.' },
      { startSeconds: 1.46, endSeconds: 3.04, text: 'I waited for three years.', zh: '', en: 'I waited for three years.' },
    ]);
  });

  it('passes the picked track to the reader', async () => {
    const picked = { x: 400, y: 80, width: 480, height: 40 };
    const read = await readStage([{ startSeconds: 1, endSeconds: 2, text: '上面的字幕', track: 0 }], ['zh', 'en'], [{ ...track(80, 'zh'), box: picked }, track(580, 'zh', false)], picked);
    expect(read.requests.map((request) => request.subtitleTrack)).toEqual([picked]);
    expect(read.lines).toEqual([{ startSeconds: 1, endSeconds: 2, text: '上面的字幕', zh: '上面的字幕', en: '' }]);
  });

  it('fails with the error that names what it found: none, only English, only Chinese', async () => {
    expect(await codeOf(readStage([], ['zh', 'en']))).toBe(ErrorCode.SUBTITLE_EXTRACTION_NONE_FOUND);
    expect(await codeOf(readStage([{ startSeconds: 1, endSeconds: 2, text: '7' }], ['zh']))).toBe(ErrorCode.SUBTITLE_EXTRACTION_NONE_FOUND);
    expect(await codeOf(readStage([{ startSeconds: 1, endSeconds: 2, text: 'Only English here' }], ['zh']))).toBe(ErrorCode.SUBTITLE_EXTRACTION_ONLY_ENGLISH);
    expect(await codeOf(readStage([{ startSeconds: 1, endSeconds: 2, text: '只有中文' }], ['en']))).toBe(ErrorCode.SUBTITLE_EXTRACTION_ONLY_CHINESE);
    expect(await codeOf(readStage(twoTracks.filter((line) => line.track === 0), ['en'], candidates))).toBe(ErrorCode.SUBTITLE_EXTRACTION_ONLY_CHINESE);
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

  it('queues the track a person picked, and refuses one outside the picture before charging', async () => {
    const { service: extraction, enqueued } = service(upload({ width: 1280, height: 720 }));
    const picked = { x: 0, y: 630, width: 1280, height: 60 };
    await extraction.create('user-1', { uploadId: 'up-1', languages: ['en'], subtitleTrack: picked });
    expect(enqueued.map((job) => (job.input as SubtitleExtractionJobInput).subtitleTrack)).toEqual([picked]);
    const error = await extraction.create('user-1', { uploadId: 'up-1', languages: ['en'], subtitleTrack: { x: 0, y: 700, width: 1280, height: 60 } }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: ErrorCode.SUBTITLE_TRACK_OUTSIDE_FRAME, params: { width: 1280, height: 720 } });
    expect(enqueued).toHaveLength(1);
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
