import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from './open-database.ts';
import {
  series,
  seriesEpisodes,
  type DubbingCharacterJson,
  type DubbingGlossaryJson,
  type DubbingPronunciationJson,
  type SeriesCharacterJson,
  type SeriesEpisodeRow,
  type SeriesGlossaryJson,
  type SeriesGlossaryMissJson,
  type SeriesRow,
  type SeriesSubtitleStyleJson,
} from './schema/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A series as the dubbing studio knows it: a cast bible (characters without gender, the glossary without languages). */
export interface DubbingCastRow {
  id: string;
  ownerId: string;
  name: string;
  characters: DubbingCharacterJson[];
  glossary: DubbingGlossaryJson[];
  pronunciations: DubbingPronunciationJson[];
  createdAt: Date;
  updatedAt: Date;
}

export interface DubbingCastValues {
  characters: DubbingCharacterJson[];
  glossary: DubbingGlossaryJson[];
  pronunciations: DubbingPronunciationJson[];
}

export interface SeriesValues {
  name?: string;
  sourceLanguage?: string | null;
  targetLanguages?: string[];
  characters?: SeriesCharacterJson[];
  glossary?: SeriesGlossaryJson[];
  pronunciations?: DubbingPronunciationJson[];
  subtitleStyles?: Record<string, SeriesSubtitleStyleJson>;
}

