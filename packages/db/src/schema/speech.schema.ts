import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A library voice a user starred (`voice_key` = `<engine id>/<voice id>`, or `cloned/<id>`). */
export const voiceFavorites = pgTable(
  'voice_favorites',
  {
    ownerId: text('owner_id').notNull(),
    voiceKey: text('voice_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.voiceKey] })],
);

/**
 * A voice a user cloned from their own recording: the profile measured from it (pitch, envelope,
 * rate), the local base voice it is rendered with, and a remote engine's voice id when one was made.
 * `status` is `processing` while the clone job runs, `ready` after, `failed` when analysis failed.
 */
export const clonedVoices = pgTable(
  'cloned_voices',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    gender: text('gender', { enum: ['female', 'male', 'neutral'] }),
    status: text('status', { enum: ['processing', 'ready', 'failed'] }).notNull().default('processing'),
    /** The upload the reference recording came from (kept as the voice's sample). */
    uploadId: uuid('upload_id'),
    /** The reference recording (normalised copy), the voice's preview, both in storage. */
    sampleKey: text('sample_key'),
    previewKey: text('preview_key'),
    /** The clone job. */
    jobId: uuid('job_id'),
    /** `VoiceProfile` of the engine layer (engine id, median pitch, range, rate, data). */
    profile: jsonb('profile').$type<Record<string, unknown>>(),
    /** The local synthesizer voice the profile is applied to (`<engine id>/<voice id>`). */
    baseVoiceKey: text('base_voice_key'),
    remoteEngineId: text('remote_engine_id'),
    remoteVoiceId: text('remote_voice_id'),
    speechSeconds: real('speech_seconds'),
    /** When the user confirmed they have the right to clone this voice (required). */
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cloned_voices_owner_idx').on(table.ownerId, table.createdAt)],
);

/** A user's pronunciation rule: in `language`, `term` is spoken as `replacement` (a spelling, or phonemes of the engine). */
export const pronunciationEntries = pgTable(
  'pronunciation_entries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ownerId: text('owner_id').notNull(),
    language: text('language').notNull(),
    term: text('term').notNull(),
    replacement: text('replacement').notNull(),
    kind: text('kind', { enum: ['spelling', 'phonemes'] }).notNull().default('spelling'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('pronunciation_owner_term_idx').on(table.ownerId, table.language, table.term)],
);

export type ClonedVoiceRow = typeof clonedVoices.$inferSelect;
export type NewClonedVoiceRow = typeof clonedVoices.$inferInsert;
export type PronunciationRow = typeof pronunciationEntries.$inferSelect;
