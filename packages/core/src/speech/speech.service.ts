import { createHash } from 'node:crypto';
import { ErrorCode, parseTtsScript, stsCost, ttsCost, voiceCloneCost, type ComboDetail, type ErrorCodeValue, type RecordingCheck, type VoiceView } from '@voxwork/contract';
import { fileToDataUrl, withWorkDir } from '@voxwork/media';
import type { ClonedVoiceRow, SpeechRepository, UploadRow } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { JobService } from '../jobs/job.service.ts';
import type { RateLimiter } from '../rate-limits/rate-limiter.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { storageKeys } from '../storage/storage-keys.ts';
import { previewSentence, primaryLanguage, sameLanguage } from './preview-sentences.ts';
import type { LibraryVoice, SpeechRuntime, VoiceTarget } from './speech-runtime.port.ts';
import { copyStoredToFile, SPEECH_SAMPLE_RATE, spokenText, voiceForSpeaker, type TtsJobInput } from './speech-jobs.ts';

export interface SpeechServiceDeps {
  runtime: SpeechRuntime;
  speech: SpeechRepository;
  jobs: JobService;
  storage: StorageRepository;
  /** A ready upload of the user, or a DomainError (UPLOAD_NOT_FOUND). */
  findUpload: (userId: string, uploadId: string) => Promise<UploadRow>;
  planOf: (userId: string) => Promise<Pick<ComboDetail, 'maxTtsCharacters' | 'voiceCloneSlots'>>;
  /** Counts previews in the database, so the limit holds across replicas. */
  rateLimiter: Pick<RateLimiter, 'enforce'>;
}

/**
 * Recording rules for cloning (spec: 10 s – 3 min), the same figures as the engine layer's
 * `RECORDING_LIMITS`: at least 8 s and half of it speech (VAD), under 0.1 % clipped samples,
 * louder than −35 LUFS.
 */
export const RECORDING_RULES = {
  minSeconds: 10,
  maxSeconds: 180,
  minSpeechSeconds: 8,
  minSpeechRatio: 0.5,
  maxClippingRatio: 0.001,
  minLoudnessLufs: -35,
} as const;

export const PRONUNCIATION_LIMIT = 500;
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

export interface TtsRequest {
  text: string;
  voiceKey: string;
  dialogue: boolean;
  speakers?: Record<string, string> | undefined;
  language?: string | undefined;
  speed: number;
  pitchSemitones: number;
  volume: number;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const previewHash = (voiceKey: string) => createHash('sha256').update(voiceKey).digest('hex').slice(0, 32);

function facet(voices: readonly VoiceView[], pick: (voice: VoiceView) => Array<string | null>): Array<{ value: string; count: number }> {
  const counts = new Map<string, number>();
  for (const voice of voices) for (const value of new Set(pick(voice))) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/** The speech tools' rules: voices, favourites, previews, text to speech, dictionaries, cloning, speech to speech. */
export function createSpeechService(deps: SpeechServiceDeps) {
  const { runtime, speech, storage } = deps;
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
      engineId: row.remoteEngineId ?? base?.engineId ?? 'dsp:voice-match',
      engineName: row.remoteEngineId ? row.remoteEngineId : `Voice matching${base ? ` · ${base.engineName}` : ''}`,
      location: row.remoteEngineId ? 'remote' : 'local',
      qualityTier: row.remoteEngineId ? 'premium' : 'basic',
      description: row.remoteEngineId
        ? 'Neural clone made by a remote engine from your recording.'
        : 'Your recording’s pitch, vocal-tract envelope and pace applied to a local voice by signal processing; not a neural clone.',
      favorite: favorites.has(key),
      cloned: true,
      status: row.status,
      previewUrl: row.previewKey ? await storage.signedUrl(row.previewKey, { expiresInSeconds: MEDIA_LINK_SECONDS }) : null,
      createdAt: row.createdAt.toISOString(),
      medianPitchHz: typeof profile?.medianPitchHz === 'number' ? round(profile.medianPitchHz) : null,
    };
  }

