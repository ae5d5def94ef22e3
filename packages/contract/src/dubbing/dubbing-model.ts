/**
 * The model of a dubbing project, shared by the server and the editor in the browser
 * (`@voxwork/contract/dubbing`): characters, segments and their takes, the edits that change them,
 * and the pure rules both sides apply the same way (what a segment's state is, whether its speech
 * fits its slot, how every overrun is fitted).
 *
 * Edits are operations with the revision they were made on: the server applies a batch only if
 * every segment it touches is still at that revision (otherwise it answers with the conflicts and
 * the server's versions, and nothing of the batch is applied), and a batch it has applied before
 * (same `batchId`) is answered again without applying it twice. So an editor can queue edits while
 * offline and replay them, and two tabs cannot overwrite each other silently.
 */
import { z } from 'zod';
import { boundedRecord, decimal, identifier, integer, multiLineText, singleLineText } from '../input-schemas.ts';
import { languageTagSchema, voiceKeySchema } from '../calls/voices.calls.ts';
import { displayName } from '../display-name.ts';

/** Dubbing studio: one target language, characters found automatically. Dubbing pro: several languages, voices per character, glossary, pronunciations, stems. */
export const DUBBING_EDITIONS = ['studio', 'pro'] as const;
export type DubbingEdition = (typeof DUBBING_EDITIONS)[number];
export const dubbingEditionSchema = z.enum(DUBBING_EDITIONS);

/** Most target languages of a pro project (studio: exactly one). */
export const MAX_DUBBING_LANGUAGES = 5;
/** Most segments of one project (a 90-minute film has about 1,500 lines). */
export const MAX_DUBBING_SEGMENTS = 5000;
/** Most characters of one project. */
export const MAX_DUBBING_CHARACTERS = 30;
/** Most operations in one edit batch. */
export const MAX_DUBBING_OPS = 2000;
/** Shortest segment, milliseconds. */
export const MIN_SEGMENT_MS = 100;
/** Longest segment, milliseconds. */
export const MAX_SEGMENT_MS = 60_000;
/** Longest text of one segment, characters. */
export const MAX_SEGMENT_TEXT = 1000;
/** A segment's speed (its take is played this much faster). */
export const SEGMENT_SPEED = { min: 0.5, max: 2 } as const;
/** A segment's volume (gain; 1 = as spoken). */
export const SEGMENT_VOLUME = { min: 0, max: 2 } as const;
/** Fitting every overrun speeds a segment up at most this much, then borrows silence. */
export const FIT_SPEED_CAP = 1.3;
/** A take this much longer than its slot (ms) still counts as fitting (a breath). */
export const FIT_TOLERANCE_MS = 40;
/** Peaks per second of a waveform (takes and the original). */
export const WAVEFORM_PEAKS_PER_SECOND = 50;
/** Most glossary entries and pronunciations of a project. */
export const MAX_DUBBING_GLOSSARY = 200;

/** A segment's or character's id: chosen by the editor, so an edit made offline already has one. */
export const dubbingIdSchema = identifier({ max: 40 }).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only');
const segmentText = multiLineText({ max: MAX_SEGMENT_TEXT, trim: true });
const glossaryEntry = z.object({ source: singleLineText({ min: 1, max: 200, trim: true }), target: singleLineText({ min: 1, max: 200, trim: true }) }).strict();
const pronunciationEntry = z
  .object({ language: languageTagSchema, term: singleLineText({ min: 1, max: 100, trim: true }), replacement: singleLineText({ min: 1, max: 200, trim: true }) })
  .strict();

/** A character (speaker): a name, a voice per target language, and the defaults new segments take. */
export const dubbingCharacterSchema = z
  .object({
    id: dubbingIdSchema,
    name: displayName(60),
    /** Voice per target language: a library voice, `cloned/<id>`, or `match-original` (the original speaker measured). */
    voices: boundedRecord(languageTagSchema, voiceKeySchema, MAX_DUBBING_LANGUAGES),
    speed: decimal(SEGMENT_SPEED.min, SEGMENT_SPEED.max).default(1),
    volume: decimal(SEGMENT_VOLUME.min, SEGMENT_VOLUME.max).default(1),
    /** The speaker of the source this character was found as (`s1`, …), if any. */
    originalSpeakerId: identifier({ max: 8 }).nullable().default(null),
  })
  .strict();
export type DubbingCharacter = z.infer<typeof dubbingCharacterSchema>;

