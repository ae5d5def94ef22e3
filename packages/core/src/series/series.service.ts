/**
 * Series (issue 28, decision 056): a drama's memory — characters with a voice per target
 * language, a glossary per target language, subtitle styles, default languages — and its
 * episodes. An episode is an uploaded video run as one video-translation job (quick mode) with
 * every target language (decision 076: the picture's lines are read and erased once, and each
 * language is drawn and dubbed from them), given each language's glossary and the characters'
 * voices; once the job has translated, each language's lines are checked against its glossary and
 * the misses are kept on the episode. Episodes added before decision 076 have a job per language.
 * Every character keeps its voice (decision 060): each run gets the characters (gender, voiceprint,
 * voice per language) and tells which speaker is which; the voiceprint of a character is learned
 * from the first episode it was heard in.
 */
import type { Readable } from 'node:stream';
import { ErrorCode, type JobStatus, type JobView, type Locale, type SeriesEpisodeView, type SeriesView } from '@voxwork/contract';
import type { SeriesCharacterJson, SeriesEpisodeRow, SeriesGlossaryJson, SeriesRepository, SeriesRow, SeriesSubtitleStyleJson } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { SubtitleBand } from '../engines/video-erasure-engines.port.ts';
import { sameLanguage } from '../voices/preview-sentences.ts';
import { distinctJobs, languageShare } from './episode-jobs.ts';
import { checkGlossary, glossaryFor } from './glossary-check.ts';
import { episodeSignals } from './series-signals.ts';

/**
 * "E02 The door" for episode 2 titled "The door", and also for one titled "E02 The door" or "EP2 The
 * door" (a file name that already numbers it: not "E02 E02 The door").
 */
export function episodeHeading(number: number, title: string): string {
  const marker = `E${String(number).padStart(2, '0')}`;
  const numbered = /^(?:e|ep|episode|第)\s*0*(\d+)\s*(?:集|話|话)?[\s._:-]*/i.exec(title);
  const rest = numbered && Number(numbered[1]) === number ? title.slice(numbered[0].length) : title;
  return rest ? `${marker} ${rest}` : marker;
}

/** What an episode's video translation is asked for (the video translator's create request, quick mode). */
export interface EpisodeTranslationRequest {
  uploadId: string;
  sourceLanguage: string;
  /** Every target language of the series: one job reads and erases the picture's lines once for all of them (decision 076). */
  targetLanguages: string[];
  textSource: 'auto' | 'speech' | 'subtitles';
  voices?: Record<string, string>;
  mode: 'quick';
  /** Each target language's glossary (the series' terms for it and for every language). */
  glossaries: Record<string, Array<{ source: string; target: string }>>;
  burnSubtitles: boolean;
  subtitles: 'keep' | 'replace' | 'bilingual';
  output: 'dub' | 'subtitles' | 'both';
  speakers?: number;
  title: string;
  /** The series' characters: each speaker found to be one is spoken with its voice (decision 060). */
  characters?: Array<{ id: string; gender: 'female' | 'male' | 'unknown'; medianPitchHz: number | null; voices: Record<string, string> }>;
  /** The series: the run's speakers stage reads the characters' voiceprints as they are when it runs (decision 069). */
  seriesId?: string;
  /** The series' subtitle style per language: the drawn subtitles use it over the measured one. */
  subtitleStyles?: Record<string, SeriesSubtitleStyleJson>;
}

