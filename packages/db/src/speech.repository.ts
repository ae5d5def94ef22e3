import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from './open-database.ts';
import { clonedVoices, pronunciationEntries, voiceFavorites, type ClonedVoiceRow, type NewClonedVoiceRow, type PronunciationRow } from './schema/index.ts';

const UUID = /^[0-9a-f-]{36}$/i;

/** SQL for favourites, cloned voices and pronunciation dictionaries. */
export function createSpeechRepository(db: Database) {
  return {
    async favoriteKeys(ownerId: string): Promise<string[]> {
      const rows = await db.select({ voiceKey: voiceFavorites.voiceKey }).from(voiceFavorites).where(eq(voiceFavorites.ownerId, ownerId)).orderBy(desc(voiceFavorites.createdAt));
      return rows.map((row) => row.voiceKey);
    },

    async setFavorite(ownerId: string, voiceKey: string, favorite: boolean): Promise<void> {
      if (favorite) await db.insert(voiceFavorites).values({ ownerId, voiceKey }).onConflictDoNothing();
      else await db.delete(voiceFavorites).where(and(eq(voiceFavorites.ownerId, ownerId), eq(voiceFavorites.voiceKey, voiceKey)));
    },

    /**
     * Inserts a cloned voice unless the owner already holds `slots` voices (failed ones do not
     * count). Count and insert run under a per-owner lock, so two concurrent clones cannot both
     * take the last slot. Returns undefined when no slot is free.
     */
    async insertClonedVoiceWithinSlots(values: NewClonedVoiceRow, slots: number): Promise<ClonedVoiceRow | undefined> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cloned-voices:${values.ownerId}`}))`);
        const [count] = await tx
          .select({ total: sql<number>`count(*)::int` })
          .from(clonedVoices)
          .where(and(eq(clonedVoices.ownerId, values.ownerId), ne(clonedVoices.status, 'failed')));
        if ((count?.total ?? 0) >= slots) return undefined;
        const [row] = await tx.insert(clonedVoices).values(values).returning();
        return row;
      });
    },

    async findClonedVoice(ownerId: string, id: string): Promise<ClonedVoiceRow | undefined> {
      if (!UUID.test(id)) return undefined;
      const [row] = await db.select().from(clonedVoices).where(and(eq(clonedVoices.id, id), eq(clonedVoices.ownerId, ownerId)));
      return row;
    },

    async listClonedVoices(ownerId: string): Promise<ClonedVoiceRow[]> {
      return db.select().from(clonedVoices).where(eq(clonedVoices.ownerId, ownerId)).orderBy(desc(clonedVoices.createdAt));
    },

    async updateClonedVoice(id: string, values: Partial<Omit<NewClonedVoiceRow, 'id' | 'ownerId'>>): Promise<ClonedVoiceRow | undefined> {
      const [row] = await db.update(clonedVoices).set(values).where(eq(clonedVoices.id, id)).returning();
      return row;
    },

    async deleteClonedVoice(ownerId: string, id: string): Promise<ClonedVoiceRow | undefined> {
      if (!UUID.test(id)) return undefined;
      const [row] = await db.delete(clonedVoices).where(and(eq(clonedVoices.id, id), eq(clonedVoices.ownerId, ownerId))).returning();
      if (row) await db.delete(voiceFavorites).where(and(eq(voiceFavorites.ownerId, ownerId), eq(voiceFavorites.voiceKey, `cloned/${id}`)));
      return row;
    },

    async pronunciations(ownerId: string, language?: string): Promise<PronunciationRow[]> {
      const where = language ? and(eq(pronunciationEntries.ownerId, ownerId), eq(pronunciationEntries.language, language)) : eq(pronunciationEntries.ownerId, ownerId);
      return db.select().from(pronunciationEntries).where(where).orderBy(asc(pronunciationEntries.language), asc(pronunciationEntries.term));
    },

    async savePronunciation(values: { ownerId: string; language: string; term: string; replacement: string; kind: 'spelling' | 'phonemes' }): Promise<PronunciationRow> {
      const [row] = await db
        .insert(pronunciationEntries)
        .values(values)
        .onConflictDoUpdate({
          target: [pronunciationEntries.ownerId, pronunciationEntries.language, pronunciationEntries.term],
          set: { replacement: values.replacement, kind: values.kind },
        })
        .returning();
      return row!;
    },

    async countPronunciations(ownerId: string): Promise<number> {
      const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(pronunciationEntries).where(eq(pronunciationEntries.ownerId, ownerId));
      return count?.total ?? 0;
    },

    async deletePronunciation(ownerId: string, id: string): Promise<boolean> {
      if (!UUID.test(id)) return false;
      const rows = await db.delete(pronunciationEntries).where(and(eq(pronunciationEntries.id, id), eq(pronunciationEntries.ownerId, ownerId))).returning({ id: pronunciationEntries.id });
      return rows.length > 0;
    },

    /** Everything speech-related of a deleted account. */
    async deleteAllOf(ownerId: string): Promise<void> {
      await db.delete(voiceFavorites).where(eq(voiceFavorites.ownerId, ownerId));
      await db.delete(clonedVoices).where(eq(clonedVoices.ownerId, ownerId));
      await db.delete(pronunciationEntries).where(eq(pronunciationEntries.ownerId, ownerId));
    },
  };
}

export type SpeechRepository = ReturnType<typeof createSpeechRepository>;