  async function allVoices(ownerId: string): Promise<VoiceView[]> {
    await listCachedPreviews();
    const [library, cloned, favoriteKeys] = await Promise.all([runtime.libraryVoices(), speech.listClonedVoices(ownerId), speech.favoriteKeys(ownerId)]);
    const favorites = new Set(favoriteKeys);
    return [...(await Promise.all(cloned.filter((row) => row.status !== 'failed').map((row) => clonedView(row, favorites, library)))), ...(await Promise.all(library.map((voice) => libraryView(voice, favorites))))];
  }

  async function findVoice(ownerId: string, voiceKey: string): Promise<VoiceView> {
    if (voiceKey.startsWith('cloned/')) {
      const row = await speech.findClonedVoice(ownerId, voiceKey.slice('cloned/'.length));
      if (!row || row.status === 'failed') throw new DomainError(ErrorCode.VOICE_NOT_FOUND);
      const favorites = new Set(await speech.favoriteKeys(ownerId));
      return clonedView(row, favorites, await runtime.libraryVoices());
    }
    const voice = (await runtime.libraryVoices()).find((entry) => entry.key === voiceKey);
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
    const voice = (await runtime.libraryVoices()).find((entry) => entry.key === voiceKey);
    if (!voice) throw new DomainError(ErrorCode.VOICE_NOT_FOUND);
    if (language && !voice.languages.some((spoken) => sameLanguage(spoken, language))) {
      throw new DomainError(ErrorCode.VOICE_LANGUAGE_UNSUPPORTED, { voice: voice.name, language });
    }
    return { kind: 'library', voiceKey, engineId: voice.engineId, voiceId: voice.voiceId, language: voice.language, qualityTier: voice.qualityTier };
  }

  const TIER_ORDER = { basic: 0, standard: 1, premium: 2 } as const;

  async function prepareTts(ownerId: string, request: TtsRequest, options: { enforcePlan: boolean }) {
    const parsed = parseTtsScript(request.text, { dialogue: request.dialogue });
    if (parsed.billableCharacters === 0) throw new DomainError(ErrorCode.TTS_TEXT_EMPTY);
    if (options.enforcePlan) {
      const plan = await deps.planOf(ownerId);
      if (parsed.billableCharacters > plan.maxTtsCharacters) {
        throw new DomainError(ErrorCode.TTS_TEXT_TOO_LONG, { count: parsed.billableCharacters, limit: plan.maxTtsCharacters });
      }
    }
    const voices: TtsJobInput['voices'] = { default: await resolveTarget(ownerId, request.voiceKey, request.language), bySpeaker: {} };
    if (request.dialogue) {
      for (const speaker of parsed.speakers) {
        const key = request.speakers?.[speaker];
        if (!key) throw new DomainError(ErrorCode.DIALOGUE_SPEAKER_UNASSIGNED, { speaker });
        voices.bySpeaker[speaker] = await resolveTarget(ownerId, key, request.language);
      }
    }
    const tier = [voices.default, ...Object.values(voices.bySpeaker)].reduce<VoiceTarget['qualityTier']>((best, target) => (TIER_ORDER[target.qualityTier] > TIER_ORDER[best] ? target.qualityTier : best), 'basic');
    return { parsed, voices, tier };
  }

  async function withUploadFile<T>(upload: UploadRow, work: (file: string) => Promise<T>): Promise<T> {
    if (!upload.storageKey) throw new DomainError(ErrorCode.UPLOAD_NOT_FOUND);
    if (upload.kind === 'image' || upload.hasAudio === false) throw new DomainError(ErrorCode.RECORDING_NOT_AUDIO);
    const key = upload.storageKey;
    return withWorkDir('speech-upload', async (_dir, file) => {
      if (!(await copyStoredToFile(storage, key, file('upload.bin')))) throw new DomainError(ErrorCode.UPLOAD_NOT_FOUND);
      return work(file('upload.bin'));
    });
  }

