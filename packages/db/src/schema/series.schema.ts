import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DubbingCharacterJson, DubbingPronunciationJson } from './dubbing.schema.ts';

/** A character of a series: the dubbing studio's character (voices per target language) and a gender. */
export interface SeriesCharacterJson extends DubbingCharacterJson {
  gender: 'female' | 'male' | 'unknown';
  /**
   * The character's voiceprint (decision 060): the median pitch of the speaker found to be them in
   * the first episode they were heard in, and where it was learned. Absent until then.
   */
  voiceprint?: { medianPitchHz: number; episodeId: string; speakerId: string } | undefined;
}

/** A glossary term: `source` is written `target` in `language`, or in every target language when `language` is null (a dubbing cast's terms). */
export interface SeriesGlossaryJson {
  source: string;
  target: string;
  language: string | null;
}

/** How a language's subtitles are drawn (optional; the burn-in defaults otherwise). */
export interface SeriesSubtitleStyleJson {
  fontSize?: number;
  color?: string;
  outlineColor?: string;
  /** Bottom margin, as a fraction of the frame height. */
  marginBottom?: number;
}

/**
 * A series (decision 056): what carries from episode to episode — its characters and their voices,
 * its glossary per target language, pronunciations, subtitle styles and default target languages.
 * The dubbing studio's cast bibles are series (migration 0016 moved them here).
 */
export const series = pgTable(
  'series',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    sourceLanguage: text('source_language'),
    targetLanguages: jsonb('target_languages').$type<string[]>().notNull().default([]),
    characters: jsonb('characters').$type<SeriesCharacterJson[]>().notNull().default([]),
    glossary: jsonb('glossary').$type<SeriesGlossaryJson[]>().notNull().default([]),
    pronunciations: jsonb('pronunciations').$type<DubbingPronunciationJson[]>().notNull().default([]),
    subtitleStyles: jsonb('subtitle_styles').$type<Record<string, SeriesSubtitleStyleJson>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('series_owner_name_idx').on(table.ownerId, table.name)],
);

/** A glossary term a translated line missed: the line, its language, the term and what the line says. */
export interface SeriesGlossaryMissJson {
  language: string;
  lineId: string;
  source: string;
  expected: string;
  text: string;
}

/**
 * An episode of a series: an uploaded video run as video-translation jobs (one per target
 * language, each with that language's glossary), and the glossary misses found once they translated.
 */
export const seriesEpisodes = pgTable(
  'series_episodes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    /** 1, 2, … in the order episodes were added. */
    number: integer('number').notNull(),
    title: text('title').notNull(),
    uploadId: uuid('upload_id').notNull(),
    /** The video-translation job of each target language. */
    jobs: jsonb('jobs').$type<Record<string, string>>().notNull().default({}),
    /** Per language checked: the lines that missed a glossary term (a language is absent until its job has translated). */
    glossaryMisses: jsonb('glossary_misses').$type<Record<string, SeriesGlossaryMissJson[]>>().notNull().default({}),
    /** When every job had ended and the episode's webhook event was written (once, decision 061). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('series_episodes_number_idx').on(table.seriesId, table.number), index('series_episodes_owner_idx').on(table.ownerId)],
);

export type SeriesRow = typeof series.$inferSelect;
export type SeriesEpisodeRow = typeof seriesEpisodes.$inferSelect;