export interface SeriesServiceDeps {
  store: SeriesRepository;
  /** The video translator's create (the series tool does not import the video-translation tool). */
  translateEpisode: (ownerId: string, request: EpisodeTranslationRequest) => Promise<{ jobId: string; cost: number }>;
  /** What the video translator's create would charge for the same request, and the length it measured (nothing is queued). */
  quoteEpisode: (ownerId: string, request: EpisodeTranslationRequest) => Promise<{ seconds: number; cost: number }>;
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

/**
 * A character as stored: the dubbing studio's fields kept from the same character already there (by
 * id), and its voiceprint while its gender is unchanged (a corrected gender may mean the print was
 * learned from the wrong person).
 */
function storedCharacters(characters: NonNullable<SeriesInput['characters']>, existing: readonly SeriesCharacterJson[]): SeriesCharacterJson[] {
  return characters.map((character) => {
    const known = existing.find((candidate) => candidate.id === character.id);
    const voiceprint = known?.voiceprint && known.gender === character.gender ? known.voiceprint : undefined;
    return { speed: known?.speed ?? 1, volume: known?.volume ?? 1, originalSpeakerId: known?.originalSpeakerId ?? null, ...character, ...(voiceprint ? { voiceprint } : {}) };
  });
}

/** Seconds of a speaker's speech below which its pitch is not kept as a character's voiceprint. */
const MIN_VOICEPRINT_SECONDS = 1.5;

/**
 * The voiceprints a completed speakers stage teaches (decision 060): for each character the run
 * found and the series has no print of, the median pitch of its speaker with the most speech.
 */
export function voiceprintsFromRun(
  speakersOutput: Record<string, unknown> | undefined,
  characters: readonly Pick<SeriesCharacterJson, 'id' | 'voiceprint'>[],
  episodeId: string,
): Record<string, NonNullable<SeriesCharacterJson['voiceprint']>> {
  const mapped = (speakersOutput?.characters as Record<string, string> | undefined) ?? {};
  const speakers = ((speakersOutput?.assignment as { speakers?: Array<{ speakerId: string; medianPitchHz: number | null; totalSeconds: number }> } | undefined)?.speakers ?? []).filter(
    (speaker) => speaker.medianPitchHz !== null && speaker.medianPitchHz > 0 && speaker.totalSeconds >= MIN_VOICEPRINT_SECONDS,
  );
  const prints: Record<string, NonNullable<SeriesCharacterJson['voiceprint']>> = {};
  for (const character of characters) {
    if (character.voiceprint) continue;
    const heard = speakers.filter((speaker) => mapped[speaker.speakerId] === character.id).sort((a, b) => b.totalSeconds - a.totalSeconds || a.speakerId.localeCompare(b.speakerId))[0];
    if (heard) prints[character.id] = { medianPitchHz: heard.medianPitchHz!, episodeId, speakerId: heard.speakerId };
  }
  return prints;
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

  /**
   * The series with the voiceprints its runs taught (decision 060): episodes in order, each
   * language's run whose speakers stage completed; stops once every character has one. Learned where
   * the prints are used: when episodes are added, and when a run's speakers stage asks (`castOf`,
   * decision 069) — not on every read of the board.
   */
  async function learned(ownerId: string, series: SeriesRow): Promise<SeriesRow> {
    if (series.characters.every((character) => character.voiceprint)) return series;
    const prints: Record<string, NonNullable<SeriesCharacterJson['voiceprint']>> = {};
    for (const episode of await store.episodes(series.id)) {
      for (const jobId of distinctJobs(episode.jobs)) {
        const job = await deps.jobOf(ownerId, jobId).catch(() => undefined);
        const speakers = job?.stages.find((stage) => stage.name === 'speakers');
        if (speakers?.status !== 'completed') continue;
        Object.assign(prints, voiceprintsFromRun(speakers.output ?? undefined, series.characters.map((character) => ({ id: character.id, voiceprint: character.voiceprint ?? prints[character.id] })), episode.id));
      }
      if (series.characters.every((character) => character.voiceprint || prints[character.id])) break;
    }
    if (!Object.keys(prints).length) return series;
    return (await store.learnVoiceprints(series.id, prints)) ?? series;
  }

  /**
   * The series' characters with the voiceprints known now, for a run's speakers stage (decision
   * 069): the prints every run whose speakers stage has completed teaches are learned first, so an
   * episode added in one batch with earlier ones is matched by the prints their runs found (when
   * they got there first). Undefined when the series is gone.
   */
  async function castOf(ownerId: string, seriesId: string): Promise<Array<{ id: string; gender: 'female' | 'male' | 'unknown'; medianPitchHz: number | null }> | undefined> {
    const row = await store.find(ownerId, seriesId);
    if (!row) return undefined;
    const series = await learned(ownerId, row);
    return series.characters.map((character) => ({ id: character.id, gender: character.gender, medianPitchHz: character.voiceprint?.medianPitchHz ?? null }));
  }

  /**
   * Where the series' subtitles are in the picture, for a run's picture-lines stage (decision 109):
   * the band the earliest episode whose picture-lines stage has completed read them in, with its
   * picture's size. Undefined when none has yet, or the series is gone.
   */
  async function subtitleBandOf(ownerId: string, seriesId: string): Promise<SubtitleBand | undefined> {
    const row = await store.find(ownerId, seriesId);
    if (!row) return undefined;
    for (const episode of await store.episodes(row.id)) {
      for (const jobId of distinctJobs(episode.jobs)) {
        const job = await deps.jobOf(ownerId, jobId).catch(() => undefined);
        const stage = job?.stages.find((candidate) => candidate.name === 'picture-lines');
        const output = stage?.status === 'completed' ? (stage.output as { band?: SubtitleBand['band']; width?: number; height?: number } | null | undefined) : undefined;
        if (output?.band && output.width && output.height) return { band: output.band, frameWidth: output.width, frameHeight: output.height };
      }
    }
    return undefined;
  }

  /**
   * What one episode's run is asked: every target language of the series in one job (decision 076:
   * the picture's lines are read and erased once, each language drawn and dubbed from them), with
   * each language's glossary and voices — the series' memory.
   */
  function episodeRequest(series: SeriesRow & { sourceLanguage: string }, episode: { uploadId: string; number: number; title: string }, request: Pick<AddEpisodesRequest, 'textSource' | 'burnSubtitles' | 'subtitles' | 'output'>): EpisodeTranslationRequest {
    const languages = series.targetLanguages;
    // The lead's voice is the run's own: speakers that are no character of the series speak with it.
    const voices = leadVoices(series.characters, languages);
    const styles = Object.fromEntries(languages.flatMap((language) => (series.subtitleStyles[language] ? [[language, series.subtitleStyles[language]]] : [])));
    return {
      uploadId: episode.uploadId,
      sourceLanguage: series.sourceLanguage,
      targetLanguages: [...languages],
      textSource: request.textSource,
      ...(Object.keys(voices).length ? { voices } : {}),
      mode: 'quick',
      glossaries: Object.fromEntries(languages.map((language) => [language, glossaryFor(series.glossary, language)])),
      burnSubtitles: request.burnSubtitles,
      subtitles: request.subtitles ?? 'keep',
      output: request.output ?? 'dub',
      ...(series.characters.length ? { speakers: Math.min(series.characters.length, MAX_SPEAKERS) } : {}),
      title: `${series.name} ${episodeHeading(episode.number, episode.title)}`,
      ...(Object.keys(styles).length ? { subtitleStyles: styles } : {}),
      ...(series.characters.length
        ? {
            characters: series.characters.map((character) => ({
              id: character.id,
              gender: character.gender,
              medianPitchHz: character.voiceprint?.medianPitchHz ?? null,
              voices: Object.fromEntries(languages.flatMap((language) => (character.voices[language] ? [[language, character.voices[language]]] : []))),
            })),
            seriesId: series.id,
          }
        : {}),
    };
  }

  /** A series that can run episodes: target languages and a source language set. */
  function runnable(series: SeriesRow): SeriesRow & { sourceLanguage: string } {
    if (!series.targetLanguages.length) throw new DomainError(ErrorCode.SERIES_NO_TARGET_LANGUAGES);
    if (!series.sourceLanguage) throw new DomainError(ErrorCode.INVALID_PARAMETER, { field: 'sourceLanguage', reason: { en: 'set the language the series is spoken in first', zh: '请先设置该剧集的原语言' } });
    // One run makes every target language: one that is the source language would be left out of it silently.
    if (series.targetLanguages.some((language) => sameLanguage(language, series.sourceLanguage!))) {
      throw new DomainError(ErrorCode.INVALID_PARAMETER, { field: 'targetLanguages', reason: { en: 'remove the language the series is spoken in from its target languages', zh: '请从目标语言中移除该剧集的原语言' } });
    }
    return series as SeriesRow & { sourceLanguage: string };
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
    // One job per episode since decision 076 (every language in it); earlier episodes have one per language.
    const runs = await Promise.all(distinctJobs(episode.jobs).map((jobId) => deps.jobOf(ownerId, jobId, locale)));
    const byId = new Map(runs.map((job) => [job.id, job]));
    const jobs = await Promise.all(
      Object.entries(episode.jobs).map(async ([language, jobId]) => {
        const job = byId.get(jobId)!;
        return { language, job, misses: await checkedMisses(series, episode, language, job) };
      }),
    );
    const statuses = runs.map((job) => job.status);
    const status = statuses.length ? statuses.reduce((least, next) => (STATUS_ORDER.indexOf(next) < STATUS_ORDER.indexOf(least) ? next : least)) : 'queued';
    const settled = runs.length && runs.every((job) => job.cost.settled !== null) ? runs.reduce((sum, job) => sum + (job.cost.settled ?? 0), 0) : null;
    return {
      id: episode.id,
      number: episode.number,
      title: episode.title,
      uploadId: episode.uploadId,
      status,
      progress: runs.length ? Math.round((runs.reduce((sum, job) => sum + job.progress, 0) / runs.length) * 10) / 10 : 0,
      cost: { estimated: runs.reduce((sum, job) => sum + job.cost.estimated, 0), settled },
      // A job shared by several languages: each shows its share of the points, so the languages add up to the episode.
      jobs: jobs.map(({ language, job }) => ({
        language,
        jobId: job.id,
        status: job.status,
        progress: job.progress,
        cost: { estimated: languageShare(job.cost.estimated, language, episode.jobs), settled: job.cost.settled === null ? null : languageShare(job.cost.settled, language, episode.jobs) },
      })),
      glossaryChecked: jobs.filter(({ misses }) => misses !== undefined).map(({ language }) => language),
      glossaryMisses: jobs.flatMap(({ misses }) => misses ?? []),
      // Measured from each run's own stage outputs, per language (decision 061).
      signals: jobs.map(({ language, job, misses }) => episodeSignals(language, job, misses?.length ?? null)),
      createdAt: episode.createdAt.toISOString(),
    };
  }

  return {
    castOf,
    subtitleBandOf,

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
     * Adds videos as the next episodes and starts their runs: one video translation per episode with
     * every target language, each with its glossary and the lead character's voice. A refused run (points, plan, queue) stops the adding: episodes that
     * got no run are removed again, and the refusal is thrown.
     */
    async addEpisodes(ownerId: string, seriesId: string, request: AddEpisodesRequest, locale?: Locale): Promise<{ episodes: SeriesEpisodeView[]; cost: number }> {
      // Voiceprints the earlier episodes taught reach the new runs.
      const series = runnable(await learned(ownerId, await owned(ownerId, seriesId)));
      const titled = await Promise.all(
        request.episodes.map(async (episode) => ({ uploadId: episode.uploadId, title: episode.title || (await deps.uploadName(ownerId, episode.uploadId)).replace(/\.[^.]+$/, '') })),
      );
      const rows = await store.addEpisodes(ownerId, seriesId, titled);
      let cost = 0;
      const started: SeriesEpisodeRow[] = [];
      try {
        for (const row of rows) {
          const run = await deps.translateEpisode(ownerId, episodeRequest(series, row, request));
          cost += run.cost;
          // Every language runs in the one job: the board and the download read each language's part of it.
          const jobs = Object.fromEntries(series.targetLanguages.map((language) => [language, run.jobId]));
          await store.setEpisodeJobs(row.id, jobs);
          started.push({ ...row, jobs });
        }
      } catch (error) {
        await store.deleteEpisodes(rows.filter((row) => !started.some((done) => done.id === row.id)).map((row) => row.id));
        throw error;
      }
      return { episodes: await Promise.all(started.map((row) => episodeView(ownerId, series, row, locale))), cost };
    },

    /**
     * What adding these uploads would cost, from the same requests `addEpisodes` makes (each priced by
     * the video translator's own quote: the upload's measured length, per started minute, per target
     * language, subtitles only below a dub, the voices' tier), so the sum is what it then freezes.
     */
    async quoteEpisodes(
      ownerId: string,
      seriesId: string,
      request: { uploadIds: string[]; subtitles?: AddEpisodesRequest['subtitles']; output?: AddEpisodesRequest['output']; textSource?: AddEpisodesRequest['textSource']; burnSubtitles?: boolean },
    ): Promise<{ cost: number; languages: string[]; episodes: Array<{ uploadId: string; seconds: number; cost: number }> }> {
      const series = runnable(await owned(ownerId, seriesId));
      const asked = { textSource: request.textSource ?? 'auto', burnSubtitles: request.burnSubtitles ?? true, subtitles: request.subtitles ?? 'keep', output: request.output ?? 'dub' } as const;
      const episodes: Array<{ uploadId: string; seconds: number; cost: number }> = [];
      for (const [index, uploadId] of request.uploadIds.entries()) {
        const quoted = await deps.quoteEpisode(ownerId, episodeRequest(series, { uploadId, number: index + 1, title: '' }, asked));
        episodes.push({ uploadId, seconds: quoted.seconds, cost: quoted.cost });
      }
      return { cost: episodes.reduce((sum, episode) => sum + episode.cost, 0), languages: series.targetLanguages, episodes };
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
        const folder = safeName(episodeHeading(episode.number, episode.title));
        for (const jobId of distinctJobs(episode.jobs)) {
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