  async function checkRecording(ownerId: string, uploadId: string): Promise<RecordingCheck> {
    const upload = await deps.findUpload(ownerId, uploadId);
    const measured = await withUploadFile(upload, (file) => runtime.measureRecording(file));
    if (!measured.hasAudio) throw new DomainError(ErrorCode.RECORDING_NOT_AUDIO);
    const problems: RecordingCheck['problems'] = [];
    const seconds = round(measured.durationSeconds);
    if (measured.durationSeconds < RECORDING_RULES.minSeconds) problems.push({ code: ErrorCode.RECORDING_TOO_SHORT, params: { seconds, min: RECORDING_RULES.minSeconds } });
    if (measured.durationSeconds > RECORDING_RULES.maxSeconds) problems.push({ code: ErrorCode.RECORDING_TOO_LONG, params: { seconds, max: RECORDING_RULES.maxSeconds } });
    const ratio = measured.durationSeconds > 0 ? measured.speechSeconds / measured.durationSeconds : 0;
    if (measured.speechSeconds < RECORDING_RULES.minSpeechSeconds || ratio < RECORDING_RULES.minSpeechRatio) {
      problems.push({ code: ErrorCode.RECORDING_LITTLE_SPEECH, params: { ratio: Math.round(ratio * 100), speech: round(measured.speechSeconds) } });
    }
    if (measured.clippingRatio > RECORDING_RULES.maxClippingRatio) problems.push({ code: ErrorCode.RECORDING_CLIPPING, params: { ratio: round(measured.clippingRatio * 100, 2) } });
    if (measured.loudnessLufs !== null && measured.loudnessLufs < RECORDING_RULES.minLoudnessLufs) problems.push({ code: ErrorCode.RECORDING_TOO_QUIET, params: { lufs: round(measured.loudnessLufs) } });
    return {
      accepted: problems.length === 0,
      durationSeconds: seconds,
      speechSeconds: round(measured.speechSeconds),
      speechRatio: round(ratio, 3),
      loudnessLufs: measured.loudnessLufs === null ? null : round(measured.loudnessLufs),
      clippingRatio: round(measured.clippingRatio, 5),
      medianPitchHz: measured.medianPitchHz === null ? null : round(measured.medianPitchHz),
      problems,
    };
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
        languages: facet(voices, (voice) => [primaryLanguage(voice.language) === 'cmn' ? 'zh' : primaryLanguage(voice.language)]),
        genders: facet(voices, (voice) => [voice.gender]),
        ages: facet(voices, (voice) => [voice.age]),
        accents: facet(voices, (voice) => [voice.accent]),
        useCases: facet(voices, (voice) => voice.useCases),
        engines: facet(voices, (voice) => [voice.engineId]),
      };
      const filtered = voices.filter(
        (voice) =>
          (!filters.language || voice.languages.some((language) => sameLanguage(language, filters.language!))) &&
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
      const library = (await runtime.libraryVoices()).find((entry) => entry.key === voiceKey)!;
      const key = storageKeys.voicePreview(previewHash(voiceKey));
      const existing = await storage.stat(key);
      let durationSeconds = 0;
      if (!existing) {
        await limitPreviews(ownerId);
        durationSeconds = await withWorkDir('voice-preview', async (_dir, file) => {
          const target = await resolveTarget(ownerId, voiceKey, undefined);
          const outcome = await runtime.synthesize({ target, text: library.previewText, speed: 1, pitchSemitones: 0, volume: 1, outputFile: file('preview.wav'), sampleRate: SPEECH_SAMPLE_RATE });
          await runtime.encode({ input: file('preview.wav'), output: file('preview.mp3'), format: 'mp3' });
          await storage.putFile(key, file('preview.mp3'), { contentType: 'audio/mpeg' });
          return outcome.durationSeconds;
        });
      }
      cachedPreviews.add(key);
      return { url: await storage.signedUrl(key, { expiresInSeconds: MEDIA_LINK_SECONDS }), text: library.previewText, durationSeconds: round(durationSeconds, 2) };
    },