/** The fields of a segment an edit can set (each optional: an edit names only what it changes). */
export const dubbingSegmentFieldsSchema = z
  .object({
    startMs: integer(0, 24 * 3_600_000),
    endMs: integer(0, 24 * 3_600_000),
    characterId: dubbingIdSchema,
    sourceText: segmentText,
    /** Translation per target language; a language given replaces that one only. */
    translations: boundedRecord(languageTagSchema, segmentText, MAX_DUBBING_LANGUAGES),
    speed: decimal(SEGMENT_SPEED.min, SEGMENT_SPEED.max),
    volume: decimal(SEGMENT_VOLUME.min, SEGMENT_VOLUME.max),
  })
  .partial()
  .strict();
export type DubbingSegmentFields = z.infer<typeof dubbingSegmentFieldsSchema>;

/** The project-wide settings an edit can set. */
export const dubbingSettingsFieldsSchema = z
  .object({
    characters: z.array(dubbingCharacterSchema).max(MAX_DUBBING_CHARACTERS),
    glossary: z.array(glossaryEntry).max(MAX_DUBBING_GLOSSARY),
    pronunciations: z.array(pronunciationEntry).max(MAX_DUBBING_GLOSSARY),
    /** Pro only: the target languages (a language removed keeps its texts and takes, hidden). */
    targetLanguages: z.array(languageTagSchema).min(1).max(MAX_DUBBING_LANGUAGES),
  })
  .partial()
  .strict();
export type DubbingSettingsFields = z.infer<typeof dubbingSettingsFieldsSchema>;

/**
 * One edit. `baseRevision` is the revision the editor last saw (0 for a segment it creates; a
 * settings edit names the project's `settingsRevision`).
 */
export const dubbingOpSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('segment.put'), segmentId: dubbingIdSchema, baseRevision: integer(0, 2 ** 31 - 1), fields: dubbingSegmentFieldsSchema }).strict(),
  z.object({ kind: z.literal('segment.delete'), segmentId: dubbingIdSchema, baseRevision: integer(1, 2 ** 31 - 1) }).strict(),
  z.object({ kind: z.literal('settings.put'), baseRevision: integer(0, 2 ** 31 - 1), fields: dubbingSettingsFieldsSchema }).strict(),
]);
export type DubbingOp = z.infer<typeof dubbingOpSchema>;

/** The speech of a segment in one language: synthesised from its text and voice, or recorded by a person. */
export const dubbingTakeSchema = z.object({
  kind: z.enum(['synthesized', 'recorded']),
  url: z.string(),
  durationMs: z.number().int(),
  /** What it was made from (`takeSource`): a take whose source differs from the segment's now is out of date. Recorded takes: `recorded`. */
  madeFrom: z.string(),
  /**
   * Peak level per 1/50 s, one byte (0–255) each, base64: the dub's waveform. A string, not a JSON
   * array: a thousand takes' peaks are a third of the size and parse as one value (decode with
   * `peaksFromBase64`).
   */
  peaks: z.string(),
});
export type DubbingTake = z.infer<typeof dubbingTakeSchema>;

/** A take's peaks as bytes (the inverse of the server's base64); empty for an empty or malformed string. */
export function peaksFromBase64(peaks: string): Uint8Array {
  if (!peaks) return new Uint8Array(0);
  try {
    const binary = atob(peaks);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return new Uint8Array(0);
  }
}

/** The peaks (0–255 each) as the API sends them: base64 of one byte per peak. */
export function peaksToBase64(peaks: ArrayLike<number>): string {
  let binary = '';
  for (let index = 0; index < peaks.length; index++) binary += String.fromCharCode(Math.max(0, Math.min(255, Math.round(peaks[index]!))));
  return btoa(binary);
}

export const dubbingSegmentSchema = z.object({
  id: z.string(),
  revision: z.number().int(),
  startMs: z.number().int(),
  endMs: z.number().int(),
  characterId: z.string(),
  sourceText: z.string(),
  translations: z.record(z.string(), z.string()),
  speed: z.number(),
  volume: z.number(),
  takes: z.record(z.string(), dubbingTakeSchema),
});
export type DubbingSegment = z.infer<typeof dubbingSegmentSchema>;

/** What a segment is in one language, as the editor shows it. */
export type SegmentState = 'untranslated' | 'translated' | 'changed' | 'spoken' | 'recorded';

