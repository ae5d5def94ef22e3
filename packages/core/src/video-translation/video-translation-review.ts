/**
 * The review gate of pro video translation. A pro job waits after every line is spoken and fitted
 * (`review` stage, status `paused`); its owner reads the table, edits lines, voices and the
 * glossary (saved for free), speaks again only what changed (points per line, frozen with the
 * job's points and charged when it ends), and lets the job go on to mix, mux and deliver.
 *
 * What "changed" means is read from the checkpoints, not remembered: the fit stage records the
 * translation each line's audio was made from and the voice per language; a line whose current
 * translation or voice differs is pending. So a crash, a second tab or a retry cannot charge a
 * line twice or forget one.
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode, MATCH_ORIGINAL_VOICE, TOOL_PRICES, videoTranslationLinesCost, type JobView, type VideoTranslationReview } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';
import type { VoiceTarget } from '../engines/speech-engines.port.ts';
import type { VideoEngines } from '../engines/video-engines.port.ts';
import type { JobService } from '../jobs/job.service.ts';
import type { JobMediaFile } from '../jobs/pipeline-definition.ts';
import type { VoicesService } from '../voices/voices.service.ts';
import { mergeSpeakers, moveLineToSpeaker, type SpeakerAssignment } from '../pipeline-stages/speakers.ts';
import {
  DEFAULT_SPEAKER,
  drawnStills,
  lineSpeakers,
  distinctSpeakers,
  makesDub,
  speakersCheckpoint,
  speakerVoiceKey,
  withCharacterVoices,
  targetVoiceKey,
  translationsCheckpoint,
  type TranslatedLine,
  type TranslationLine,
  type VideoTranslationJobInput,
  type VideoTranslationTarget,
  glossaryOf,
} from './video-translation-job.ts';
import type { FitChoice, FitPlacement } from '../pipeline-stages/time-fit.ts';
import { GIVEN_TRANSLATION } from '../pipeline-stages/engine-choice.ts';

/** The gate's stage name (a job waiting there has status `paused` and this as its current stage). */
export const REVIEW_GATE = 'review';
const JOB_TYPE = 'video-translation.dub';

type Outputs = Readonly<Record<string, Record<string, unknown>>>;

export interface ReviewEdits {
  lines?: Array<{ id: string; source?: string | undefined; translations?: Record<string, string> | undefined }> | undefined;
  /** Voice per target language (`<engine>/<voice>`, `cloned/<id>` or `match-original`). */
  voices?: Record<string, string> | undefined;
  /** Voice per speaker of a target language (`s1`, …): the same keys as `voices`. */
  speakerVoices?: Record<string, Record<string, string>> | undefined;
  /** Who speaks what: merge a speaker into another, or move a line to another speaker (or, without one, to a new speaker). */
  speakers?: { merges?: Array<{ from: string; into: string }> | undefined; moves?: Array<{ lineId: string; speakerId?: string | undefined }> | undefined } | undefined;
  glossary?: Array<{ source: string; target: string }> | undefined;
}

export interface VideoTranslationReviewDeps {
  jobs: JobService;
  voices: VoicesService;
  videoEngines: VideoEngines;
  /** A link a browser can play for a stored file. */
  signedUrl: (key: string) => Promise<string>;
}

const sourceLinesOf = (outputs: Outputs) => (outputs['source-text']?.lines as Array<TranslatedLine & { sourceEdited?: boolean }> | undefined) ?? [];
const languageKey = (language: string) => language.toLowerCase();

/** Lines of each target language changed since they were spoken: another text, another voice for their speaker, or another speaker. */
export function pendingLines(input: VideoTranslationJobInput, outputs: Outputs): Record<string, string[]> {
  // Nothing is spoken without a dub: an edit is drawn as it is, never pending.
  if (!makesDub(input)) return Object.fromEntries(input.targets.map((target) => [target.language, []]));
  const spokenFor = (outputs.fit?.spokenFor as Record<string, Record<string, string>> | undefined) ?? {};
  const spokenVoices = (outputs.fit?.spokenVoices as Record<string, Record<string, string>> | undefined) ?? {};
  const translations = translationsCheckpoint(outputs);
  const speakerOf = lineSpeakers(outputs);
  const distinct = distinctSpeakers(input, outputs);
  return Object.fromEntries(
    input.targets.map((target) => {
      const lines = translations[target.language] ?? [];
      const changed = (line: TranslationLine) =>
        spokenFor[target.language]?.[line.id] !== line.text || spokenVoices[target.language]?.[line.id] !== speakerVoiceKey(withCharacterVoices(target, outputs), speakerOf.get(line.id) ?? DEFAULT_SPEAKER, distinct);
      return [target.language, lines.filter(changed).map((line) => line.id)];
    }),
  );
}

