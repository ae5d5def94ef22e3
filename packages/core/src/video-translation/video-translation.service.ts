import { bestTier, ErrorCode, MATCH_ORIGINAL_VOICE, TOOL_PRICES, videoTranslationCost, videoTranslationSubtitlesCost } from '@voxwork/contract';
import type { UploadRow } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { SpeechEngines, VoiceTarget } from '../engines/speech-engines.port.ts';
import type { VideoEngines } from '../engines/video-engines.port.ts';
import type { EnqueueOptions, JobService } from '../jobs/job.service.ts';
import { roundTo } from '../rounding.ts';
import { sameLanguage } from '../voices/preview-sentences.ts';
import { libraryTarget, libraryVoicesBestFirst } from '../voices/voice-choice.ts';
import type { VoicesService } from '../voices/voices.service.ts';
import { backgroundMethods, GIVEN_TRANSLATION, offlinePairs, requireTranslator, textSourcesFor, voiceLanguagesOf, type TextSourceChoice } from '../pipeline-stages/engine-choice.ts';
import { SubtitleParseError } from '@voxwork/contract/subtitles';
import { parseSubtitleFileInput, type SubtitleFileInput } from '@voxwork/contract/subtitle-encoding';
import type { DrawnStyleChoice } from '../pipeline-stages/drawn-subtitles.ts';
import type { VideoTranslationJobInput } from './video-translation-job.ts';
import { createVideoTranslationReview } from './video-translation-review.ts';

/** The job type of a run (quick and pro are the same pipeline; pro waits for review). */
export const VIDEO_TRANSLATION_JOB = 'video-translation.dub' as const;

export interface VideoTranslationPlan {
  maxVideoMinutesPerJob: number;
  /** Runs per calendar month; -1 unlimited. */
  vtUseLimit: number;
}

export interface VideoTranslationServiceDeps {
  jobs: JobService;
  voices: VoicesService;
  engines: SpeechEngines;
  videoEngines: VideoEngines;
  findUpload: (userId: string, uploadId: string) => Promise<UploadRow>;
  planOf: (userId: string) => Promise<VideoTranslationPlan>;
  /** Runs of this month so far (for the options call). */
  runsThisMonth: (userId: string) => Promise<number>;
  /** A link a browser can play for a stored file (the review gate's voice previews). */
  signedUrl: (key: string) => Promise<string>;
  now?: () => Date;
}

export interface VideoTranslationRequest {
  uploadId: string;
  sourceLanguage: string;
  targetLanguages: string[];
  textSource: TextSourceChoice;
  /** Text, or the file's bytes in base64 in any common encoding. */
  subtitleFile?: SubtitleFileInput | undefined;
  /** `translation`: the subtitle file is already in the (one) target language and is spoken as it is, without a translation engine. */
  subtitleFileLanguage?: 'source' | 'translation' | undefined;
  /** Voice per target language (`<engine>/<voice>` or `cloned/<id>`); missing: the best library voice of that language. */
  voices?: Record<string, string> | undefined;
  mode: 'quick' | 'pro';
  glossary?: Array<{ source: string; target: string }> | undefined;
  /** A glossary per target language (the series service's field, not on the public create call; decision 076): it replaces `glossary` for that language. */
  glossaries?: Record<string, Array<{ source: string; target: string }>> | undefined;
  burnSubtitles?: boolean | undefined;
  /** How many people speak (the speakers stage's count hint). */
  speakers?: number | undefined;
  /** `local` (default: centre cancellation or ducking, offline) or a separation engine id offered by `options`. */
  background?: string | undefined;
  title?: string | undefined;
  /** The burned-in source subtitles: `keep` (default), `replace` (erased, the translation drawn where they were) or `bilingual` (the translation drawn beside them). */
  subtitles?: 'keep' | 'replace' | 'bilingual' | undefined;
  /** `dub` (default), `subtitles` (original sound, new subtitles drawn; priced below a dub) or `both`. */
  output?: 'dub' | 'subtitles' | 'both' | undefined;
  /**
   * A series' characters (decision 060; the series service's field, not on the public create call):
   * each speaker found to be one of them is spoken with its voice for the language. `medianPitchHz`
   * is the character's voiceprint once heard in an earlier episode.
   */
  characters?: Array<{ id: string; gender: 'female' | 'male' | 'unknown'; medianPitchHz: number | null; voices: Record<string, string> }> | undefined;
  /** The series those characters are of: the speakers stage reads its voiceprints as they are then (decision 069). */
  seriesId?: string | undefined;
  /** A style per target language for subtitles drawn over the picture's own (the create call's field; a series gives its own): it replaces the measured style, field by field. */
  subtitleStyles?: Record<string, DrawnStyleChoice> | undefined;
}