/** What a synthesised take is made from: text, voice and language (speed and volume are applied at mix time, so they do not need a new take). */
export function takeSource(text: string, voiceKey: string, language: string): string {
  return `${language}|${voiceKey}|${text.trim()}`;
}

/** The voice a segment speaks with in `language`: its character's voice there (or none yet). */
export function segmentVoice(segment: Pick<DubbingSegment, 'characterId'>, characters: readonly DubbingCharacter[], language: string): string | undefined {
  return characters.find((character) => character.id === segment.characterId)?.voices[language];
}

export function segmentState(segment: DubbingSegment, characters: readonly DubbingCharacter[], language: string): SegmentState {
  const text = segment.translations[language]?.trim() ?? '';
  const take = segment.takes[language];
  if (take?.kind === 'recorded') return 'recorded';
  if (!text) return 'untranslated';
  if (!take) return 'translated';
  const voice = segmentVoice(segment, characters, language);
  return voice && take.madeFrom === takeSource(text, voice, language) ? 'spoken' : 'changed';
}

/** How a segment's take sits in its slot at its speed. */
export interface SegmentFit {
  /** The take's length as played (at the segment's speed), ms; null without a take. */
  playedMs: number | null;
  slotMs: number;
  /** Played length over the slot; > 0 means it runs into what follows. */
  overrunMs: number;
  fits: boolean;
}

/** What `segmentFit` and `segmentOverruns` read of a segment (the server's stored segments and the editor's both have it). */
export type TimedSegment = Pick<DubbingSegment, 'id' | 'startMs' | 'endMs' | 'speed'> & { takes: Readonly<Record<string, { durationMs: number } | undefined>> };

export function segmentFit(segment: Pick<TimedSegment, 'startMs' | 'endMs' | 'speed' | 'takes'>, language: string): SegmentFit {
  const slotMs = segment.endMs - segment.startMs;
  const take = segment.takes[language];
  if (!take) return { playedMs: null, slotMs, overrunMs: 0, fits: true };
  const playedMs = Math.round(take.durationMs / segment.speed);
  const overrunMs = Math.max(0, playedMs - slotMs);
  return { playedMs, slotMs, overrunMs, fits: overrunMs <= FIT_TOLERANCE_MS };
}

/**
 * The edits that fit every overrun in `language`: speed up to `FIT_SPEED_CAP` (never slower than
 * the segment already is), then borrow silence after the segment (up to the next segment's start,
 * or the end of the media). What still does not fit stays as it is, reported in `unfitted`.
 */
export function fitAllOps(
  segments: readonly DubbingSegment[],
  language: string,
  durationMs: number,
): { ops: DubbingOp[]; unfitted: string[] } {
  const ordered = [...segments].sort((a, b) => a.startMs - b.startMs || a.id.localeCompare(b.id));
  const ops: DubbingOp[] = [];
  const unfitted: string[] = [];
  for (const [index, segment] of ordered.entries()) {
    const fit = segmentFit(segment, language);
    if (fit.fits || fit.playedMs === null) continue;
    const take = segment.takes[language]!;
    const slotMs = segment.endMs - segment.startMs;
    const needed = Math.round(((take.durationMs / slotMs) * 100)) / 100;
    const speed = Math.min(FIT_SPEED_CAP, Math.max(segment.speed, needed));
    const played = Math.round(take.durationMs / speed);
    const fields: DubbingSegmentFields = {};
    if (speed !== segment.speed) fields.speed = speed;
    if (played - slotMs > FIT_TOLERANCE_MS) {
      const limit = Math.min(ordered[index + 1]?.startMs ?? durationMs, durationMs);
      const endMs = Math.min(limit, segment.startMs + played);
      if (endMs > segment.endMs) fields.endMs = endMs;
      if (segment.startMs + played - (fields.endMs ?? segment.endMs) > FIT_TOLERANCE_MS) unfitted.push(segment.id);
    }
    if (Object.keys(fields).length) ops.push({ kind: 'segment.put', segmentId: segment.id, baseRevision: segment.revision, fields });
  }
  return { ops, unfitted };
}