/** Points to speak the pending lines again: per line and language, the language's voice tier applied. */
export function pendingCost(input: VideoTranslationJobInput, pending: Record<string, string[]>): number {
  return input.targets.reduce((sum, target) => sum + videoTranslationLinesCost(pending[target.language]?.length ?? 0, target.voice.qualityTier), 0);
}

function requireWaiting(job: JobView): void {
  if (job.type !== JOB_TYPE) throw new DomainError(ErrorCode.JOB_NOT_FOUND);
  if (job.status !== 'paused' || job.currentStage !== REVIEW_GATE) throw new DomainError(ErrorCode.JOB_NOT_WAITING);
}

export function createVideoTranslationReview(deps: VideoTranslationReviewDeps) {
  async function view(job: JobView): Promise<VideoTranslationReview> {
    const input = job.input as unknown as VideoTranslationJobInput;
    const outputs = Object.fromEntries(job.stages.filter((stage) => stage.status === 'completed' && stage.output).map((stage) => [stage.name, stage.output!])) as Outputs;
    const fit = outputs.fit ?? {};
    const placements = (fit.placements as Record<string, FitPlacement[]> | undefined) ?? {};
    const shortened = (fit.shortened as Record<string, Record<string, string>> | undefined) ?? {};
    const previews = (fit.previews as Record<string, JobMediaFile> | undefined) ?? {};
    const spoken = (outputs.synthesize?.voices as Record<string, Record<string, VoiceTarget>> | undefined) ?? {};
    const translations = translationsCheckpoint(outputs);
    const pending = pendingLines(input, outputs);
    const assignment = speakersCheckpoint(outputs);
    const speakerOf = lineSpeakers(outputs);
    const speakerIds = [...new Set([DEFAULT_SPEAKER, ...speakerOf.values()])].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
    const distinct = distinctSpeakers(input, outputs);
    const targets = await Promise.all(
      input.targets.map(async (target) => {
        const placed = new Map((placements[target.language] ?? []).map((placement) => [placement.id, placement]));
        const waiting = new Set(pending[target.language]);
        // Each line drawn on its frame (replaced or added subtitles): the stills stage's JPEGs.
        const stills = new Map(
          await Promise.all(Object.entries(drawnStills(outputs)[target.language] ?? {}).map(async ([id, still]) => [id, await deps.signedUrl(still.key)] as const)),
        );
        return {
          language: target.language,
          voiceKey: targetVoiceKey(target),
          libraryVoiceKey: target.voice.voiceKey,
          // Each speaker's voice: what is asked (`match-original`, a voice, or `auto` for a further speaker) and the library voice that spoke.
          speakers: speakerIds.map((speakerId) => {
            const voice = spoken[target.language]?.[speakerId];
            return {
              speakerId,
              voiceKey: speakerVoiceKey(withCharacterVoices(target, outputs), speakerId, distinct).replace(/@[^@]*$/, ''),
              spokenVoiceKey: voice ? (voice.kind === 'cloned' ? voice.baseVoiceKey : voice.voiceKey) : null,
            };
          }),
          translatorId: target.translatorId,
          previewUrl: previews[target.language] ? await deps.signedUrl(previews[target.language]!.key) : null,
          pricePerLine: videoTranslationLinesCost(1, target.voice.qualityTier),
          lines: (translations[target.language] ?? []).map((line) => {
            const placement = waiting.has(line.id) ? undefined : placed.get(line.id);
            return {
              id: line.id,
              // What is spoken: a line the translator shortened to fit shows its shorter text.
              translation: waiting.has(line.id) ? line.text : (shortened[target.language]?.[line.id] ?? line.text),
              edited: line.edited === true,
              pending: waiting.has(line.id),
              fit: placement?.status ?? null,
              /** Seconds it runs past its slot (and the pause it may use) even at the highest speed; 0 when it fits. */
              overrunSeconds: placement?.overrunSeconds ?? null,
              /** What the owner chose for it when too long (`borrow` the pause after it, `overlap` the next line), or null. */
              fitChoice: target.fitChoices?.[line.id] ?? null,
              speed: placement?.speed ?? null,
              dubStartSeconds: placement?.startSeconds ?? null,
              dubEndSeconds: placement?.endSeconds ?? null,
              stillUrl: stills.get(line.id) ?? null,
            };
          }),
        };
      }),
    );
    return {
      jobId: job.id,
      sourceLanguage: input.sourceLanguage,
      durationSeconds: (outputs.ingest?.durationSeconds as number | undefined) ?? input.durationSeconds,
      pricePerLine: TOOL_PRICES.videoTranslationPerLine,
      glossary: input.glossary,
      lines: sourceLinesOf(outputs).map((line) => ({
        id: line.id,
        startSeconds: line.startSeconds,
        endSeconds: line.endSeconds,
        source: line.source,
        sourceEdited: line.sourceEdited === true,
        speakerId: speakerOf.get(line.id) ?? DEFAULT_SPEAKER,
      })),
      speakers: speakerIds.map((speakerId) => assignment.speakers.find((speaker) => speaker.speakerId === speakerId) ?? { speakerId, medianPitchHz: null, suggestedGender: null, totalSeconds: 0 }),
      targets,
      pending: { lines: Object.values(pending).reduce((sum, ids) => sum + ids.length, 0), cost: pendingCost(input, pending) },
    };
  }

  async function waitingJob(ownerId: string, jobId: string): Promise<JobView> {
    const job = await deps.jobs.getOwned(jobId, ownerId);
    requireWaiting(job);
    return job;
  }

  return {
    /** The review table of a job waiting at the gate. */
    async review(ownerId: string, jobId: string): Promise<VideoTranslationReview> {
      return view(await waitingJob(ownerId, jobId));
    },

    /**
     * Saves edits (free; nothing is spoken until `regenerate`). An edited source line is translated
     * again by the job's translator unless its translation is given too; a glossary change
     * translates again the lines whose source holds a changed term (not lines their owner wrote).
     */
    async save(ownerId: string, jobId: string, edits: ReviewEdits): Promise<VideoTranslationReview> {
      const job = await waitingJob(ownerId, jobId);
      const input = job.input as unknown as VideoTranslationJobInput;
      const outputs = Object.fromEntries(job.stages.filter((stage) => stage.output).map((stage) => [stage.name, stage.output!])) as Outputs;
      const sources = new Map(sourceLinesOf(outputs).map((line) => [line.id, line]));
      const languages = new Set(input.targets.map((target) => target.language));
      for (const line of edits.lines ?? []) {
        if (!sources.has(line.id)) throw new DomainError(ErrorCode.VIDEO_TRANSLATION_LINE_UNKNOWN, { line: line.id, language: input.sourceLanguage });
        for (const language of Object.keys(line.translations ?? {})) {
          if (!languages.has(languageKey(language))) throw new DomainError(ErrorCode.VIDEO_TRANSLATION_LINE_UNKNOWN, { line: line.id, language });
        }
      }
      for (const language of [...Object.keys(edits.voices ?? {}), ...Object.keys(edits.speakerVoices ?? {})]) {
        if (!languages.has(languageKey(language))) throw new DomainError(ErrorCode.VIDEO_TRANSLATION_LINE_UNKNOWN, { line: '—', language });
      }

      // New source texts and glossary terms: the lines to translate again, per language (engine work, before the job's lock).
      const glossary = edits.glossary ?? input.glossary;
      const previousTerms = new Map(input.glossary.map((entry) => [entry.source.toLowerCase(), entry.target]));
      const changedTerms = edits.glossary
        ? [...new Set([...edits.glossary.filter((entry) => previousTerms.get(entry.source.toLowerCase()) !== entry.target).map((entry) => entry.source.toLowerCase()), ...[...previousTerms.keys()].filter((term) => !edits.glossary!.some((entry) => entry.source.toLowerCase() === term))])]
        : [];
      const newSource = new Map((edits.lines ?? []).filter((line) => line.source !== undefined && line.source !== sources.get(line.id)!.source).map((line) => [line.id, line.source!]));
      const typed = new Map((edits.lines ?? []).map((line) => [line.id, Object.fromEntries(Object.entries(line.translations ?? {}).map(([language, text]) => [languageKey(language), text]))]));
      const given = (language: string, id: string): string | undefined => typed.get(id)?.[language];
      const current = translationsCheckpoint(outputs);
      const machine: Record<string, Map<string, string>> = {};
      for (const target of input.targets) {
        const written = new Map((current[target.language] ?? []).map((line) => [line.id, line]));
        const ids = [...sources.keys()].filter((id) => {
          if (given(target.language, id) !== undefined) return false;
          if (newSource.has(id)) return true;
          const text = (newSource.get(id) ?? sources.get(id)!.source).toLowerCase();
          return !written.get(id)?.edited && changedTerms.some((term) => text.includes(term));
        });
        if (!ids.length) continue;
        // A run whose subtitle file was the translation has no engine: an edited line is its own translation.
        if (target.translatorId === GIVEN_TRANSLATION) {
          machine[target.language] = new Map(ids.flatMap((id) => (newSource.has(id) ? [[id, newSource.get(id)!]] : [])));
          continue;
        }
        const translated = await deps.videoEngines.translate({
          engineId: target.translatorId,
          sourceLanguage: input.sourceLanguage,
          targetLanguage: target.language,
          lines: ids.map((id) => ({ id, text: newSource.get(id) ?? sources.get(id)!.source })),
          glossary: edits.glossary ?? glossaryOf(input, target.language),
        });
        machine[target.language] = new Map(translated.lines.filter((line) => line.text.trim()).map((line) => [line.id, line.text]));
      }
      // A voice key as the job keeps it: the original speaker matched (over the language's voice), or a library or cloned voice.
      const resolve = async (language: string, voiceKey: string): Promise<{ voice: VoiceTarget; matchOriginal: boolean }> =>
        voiceKey === MATCH_ORIGINAL_VOICE ? { voice: input.targets.find((target) => target.language === language)!.voice, matchOriginal: true } : { voice: await deps.voices.resolveTarget(ownerId, voiceKey, language), matchOriginal: false };
      const voices: Record<string, Pick<VideoTranslationTarget, 'voice' | 'matchOriginal'>> = {};
      for (const [language, voiceKey] of Object.entries(edits.voices ?? {})) voices[languageKey(language)] = await resolve(languageKey(language), voiceKey);
      const speakerVoices: Record<string, Record<string, { voice: VoiceTarget; matchOriginal?: boolean }>> = {};
      for (const [language, bySpeaker] of Object.entries(edits.speakerVoices ?? {})) {
        const key = languageKey(language);
        for (const [speakerId, voiceKey] of Object.entries(bySpeaker)) {
          const resolved = await resolve(key, voiceKey);
          (speakerVoices[key] ??= {})[speakerId] = resolved.matchOriginal ? { voice: resolved.voice, matchOriginal: true } : { voice: resolved.voice };
        }
      }

      await deps.jobs.atGate(jobId, ownerId, REVIEW_GATE, ({ row, outputs: locked }) => {
        const lockedInput = row.input as unknown as VideoTranslationJobInput;
        const translations: Record<string, TranslationLine[]> = {};
        // The table shows a line the translator shortened with its shorter text: that text sent back is no edit.
        const shown = (locked.fit?.shortened as Record<string, Record<string, string>> | undefined) ?? {};
        for (const [language, lines] of Object.entries(translationsCheckpoint(locked))) {
          translations[language] = lines.map((line) => {
            const written = given(language, line.id);
            if (written !== undefined) return written === line.text || written === shown[language]?.[line.id] ? line : { ...line, text: written, edited: true, unknownWords: [] };
            const translated = machine[language]?.get(line.id);
            return translated === undefined ? line : { id: line.id, text: translated, unknownWords: [], edited: false };
          });
        }
        const sourceLines = sourceLinesOf(locked).map((line) => (newSource.has(line.id) ? { ...line, source: newSource.get(line.id)!, sourceEdited: true } : line));
        // Who speaks what: merges, then moves (a move without a speaker splits the line off to a new one).
        let assignment: SpeakerAssignment = speakersCheckpoint(locked);
        for (const merge of edits.speakers?.merges ?? []) assignment = mergeSpeakers(assignment, merge);
        for (const move of edits.speakers?.moves ?? []) assignment = moveLineToSpeaker(assignment, move);
        const known = new Set([DEFAULT_SPEAKER, ...assignment.lines.flatMap((line) => (line.speakerId ? [line.speakerId] : []))]);
        for (const bySpeaker of Object.values(speakerVoices)) {
          for (const speakerId of Object.keys(bySpeaker)) if (!known.has(speakerId)) throw new DomainError(ErrorCode.INVALID_PARAMETER, { field: 'speakerVoices', reason: 'invalid_value' });
        }
        return {
          kind: 'save',
          stageOutputs: {
            translate: { ...locked.translate, translations },
            'source-text': { ...locked['source-text'], lines: sourceLines },
            ...(edits.speakers ? { speakers: { ...locked.speakers, assignment } } : {}),
          },
          input: {
            // A glossary edited at the gate is the run's glossary for every language from then on.
            ...(edits.glossary ? withoutLanguageGlossaries(lockedInput) : lockedInput),
            glossary,
            targets: lockedInput.targets.map((target) => {
              const voice = voices[target.language];
              let changed: VideoTranslationTarget = target;
              if (voice) {
                // A voice chosen for the language is a choice: no automatic voices for its other speakers any more.
                const { matchOriginal: _, autoVoice: __, ...rest } = target;
                changed = { ...rest, voice: voice.voice, ...(voice.matchOriginal ? { matchOriginal: true } : {}) };
              }
              const bySpeaker = speakerVoices[target.language];
              return bySpeaker ? { ...changed, speakerVoices: { ...changed.speakerVoices, ...bySpeaker } } : changed;
            }),
          } as unknown as Record<string, unknown>,
        };
      });
      return view(await waitingJob(ownerId, jobId));
    },

    /**
     * Speaks again the lines changed since they were spoken: their points are frozen with the job's
     * now (not enough points: refused, nothing changes) and the job runs synthesis and the time fit
     * again, which skip every unchanged line, then waits at the gate again.
     */
    async regenerate(ownerId: string, jobId: string): Promise<{ lines: number; cost: number }> {
      let outcome = { lines: 0, cost: 0 };
      await deps.jobs.atGate(jobId, ownerId, REVIEW_GATE, ({ row, outputs }) => {
        const input = row.input as unknown as VideoTranslationJobInput;
        const pending = pendingLines(input, outputs);
        const lines = Object.values(pending).reduce((sum, ids) => sum + ids.length, 0);
        if (!lines) throw new DomainError(ErrorCode.VIDEO_TRANSLATION_NOTHING_TO_REGENERATE);
        outcome = { lines, cost: pendingCost(input, pending) };
        return { kind: 'rerun', from: 'synthesize', charge: { points: outcome.cost, key: `regenerate-${randomUUID()}`, reason: `video-translation.regenerate:${lines}` } };
      });
      return outcome;
    },

    /**
     * A fix for a line too long for its slot, chosen at the gate (issue 31.3): `borrow` the whole
     * pause after it, let it `overlap` the next line, or `auto` (the rules: up to 1.3×, then the
     * next line waits). Free: nothing is spoken again; the job places the lines again (the `fit`
     * stage) and waits here once more. Refused while edited lines wait to be spoken (their audio
     * would be placed as if it were new).
     */
    async fit(ownerId: string, jobId: string, choice: { language: string; lineId: string; choice: FitChoice | 'auto' }): Promise<{ jobId: string }> {
      await deps.jobs.atGate(jobId, ownerId, REVIEW_GATE, ({ row, outputs }) => {
        const input = row.input as unknown as VideoTranslationJobInput;
        const language = languageKey(choice.language);
        if (!input.targets.some((target) => target.language === language) || !sourceLinesOf(outputs).some((line) => line.id === choice.lineId)) {
          throw new DomainError(ErrorCode.VIDEO_TRANSLATION_LINE_UNKNOWN, { line: choice.lineId, language: choice.language });
        }
        const pending = pendingLines(input, outputs);
        const count = Object.values(pending).reduce((sum, ids) => sum + ids.length, 0);
        if (count) throw new DomainError(ErrorCode.VIDEO_TRANSLATION_UNSPOKEN_EDITS, { count });
        return {
          kind: 'rerun',
          from: 'fit',
          input: {
            ...input,
            targets: input.targets.map((target) => {
              if (target.language !== language) return target;
              const { [choice.lineId]: _, ...others } = target.fitChoices ?? {};
              return { ...target, fitChoices: choice.choice === 'auto' ? others : { ...others, [choice.lineId]: choice.choice } };
            }),
          } as unknown as Record<string, unknown>,
        };
      });
      return { jobId };
    },

    /** Ends the review: the job mixes, muxes and delivers. Refused while edited lines wait to be spoken. */
    async approve(ownerId: string, jobId: string): Promise<{ jobId: string }> {
      await deps.jobs.atGate(jobId, ownerId, REVIEW_GATE, ({ row, outputs }) => {
        const pending = pendingLines(row.input as unknown as VideoTranslationJobInput, outputs);
        const count = Object.values(pending).reduce((sum, ids) => sum + ids.length, 0);
        if (count) throw new DomainError(ErrorCode.VIDEO_TRANSLATION_UNSPOKEN_EDITS, { count });
        return { kind: 'continue', output: { reviewed: true, approvedAt: new Date().toISOString() } };
      });
      return { jobId };
    },
  };
}

export type VideoTranslationReviewService = ReturnType<typeof createVideoTranslationReview>;

function withoutLanguageGlossaries<T extends { glossaries?: unknown }>(input: T): Omit<T, 'glossaries'> {
  const { glossaries: _dropped, ...rest } = input;
  return rest;
}
