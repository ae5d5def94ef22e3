/**
 * Series (issue 28, decision 056): a drama's memory — characters with a voice per target
 * language, a glossary per target language, subtitle styles, default languages — and its
 * episodes. An episode is an uploaded video run as one video-translation job (quick mode) per
 * target language, each given that language's glossary and the characters' voices; once a job has
 * translated, its lines are checked against the glossary and the misses are kept on the episode.
 */
import type { Readable } from 'node:stream';
import { ErrorCode, type JobStatus, type JobView, type Locale, type SeriesEpisodeView, type SeriesView } from '@voxwork/contract';
import type { SeriesCharacterJson, SeriesEpisodeRow, SeriesGlossaryJson, SeriesRepository, SeriesRow, SeriesSubtitleStyleJson } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import { checkGlossary, glossaryFor } from './glossary-check.ts';
import { episodeSignals } from './series-signals.ts';

/** What an episode's video translation is asked for (the video translator's create request, quick mode). */
export interface EpisodeTranslationRequest {
  uploadId: string;
  sourceLanguage: string;
  targetLanguages: [string];
  textSource: 'auto' | 'speech' | 'subtitles';
  voices?: Record<string, string>;
  mode: 'quick';
  glossary: Array<{ source: string; target: string }>;
  burnSubtitles: boolean;
  subtitles: 'keep' | 'replace' | 'bilingual';
  output: 'dub' | 'subtitles' | 'both';
  speakers?: number;
  title: string;
}

export interface SeriesServiceDeps {
  store: SeriesRepository;
  /** The video translator's create (the series tool does not import the video-translation tool). */
  translateEpisode: (ownerId: string, request: EpisodeTranslationRequest) => Promise<{ jobId: string; cost: number }>;
  /** A job of the owner as they see it (its stages' outputs carry the lines and translations). */
  jobOf: (ownerId: string, jobId: string, locale?: Locale) => Promise<JobView>;
  /** The stored file behind a completed job's result `name`. */
  resultFile: (ownerId: string, jobId: string, name: string) => Promise<{ key: string; bytes: number }>;
  /** The uploaded file's name (an episode's title when none is given). */
  uploadName: (ownerId: string, uploadId: string) => Promise<string>;
  /** A stored file's bytes (the season zip streams them); undefined when it is gone. */
  openFile: (key: string) => Promise<Readable | undefined>;
}

export interface SeriesInput {
  name?: string | undefined;
  sourceLanguage?: string | null | undefined;
  targetLanguages?: string[] | undefined;
  glossary?: Array<{ source: string; target: string; language: string | null }> | undefined;
  characters?: Array<{ id: string; name: string; gender: 'female' | 'male' | 'unknown'; voices: Record<string, string> }> | undefined;
  subtitleStyles?: Record<string, SeriesSubtitleStyleJson> | undefined;
}

export interface AddEpisodesRequest {
  episodes: Array<{ uploadId: string; title?: string | undefined }>;
  textSource: 'auto' | 'speech' | 'subtitles';
  burnSubtitles: boolean;
  /** The burned-in source subtitles (default keep) and what each run gives (default dub), as the video translator's fields. */
  subtitles?: 'keep' | 'replace' | 'bilingual' | undefined;
  output?: 'dub' | 'subtitles' | 'both' | undefined;
}

/** A file of the season zip: where it goes in the archive and where it is stored. */
export interface SeasonFile {
  path: string;
  key: string;
  bytes: number;
  /** Its bytes from storage (NOT_FOUND when the file is gone). */
  open: () => Promise<Readable>;
}

/** How far along a status is, for an episode's status (its least advanced job's). */
const STATUS_ORDER: readonly JobStatus[] = ['failed', 'cancelled', 'queued', 'paused', 'running', 'completed'];
/** The speakers hint a run takes at most (the video translator's `speakers`). */
const MAX_SPEAKERS = 10;

const sortedUnique = (languages: readonly string[]) => [...new Set(languages.map((language) => language.toLowerCase()))];

/** A character as stored: the dubbing studio's fields kept from the same character already there (by id). */
function storedCharacters(characters: NonNullable<SeriesInput['characters']>, existing: readonly SeriesCharacterJson[]): SeriesCharacterJson[] {
  return characters.map((character) => {
    const known = existing.find((candidate) => candidate.id === character.id);
    return { speed: known?.speed ?? 1, volume: known?.volume ?? 1, originalSpeakerId: known?.originalSpeakerId ?? null, ...character };
  });
}

/** The voice each target language is spoken with in a run: the first character (the lead) that has one. */
export function leadVoices(characters: readonly Pick<SeriesCharacterJson, 'voices'>[], languages: readonly string[]): Record<string, string> {
  const voices: Record<string, string> = {};
  for (const language of languages) {
    const voice = characters.map((character) => character.voices[language]).find(Boolean);
    if (voice) voices[language] = voice;
  }
  return voices;
}

