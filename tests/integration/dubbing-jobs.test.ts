import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@voxwork/contract';
import { overrunFixFields, segmentOverruns, segmentState } from '@voxwork/contract/dubbing';
import {
  createDubbingJobsService,
  createDubbingPipelines,
  DomainError,
  findLibraryVoice,
  libraryTarget,
  mapEngineFailures,
  speechEnginesOver,
  storageKeys,
  videoEngineErrors,
  type DubbingJobRecord,
  type DubbingJobsServiceDeps,
  type JobFiles,
  type JobInputs,
  type JobMediaFile,
  type PipelineDefinition,
  type StorageRepository,
} from '@voxwork/core';
import type { UploadRow } from '@voxwork/db';
import { createEngineRegistryFromEnv, engineSelectionFromEnv, resolveEngines, type ResolvedEngines } from '@voxwork/engines';
import { probeMedia, runFfmpeg, waveformPeaks } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpeechEngines } from '../../apps/server/src/engines/speech-engines.ts';
import { createVideoEngines } from '../../apps/server/src/engines/video-engines.ts';
import { localScratchFiles } from '../../apps/server/src/files/local-scratch-files.ts';
import { createLocalDiskStorage } from '../../apps/server/src/storage/local-disk-storage.repository.ts';
import { levelDb, makeDubbingClip, MUSIC_TONE_ONLY, quietGaps, type DubbingClip } from '../support/dubbing-media.ts';
import { createInMemoryDubbingStore, type InMemoryDubbingStore } from '../support/in-memory-dubbing-store.ts';

/**
 * Dubbing's jobs on the real local engines (festival, espeak, Apertium, the speaker finder),
 * run stage by stage against an in-memory store and local storage: a two-speaker clip is
 * prepared, translated en → es, spoken and exported; a recording becomes a trimmed take; a
 * finished video translation opens as a project with its takes.
 */
const OWNER = 'dubbing-owner';

async function expectDomainError(promise: Promise<unknown>, code: number) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
}