/** The cast-bible view of a series: its characters as the dubbing studio stores them, each glossary source once (a dubbing project's glossary has no languages). */
function castOf(row: SeriesRow): DubbingCastRow {
  const seen = new Set<string>();
  const glossary: DubbingGlossaryJson[] = [];
  // Terms of every language first; a term given per language only is offered in its first language.
  const ordered = [...row.glossary.filter((term) => term.language === null), ...row.glossary.filter((term) => term.language !== null)];
  for (const term of ordered) {
    if (seen.has(term.source)) continue;
    seen.add(term.source);
    glossary.push({ source: term.source, target: term.target });
  }
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    characters: row.characters.map(({ id, name, voices, speed, volume, originalSpeakerId }) => ({ id, name, voices, speed, volume, originalSpeakerId })),
    glossary,
    pronunciations: row.pronunciations,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * SQL for series and their episodes (decision 056), and the dubbing studio's cast bibles, which are
 * series seen without genders and languages. No business rules: core's series service decides.
 */
export function createSeriesRepository(db: Database) {
  const owned = (ownerId: string, seriesId: string) => and(eq(series.id, seriesId), eq(series.ownerId, ownerId));
  return {
    async list(ownerId: string): Promise<SeriesRow[]> {
      return db.select().from(series).where(eq(series.ownerId, ownerId)).orderBy(asc(series.name));
    },

    async find(ownerId: string, seriesId: string): Promise<SeriesRow | undefined> {
      if (!UUID.test(seriesId)) return undefined;
      const [row] = await db.select().from(series).where(owned(ownerId, seriesId));
      return row;
    },

    /** A new series; undefined when the owner already has one of that name. */
    async create(ownerId: string, values: SeriesValues & { name: string }): Promise<SeriesRow | undefined> {
      const [row] = await db.insert(series).values({ ownerId, ...values }).onConflictDoNothing().returning();
      return row;
    },

    /** Changes a series; undefined when it is not the owner's, 'name-taken' when another of theirs has the new name. */
    async update(ownerId: string, seriesId: string, values: SeriesValues): Promise<SeriesRow | 'name-taken' | undefined> {
      if (!UUID.test(seriesId)) return undefined;
      if (values.name) {
        const [other] = await db
          .select({ id: series.id })
          .from(series)
          .where(and(eq(series.ownerId, ownerId), eq(series.name, values.name), sql`${series.id} <> ${seriesId}`));
        if (other) return 'name-taken';
      }
      const [row] = await db
        .update(series)
        .set({ ...values, updatedAt: sql`now()` })
        .where(owned(ownerId, seriesId))
        .returning();
      return row;
    },

    async delete(ownerId: string, seriesId: string): Promise<boolean> {
      if (!UUID.test(seriesId)) return false;
      return (await db.delete(series).where(owned(ownerId, seriesId)).returning({ id: series.id })).length > 0;
    },

    /** Adds episodes numbered after the series' last one, in the order given. */
    async addEpisodes(ownerId: string, seriesId: string, episodes: Array<{ title: string; uploadId: string }>): Promise<SeriesEpisodeRow[]> {
      return db.transaction(async (tx) => {
        // Serialises numbering with a concurrent add to the same series.
        await tx.select({ id: series.id }).from(series).where(owned(ownerId, seriesId)).for('update');
        const [last] = await tx
          .select({ number: sql<number>`coalesce(max(${seriesEpisodes.number}), 0)`.mapWith(Number) })
          .from(seriesEpisodes)
          .where(eq(seriesEpisodes.seriesId, seriesId));
        const first = (last?.number ?? 0) + 1;
        if (!episodes.length) return [];
        return tx
          .insert(seriesEpisodes)
          .values(episodes.map((episode, index) => ({ seriesId, ownerId, number: first + index, title: episode.title, uploadId: episode.uploadId })))
          .returning();
      });
    },

    async setEpisodeJobs(episodeId: string, jobs: Record<string, string>): Promise<void> {
      await db.update(seriesEpisodes).set({ jobs }).where(eq(seriesEpisodes.id, episodeId));
    },

    /** Stores one language's glossary misses of an episode (the other languages' stay). */
    async setGlossaryMisses(episodeId: string, language: string, misses: SeriesGlossaryMissJson[]): Promise<void> {
      await db
        .update(seriesEpisodes)
        .set({ glossaryMisses: sql`${seriesEpisodes.glossaryMisses} || ${JSON.stringify({ [language]: misses })}::jsonb` })
        .where(eq(seriesEpisodes.id, episodeId));
    },

    /**
     * The owner's episode one of whose runs is `jobId`, locked until the transaction ends (a job's
     * end, decision 061): two runs of an episode ending at once take turns, and the second sees the
     * first's end.
     */
    async lockEpisodeOfJob(ownerId: string, jobId: string): Promise<(SeriesEpisodeRow & { seriesName: string }) | undefined> {
      const [row] = await db
        .select()
        .from(seriesEpisodes)
        .innerJoin(series, eq(series.id, seriesEpisodes.seriesId))
        .where(and(eq(seriesEpisodes.ownerId, ownerId), sql`exists (select 1 from jsonb_each_text(${seriesEpisodes.jobs}) as run where run.value = ${jobId})`))
        .for('update', { of: seriesEpisodes });
      return row ? { ...row.series_episodes, seriesName: row.series.name } : undefined;
    },

    /** Marks an episode ended (its event written); false when it already was. */
    async markEnded(episodeId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(seriesEpisodes)
        .set({ endedAt: at })
        .where(and(eq(seriesEpisodes.id, episodeId), sql`${seriesEpisodes.endedAt} is null`))
        .returning({ id: seriesEpisodes.id });
      return rows.length > 0;
    },

    /**
     * Keeps voiceprints on characters that have none yet (by character id), in one transaction with
     * the row locked: a print learned first stays, whoever learns next. Returns the series as stored.
     */
    async learnVoiceprints(seriesId: string, prints: Record<string, NonNullable<SeriesCharacterJson['voiceprint']>>): Promise<SeriesRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(series).where(eq(series.id, seriesId)).for('update');
        if (!row) return undefined;
        if (!row.characters.some((character) => !character.voiceprint && prints[character.id])) return row;
        const characters = row.characters.map((character) => (!character.voiceprint && prints[character.id] ? { ...character, voiceprint: prints[character.id] } : character));
        const [updated] = await tx.update(series).set({ characters }).where(eq(series.id, seriesId)).returning();
        return updated;
      });
    },

    async episodes(seriesId: string): Promise<SeriesEpisodeRow[]> {
      return db.select().from(seriesEpisodes).where(eq(seriesEpisodes.seriesId, seriesId)).orderBy(asc(seriesEpisodes.number));
    },

    async deleteEpisodes(ids: string[]): Promise<void> {
      if (ids.length) await db.delete(seriesEpisodes).where(inArray(seriesEpisodes.id, ids));
    },

    // The dubbing studio's cast bibles (dubbing.repository.ts delegates here).

    async listCasts(ownerId: string): Promise<DubbingCastRow[]> {
      return (await this.list(ownerId)).map(castOf);
    },

    async findCast(ownerId: string, castId: string): Promise<DubbingCastRow | undefined> {
      const row = await this.find(ownerId, castId);
      return row && castOf(row);
    },

    /**
     * Saves a dubbing project's cast under `name`: a series of that name keeps its id, its
     * language-specific terms (unless the cast has the term) and its characters' genders (by id or name).
     */
    async saveCast(ownerId: string, name: string, values: DubbingCastValues): Promise<DubbingCastRow> {
      return db.transaction(async (tx) => {
        const [existing] = await tx.select().from(series).where(and(eq(series.ownerId, ownerId), eq(series.name, name))).for('update');
        const castSources = new Set(values.glossary.map((term) => term.source));
        const knownAs = (character: DubbingCharacterJson) => existing?.characters.find((known) => known.id === character.id || known.name === character.name);
        const genderOf = (character: DubbingCharacterJson) => knownAs(character)?.gender ?? 'unknown';
        const merged = {
          // The editor knows nothing of voiceprints (decision 060): a character's is kept.
          characters: values.characters.map((character) => {
            const voiceprint = knownAs(character)?.voiceprint;
            return { ...character, gender: genderOf(character), ...(voiceprint ? { voiceprint } : {}) };
          }),
          glossary: [
            ...values.glossary.map((term) => ({ source: term.source, target: term.target, language: null })),
            ...(existing?.glossary ?? []).filter((term) => term.language !== null && !castSources.has(term.source)),
          ],
          pronunciations: values.pronunciations,
        };
        const [row] = existing
          ? await tx.update(series).set({ ...merged, updatedAt: sql`now()` }).where(eq(series.id, existing.id)).returning()
          : await tx.insert(series).values({ ownerId, name, ...merged }).returning();
        return castOf(row!);
      });
    },

    async deleteCast(ownerId: string, castId: string): Promise<boolean> {
      return this.delete(ownerId, castId);
    },

    /** Every series of a deleted account (and with them their episodes). */
    async deleteAllOf(ownerId: string): Promise<void> {
      await db.delete(series).where(eq(series.ownerId, ownerId));
    },
  };
}

export type SeriesRepository = ReturnType<typeof createSeriesRepository>;