/** A take that runs past its segment's end, and the fixes that would fit it there. */
export interface SegmentOverrun {
  segmentId: string;
  /** Its number in the editor (1-based, in time order). */
  number: number;
  /** Played length past the segment's end, ms. */
  overrunMs: number;
  /** Of that, how much runs over the next segment's start (or past the end of the media), ms; 0 when it only runs into silence. */
  overlapMs: number;
  /** "Speed up": the speed that fits it in its slot, when it is at most `FIT_SPEED_CAP` (pitch kept); null when that is not enough. */
  fitSpeed: number | null;
  /** "Use the pause": the end the segment can be moved to (the next segment's start, or the media's end); null when no pause follows it. */
  borrowEndMs: number | null;
  /** Whether moving the end there is enough on its own. */
  borrowFits: boolean;
  /** Whether it runs past the end of the media (that part cannot be exported). */
  pastMediaEnd: boolean;
}

/**
 * Every take in `language` that runs past its segment's end (beyond `FIT_TOLERANCE_MS`), in time
 * order: the editor lists them, export checks them first, and each names the fixes that work. A
 * take is never cut at its segment's end: left as it is, it plays over what follows.
 */
export function segmentOverruns(segments: readonly TimedSegment[], language: string, durationMs: number): SegmentOverrun[] {
  const ordered = [...segments].sort((a, b) => a.startMs - b.startMs || a.id.localeCompare(b.id));
  const overruns: SegmentOverrun[] = [];
  for (const [index, segment] of ordered.entries()) {
    const fit = segmentFit(segment, language);
    if (fit.fits || fit.playedMs === null) continue;
    const limit = Math.min(ordered[index + 1]?.startMs ?? durationMs, durationMs);
    const endsAt = segment.startMs + fit.playedMs;
    // Rounded up to a hundredth (a speed that rounds down would leave a few ms over); the epsilon keeps 1.2 from becoming 1.21.
    const needed = Math.ceil((segment.takes[language]!.durationMs / fit.slotMs) * 100 - 1e-6) / 100;
    overruns.push({
      segmentId: segment.id,
      number: index + 1,
      overrunMs: fit.overrunMs,
      overlapMs: Math.max(0, endsAt - Math.max(limit, segment.endMs)),
      fitSpeed: needed <= FIT_SPEED_CAP ? Math.max(segment.speed, needed) : null,
      borrowEndMs: limit > segment.endMs ? limit : null,
      borrowFits: endsAt - limit <= FIT_TOLERANCE_MS,
      pastMediaEnd: endsAt - durationMs > FIT_TOLERANCE_MS,
    });
  }
  return overruns;
}

/** The edit a chosen fix makes: `speed` sets the speed that fits; `borrow` moves the end into the pause after it, as far as the take needs. */
export function overrunFixFields(segment: TimedSegment, overrun: SegmentOverrun, fix: 'speed' | 'borrow', language: string): DubbingSegmentFields | undefined {
  if (fix === 'speed') return overrun.fitSpeed === null ? undefined : { speed: overrun.fitSpeed };
  if (overrun.borrowEndMs === null) return undefined;
  const played = segmentFit(segment, language).playedMs ?? 0;
  return { endMs: Math.min(overrun.borrowEndMs, segment.startMs + played) };
}

/** Why a segment's times are refused (the server checks the same), or undefined when they are good. */
export function segmentTimesProblem(startMs: number, endMs: number, durationMs: number): 'order' | 'too-short' | 'too-long' | 'outside' | undefined {
  if (endMs <= startMs) return 'order';
  if (startMs < 0 || endMs > durationMs) return 'outside';
  if (endMs - startMs < MIN_SEGMENT_MS) return 'too-short';
  if (endMs - startMs > MAX_SEGMENT_MS) return 'too-long';
  return undefined;
}

/** A segment as an edit leaves it (the editor's own copy; the server applies the same fields). */
export function applySegmentFields(segment: DubbingSegment, fields: DubbingSegmentFields): DubbingSegment {
  const { translations, ...rest } = fields;
  return { ...segment, ...rest, translations: translations ? { ...segment.translations, ...translations } : segment.translations };
}

/** A new segment's defaults (its character's speed and volume). */
export function newSegment(id: string, fields: DubbingSegmentFields & { startMs: number; endMs: number; characterId: string }, characters: readonly DubbingCharacter[]): DubbingSegment {
  const character = characters.find((candidate) => candidate.id === fields.characterId);
  return applySegmentFields(
    { id, revision: 0, startMs: fields.startMs, endMs: fields.endMs, characterId: fields.characterId, sourceText: '', translations: {}, speed: character?.speed ?? 1, volume: character?.volume ?? 1, takes: {} },
    fields,
  );
}

export { dubbingIdSchema as dubbingSegmentIdSchema };