/** A folder or file name safe in any zip reader: no separators or control characters. */
const safeName = (name: string) => name.replace(/[\p{Cc}/\\:*?"<>|]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 80) || 'episode';

export function createSeriesService(deps: SeriesServiceDeps) {
  const { store } = deps;

  async function owned(ownerId: string, seriesId: string): Promise<SeriesRow> {
    const row = await store.find(ownerId, seriesId);
    if (!row) throw new DomainError(ErrorCode.SERIES_NOT_FOUND);
    return row;
  }

  async function view(row: SeriesRow): Promise<SeriesView> {
    return {
      id: row.id,
      name: row.name,
      sourceLanguage: row.sourceLanguage,
      targetLanguages: row.targetLanguages,
      glossary: row.glossary,
      characters: row.characters.map(({ id, name, gender, voices }) => ({ id, name, gender, voices })),
      subtitleStyles: row.subtitleStyles,
      episodeCount: (await store.episodes(row.id)).length,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  function values(input: SeriesInput, existing: readonly SeriesCharacterJson[]) {
    return {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.sourceLanguage !== undefined ? { sourceLanguage: input.sourceLanguage?.toLowerCase() ?? null } : {}),
      ...(input.targetLanguages ? { targetLanguages: sortedUnique(input.targetLanguages) } : {}),
      ...(input.glossary ? { glossary: input.glossary.map((term): SeriesGlossaryJson => ({ source: term.source, target: term.target, language: term.language?.toLowerCase() ?? null })) } : {}),
      ...(input.characters ? { characters: storedCharacters(input.characters, existing) } : {}),
      ...(input.subtitleStyles ? { subtitleStyles: input.subtitleStyles } : {}),
    };
  }

  /** The glossary misses of a job that has translated and was not checked yet, stored on the episode; the episode's misses otherwise. */
  async function checkedMisses(series: SeriesRow, episode: SeriesEpisodeRow, language: string, job: JobView) {
    if (episode.glossaryMisses[language]) return episode.glossaryMisses[language];
    const translate = job.stages.find((stage) => stage.name === 'translate');
    const source = job.stages.find((stage) => stage.name === 'source-text');
    if (translate?.status !== 'completed' || !translate.output || !source?.output) return undefined;
    const lines = (source.output.lines as Array<{ id: string; source: string }> | undefined) ?? [];
    const translations = (translate.output.translations as Record<string, Array<{ id: string; text: string }>> | undefined)?.[language] ?? [];
    const misses = checkGlossary(lines, translations, series.glossary, language).map((miss) => ({ language, ...miss }));
    await store.setGlossaryMisses(episode.id, language, misses);
    return misses;
  }

  async function episodeView(ownerId: string, series: SeriesRow, episode: SeriesEpisodeRow, locale?: Locale): Promise<SeriesEpisodeView> {
    const jobs = await Promise.all(
      Object.entries(episode.jobs).map(async ([language, jobId]) => {
        const job = await deps.jobOf(ownerId, jobId, locale);
        return { language, job, misses: await checkedMisses(series, episode, language, job) };
      }),
    );
    const statuses = jobs.map(({ job }) => job.status);
    const status = statuses.length ? statuses.reduce((least, next) => (STATUS_ORDER.indexOf(next) < STATUS_ORDER.indexOf(least) ? next : least)) : 'queued';
    const settled = jobs.every(({ job }) => job.cost.settled !== null) && jobs.length ? jobs.reduce((sum, { job }) => sum + (job.cost.settled ?? 0), 0) : null;
    return {
      id: episode.id,
      number: episode.number,
      title: episode.title,
      uploadId: episode.uploadId,
      status,
      progress: jobs.length ? Math.round((jobs.reduce((sum, { job }) => sum + job.progress, 0) / jobs.length) * 10) / 10 : 0,
      cost: { estimated: jobs.reduce((sum, { job }) => sum + job.cost.estimated, 0), settled },
      jobs: jobs.map(({ language, job }) => ({ language, jobId: job.id, status: job.status, progress: job.progress, cost: { estimated: job.cost.estimated, settled: job.cost.settled } })),
      glossaryChecked: jobs.filter(({ misses }) => misses !== undefined).map(({ language }) => language),
      glossaryMisses: jobs.flatMap(({ misses }) => misses ?? []),
      // Measured from each run's own stage outputs (decision 061).
      signals: jobs.map(({ language, job, misses }) => episodeSignals(language, job, misses?.length ?? null)),
      createdAt: episode.createdAt.toISOString(),
    };
  }

  return {
    async list(ownerId: string): Promise<{ list: SeriesView[] }> {
      return { list: await Promise.all((await store.list(ownerId)).map(view)) };
    },

    async get(ownerId: string, seriesId: string): Promise<SeriesView> {
      return view(await owned(ownerId, seriesId));
    },

    async create(ownerId: string, input: SeriesInput & { name: string }): Promise<SeriesView> {
      const row = await store.create(ownerId, { ...values(input, []), name: input.name });
      if (!row) throw new DomainError(ErrorCode.SERIES_NAME_TAKEN, { name: input.name });
      return view(row);
    },

    /** Replaces the parts given; episodes added afterwards run with them (those already running keep what they started with). */
    async update(ownerId: string, seriesId: string, input: SeriesInput): Promise<SeriesView> {
      const existing = await owned(ownerId, seriesId);
      const row = await store.update(ownerId, seriesId, values(input, existing.characters));
      if (row === 'name-taken') throw new DomainError(ErrorCode.SERIES_NAME_TAKEN, { name: input.name ?? '' });
      if (!row) throw new DomainError(ErrorCode.SERIES_NOT_FOUND);
      return view(row);
    },

    async delete(ownerId: string, seriesId: string): Promise<{ deleted: boolean }> {
      return { deleted: await store.delete(ownerId, seriesId) };
    },

    /**
     * Adds videos as the next episodes and starts their runs: one video translation per episode and
     * target language, with that language's glossary (a run's glossary has no languages) and the
     * lead character's voice. A refused run (points, plan, queue) stops the adding: episodes that
     * got no run are removed again, and the refusal is thrown.
     */
    async addEpisodes(ownerId: string, seriesId: string, request: AddEpisodesRequest, locale?: Locale): Promise<{ episodes: SeriesEpisodeView[]; cost: number }> {
      const series = await owned(ownerId, seriesId);
      if (!series.targetLanguages.length) throw new DomainError(ErrorCode.SERIES_NO_TARGET_LANGUAGES);
      if (!series.sourceLanguage) throw new DomainError(ErrorCode.INVALID_PARAMETER, { field: 'sourceLanguage', reason: { en: 'set the language the series is spoken in first', zh: '请先设置该剧集的原语言' } });
      const titled = await Promise.all(
        request.episodes.map(async (episode) => ({ uploadId: episode.uploadId, title: episode.title || (await deps.uploadName(ownerId, episode.uploadId)).replace(/\.[^.]+$/, '') })),
      );
      const rows = await store.addEpisodes(ownerId, seriesId, titled);
      const voices = leadVoices(series.characters, series.targetLanguages);
      let cost = 0;
      const started: SeriesEpisodeRow[] = [];
      try {
        for (const row of rows) {
          const jobs: Record<string, string> = {};
          try {
            for (const language of series.targetLanguages) {
              const run = await deps.translateEpisode(ownerId, {
                uploadId: row.uploadId,
                sourceLanguage: series.sourceLanguage,
                targetLanguages: [language],
                textSource: request.textSource,
                ...(voices[language] ? { voices: { [language]: voices[language] } } : {}),
                mode: 'quick',
                glossary: glossaryFor(series.glossary, language),
                burnSubtitles: request.burnSubtitles,
                subtitles: request.subtitles ?? 'keep',
                output: request.output ?? 'dub',
                ...(series.characters.length ? { speakers: Math.min(series.characters.length, MAX_SPEAKERS) } : {}),
                title: `${series.name} E${String(row.number).padStart(2, '0')} ${row.title} (${language})`,
              });
              jobs[language] = run.jobId;
              cost += run.cost;
            }
          } finally {
            if (Object.keys(jobs).length) {
              await store.setEpisodeJobs(row.id, jobs);
              started.push({ ...row, jobs });
            }
          }
        }
      } catch (error) {
        await store.deleteEpisodes(rows.filter((row) => !started.some((done) => done.id === row.id)).map((row) => row.id));
        throw error;
      }
      return { episodes: await Promise.all(started.map((row) => episodeView(ownerId, series, row, locale))), cost };
    },

    /** The season board. */
    async episodes(ownerId: string, seriesId: string, locale?: Locale): Promise<{ episodes: SeriesEpisodeView[] }> {
      const series = await owned(ownerId, seriesId);
      const rows = await store.episodes(series.id);
      return { episodes: await Promise.all(rows.map((row) => episodeView(ownerId, series, row, locale))) };
    },

    /**
     * The files of a season download: for every language of an episode whose run completed, its
     * video and subtitle files, under `E01 Title/`. SERIES_NOTHING_TO_DOWNLOAD when none has.
     */
    async seasonFiles(ownerId: string, seriesId: string): Promise<{ name: string; files: SeasonFile[] }> {
      const series = await owned(ownerId, seriesId);
      const files: SeasonFile[] = [];
      for (const episode of await store.episodes(series.id)) {
        const folder = `E${String(episode.number).padStart(2, '0')} ${safeName(episode.title)}`;
        for (const jobId of Object.values(episode.jobs)) {
          const job = await deps.jobOf(ownerId, jobId);
          if (job.status !== 'completed') continue;
          for (const media of job.media.filter((file) => file.role === 'video' || file.role === 'subtitles')) {
            const stored = await deps.resultFile(ownerId, jobId, media.name);
            const path = `${folder}/${safeName(media.name)}`;
            // The source subtitles come with every language's run: once per episode.
            const open = async () => {
              const body = await deps.openFile(stored.key);
              if (!body) throw new DomainError(ErrorCode.NOT_FOUND);
              return body;
            };
            if (!files.some((file) => file.path === path)) files.push({ path, key: stored.key, bytes: stored.bytes, open });
          }
        }
      }
      if (!files.length) throw new DomainError(ErrorCode.SERIES_NOTHING_TO_DOWNLOAD);
      return { name: safeName(series.name), files };
    },
  };
}

export type SeriesService = ReturnType<typeof createSeriesService>;