    /** Accepts a text-to-speech job: checks text, plan and voices, freezes the points, starts the job. */
    async createTts(ownerId: string, request: TtsRequest & { format: 'mp3' | 'wav'; title?: string | undefined }) {
      const { parsed, voices, tier } = await prepareTts(ownerId, request, { enforcePlan: true });
      const language = request.language ?? voices.default.language;
      const pronunciations = (await speech.pronunciations(ownerId)).filter((entry) => sameLanguage(entry.language, language) || Object.values(voices.bySpeaker).some((target) => sameLanguage(entry.language, target.language)));
      const cost = ttsCost(parsed.billableCharacters, tier);
      const title = request.title || request.text.replace(/\[pause[^\]]*\]|<break[^>]*>/gi, ' ').replace(/\s+/g, ' ').trim().slice(0, 60);
      const job = await deps.jobs.enqueue(
        'tts.synthesize',
        {
          text: request.text,
          dialogue: request.dialogue,
          voices,
          language: request.language,
          speed: request.speed,
          pitchSemitones: request.pitchSemitones,
          volume: request.volume,
          format: request.format,
          pronunciations: pronunciations.map((entry) => ({ language: entry.language, term: entry.term, replacement: entry.replacement })),
          billableCharacters: parsed.billableCharacters,
        },
        { ownerId, cost, title },
      );
      return { jobId: job.id, cost, billableCharacters: parsed.billableCharacters };
    },

    /** The first sentence, spoken now with the job's settings (free; rate-limited). */
    async previewTts(ownerId: string, request: TtsRequest) {
      await limitPreviews(ownerId);
      const { parsed, voices } = await prepareTts(ownerId, request, { enforcePlan: false });
      const first = parsed.parts.find((part) => part.kind === 'speech')!;
      const target = voiceForSpeaker(voices, first.speaker);
      const spoken = spokenText(first.text, await speech.pronunciations(ownerId), request.language ?? target.language);
      return withWorkDir('tts-preview', async (_dir, file) => {
        const outcome = await runtime.synthesize({
          target,
          text: spoken,
          language: request.language,
          speed: request.speed,
          pitchSemitones: request.pitchSemitones,
          volume: request.volume,
          outputFile: file('first.wav'),
        });
        // WAV at the engine's own rate, not MP3: no resampling and no encoder start-up before the first sentence plays.
        const audio = await fileToDataUrl(file('first.wav'), 'audio/wav');
        return { text: first.text, audio, durationSeconds: round(outcome.durationSeconds, 3), words: outcome.words };
      });
    },

    async detectLanguage(ownerId: string, text: string) {
      const sample = text.replace(/\[pause[^\]]*\]|<[^>]+>/gi, ' ').slice(0, 2000);
      const found = sample.trim() ? await runtime.identifyLanguage(sample) : undefined;
      if (!found) return { language: null, confidence: 0, suggestedVoiceKey: null };
      const voices = (await runtime.libraryVoices()).filter((voice) => voice.languages.some((language) => sameLanguage(language, found.language)));
      const best = voices.sort((a, b) => TIER_ORDER[b.qualityTier] - TIER_ORDER[a.qualityTier])[0];
      void ownerId;
      return { language: found.language, confidence: round(found.confidence, 3), suggestedVoiceKey: best?.key ?? null };
    },

    async pronunciations(ownerId: string, language?: string) {
      const rows = await speech.pronunciations(ownerId, language);
      return { list: rows.map(({ id, language, term, replacement, kind }) => ({ id, language, term, replacement, kind })), limit: PRONUNCIATION_LIMIT };
    },

    async savePronunciation(ownerId: string, entry: { language: string; term: string; replacement: string; kind: 'spelling' | 'phonemes' }) {
      const existing = await speech.pronunciations(ownerId, entry.language);
      if (!existing.some((row) => row.term === entry.term) && (await speech.countPronunciations(ownerId)) >= PRONUNCIATION_LIMIT) {
        throw new DomainError(ErrorCode.PRONUNCIATION_LIMIT, { limit: PRONUNCIATION_LIMIT });
      }
      const row = await speech.savePronunciation({ ownerId, ...entry });
      return { id: row.id, language: row.language, term: row.term, replacement: row.replacement, kind: row.kind };
    },

    async deletePronunciation(ownerId: string, id: string): Promise<void> {
      if (!(await speech.deletePronunciation(ownerId, id))) throw new DomainError(ErrorCode.NOT_FOUND);
    },

    checkRecording,

    /** Clones a voice: consent, the same checks again (never trusting the client), a slot, the points, then the job. */
    async createClone(ownerId: string, request: { uploadId: string; name: string; language: string; consent: boolean }) {
      if (!request.consent) throw new DomainError(ErrorCode.CLONE_CONSENT_REQUIRED);
      const upload = await deps.findUpload(ownerId, request.uploadId);
      const check = await checkRecording(ownerId, request.uploadId);
      if (!check.accepted) {
        const problem = check.problems[0]!;
        throw new DomainError(problem.code as ErrorCodeValue, problem.params);
      }
      const plan = await deps.planOf(ownerId);
      const row = await speech.insertClonedVoiceWithinSlots({ ownerId, name: request.name, language: request.language, uploadId: upload.id, consentAt: new Date(), status: 'processing' }, plan.voiceCloneSlots);
      if (!row) throw new DomainError(ErrorCode.VOICE_SLOTS_FULL, { limit: plan.voiceCloneSlots });
      const cost = voiceCloneCost();
      try {
        const job = await deps.jobs.enqueue('voice.clone', { clonedVoiceId: row.id, uploadKey: upload.storageKey!, name: request.name, language: request.language }, { ownerId, cost, title: request.name });
        const updated = (await speech.updateClonedVoice(row.id, { jobId: job.id }))!;
        const favorites = new Set(await speech.favoriteKeys(ownerId));
        return { voice: await clonedView(updated, favorites, await runtime.libraryVoices()), jobId: job.id, cost };
      } catch (error) {
        // Not accepted (e.g. not enough points): the slot is free again.
        await speech.deleteClonedVoice(ownerId, row.id);
        throw error;
      }
    },

    async renameClone(ownerId: string, id: string, name: string): Promise<VoiceView> {
      const row = await speech.findClonedVoice(ownerId, id);
      if (!row || row.status === 'failed') throw new DomainError(ErrorCode.VOICE_NOT_FOUND);
      const updated = (await speech.updateClonedVoice(id, { name }))!;
      return clonedView(updated, new Set(await speech.favoriteKeys(ownerId)), await runtime.libraryVoices());
    },

    async deleteClone(ownerId: string, id: string): Promise<void> {
      const row = await speech.findClonedVoice(ownerId, id);
      if (!row) throw new DomainError(ErrorCode.VOICE_NOT_FOUND);
      if (row.status === 'processing' && row.jobId) await deps.jobs.cancel(row.jobId, ownerId).catch(() => undefined);
      await speech.deleteClonedVoice(ownerId, id);
      await storage.deleteByPrefix(storageKeys.clonedVoiceFile(ownerId, id, 'x').replace(/x$/, ''));
      if (row.remoteEngineId && row.remoteVoiceId) await runtime.deleteRemoteVoice({ engineId: row.remoteEngineId, voiceId: row.remoteVoiceId }).catch(() => undefined);
    },

    /** Speech to speech: the recording's duration sets the price. */
    async createSts(ownerId: string, request: { uploadId: string; voiceKey: string; denoise: boolean; keepBackground: boolean; format: 'mp3' | 'wav'; title?: string | undefined }) {
      const upload = await deps.findUpload(ownerId, request.uploadId);
      if (upload.kind === 'image' || upload.hasAudio === false || !upload.storageKey) throw new DomainError(ErrorCode.RECORDING_NOT_AUDIO);
      const target = await resolveTarget(ownerId, request.voiceKey, undefined);
      const durationSeconds = upload.durationSeconds ?? 0;
      if (durationSeconds < 0.5) throw new DomainError(ErrorCode.RECORDING_TOO_SHORT, { seconds: round(durationSeconds), min: 0.5 });
      const cost = stsCost(durationSeconds, target.qualityTier);
      const job = await deps.jobs.enqueue(
        'sts.convert',
        { uploadKey: upload.storageKey, sourceDurationSeconds: durationSeconds, target, denoise: request.denoise, keepBackground: request.keepBackground, format: request.format },
        { ownerId, cost, title: request.title || upload.originalName },
      );
      return { jobId: job.id, cost };
    },
  };
}

export type SpeechService = ReturnType<typeof createSpeechService>;
