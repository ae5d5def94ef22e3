/**
 * Dubbing's jobs as the user asks for them: a project created from an upload or a finished video
 * translation (its preparation queued, free), segments translated or spoken (quoted first, the
 * points frozen at acceptance and settled on what was done), a person's recording made a take
 * (inline, free) and exports (free). Everything a request could fail on is checked before a job is
 * queued or a point frozen.
 */
import { ErrorCode, MATCH_ORIGINAL_VOICE, TOOL_PRICES, dubbingSynthesisCost, dubbingTranslationCost, localizedLanguageName, type LocalizedText, type SpeechQualityTier } from '@voxwork/contract';
import type { DubbingExportJobInput } from './dubbing-store.port.ts';
import { MAX_DUBBING_LANGUAGES, peaksToBase64, segmentOverruns, segmentState, type DubbingEdition, type DubbingSegment } from '@voxwork/contract/dubbing';
import { SubtitleParseError } from '@voxwork/contract/subtitles';
import { parseSubtitleFileInput, type SubtitleFileInput } from '@voxwork/contract/subtitle-encoding';
import { normalizeLoudness, runFfmpeg, trimSilenceArgs } from '@voxwork/media';
import type { UploadRow } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { SpeechEngines, VoiceTarget } from '../engines/speech-engines.port.ts';
import type { VideoEngines } from '../engines/video-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import { IdempotencyKeyTaken } from '../jobs/idempotency-key-taken.ts';
import type { EnqueueOptions, JobService } from '../jobs/job.service.ts';
import { audioDuration, fetchStoredFile, offlinePairs, SPEECH_SAMPLE_RATE, textSourcesFor, translatorFor, voiceLanguagesOf, type TextSourceChoice } from '../pipeline-stages/index.ts';
import { roundTo } from '../rounding.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { uploadTitle } from '../uploads/video-source.ts';
import type { VoicesService } from '../voices/voices.service.ts';
import { peakBytes, putProjectFile, takeFileName } from './dubbing-media.ts';
import { finishedTranslation, type DubbingPipelineDeps } from './dubbing.pipeline.ts';
import type { DubbingPrepareJobInput, DubbingStore, StoredProject, StoredSegment } from './dubbing-store.port.ts';

const VIDEO_TRANSLATION_JOB = 'video-translation.dub';
/** A recording shorter than this once its silence is trimmed holds no speech. */
const MIN_RECORDING_SECONDS = 0.15;
const MEDIA_TIMEOUT_MS = 5 * 60_000;
/** Finished translations listed by `options`, newest first. */
const TRANSLATIONS_LISTED = 50;

export interface DubbingJobsServiceDeps {
  store: DubbingStore;
  jobs: Pick<JobService, 'enqueue'>;
  /** Jobs by id and a user's jobs (the job repository). */
  jobRecords: DubbingPipelineDeps['jobRecords'] & {
    list(filter: { ownerId: string; types?: string[]; statuses?: Array<'completed'>; page: number; pageSize: number }): Promise<{
      items: Array<{ id: string; title: string | null; input: Record<string, unknown>; output: Record<string, unknown> | null; finishedAt: Date | null; updatedAt: Date }>;
    }>;
  };
  voices: Pick<VoicesService, 'resolveTarget'>;
  engines: SpeechEngines;
  videoEngines: VideoEngines;
  storage: StorageRepository;
  scratch: ScratchFiles;
  findUpload: (userId: string, uploadId: string) => Promise<UploadRow>;
  planOf: (userId: string) => Promise<{ maxVideoMinutesPerJob: number }>;
}

type Selection = { kind: 'all' } | { kind: 'changed' } | { kind: 'selected'; segmentIds: string[] };

export interface DubbingCreateRequest {
  edition: DubbingEdition;
  title?: string | undefined;
  from:
    | { kind: 'upload'; uploadId: string; sourceLanguage: string; textSource: TextSourceChoice | 'none'; subtitleFile?: SubtitleFileInput | undefined; speakers?: number | undefined }
    | { kind: 'video-translation'; jobId: string };
  targetLanguages: string[];
}

const base = (language: string) => language.toLowerCase().split(/[-_]/)[0] ?? language;

/** A language's name in English and Chinese (`zh` → Chinese / 中文); an unknown tag stays as it is. */
const languageName = localizedLanguageName;
const characterCount = (text: string) => [...text.trim()].length;

