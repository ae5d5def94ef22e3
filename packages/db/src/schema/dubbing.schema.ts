import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A character of a dubbing project or series (`dubbingCharacterSchema` of the contract). */
export interface DubbingCharacterJson {
  id: string;
  name: string;
  voices: Record<string, string>;
  speed: number;
  volume: number;
  originalSpeakerId: string | null;
}
export interface DubbingGlossaryJson {
  source: string;
  target: string;
}
export interface DubbingPronunciationJson {
  language: string;
  term: string;
  replacement: string;
}
/** A take as stored: the file's storage key. */
export interface DubbingTakeJson {
  kind: 'synthesized' | 'recorded';
  key: string;
  durationMs: number;
  madeFrom: string;
  peaks: number[];
}

/**
 * A dubbing project (studio or pro): its media as stored (keys), its settings (characters,
 * glossary, pronunciations, target languages) and two counters. `revision` rises with every
 * applied write (edits by the owner, translations and takes by jobs); `settings_revision` with
 * every settings edit. The editor sends the revisions it saw, so no write overwrites another
 * silently.
 */
export const dubbingProjects = pgTable(
  'dubbing_projects',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ownerId: text('owner_id').notNull(),
    edition: text('edition', { enum: ['studio', 'pro'] }).notNull(),
    title: text('title').notNull(),
    status: text('status', { enum: ['preparing', 'ready', 'failed'] }).notNull().default('preparing'),
    error: jsonb('error').$type<{ code: number; params: Record<string, unknown> }>(),
    originKind: text('origin_kind', { enum: ['upload', 'video-translation'] }).notNull(),
    originJobId: uuid('origin_job_id'),
    prepareJobId: uuid('prepare_job_id'),
    mediaKind: text('media_kind', { enum: ['video', 'audio'] }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    width: integer('width'),
    height: integer('height'),
    mediaKey: text('media_key'),
    posterKey: text('poster_key'),
    peaksKey: text('peaks_key'),
    backgroundKey: text('background_key'),
    dialogueKey: text('dialogue_key'),
    sourceLanguage: text('source_language').notNull(),
    targetLanguages: jsonb('target_languages').$type<string[]>().notNull(),
    characters: jsonb('characters').$type<DubbingCharacterJson[]>().notNull().default([]),
    glossary: jsonb('glossary').$type<DubbingGlossaryJson[]>().notNull().default([]),
    pronunciations: jsonb('pronunciations').$type<DubbingPronunciationJson[]>().notNull().default([]),
    revision: integer('revision').notNull().default(1),
    settingsRevision: integer('settings_revision').notNull().default(1),
    segmentCount: integer('segment_count').notNull().default(0),
    /** When the last version was saved (autosave makes one when this is older than five minutes). */
    lastVersionAt: timestamp('last_version_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dubbing_projects_owner_idx').on(table.ownerId, table.edition, table.updatedAt)],
);

/** One line of a project: its slot, character, texts and takes per language, and the revision it was last written at. */
export const dubbingSegments = pgTable(
  'dubbing_segments',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => dubbingProjects.id, { onDelete: 'cascade' }),
    /** Chosen by the editor (an edit made offline already has one). */
    id: text('id').notNull(),
    revision: integer('revision').notNull(),
    startMs: integer('start_ms').notNull(),
    endMs: integer('end_ms').notNull(),
    characterId: text('character_id').notNull(),
    sourceText: text('source_text').notNull().default(''),
    translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
    speed: doublePrecision('speed').notNull().default(1),
    volume: doublePrecision('volume').notNull().default(1),
    takes: jsonb('takes').$type<Record<string, DubbingTakeJson>>().notNull().default({}),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.id] }), index('dubbing_segments_time_idx').on(table.projectId, table.startMs)],
);

/** The outcome of each applied edit batch, so a batch sent again (a lost answer, an offline queue) is answered, not applied twice. Kept seven days. */
export const dubbingEditBatches = pgTable(
  'dubbing_edit_batches',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => dubbingProjects.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id').notNull(),
    outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.batchId] }), index('dubbing_edit_batches_created_idx').on(table.createdAt)],
);

/** A saved state of a project's settings and segments (autosave, before a restore, before a paid run). */
export const dubbingVersions = pgTable(
  'dubbing_versions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    projectId: uuid('project_id')
      .notNull()
      .references(() => dubbingProjects.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['autosave', 'before-restore', 'before-translate', 'before-synthesis', 'created'] }).notNull(),
    revision: integer('revision').notNull(),
    segmentCount: integer('segment_count').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dubbing_versions_project_idx').on(table.projectId, table.createdAt)],
);

export type DubbingProjectRow = typeof dubbingProjects.$inferSelect;
export type DubbingSegmentRow = typeof dubbingSegments.$inferSelect;
export type DubbingVersionRow = typeof dubbingVersions.$inferSelect;