describe('dubbing jobs', () => {
  let dir: string;
  let engines: ResolvedEngines;
  let storage: StorageRepository;
  let store: InMemoryDubbingStore;
  let clip: DubbingClip;
  let deps: DubbingJobsServiceDeps;
  let pipelines: ReturnType<typeof createDubbingPipelines>;
  const uploads = new Map<string, UploadRow>();
  const jobRows = new Map<string, DubbingJobRecord & { id: string; title: string | null; finishedAt: Date | null; updatedAt: Date }>();
  const queued: Array<{ id: string; type: keyof JobInputs; input: unknown; cost: number }> = [];
  let maxMinutes = 10;

  /** Runs a queued job's stages in order (as the job service does, without the queue), storing results under the job's keys. */
  async function runJob<I>(pipeline: PipelineDefinition<I>, jobId: string, input: I) {
    const folder = path.join(dir, 'jobs', jobId);
    await mkdir(folder, { recursive: true });
    const files: JobFiles = {
      path: async (name) => path.join(folder, name),
      exists: async (name) => readFile(path.join(folder, name)).then(() => true, () => false),
      remove: () => rm(folder, { recursive: true, force: true }),
    };
    const outputs: Record<string, Record<string, unknown>> = {};
    try {
      for (const stage of pipeline.stages) {
        outputs[stage.name] = await stage.run({
          jobId,
          ownerId: OWNER,
          input,
          outputs,
          attempt: 1,
          signal: new AbortController().signal,
          files,
          reportProgress: () => undefined,
          store: async (fileName, { role, durationSeconds }): Promise<JobMediaFile> => {
            const key = storageKeys.jobFile(OWNER, jobId, stage.name, fileName);
            const stored = await storage.putFile(key, path.join(folder, fileName));
            return { key, name: fileName, role, contentType: stored.contentType, bytes: stored.size, ...(durationSeconds === undefined ? {} : { durationSeconds }) };
          },
        });
      }
    } catch (error) {
      await pipeline.onEnded?.({ jobId, ownerId: OWNER, input, outcome: 'failed' });
      throw error;
    }
    return { outputs, result: pipeline.result?.(input, outputs) ?? {} };
  }

  async function upload(file: string, kind: 'video' | 'audio'): Promise<UploadRow> {
    const id = randomUUID();
    const key = storageKeys.upload(OWNER, id, path.basename(file));
    await storage.putFile(key, file);
    const info = await probeMedia(file);
    const row = { id, ownerId: OWNER, status: 'ready', storageKey: key, originalName: path.basename(file), kind, mime: null, bytes: 1, durationSeconds: info.durationSeconds ?? 0, width: info.video?.width ?? null, height: info.video?.height ?? null, hasAudio: Boolean(info.audio), errorCode: null, createdAt: new Date() } as UploadRow;
    uploads.set(id, row);
    return row;
  }

  const lastJob = () => queued.at(-1)!;
  const stored = async (key: string) => {
    const local = path.join(dir, 'fetched', key);
    await mkdir(path.dirname(local), { recursive: true });
    const body = await storage.get(key);
    expect(body, key).toBeDefined();
    await localScratchFiles().saveStream(body!, local);
    return local;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-dubbing-jobs-'));
    engines = resolveEngines(createEngineRegistryFromEnv({}), engineSelectionFromEnv({}));
    storage = createLocalDiskStorage({ root: path.join(dir, 'storage'), signUrl: (key) => `/media/${key}` });
    store = createInMemoryDubbingStore();
    const speech = speechEnginesOver(createSpeechEngines({ engines }));
    const video = mapEngineFailures(createVideoEngines({ engines }), videoEngineErrors);
    const scratch = localScratchFiles();
    const jobRecords = {
      findById: async (id: string) => jobRows.get(id),
      list: async (filter: { ownerId: string; types?: string[] }) => ({ items: [...jobRows.values()].filter((row) => row.ownerId === filter.ownerId && (!filter.types || filter.types.includes(row.type)) && row.status === 'completed') }),
    };
    pipelines = createDubbingPipelines({ engines: speech, videoEngines: video, storage, scratch, dubbing: store, jobRecords });
    deps = {
      store,
      jobs: {
        enqueue: (async (type: keyof JobInputs, input: unknown, options: { cost?: number } = {}) => {
          const id = randomUUID();
          queued.push({ id, type, input, cost: options.cost ?? 0 });
          return { id };
        }) as unknown as DubbingJobsServiceDeps['jobs']['enqueue'],
      },
      jobRecords,
      voices: {
        resolveTarget: async (_owner, voiceKey) => {
          const voice = await findLibraryVoice(speech, voiceKey);
          if (!voice) throw new DomainError(ErrorCode.VOICE_NOT_FOUND);
          return libraryTarget(voice);
        },
      },
      engines: speech,
      videoEngines: video,
      storage,
      scratch,
      findUpload: async (_owner, id) => uploads.get(id)!,
      planOf: async () => ({ maxVideoMinutesPerJob: maxMinutes }),
    };
    // Two people: a woman (festival's SLT) and a man (kal), 8 s.
    clip = await makeDubbingClip({
      name: 'dubbing-jobs-duet-8s',
      seconds: 8,
      burnedSubtitles: false,
      lines: [
        { startSeconds: 0.5, text: 'Welcome to our little shop.' },
        { startSeconds: 3.2, text: 'The battery lasts all day.', voice: 'kal_diphone' },
        { startSeconds: 5.6, text: 'Buy it today.' },
      ],
    });
  });

  afterAll(async () => {
    await engines?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses what cannot be made before anything is queued', async () => {
    const video = await upload(clip.file, 'video');
    const from = { kind: 'upload' as const, uploadId: video.id, sourceLanguage: 'en', textSource: 'none' as const };
    await expectDomainError(createDubbingJobsService(deps).create(OWNER, { edition: 'studio', from, targetLanguages: ['es', 'fr'] }), ErrorCode.DUBBING_STUDIO_ONE_LANGUAGE);
    maxMinutes = 0.05;
    await expectDomainError(createDubbingJobsService(deps).create(OWNER, { edition: 'pro', from, targetLanguages: ['es'] }), ErrorCode.DUBBING_MEDIA_TOO_LONG);
    maxMinutes = 10;
    await expectDomainError(createDubbingJobsService(deps).create(OWNER, { edition: 'pro', from: { kind: 'video-translation', jobId: randomUUID() }, targetLanguages: ['es'] }), ErrorCode.DUBBING_TRANSLATION_NOT_FINISHED);
    expect(queued).toHaveLength(0);
  });

  it('prepares, translates, speaks and exports a two-speaker clip', async () => {
    const service = createDubbingJobsService(deps);
    const video = await upload(clip.file, 'video');
    const srt = await readFile(clip.srt, 'utf8');
    const created = await service.create(OWNER, {
      edition: 'studio',
      from: { kind: 'upload', uploadId: video.id, sourceLanguage: 'en', textSource: 'subtitle-file', subtitleFile: { name: 'lines.srt', text: srt }, speakers: 2 },
      targetLanguages: ['es'],
    });
    expect(lastJob().type).toBe('dubbing.prepare');
    expect(store.projects.get(created.projectId)!.prepareJobId).toBe(created.prepareJobId);
    await expectDomainError(service.translateQuote(OWNER, { projectId: created.projectId, language: 'es', segments: { kind: 'all' } }), ErrorCode.DUBBING_NOT_READY);

    await runJob(pipelines.prepare, lastJob().id, lastJob().input as JobInputs['dubbing.prepare']);
    const project = (await store.project(created.projectId, OWNER))!;
    expect(project.status).toBe('ready');
    expect(Math.abs(project.durationMs - clip.durationSeconds * 1000)).toBeLessThan(100);
    const segments = await store.segments(project.id);
    expect(segments.map((segment) => segment.sourceText)).toEqual(clip.lines.map((line) => line.text));
    // Two speakers: two characters, each with a Spanish voice of their own; the man's line is his.
    expect(project.characters).toHaveLength(2);
    expect(project.characters.map((character) => character.name)).toEqual(['S1', 'S2']);
    expect(new Set(project.characters.map((character) => character.voices.es)).size).toBe(2);
    expect(segments[1]!.characterId).not.toBe(segments[0]!.characterId);
    expect(segments[2]!.characterId).toBe(segments[0]!.characterId);
    // The editor's files: the media (an H.264/AAC mp4 plays as it is), a poster, peaks at 50 per second, the stems.
    const peaks = await readFile(await stored(project.peaksKey!));
    expect(Math.abs(peaks.length - clip.durationSeconds * 50)).toBeLessThanOrEqual(2);
    expect(Math.max(...peaks)).toBeGreaterThan(40);
    expect((await probeMedia(await stored(project.mediaKey!))).video?.codec).toBe('h264');
    expect((await storage.stat(project.posterKey!))?.size).toBeGreaterThan(1000);
    expect((await probeMedia(await stored(project.backgroundKey!))).durationSeconds).toBeGreaterThan(7.5);
    expect((await probeMedia(await stored(project.dialogueKey!))).durationSeconds).toBeGreaterThan(7.5);

    // Translate everything (Apertium en → es): charged no more than quoted, on the characters translated.
    const quote = await service.translateQuote(OWNER, { projectId: project.id, language: 'es', segments: { kind: 'changed' } });
    expect(quote).toMatchObject({ segments: 3, translatorId: 'apertium:apertium', characters: clip.lines.reduce((sum, line) => sum + line.text.length, 0) });
    await expectDomainError(service.translate(OWNER, { projectId: project.id, language: 'fr', segments: { kind: 'all' } }), ErrorCode.DUBBING_LANGUAGE_NOT_IN_PROJECT);
    const translating = await service.translate(OWNER, { projectId: project.id, language: 'es', segments: { kind: 'changed' } });
    expect(translating.cost).toBe(quote.cost);
    const translated = await runJob(pipelines.translate, lastJob().id, lastJob().input as JobInputs['dubbing.translate']);
    expect(pipelines.translate.actualCost!(lastJob().input as JobInputs['dubbing.translate'], translated.outputs, translating.cost)).toBe(quote.cost);
    const afterTranslation = await store.segments(project.id);
    expect(afterTranslation.every((segment) => segment.translations.es && segment.translations.es !== segment.sourceText)).toBe(true);
    expect(afterTranslation.every((segment) => segment.revision > segments[0]!.revision)).toBe(true);
    await expectDomainError(service.translate(OWNER, { projectId: project.id, language: 'es', segments: { kind: 'changed' } }), ErrorCode.DUBBING_NOTHING_TO_DO);

    // Speak the changed (all translated) segments: each gets a take made from its text and voice.
    const speakQuote = await service.synthesizeQuote(OWNER, { projectId: project.id, language: 'es', segments: { kind: 'changed' } });
    expect(speakQuote.segments).toBe(3);
    const speaking = await service.synthesize(OWNER, { projectId: project.id, language: 'es', segments: { kind: 'changed' } });
    const spoken = await runJob(pipelines.synthesize, lastJob().id, lastJob().input as JobInputs['dubbing.synthesize']);
    expect(pipelines.synthesize.actualCost!(lastJob().input as JobInputs['dubbing.synthesize'], spoken.outputs, speaking.cost)).toBe(speaking.cost);
    const withTakes = await store.segments(project.id);
    for (const segment of withTakes) {
      const take = segment.takes.es!;
      expect(take.kind).toBe('synthesized');
      expect(take.durationMs).toBeGreaterThan(300);
      expect(Math.abs(take.peaks.length - (take.durationMs / 1000) * 50)).toBeLessThanOrEqual(2);
      expect(segmentState({ ...segment, takes: { es: { ...take, url: '', peaks: '' } } }, project.characters, 'es')).toBe('spoken');
    }
    // A second run of the same job (a crash after the last take) speaks nothing again.
    const again = await runJob(pipelines.synthesize, lastJob().id, lastJob().input as JobInputs['dubbing.synthesize']);
    expect(again.outputs.synthesize!.spoken).toBe(3);
    expect((await store.segments(project.id)).map((segment) => segment.takes.es!.key)).toEqual(withTakes.map((segment) => segment.takes.es!.key));
    await expectDomainError(service.synthesize(OWNER, { projectId: project.id, language: 'es', segments: { kind: 'changed' } }), ErrorCode.DUBBING_NOTHING_TO_DO);

    // Export: the video plays, as long as the source (±0.1 s), with the dub and both subtitle tracks; the stems exist.
    // The Spanish of the first line runs past its end: export names it (7617) until told to let it overlap what follows.
    const overruns = segmentOverruns(withTakes, 'es', project.durationMs);
    expect(overruns.map((overrun) => overrun.number)).toEqual([1]);
    await expectDomainError(service.export(OWNER, { projectId: project.id, languages: ['es'], formats: ['audio'] }), ErrorCode.DUBBING_OVERRUNS);
    await service.export(OWNER, { projectId: project.id, languages: ['es'], formats: ['video', 'audio', 'stems', 'subtitles', 'project'], allowOverlap: true });
    const exported = await runJob(pipelines.export, lastJob().id, lastJob().input as JobInputs['dubbing.export']);
    const media = exported.result.media as JobMediaFile[];
    expect(media.map((file) => file.name)).toEqual(['es-dubbed-video.mp4', 'es-dubbed-audio.mp3', 'es-dialogue-stem.mp3', 'es-subtitles.srt', 'es-subtitles.vtt', 'background-stem.mp3', 'source-en.srt', 'source-en.vtt', 'dubbing-project.json']);
    const mp4 = await probeMedia(await stored(media[0]!.key));
    const source = await probeMedia(clip.file);
    expect(Math.abs((mp4.durationSeconds ?? 0) - (source.durationSeconds ?? 0))).toBeLessThanOrEqual(0.1);
    expect(mp4.streams.filter((stream) => stream.type === 'subtitle')).toHaveLength(2);
    expect(mp4.audio?.codec).toBe('aac');
    // Decodes to the end without an error.
    await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', await stored(media[0]!.key), '-f', 'null', '-']);
    expect((await readFile(await stored(media[3]!.key), 'utf8')).split('\n\n').filter(Boolean)).toHaveLength(3);
    const json = JSON.parse(await readFile(await stored(media.at(-1)!.key), 'utf8')) as { segments: unknown[] };
    expect(json.segments).toHaveLength(3);

    // Issue 31.3: the first segment ends halfway through its take. Export refuses until the person chooses (7617 names it);
    // allowed to overlap, the dialogue stem holds the whole take (speech after the segment's end, up to the take's end).
    const [first] = await store.segments(project.id);
    const slotEndMs = first!.startMs + Math.round(first!.takes.es!.durationMs / 2);
    await store.applyEdits(project.id, OWNER, { batchId: randomUUID(), ops: [{ kind: 'segment.put', segmentId: first!.id, baseRevision: first!.revision, fields: { endMs: slotEndMs } }], force: false });
    const overrun = segmentOverruns(await store.segments(project.id), 'es', project.durationMs)[0]!;
    expect(overrun).toMatchObject({ segmentId: first!.id, number: 1, fitSpeed: null });
    const refused = await service.export(OWNER, { projectId: project.id, languages: ['es'], formats: ['stems'] }).then(() => undefined, (error: unknown) => error as DomainError);
    expect(refused?.code).toBe(ErrorCode.DUBBING_OVERRUNS);
    expect(refused?.params).toMatchObject({ count: 1, segments: '#1' });
    await service.export(OWNER, { projectId: project.id, languages: ['es'], formats: ['stems'], allowOverlap: true });
    await runJob(pipelines.export, lastJob().id, lastJob().input as JobInputs['dubbing.export']);
    /** The level (0–1) of the dialogue stem between two times, at 20 ms a bucket. */
    const levelBetween = async (jobId: string, fromMs: number, toMs: number) => {
      const { peaks } = await waveformPeaks(path.join(dir, 'jobs', jobId, 'es-dialogue.wav'), Math.ceil(project.durationMs / 20));
      const buckets = Array.from({ length: peaks.length / 2 }, (_, index) => Math.max(Math.abs(peaks[2 * index]!), Math.abs(peaks[2 * index + 1]!)));
      return Math.max(...buckets.slice(Math.floor(fromMs / 20), Math.ceil(toMs / 20)));
    };
    const takeEndMs = first!.startMs + first!.takes.es!.durationMs;
    expect(await levelBetween(lastJob().id, slotEndMs + 100, takeEndMs - 100)).toBeGreaterThan(0.05);
    // "Use the pause": the end moves into the silence before the next segment; nothing is left over and export goes ahead unasked.
    const [moved] = await store.segments(project.id, [first!.id]);
    const fix = overrunFixFields(moved!, overrun, 'borrow', 'es');
    expect(fix).toEqual({ endMs: takeEndMs });
    await store.applyEdits(project.id, OWNER, { batchId: randomUUID(), ops: [{ kind: 'segment.put', segmentId: first!.id, baseRevision: moved!.revision, fields: fix! }], force: false });
    expect(segmentOverruns(await store.segments(project.id), 'es', project.durationMs)).toEqual([]);
    await service.export(OWNER, { projectId: project.id, languages: ['es'], formats: ['stems'] });
  });

  it('two speakers, a man at ~106 Hz and a woman at ~213 Hz over the music, no count given: a man’s and a woman’s voice, different ones', async () => {
    const duet = await makeDubbingClip({
      name: 'dubbing-man-woman-14s',
      seconds: 14,
      burnedSubtitles: false,
      lines: [
        { startSeconds: 0.5, text: 'Thank you. What do you have today?', voice: 'ked_diphone', pitch: 0.92 },
        { startSeconds: 4.3, text: 'Good morning, welcome to the market.', pitch: 1.2 },
        { startSeconds: 7.4, text: 'I will take two loaves, please.', voice: 'ked_diphone', pitch: 0.92 },
        { startSeconds: 10.6, text: 'Fresh bread and apples from the hills.', pitch: 1.2 },
      ],
    });
    const service = createDubbingJobsService(deps);
    const video = await upload(duet.file, 'video');
    const created = await service.create(OWNER, {
      edition: 'studio',
      from: { kind: 'upload', uploadId: video.id, sourceLanguage: 'en', textSource: 'subtitle-file', subtitleFile: { name: 'duet.srt', text: await readFile(duet.srt, 'utf8') } },
      targetLanguages: ['es'],
    });
    await runJob(pipelines.prepare, lastJob().id, lastJob().input as JobInputs['dubbing.prepare']);
    const project = (await store.project(created.projectId, OWNER))!;
    const segments = await store.segments(project.id);
    const [man, woman] = [segments[0]!.characterId, segments[1]!.characterId];
    expect(segments.map((segment) => segment.characterId)).toEqual([man, woman, man, woman]);
    expect(man).not.toBe(woman);
    const voiceOf = (id: string) => project.characters.find((character) => character.id === id)!.voices.es!;
    const [manVoice, womanVoice] = await Promise.all([findLibraryVoice(deps.engines, voiceOf(man)), findLibraryVoice(deps.engines, voiceOf(woman))]);
    console.info(`dubbing, man and woman: ${man} → ${manVoice?.key} (${manVoice?.gender}), ${woman} → ${womanVoice?.key} (${womanVoice?.gender})`);
    expect([manVoice?.gender, womanVoice?.gender]).toEqual(['male', 'female']);
    expect(manVoice!.key).not.toBe(womanVoice!.key);
  }, 240_000);

  it('exports a dub whose music keeps its level between the lines (within 1 dB) and goes down only under the takes', async () => {
    // The bed holds a 12 kHz tone besides its chords: no voice reaches it, so a band-pass there hears the music alone.
    const music = "aevalsrc='0.06*sin(2*PI*220*t)+0.04*sin(2*PI*329.6*t)+0.02*sin(2*PI*12000*t)|0.06*sin(2*PI*277.2*t)+0.04*sin(2*PI*392*t)+0.02*sin(2*PI*12000*t)':s=48000:d=14";
    const bedClip = await makeDubbingClip({ name: 'dubbing-music-gaps-14s', seconds: 14, music, burnedSubtitles: false, lines: [
      { startSeconds: 1.0, text: 'Welcome to our little shop.' },
      { startSeconds: 5.5, text: 'The battery lasts all day.' },
      { startSeconds: 10.0, text: 'Buy it today.' },
    ] });
    const service = createDubbingJobsService(deps);
    const video = await upload(bedClip.file, 'video');
    const created = await service.create(OWNER, {
      edition: 'studio',
      from: { kind: 'upload', uploadId: video.id, sourceLanguage: 'en', textSource: 'subtitle-file', subtitleFile: { name: 'bed.srt', text: await readFile(bedClip.srt, 'utf8') }, speakers: 1 },
      targetLanguages: ['es'],
    });
    await runJob(pipelines.prepare, lastJob().id, lastJob().input as JobInputs['dubbing.prepare']);
    await service.translate(OWNER, { projectId: created.projectId, language: 'es', segments: { kind: 'all' } });
    await runJob(pipelines.translate, lastJob().id, lastJob().input as JobInputs['dubbing.translate']);
    await service.synthesize(OWNER, { projectId: created.projectId, language: 'es', segments: { kind: 'all' } });
    await runJob(pipelines.synthesize, lastJob().id, lastJob().input as JobInputs['dubbing.synthesize']);
    // Takes that run past their segment play over what follows (the gaps below are measured clear of every take).
    await service.export(OWNER, { projectId: created.projectId, languages: ['es'], formats: ['audio'], allowOverlap: true });
    const exported = await runJob(pipelines.export, lastJob().id, lastJob().input as JobInputs['dubbing.export']);
    const output = await stored((exported.result.media as JobMediaFile[]).find((file) => file.name === 'es-dubbed-audio.mp3')!.key);
    // Where nobody speaks, in the original or in the dub (a quarter second clear of either, past the ramps).
    const takes = (await store.segments(created.projectId)).map((segment) => [segment.startMs / 1000, segment.startMs / 1000 + segment.takes.es!.durationMs / 1000] as const);
    const gaps = quietGaps([...bedClip.lines.map((line) => [line.startSeconds, line.endSeconds] as const), ...takes], bedClip.durationSeconds);
    expect(gaps.length).toBeGreaterThanOrEqual(3);
    const figures: string[] = [];
    for (const [start, end] of gaps) {
      const [before, after] = [await levelDb(bedClip.file, start, end), await levelDb(output, start, end)];
      figures.push(`gap ${start.toFixed(2)}–${end.toFixed(2)} s: ${before.toFixed(1)} → ${after.toFixed(1)} dB`);
      expect(Math.abs(after - before), figures.at(-1)).toBeLessThanOrEqual(1);
    }
    for (const [takeStart, takeEnd] of takes) {
      const [start, end] = [takeStart + 0.15, takeEnd - 0.15];
      const [before, after] = [await levelDb(bedClip.file, start, end, MUSIC_TONE_ONLY), await levelDb(output, start, end, MUSIC_TONE_ONLY)];
      figures.push(`music under the take ${start.toFixed(2)}–${end.toFixed(2)} s: ${before.toFixed(1)} → ${after.toFixed(1)} dB`);
      expect(after - before, figures.at(-1)).toBeLessThan(-3);
    }
    console.info(`dubbing export, background levels: ${figures.join('; ')}`);
  }, 240_000);

  it('makes a recording a take: trimmed of its silence, levelled; a silent one is refused', async () => {
    const service = createDubbingJobsService(deps);
    const [projectId] = [...store.projects.values()].filter((project) => project.status === 'ready').map((project) => project.id);
    const segment = (await store.segments(projectId!))[0]!;
    // The first line's speech with 0.5 s of silence before and after, quieter than it was.
    const padded = path.join(dir, 'recording.wav');
    await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', clip.speechFiles[0]!, '-af', 'adelay=500:all=1,apad=pad_dur=0.5,volume=0.3', '-ac', '1', '-ar', '44100', padded]);
    const paddedSeconds = (await probeMedia(padded)).durationSeconds!;
    const recording = await upload(padded, 'audio');
    const updated = await service.record(OWNER, { projectId: projectId!, segmentId: segment.id, language: 'es', uploadId: recording.id });
    const take = updated.takes.es!;
    expect(take.kind).toBe('recorded');
    expect(take.madeFrom).toBe('recorded');
    // None of the second of silence added is left (festival's own short pauses around the line may go too), the speech is.
    const speechSeconds = paddedSeconds - 1;
    expect(take.durationMs / 1000).toBeLessThan(speechSeconds + 0.15);
    expect(take.durationMs / 1000).toBeGreaterThan(speechSeconds * 0.6);
    expect(updated.revision).toBeGreaterThan(segment.revision);
    // The synthesised take it replaced is deleted.
    expect(await storage.stat(segment.takes.es!.key)).toBeUndefined();

    const silence = path.join(dir, 'silence.wav');
    await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono', '-t', '2', silence]);
    await expectDomainError(service.record(OWNER, { projectId: projectId!, segmentId: segment.id, language: 'es', uploadId: (await upload(silence, 'audio')).id }), ErrorCode.DUBBING_RECORDING_SILENT);
  });

  it('opens a finished video translation with its lines, speakers, translations and takes, nothing spoken again', async () => {
    const service = createDubbingJobsService(deps);
    const video = await upload(clip.file, 'video');
    // A finished translation's row as its pipeline leaves it: the voice stem holds each line's dub where it was placed.
    const jobId = randomUUID();
    const stemKey = storageKeys.jobFile(OWNER, jobId, 'deliver', 'es-voice-stem.mp3');
    await storage.putFile(stemKey, clip.speechTrack);
    const voice = (await speechEnginesOver(createSpeechEngines({ engines })).libraryVoices()).find((candidate) => candidate.languages.includes('es'))!;
    const lines = clip.lines.map((line, index) => ({ id: `l000${index + 1}`, startSeconds: line.startSeconds, endSeconds: line.endSeconds, source: line.text, speakerId: index === 1 ? 's2' : 's1', translation: `línea ${index + 1}`, edited: false, dubStartSeconds: line.startSeconds, dubEndSeconds: line.endSeconds, speed: 1, fit: 'fits' }));
    jobRows.set(jobId, {
      id: jobId,
      type: 'video-translation.dub',
      ownerId: OWNER,
      status: 'completed',
      title: 'Shop ad',
      finishedAt: new Date(),
      updatedAt: new Date(),
      input: { uploadKey: video.storageKey, durationSeconds: clip.durationSeconds, sourceLanguage: 'en', targets: [{ language: 'es', voice: libraryTarget(voice), translatorId: 'apertium:apertium', autoVoice: true }] },
      output: {
        durationSeconds: clip.durationSeconds,
        media: [{ key: stemKey, name: 'es-voice-stem.mp3', role: 'audio', contentType: 'audio/mpeg', bytes: 1 }],
        speakers: [],
        targets: [{ language: 'es', voiceKey: voice.key, speakerVoices: { s1: voice.key, s2: voice.key }, lines }],
      },
    });
    expect((await service.options(OWNER)).translations.map((translation) => translation.jobId)).toContain(jobId);
    // A further language ticked beside the translation's is carried into the project (issue 31: it was dropped without a word), with a voice per character.
    const created = await service.create(OWNER, { edition: 'pro', from: { kind: 'video-translation', jobId }, targetLanguages: ['es', 'fr'] });
    await runJob(pipelines.prepare, lastJob().id, lastJob().input as JobInputs['dubbing.prepare']);
    const project = (await store.project(created.projectId, OWNER))!;
    expect(project).toMatchObject({ status: 'ready', targetLanguages: ['es', 'fr'], origin: { kind: 'video-translation', jobId } });
    expect(project.characters.map((character) => character.id)).toEqual(['s1', 's2']);
    for (const character of project.characters) expect(character.voices.fr).toMatch(/.+/);
    const segments = await store.segments(project.id);
    expect(segments.map((segment) => segment.translations.es)).toEqual(['línea 1', 'línea 2', 'línea 3']);
    for (const [index, segment] of segments.entries()) {
      const take = segment.takes.es!;
      expect(Math.abs(take.durationMs - (clip.lines[index]!.endSeconds - clip.lines[index]!.startSeconds) * 1000)).toBeLessThan(60);
      expect(segmentState({ ...segment, takes: { es: { ...take, url: '', peaks: '' } } }, project.characters, 'es')).toBe('spoken');
    }
    await expectDomainError(service.synthesize(OWNER, { projectId: project.id, language: 'es', segments: { kind: 'changed' } }), ErrorCode.DUBBING_NOTHING_TO_DO);
  });
});
