import { createHash } from 'node:crypto';
import { ErrorCode, type VoiceView } from '@voxwork/contract';
import type { ClonedVoiceRow, SpeechRepository } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { RateLimiter } from '../rate-limits/rate-limiter.ts';
import { roundTo } from '../rounding.ts';
import type { LibraryVoice, SpeechEngines, VoiceTarget } from '../engines/speech-engines.port.ts';
import { encodeSpeech, SPEECH_SAMPLE_RATE } from '../pipeline-stages/speech-audio.ts';
import { PLAIN_SPEECH } from '../pipeline-stages/synthesize-segments.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { storageKeys } from '../storage/storage-keys.ts';
import { languageGroup, previewSentence, sameLanguage } from './preview-sentences.ts';
import { findLibraryVoice, libraryTarget, libraryVoicesBestFirst, LOCAL_VOICE_CONVERTER, synthesizeWithTarget } from './voice-choice.ts';

export interface VoicesServiceDeps {
  engines: SpeechEngines;
  speech: SpeechRepository;
  storage: StorageRepository;
  scratch: ScratchFiles;
  /** Counts previews in the database, so the limit holds across replicas. */
  rateLimiter: Pick<RateLimiter, 'enforce'>;
}

/** How long signed links to previews stay valid. */
const MEDIA_LINK_SECONDS = 3600;
/** Synthesised previews (voice samples not yet cached, first sentences) per user: 30 a minute. */
const PREVIEW_LIMIT = { name: 'speech-preview:user', limit: 30, windowSeconds: 60 } as const;

export interface VoiceFilters {
  tab: 'all' | 'mine' | 'favorites';
  query?: string | undefined;
  language?: string | undefined;
  gender?: string | undefined;
  age?: string | undefined;
  accent?: string | undefined;
  useCase?: string | undefined;
  engineId?: string | undefined;
  pageNum: number;
  pageSize: number;
}

const voiceLanguageGroups = (voice: Pick<VoiceView, 'language' | 'languages'>) => [...new Set([voice.language, ...voice.languages].map(languageGroup))];

const previewHash = (voiceKey: string) => createHash('sha256').update(voiceKey).digest('hex').slice(0, 32);