/** A create made idempotent by the public API (`Idempotency-Key`), written with the job. */
type Idempotent = Pick<EnqueueOptions, 'idempotency'>;

/** A stored segment in the model's shape (take links are not needed by the rules applied to it). */
const asModel = (segment: StoredSegment): DubbingSegment => ({
  ...segment,
  takes: Object.fromEntries(Object.entries(segment.takes).map(([language, { key: _key, ...take }]) => [language, { ...take, url: '', peaks: '' }])),
});

export function createDubbingJobsService(deps: DubbingJobsServiceDeps) {
  const { store } = deps;

  async function readyProject(userId: string, projectId: string, language?: string): Promise<StoredProject> {
    const project = await store.project(projectId, userId);
    if (!project) throw new DomainError(ErrorCode.DUBBING_PROJECT_NOT_FOUND);
    if (project.status !== 'ready') throw new DomainError(ErrorCode.DUBBING_NOT_READY);
    if (language !== undefined && !project.targetLanguages.includes(language)) throw new DomainError(ErrorCode.DUBBING_LANGUAGE_NOT_IN_PROJECT, { language });
    return project;
  }

  /** The segments a selection names (an unknown id: 7611). */
  async function selectedSegments(projectId: string, selection: Selection): Promise<StoredSegment[]> {
    if (selection.kind !== 'selected') return store.segments(projectId);
    const ids = [...new Set(selection.segmentIds)];
    const found = await store.segments(projectId, ids);
    const missing = ids.find((id) => !found.some((segment) => segment.id === id));
    if (missing) throw new DomainError(ErrorCode.DUBBING_UNKNOWN_SEGMENT, { segment: missing });
    return found;
  }

  function checkLength(durationSeconds: number, plan: { maxVideoMinutesPerJob: number }) {
    if (durationSeconds > plan.maxVideoMinutesPerJob * 60) throw new DomainError(ErrorCode.DUBBING_MEDIA_TOO_LONG, { minutes: roundTo(durationSeconds / 60, 1), max: plan.maxVideoMinutesPerJob });
  }

  function checkLanguages(edition: DubbingEdition, languages: readonly string[]) {
    if (edition === 'studio' && languages.length !== 1) throw new DomainError(ErrorCode.DUBBING_STUDIO_ONE_LANGUAGE);
    if (languages.length > MAX_DUBBING_LANGUAGES || !languages.length) throw new DomainError(ErrorCode.INVALID_PARAMETER, { field: 'targetLanguages', reason: { en: `choose 1–${MAX_DUBBING_LANGUAGES} languages`, zh: `请选择 1–${MAX_DUBBING_LANGUAGES} 种语言` } });
  }

  /** A new project's row and its preparation; a preparation the queue refused leaves the project failed with that error. */
  async function createAndPrepare(userId: string, values: Parameters<DubbingStore['createProject']>[0], from: DubbingPrepareJobInput['from'], options: Idempotent) {
    const project = await store.createProject(values);
    try {
      const job = await deps.jobs.enqueue('dubbing.prepare', { projectId: project.id, from }, { ownerId: userId, title: values.title, ...options });
      await store.setPrepareJob(project.id, job.id);
      return { projectId: project.id, prepareJobId: job.id };
    } catch (error) {
      // Another request with the same Idempotency-Key made the project first: this copy never existed.
      if (error instanceof IdempotencyKeyTaken) await store.deleteProject(project.id, userId);
      else if (error instanceof DomainError) await store.failPreparation(project.id, { code: error.code, params: { ...error.params } });
      throw error;
    }
  }

  async function translationPlan(userId: string, body: { projectId: string; language: string; segments: Selection; translatorId?: string | undefined }) {
    const language = body.language.toLowerCase();
    const project = await readyProject(userId, body.projectId, language);
    const translators = await deps.videoEngines.translators();
    const pairOf = (offer: (typeof translators)[number]) =>
      offer.pairs.some((pair) => (pair.source === '*' || pair.source === base(project.sourceLanguage)) && (pair.target === '*' || pair.target === base(language)));
    const translator = body.translatorId ? translators.find((offer) => offer.id === body.translatorId && pairOf(offer)) : translatorFor(translators, project.sourceLanguage, language);
    if (!translator) throw new DomainError(ErrorCode.DUBBING_NO_TRANSLATOR, { source: languageName(project.sourceLanguage), target: languageName(language) });
    const segments = (await selectedSegments(project.id, body.segments)).filter(
      (segment) => segment.sourceText.trim() && (body.segments.kind !== 'changed' || !segment.translations[language]?.trim()),
    );
    if (!segments.length) throw new DomainError(ErrorCode.DUBBING_NOTHING_TO_DO, { action: { en: 'translate', zh: '翻译' } });
    const characters = segments.reduce((sum, segment) => sum + characterCount(segment.sourceText), 0);
    const tier: SpeechQualityTier = translator.location === 'remote' ? 'premium' : 'basic';
    return {
      project,
      language,
      segments,
      translator,
      characters,
      cost: dubbingTranslationCost(characters, tier),
      pricePer1000: TOOL_PRICES.dubbingTranslationPer1000Characters * TOOL_PRICES.tierMultiplier[tier],
    };
  }

  async function synthesisPlan(userId: string, body: { projectId: string; language: string; segments: Selection }) {
    const language = body.language.toLowerCase();
    const project = await readyProject(userId, body.projectId, language);
    const all = await selectedSegments(project.id, body.segments);
    const segments = all.filter((segment) => {
      const text = segment.translations[language]?.trim();
      if (body.segments.kind === 'selected') {
        if (!text) throw new DomainError(ErrorCode.DUBBING_NOTHING_TO_SPEAK, { segment: segment.id });
        return true;
      }
      if (!text) return false;
      if (body.segments.kind === 'changed') {
        const state = segmentState(asModel(segment), project.characters, language);
        return state === 'translated' || state === 'changed';
      }
      return true;
    });
    if (!segments.length) throw new DomainError(ErrorCode.DUBBING_NOTHING_TO_DO, { action: { en: 'speak', zh: '合成' } });
    // Every voice resolved now: a missing one fails here, and the price follows the voices' tiers.
    const voices: Record<string, VoiceTarget> = {};
    const charactersByTier: Partial<Record<SpeechQualityTier, number>> = {};
    for (const segment of segments) {
      const character = project.characters.find((candidate) => candidate.id === segment.characterId);
      const voiceKey = character?.voices[language];
      if (!voiceKey) throw new DomainError(ErrorCode.DUBBING_NO_VOICE, { character: character?.name ?? segment.characterId, language });
      let tier: SpeechQualityTier = 'basic';
      if (voiceKey !== MATCH_ORIGINAL_VOICE) {
        voices[voiceKey] ??= await deps.voices.resolveTarget(userId, voiceKey, language);
        tier = voices[voiceKey].qualityTier;
      }
      charactersByTier[tier] = (charactersByTier[tier] ?? 0) + characterCount(segment.translations[language]!);
    }
    const characters = Object.values(charactersByTier).reduce((sum, count) => sum + (count ?? 0), 0);
    return { project, language, segments, voices, characters, cost: dubbingSynthesisCost(charactersByTier) };
  }

  /**
   * What a person should know before typing into a new project: each target language no engine
   * here translates the source into (the same offers the video translator refuses such a pair
   * by). The project may still be made; its translations are then typed by hand.
   */
  async function translationNotices(sourceLanguage: string, targetLanguages: readonly string[]): Promise<LocalizedText[]> {
    const translators = await deps.videoEngines.translators();
    return [...new Set(targetLanguages.map((language) => language.toLowerCase()))]
      .filter((target) => !translatorFor(translators, sourceLanguage, target))
      .map((target) => {
        const source = languageName(sourceLanguage);
        const into = languageName(target);
        return {
          en: `No engine here translates ${source.en} into ${into.en}: the project is made, and you type its ${into.en} translations in the studio. If you run this Voxwork, set up a translation engine (Help center: “Set up an engine”).`,
          zh: `此处没有可将${source.zh}翻译为${into.zh}的引擎：项目照常创建，${into.zh}译文请在编辑器中输入。如果这个 Voxwork 由你部署，可以配置翻译引擎（帮助中心：“配置引擎”）。`,
        };
      });
  }

  return {
    /** What the create dialog and the editor offer: text sources, translation pairs, voice languages, prices, limits, translations to open. */
    async options(userId: string) {
      const [translators, plan, library, finished] = await Promise.all([
        deps.videoEngines.translators(),
        deps.planOf(userId),
        deps.engines.libraryVoices(),
        deps.jobRecords.list({ ownerId: userId, types: [VIDEO_TRANSLATION_JOB], statuses: ['completed'], page: 1, pageSize: TRANSLATIONS_LISTED }),
      ]);
      const offer = (engine: { id: string; location: 'local' | 'remote'; name: string }) => ({ id: engine.id, location: engine.location, name: engine.name });
      return {
        recognizers: deps.videoEngines.recognizers().map((engine) => ({ ...offer(engine), languages: engine.languages })),
        textReaders: deps.videoEngines.textReaders().map((engine) => ({ ...offer(engine), languages: engine.languages })),
        translators: translators.map((engine) => ({ ...offer(engine), pairs: engine.pairs })),
        offlinePairs: offlinePairs(translators),
        voiceLanguages: voiceLanguagesOf(library),
        prices: { translationPer1000Characters: TOOL_PRICES.dubbingTranslationPer1000Characters, synthesisPer1000Characters: TOOL_PRICES.dubbingSynthesisPer1000Characters },
        maxMediaMinutes: plan.maxVideoMinutesPerJob,
        maxLanguages: { studio: 1, pro: MAX_DUBBING_LANGUAGES },
        translations: finished.items.map((row) => {
          const input = row.input as { sourceLanguage?: string; durationSeconds?: number; targets?: Array<{ language: string }> };
          return {
            jobId: row.id,
            title: row.title,
            sourceLanguage: input.sourceLanguage ?? '',
            targetLanguages: (input.targets ?? []).map((target) => target.language),
            durationSeconds: Number((row.output as { durationSeconds?: number } | null)?.durationSeconds ?? input.durationSeconds ?? 0),
            finishedAt: (row.finishedAt ?? row.updatedAt).toISOString(),
          };
        }),
      };
    },

    translationNotices,

    /** A project from an upload (video or audio) or a finished video translation of the user; its preparation is queued (free). */
    async create(
      userId: string,
      body: DubbingCreateRequest,
      options: Idempotent = {},
    ): Promise<{ projectId: string; prepareJobId: string; notices: LocalizedText[]; subtitleFile?: { encoding: string; warnings: LocalizedText[] } }> {
      const plan = await deps.planOf(userId);
      if (body.from.kind === 'video-translation') {
        const { input, result } = await finishedTranslation(deps.jobRecords, body.from.jobId, userId);
        const row = await deps.jobRecords.findById(body.from.jobId);
        // The translation's languages, then any further ones asked for (they start untranslated): none is dropped.
        const languages = [...new Set([...input.targets.map((target) => target.language.toLowerCase()), ...body.targetLanguages.map((language) => language.toLowerCase())])];
        checkLanguages(body.edition, languages);
        const durationSeconds = Number(result.durationSeconds ?? 0);
        checkLength(durationSeconds, plan);
        const title = body.title || ((row as { title?: string | null } | undefined)?.title ?? '') || 'Video translation';
        // Its translations are taken over: nothing to warn about.
        const created = await createAndPrepare(
          userId,
          { ownerId: userId, edition: body.edition, title, origin: { kind: 'video-translation', jobId: body.from.jobId }, mediaKind: 'video', durationMs: Math.round(durationSeconds * 1000), sourceLanguage: input.sourceLanguage, targetLanguages: languages },
          { kind: 'video-translation', jobId: body.from.jobId },
          options,
        );
        return { ...created, notices: [] };
      }
      const from = body.from;
      const languages = [...new Set(body.targetLanguages.map((language) => language.toLowerCase()))];
      checkLanguages(body.edition, languages);
      const upload = await deps.findUpload(userId, from.uploadId);
      if ((upload.kind !== 'video' && upload.kind !== 'audio') || !upload.storageKey) throw new DomainError(upload.kind === 'image' ? ErrorCode.AUDIO_SEPARATION_NOT_READABLE : ErrorCode.VIDEO_NOT_READABLE);
      if (upload.hasAudio === false) throw new DomainError(ErrorCode.VIDEO_NO_AUDIO_TRACK);
      const durationSeconds = upload.durationSeconds ?? 0;
      if (!(durationSeconds > 0)) throw new DomainError(upload.kind === 'video' ? ErrorCode.VIDEO_NOT_READABLE : ErrorCode.AUDIO_SEPARATION_NOT_READABLE);
      checkLength(durationSeconds, plan);
      const sourceLanguage = from.sourceLanguage.toLowerCase();
      let textSources: Extract<DubbingPrepareJobInput['from'], { kind: 'upload' }>['textSources'] = [];
      let subtitleFileRead: ReturnType<typeof parseSubtitleFileInput>['read'] | undefined;
      if (from.textSource === 'subtitle-file') {
        if (!from.subtitleFile) throw new DomainError(ErrorCode.INVALID_PARAMETER, { field: 'subtitleFile', reason: { en: 'upload a subtitle file or choose another source of text', zh: '请上传字幕文件，或选择其他文本来源' } });
        try {
          const parsed = parseSubtitleFileInput(from.subtitleFile);
          textSources = [{ kind: 'subtitle-file', lines: parsed.lines }];
          subtitleFileRead = parsed.read;
        } catch (error) {
          if (error instanceof SubtitleParseError) throw new DomainError(ErrorCode.SUBTITLE_FILE_INVALID, { reason: error.reason });
          throw error;
        }
      } else if (from.textSource !== 'none') {
        if (upload.kind === 'audio' && from.textSource === 'subtitles') throw new DomainError(ErrorCode.INVALID_PARAMETER, { field: 'textSource', reason: { en: 'an audio file has no subtitles to read; choose speech', zh: '音频文件没有可识别的字幕，请选择语音识别' } });
        // Audio has no picture to read: `auto` is speech there.
        const choice = upload.kind === 'audio' ? 'speech' : from.textSource;
        textSources = textSourcesFor(deps.videoEngines, choice, sourceLanguage).map(({ kind, engineId }) => ({ kind, engineId }));
      }
      const notices = await translationNotices(sourceLanguage, languages);
      const created = await createAndPrepare(
        userId,
        { ownerId: userId, edition: body.edition, title: body.title || uploadTitle(upload), origin: { kind: 'upload', jobId: null }, mediaKind: upload.kind, durationMs: Math.round(durationSeconds * 1000), sourceLanguage, targetLanguages: languages },
        { kind: 'upload', uploadKey: upload.storageKey, mediaKind: upload.kind, sourceLanguage, textSources, ...(from.speakers ? { speakerCount: from.speakers } : {}) },
        options,
      );
      return { ...created, notices, ...(subtitleFileRead ? { subtitleFile: subtitleFileRead } : {}) };
    },

    async translateQuote(userId: string, body: { projectId: string; language: string; segments: Selection; translatorId?: string | undefined }) {
      const plan = await translationPlan(userId, body);
      return { segments: plan.segments.length, characters: plan.characters, cost: plan.cost, translatorId: plan.translator.id };
    },

    /** Translates the segments' source text (points frozen now, settled on the characters translated). */
    async translate(userId: string, body: { projectId: string; language: string; segments: Selection; translatorId?: string | undefined }, options: Idempotent = {}) {
      const plan = await translationPlan(userId, body);
      const job = await deps.jobs.enqueue(
        'dubbing.translate',
        { projectId: plan.project.id, language: plan.language, segmentIds: plan.segments.map((segment) => segment.id), translatorId: plan.translator.id, pricePer1000: plan.pricePer1000 },
        { ownerId: userId, cost: plan.cost, title: plan.project.title, ...options },
      );
      return { jobId: job.id, cost: plan.cost };
    },

    async synthesizeQuote(userId: string, body: { projectId: string; language: string; segments: Selection }) {
      const plan = await synthesisPlan(userId, body);
      return { segments: plan.segments.length, characters: plan.characters, cost: plan.cost };
    },

    /** Speaks the segments with their characters' voices (points frozen now, settled on the characters spoken). */
    async synthesize(userId: string, body: { projectId: string; language: string; segments: Selection }, options: Idempotent = {}) {
      const plan = await synthesisPlan(userId, body);
      const job = await deps.jobs.enqueue(
        'dubbing.synthesize',
        { projectId: plan.project.id, language: plan.language, segmentIds: plan.segments.map((segment) => segment.id), voices: plan.voices },
        { ownerId: userId, cost: plan.cost, title: plan.project.title, ...options },
      );
      return { jobId: job.id, cost: plan.cost };
    },

    /**
     * A person's recording as a segment's take: the silence before and after trimmed, the level
     * evened, stored with its peaks. Done at once (a line is seconds long); free. A recording with
     * nothing above the silence threshold is refused (7610).
     */
    async record(userId: string, body: { projectId: string; segmentId: string; language: string; uploadId: string }): Promise<DubbingSegment> {
      const language = body.language.toLowerCase();
      const project = await readyProject(userId, body.projectId, language);
      const [segment] = await store.segments(project.id, [body.segmentId]);
      if (!segment) throw new DomainError(ErrorCode.DUBBING_UNKNOWN_SEGMENT, { segment: body.segmentId });
      const upload = await deps.findUpload(userId, body.uploadId);
      if ((upload.kind !== 'audio' && upload.kind !== 'video') || !upload.storageKey || upload.hasAudio === false) throw new DomainError(ErrorCode.AUDIO_SEPARATION_NOT_READABLE);
      const storageKey = upload.storageKey;
      const take = await deps.scratch.inScratchFolder('dubbing-record', async (file) => {
        await fetchStoredFile(deps.storage, deps.scratch, storageKey, file('recording.source'));
        await runFfmpeg(trimSilenceArgs({ input: file('recording.source'), output: file('trimmed.wav'), sampleRate: SPEECH_SAMPLE_RATE }), { timeoutMs: MEDIA_TIMEOUT_MS });
        if ((await audioDuration(file('trimmed.wav'))) < MIN_RECORDING_SECONDS) throw new DomainError(ErrorCode.DUBBING_RECORDING_SILENT);
        await normalizeLoudness({ input: file('trimmed.wav'), output: file('take.wav'), sampleRate: SPEECH_SAMPLE_RATE }, { timeoutMs: MEDIA_TIMEOUT_MS });
        const durationSeconds = await audioDuration(file('take.wav'));
        const key = await putProjectFile(deps.storage, project, takeFileName(language, segment.id, `rec-${body.uploadId.slice(0, 8)}`), file('take.wav'));
        return { kind: 'recorded' as const, key, durationMs: Math.round(durationSeconds * 1000), madeFrom: 'recorded', peaks: [...(await peakBytes(file('take.wav'), durationSeconds))] };
      });
      const { replacedKeys } = await store.setTakes(project.id, language, [{ segmentId: segment.id, take }]);
      await Promise.all(replacedKeys.filter((key) => key !== take.key).map((key) => deps.storage.delete(key)));
      const [updated] = await store.segments(project.id, [segment.id]);
      if (!updated) throw new DomainError(ErrorCode.DUBBING_UNKNOWN_SEGMENT, { segment: body.segmentId });
      const takes = await Promise.all(
        Object.entries(updated.takes).map(async ([takeLanguage, { key, ...rest }]) => [takeLanguage, { ...rest, peaks: peaksToBase64(rest.peaks), url: await deps.storage.signedUrl(key, { expiresInSeconds: 3600 }) }] as const),
      );
      return { ...updated, takes: Object.fromEntries(takes) };
    },

    /**
     * Exports languages of the project as it is when the job runs (free). Takes that run past their
     * segment's end are never cut; unless `allowOverlap` says they may play over what follows, they
     * refuse the export (7617, naming them), so nobody exports an overrun they have not seen.
     */
    async export(userId: string, body: { projectId: string; languages: string[]; formats: DubbingExportJobInput['formats']; allowOverlap?: boolean | undefined }, options: Idempotent = {}) {
      const project = await readyProject(userId, body.projectId);
      const languages = [...new Set(body.languages.map((language) => language.toLowerCase()))];
      const outside = languages.find((language) => !project.targetLanguages.includes(language));
      if (outside) throw new DomainError(ErrorCode.DUBBING_LANGUAGE_NOT_IN_PROJECT, { language: outside });
      if (!body.allowOverlap) {
        const segments = await store.segments(project.id);
        for (const language of languages) {
          const overruns = segmentOverruns(segments, language, project.durationMs);
          if (overruns.length) throw new DomainError(ErrorCode.DUBBING_OVERRUNS, { count: overruns.length, segments: overruns.map((overrun) => `#${overrun.number}`).join(', '), language: languageName(language) });
        }
      }
      const job = await deps.jobs.enqueue('dubbing.export', { projectId: project.id, languages, formats: [...new Set(body.formats)] }, { ownerId: userId, title: project.title, ...options });
      return { jobId: job.id };
    },
  };
}

export type DubbingJobsService = ReturnType<typeof createDubbingJobsService>;