/**
 * The points of a run: a dub (or a dub and a subtitled video: drawing is part of the dub's work)
 * per started minute and language at the voices' best tier; subtitles only at the lower price.
 */
export function videoTranslationRunCost(
  durationSeconds: number,
  output: VideoTranslationRequest['output'],
  targets: ReadonlyArray<{ voice: Pick<VoiceTarget, 'qualityTier'>; characterVoices?: Record<string, Pick<VoiceTarget, 'qualityTier'>> | undefined }>,
): number {
  if (output === 'subtitles') return videoTranslationSubtitlesCost(durationSeconds, targets.length);
  // Every voice that may speak counts: a series character's premium voice is priced as a premium target voice.
  return videoTranslationCost(durationSeconds, targets.length, bestTier(targets.flatMap((target) => [target.voice.qualityTier, ...Object.values(target.characterVoices ?? {}).map((voice) => voice.qualityTier)])));
}

/** The first day of the month (UTC) the limit counts from. */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

const base = (language: string) => language.toLowerCase().split(/[-_]/)[0] ?? language;

export function createVideoTranslationService(deps: VideoTranslationServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function voiceFor(ownerId: string, language: string, voiceKey: string | undefined): Promise<VoiceTarget> {
    if (voiceKey) return deps.voices.resolveTarget(ownerId, voiceKey, language);
    const voice = (await libraryVoicesBestFirst(deps.engines)).find((candidate) => candidate.languages.some((spoken) => sameLanguage(spoken, language)));
    if (!voice) throw new DomainError(ErrorCode.VOICE_LANGUAGE_UNSUPPORTED, { voice: '—', language });
    return libraryTarget(voice);
  }

  return {
    /** The review gate of pro runs: `review`, `save`, `regenerate`, `fit`, `approve`. */
    ...createVideoTranslationReview(deps),
    /** What the page offers: where text can come from, which pairs translate (offline or not), the price and the plan's limits. */
    async options(ownerId: string) {
      const [translators, plan, used, voices] = await Promise.all([deps.videoEngines.translators(), deps.planOf(ownerId), deps.runsThisMonth(ownerId), deps.engines.libraryVoices()]);
      return {
        recognizers: deps.videoEngines.recognizers(),
        separators: backgroundMethods(deps.videoEngines),
        textReaders: deps.videoEngines.textReaders(),
        translators,
        offlinePairs: offlinePairs(translators),
        /** Languages some library voice speaks (a dub needs a voice). */
        voiceLanguages: voiceLanguagesOf(voices),
        pricePerMinute: TOOL_PRICES.videoTranslationPerMinute,
        subtitlesPricePerMinute: TOOL_PRICES.videoTranslationSubtitlesPerMinute,
        maxVideoMinutes: plan.maxVideoMinutesPerJob,
        monthlyLimit: plan.vtUseLimit,
        usedThisMonth: used,
      };
    },

    async create(ownerId: string, request: VideoTranslationRequest, options: Pick<EnqueueOptions, 'idempotency'> = {}) {
      const { upload, plan, cost, input, subtitleFileRead } = await prepare(ownerId, request);
      const job = await deps.jobs.enqueue(VIDEO_TRANSLATION_JOB, input, {
        ownerId,
        cost,
        title: request.title || upload.originalName.replace(/\.[^.]+$/, ''),
        monthlyRuns: { types: [VIDEO_TRANSLATION_JOB], limit: plan.vtUseLimit, since: monthStart(now()), code: ErrorCode.VIDEO_TRANSLATION_MONTHLY_LIMIT },
        ...(options.idempotency ? { idempotency: options.idempotency } : {}),
      });
      return { jobId: job.id, cost, ...(subtitleFileRead ? { subtitleFile: subtitleFileRead } : {}) };
    },

    /**
     * What `create` would charge for this request, with the same checks and the same measured
     * length (the upload's, measured from its packets): nothing is queued or held.
     */
    async quote(ownerId: string, request: VideoTranslationRequest): Promise<{ seconds: number; cost: number }> {
      const { cost, input } = await prepare(ownerId, request);
      return { seconds: input.durationSeconds, cost };
    },
  };

  /** A request checked, its engines and voices resolved and priced: the job's input, not yet queued. */
  async function prepare(ownerId: string, request: VideoTranslationRequest) {
    const upload = await deps.findUpload(ownerId, request.uploadId);
    if (upload.kind !== 'video' || !upload.storageKey) throw new DomainError(ErrorCode.VIDEO_NOT_READABLE);
    if (upload.hasAudio === false) throw new DomainError(ErrorCode.VIDEO_NO_AUDIO_TRACK);
    const durationSeconds = upload.durationSeconds ?? 0;
    if (durationSeconds <= 0) throw new DomainError(ErrorCode.VIDEO_NOT_READABLE);
    const plan = await deps.planOf(ownerId);
    if (durationSeconds > plan.maxVideoMinutesPerJob * 60) throw new DomainError(ErrorCode.VIDEO_TOO_LONG, { minutes: roundTo(durationSeconds / 60, 1), max: plan.maxVideoMinutesPerJob });

    const targets = [...new Set(request.targetLanguages.map((language) => language.toLowerCase()))].filter((language) => base(language) !== base(request.sourceLanguage));
    if (!targets.length) throw new DomainError(ErrorCode.INVALID_PARAMETER, { field: 'targetLanguages', reason: { en: 'choose a language other than the source language', zh: '请选择与原语言不同的语言' } });

    // A subtitle file that is already the translation: one language, spoken as written (no engine needed for the pair).
    const givenTranslation = request.subtitleFileLanguage === 'translation';
    if (givenTranslation && request.textSource !== 'subtitle-file') {
      throw new DomainError(ErrorCode.INVALID_PARAMETER, { field: 'subtitleFileLanguage', reason: { en: 'a translation can only come from a subtitle file: choose “Subtitle file” as the source of text', zh: '译文只能来自字幕文件：请选择“字幕文件”作为文字来源' } });
    }
    if (givenTranslation && targets.length !== 1) {
      throw new DomainError(ErrorCode.INVALID_PARAMETER, { field: 'targetLanguages', reason: { en: 'a subtitle file given as the translation is in one language: choose only that language', zh: '作为译文的字幕文件只有一种语言：请只选择该语言' } });
    }

    // Drawing over the picture's lines needs them: their place and look come from the picture whatever the text's source.
    const subtitles = request.subtitles ?? 'keep';
    const output = request.output ?? 'dub';
    const drawsOverPicture = subtitles !== 'keep';
    if (drawsOverPicture && request.textSource === 'speech') throw new DomainError(ErrorCode.VIDEO_SUBTITLES_NEED_PICTURE_LINES);
    if (output === 'subtitles' && !drawsOverPicture && !request.burnSubtitles) throw new DomainError(ErrorCode.VIDEO_SUBTITLES_OUTPUT_NOTHING_DRAWN);

    let textSources: VideoTranslationJobInput['textSources'];
    let subtitleFileRead: ReturnType<typeof parseSubtitleFileInput>['read'] | undefined;
    if (request.textSource === 'subtitle-file') {
      if (!request.subtitleFile) throw new DomainError(ErrorCode.INVALID_PARAMETER, { field: 'subtitleFile', reason: { en: 'upload a subtitle file or choose another source of text', zh: '请上传字幕文件，或选择其他文本来源' } });
      try {
        const parsed = parseSubtitleFileInput(request.subtitleFile);
        textSources = [{ kind: 'subtitle-file', lines: parsed.lines }];
        subtitleFileRead = parsed.read;
      } catch (error) {
        if (error instanceof SubtitleParseError) throw new DomainError(ErrorCode.SUBTITLE_FILE_INVALID, { reason: error.reason });
        throw error;
      }
    } else {
      textSources = textSourcesFor(deps.videoEngines, request.textSource, request.sourceLanguage)
        // Replaced or added beside: the words are the picture's lines (speech would not match what is erased).
        .filter((source) => !drawsOverPicture || source.kind === 'subtitles')
        .map(({ kind, engineId }) => ({ kind, engineId }));
      if (!textSources.length) throw new DomainError(ErrorCode.VIDEO_SUBTITLES_NEED_PICTURE_LINES);
    }

    const translators = await deps.videoEngines.translators();
    const resolved = [];
    for (const language of targets) {
      const translator = givenTranslation ? { id: GIVEN_TRANSLATION, location: 'local' as const } : requireTranslator(translators, request.sourceLanguage, language);
      const wanted = request.voices?.[language];
      const matchOriginal = wanted === MATCH_ORIGINAL_VOICE;
      resolved.push({
        language,
        // Matching the original speaker renders a measured profile over a local voice of the language (that voice is the fallback here).
        voice: await voiceFor(ownerId, language, matchOriginal ? undefined : wanted),
        translatorId: translator.id,
        translatorShortens: translator.location === 'remote',
        ...(matchOriginal ? { matchOriginal } : {}),
        // Nobody chose: further speakers get voices of their own suiting their measured voice.
        ...(wanted === undefined ? { autoVoice: true } : {}),
        // A series' characters' voices (only a dub speaks them).
        ...(output !== 'subtitles' ? await characterVoicesFor(ownerId, request.characters, language) : {}),
        // A style picked for the subtitles drawn over the picture's own.
        ...(subtitles !== 'keep' && request.subtitleStyles?.[language] ? { drawnStyle: request.subtitleStyles[language] } : {}),
      });
    }
    // A separation engine only when asked for and selected here (a remote one is the operator's account).
    const separatorId = request.background && request.background !== 'local' ? request.background : undefined;
    if (separatorId && !backgroundMethods(deps.videoEngines).some((offer) => offer.method === 'separator' && offer.id === separatorId)) {
      throw new DomainError(ErrorCode.VIDEO_SEPARATOR_UNAVAILABLE, { engine: separatorId });
    }
    const cost = videoTranslationRunCost(durationSeconds, output, resolved);
    const input: VideoTranslationJobInput = {
      uploadId: upload.id,
      uploadKey: upload.storageKey,
      durationSeconds,
      sourceLanguage: request.sourceLanguage.toLowerCase(),
      textSources,
      targets: resolved,
      mode: request.mode,
      glossary: request.glossary ?? [],
      ...(request.glossaries ? { glossaries: Object.fromEntries(Object.entries(request.glossaries).map(([language, terms]) => [language.toLowerCase(), terms])) } : {}),
      burnSubtitles: request.burnSubtitles ?? false,
      ...(request.speakers ? { speakerCount: request.speakers } : {}),
      ...(separatorId ? { separatorId } : {}),
      // Absent means today's behaviour (jobs accepted before these choices existed have neither).
      ...(subtitles !== 'keep' ? { subtitles } : {}),
      ...(output !== 'dub' ? { output } : {}),
      ...(request.characters?.length && output !== 'subtitles' ? { characters: request.characters.map(({ id, gender, medianPitchHz }) => ({ id, gender, medianPitchHz })), ...(request.seriesId ? { seriesId: request.seriesId } : {}) } : {}),
    };
    return { upload, plan, cost, input, subtitleFileRead };
  }

  /** The voices of a series' characters in one language, resolved as the target voice is (a character without one in that language is left out). */
  async function characterVoicesFor(ownerId: string, characters: VideoTranslationRequest['characters'], language: string): Promise<{ characterVoices?: Record<string, VoiceTarget> }> {
    const voiced = (characters ?? []).filter((character) => character.voices[language]);
    if (!voiced.length) return {};
    const characterVoices: Record<string, VoiceTarget> = {};
    for (const character of voiced) characterVoices[character.id] = await voiceFor(ownerId, language, character.voices[language]);
    return { characterVoices };
  }
}

export type VideoTranslationService = ReturnType<typeof createVideoTranslationService>;