function facet(voices: readonly VoiceView[], pick: (voice: VoiceView) => Array<string | null>): Array<{ value: string; count: number }> {
  const counts = new Map<string, number>();
  for (const voice of voices) for (const value of new Set(pick(voice))) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/**
 * The voice library: library and cloned voices with tabs, search and facets, favourites, preview
 * samples, and voice keys resolved to job voice targets for the tools that speak.
 */
export function createVoicesService(deps: VoicesServiceDeps) {
  const { engines, speech, storage, scratch } = deps;
  const cachedPreviews = new Set<string>();
  let previewsListed: Promise<void> | undefined;

  const listCachedPreviews = () =>
    (previewsListed ??= storage.list('voices/previews/').then(
      (objects) => objects.forEach((object) => cachedPreviews.add(object.key)),
      () => undefined,
    ));

  async function libraryView(voice: LibraryVoice, favorites: ReadonlySet<string>): Promise<VoiceView> {
    const key = storageKeys.voicePreview(previewHash(voice.key));
    return {
      key: voice.key,
      name: voice.name,
      language: voice.language,
      languages: voice.languages,
      accent: voice.accent,
      gender: voice.gender,
      age: voice.age,
      style: voice.style,
      useCases: voice.useCases,
      engineId: voice.engineId,
      engineName: voice.engineName,
      location: voice.location,
      qualityTier: voice.qualityTier,
      sound: voice.sound ?? (voice.location === 'remote' ? 'neural' : 'synthetic'),
      description: voice.description,
      favorite: favorites.has(voice.key),
      cloned: false,
      status: 'ready',
      previewUrl: cachedPreviews.has(key) ? await storage.signedUrl(key, { expiresInSeconds: MEDIA_LINK_SECONDS }) : null,
      createdAt: null,
      medianPitchHz: null,
    };
  }

  async function clonedView(row: ClonedVoiceRow, favorites: ReadonlySet<string>, library: readonly LibraryVoice[]): Promise<VoiceView> {
    const key = `cloned/${row.id}`;
    const base = library.find((voice) => voice.key === row.baseVoiceKey);
    const profile = row.profile as { medianPitchHz?: number } | null;
    return {
      key,
      name: row.name,
      language: row.language,
      languages: [row.language],
      accent: null,
      gender: row.gender,
      age: null,
      style: 'cloned',
      useCases: [],
      engineId: row.remoteEngineId ?? base?.engineId ?? LOCAL_VOICE_CONVERTER,
      // A matched clone is spoken by its base voice's engine (the page says "voice matching" in its language).
      engineName: row.remoteEngineId ?? base?.engineName ?? '',
      location: row.remoteEngineId ? 'remote' : 'local',
      qualityTier: row.remoteEngineId ? 'premium' : 'basic',
      sound: row.remoteEngineId ? 'neural' : 'matched',
      description: row.remoteEngineId
        ? 'Neural clone made by a remote engine from your recording.'
        : 'Your recording’s pitch, vocal-tract envelope and pace applied to a local voice by signal processing; not a neural clone.',
      favorite: favorites.has(key),
      cloned: true,
      status: row.status,
      previewUrl: row.previewKey ? await storage.signedUrl(row.previewKey, { expiresInSeconds: MEDIA_LINK_SECONDS }) : null,
      createdAt: row.createdAt.toISOString(),
      medianPitchHz: typeof profile?.medianPitchHz === 'number' ? roundTo(profile.medianPitchHz) : null,
    };
  }

  async function allVoices(ownerId: string): Promise<VoiceView[]> {
    await listCachedPreviews();
    const [library, cloned, favoriteKeys] = await Promise.all([libraryVoicesBestFirst(engines), speech.listClonedVoices(ownerId), speech.favoriteKeys(ownerId)]);
    const favorites = new Set(favoriteKeys);
    return [...(await Promise.all(cloned.filter((row) => row.status !== 'failed').map((row) => clonedView(row, favorites, library)))), ...(await Promise.all(library.map((voice) => libraryView(voice, favorites))))];
  }

  async function findVoice(ownerId: string, voiceKey: string): Promise<VoiceView> {
    if (voiceKey.startsWith('cloned/')) {
      const row = await speech.findClonedVoice(ownerId, voiceKey.slice('cloned/'.length));
      if (!row || row.status === 'failed') throw new DomainError(ErrorCode.VOICE_NOT_FOUND);
      const favorites = new Set(await speech.favoriteKeys(ownerId));
      return clonedView(row, favorites, await engines.libraryVoices());
    }
    const voice = await findLibraryVoice(engines, voiceKey);
    if (!voice) throw new DomainError(ErrorCode.VOICE_NOT_FOUND);
    await listCachedPreviews();
    return libraryView(voice, new Set(await speech.favoriteKeys(ownerId)));
  }

  /** The voice as a job input (a snapshot: a voice deleted later does not break an accepted job). */
  async function resolveTarget(ownerId: string, voiceKey: string, language: string | undefined): Promise<VoiceTarget> {
    if (voiceKey.startsWith('cloned/')) {
      const row = await speech.findClonedVoice(ownerId, voiceKey.slice('cloned/'.length));
      if (!row || row.status === 'failed') throw new DomainError(ErrorCode.VOICE_NOT_FOUND);
      if (row.status !== 'ready' || !row.profile || !row.baseVoiceKey) throw new DomainError(ErrorCode.VOICE_NOT_READY);
      const remote = row.remoteEngineId && row.remoteVoiceId ? { engineId: row.remoteEngineId, voiceId: row.remoteVoiceId } : null;
      return { kind: 'cloned', voiceKey, clonedVoiceId: row.id, language: row.language, profile: row.profile, baseVoiceKey: row.baseVoiceKey, remote, qualityTier: remote ? 'premium' : 'basic' };
    }
    const voice = await findLibraryVoice(engines, voiceKey);
    if (!voice) throw new DomainError(ErrorCode.VOICE_NOT_FOUND);
    if (language && !voice.languages.some((spoken) => sameLanguage(spoken, language))) {
      throw new DomainError(ErrorCode.VOICE_LANGUAGE_UNSUPPORTED, { voice: voice.name, language });
    }
    return libraryTarget(voice);
  }

  const limitPreviews = (ownerId: string) => deps.rateLimiter.enforce(PREVIEW_LIMIT, ownerId);

  return {
    async listVoices(ownerId: string, filters: VoiceFilters) {
      let voices = await allVoices(ownerId);
      if (filters.tab === 'mine') voices = voices.filter((voice) => voice.cloned);
      if (filters.tab === 'favorites') voices = voices.filter((voice) => voice.favorite);
      const query = filters.query?.trim().toLowerCase();
      if (query) {
        voices = voices.filter((voice) =>
          [voice.name, voice.language, voice.accent, voice.style, voice.engineName, voice.description, ...voice.useCases, ...voice.languages].some((field) => field?.toLowerCase().includes(query)),
        );
      }
      const facets = {
        // Every language a voice speaks, grouped as people name them; the language filter below
        // matches the same groups, so a language's count is the number of voices it lists.
        languages: facet(voices, (voice) => voiceLanguageGroups(voice)),
        genders: facet(voices, (voice) => [voice.gender]),
        ages: facet(voices, (voice) => [voice.age]),
        accents: facet(voices, (voice) => [voice.accent]),
        useCases: facet(voices, (voice) => voice.useCases),
        engines: facet(voices, (voice) => [voice.engineId]).map((option) => ({ ...option, label: voices.find((voice) => voice.engineId === option.value)!.engineName })),
      };
      const filtered = voices.filter(
        (voice) =>
          (!filters.language || voiceLanguageGroups(voice).includes(languageGroup(filters.language))) &&
          (!filters.gender || voice.gender === filters.gender) &&
          (!filters.age || voice.age === filters.age) &&
          (!filters.accent || voice.accent === filters.accent) &&
          (!filters.useCase || voice.useCases.includes(filters.useCase)) &&
          (!filters.engineId || voice.engineId === filters.engineId),
      );
      const start = (filters.pageNum - 1) * filters.pageSize;
      return { total: filtered.length, pageNum: filters.pageNum, pageSize: filters.pageSize, list: filtered.slice(start, start + filters.pageSize), facets };
    },

    getVoice: findVoice,

    async setFavorite(ownerId: string, voiceKey: string, favorite: boolean): Promise<void> {
      if (favorite) await findVoice(ownerId, voiceKey);
      await speech.setFavorite(ownerId, voiceKey, favorite);
    },

    /** A library voice's sample in its own language: synthesised on first request, then served from storage. */
    async voicePreview(ownerId: string, voiceKey: string): Promise<{ url: string; text: string; durationSeconds: number }> {
      const voice = await findVoice(ownerId, voiceKey);
      if (voice.cloned) {
        const row = await speech.findClonedVoice(ownerId, voiceKey.slice('cloned/'.length));
        if (!row?.previewKey) throw new DomainError(ErrorCode.VOICE_NOT_READY);
        return { url: await storage.signedUrl(row.previewKey, { expiresInSeconds: MEDIA_LINK_SECONDS }), text: previewSentence(row.language), durationSeconds: 0 };
      }
      const library = (await findLibraryVoice(engines, voiceKey))!;
      const key = storageKeys.voicePreview(previewHash(voiceKey));
      const existing = await storage.stat(key);
      let durationSeconds = 0;
      if (!existing) {
        await limitPreviews(ownerId);
        durationSeconds = await scratch.inScratchFolder('voice-preview', async (file) => {
          const target = await resolveTarget(ownerId, voiceKey, undefined);
          const outcome = await synthesizeWithTarget(engines, { target, text: library.previewText, ...PLAIN_SPEECH, outputFile: file('preview.wav'), sampleRate: SPEECH_SAMPLE_RATE });
          await encodeSpeech({ input: file('preview.wav'), output: file('preview.mp3'), format: 'mp3' });
          await storage.putFile(key, file('preview.mp3'), { contentType: 'audio/mpeg' });
          return outcome.durationSeconds;
        });
      }
      cachedPreviews.add(key);
      return { url: await storage.signedUrl(key, { expiresInSeconds: MEDIA_LINK_SECONDS }), text: library.previewText, durationSeconds: roundTo(durationSeconds, 2) };
    },

    resolveTarget,
    clonedView: async (ownerId: string, row: ClonedVoiceRow) => clonedView(row, new Set(await speech.favoriteKeys(ownerId)), await engines.libraryVoices()),
    /** Free synthesis outside the queue (voice samples, the first sentence of a script) is rate-limited per user. */
    limitPreviews,
  };
}

export type VoicesService = ReturnType<typeof createVoicesService>;
