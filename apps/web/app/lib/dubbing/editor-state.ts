/**
 * The dubbing editor's document and the edits the user makes on it, as pure functions: a
 * document (project settings and segments sorted by start), applying a batch of `DubbingOp`s to
 * it, the inverse of a batch (for undo), and the batches of every editor action (move, trim,
 * split, merge, add, delete, fields). Batches are made as templates: their `baseRevision` is
 * filled by the edit queue from the revisions the server confirmed (`edit-queue.ts`).
 */
import {
  MIN_SEGMENT_MS,
  applySegmentFields,
  newSegment,
  type DubbingCharacter,
  type DubbingOp,
  type DubbingSegment,
  type DubbingSegmentFields,
  type DubbingSettingsFields,
} from "@voxwork/contract/dubbing";

export interface DubbingDoc {
  /** The project's revision as last confirmed by the server. */
  revision: number;
  settingsRevision: number;
  characters: DubbingCharacter[];
  glossary: Array<{ source: string; target: string }>;
  pronunciations: Array<{ language: string; term: string; replacement: string }>;
  targetLanguages: string[];
  /** Sorted by start, then id. */
  segments: DubbingSegment[];
}

/** The document of a project as the server sends it. */
export function docFromProject(project: Pick<DubbingDoc, "revision" | "settingsRevision" | "characters" | "glossary" | "pronunciations" | "targetLanguages" | "segments">): DubbingDoc {
  return {
    revision: project.revision,
    settingsRevision: project.settingsRevision,
    characters: project.characters,
    glossary: project.glossary,
    pronunciations: project.pronunciations,
    targetLanguages: project.targetLanguages,
    segments: sortSegments(project.segments),
  };
}

export const compareSegments = (a: Pick<DubbingSegment, "startMs" | "id">, b: Pick<DubbingSegment, "startMs" | "id">): number => a.startMs - b.startMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function sortSegments(segments: readonly DubbingSegment[]): DubbingSegment[] {
  return [...segments].sort(compareSegments);
}

/** The document after a batch (segments created by a put with times and a character; a put on an unknown segment without them is skipped). */
export function applyOps(doc: DubbingDoc, ops: readonly DubbingOp[]): DubbingDoc {
  if (!ops.length) return doc;
  let segments: DubbingSegment[] | null = null;
  let index: Map<string, number> | null = null;
  let settings: Partial<DubbingDoc> = {};
  let resort = false;
  for (const op of ops) {
    if (op.kind === "settings.put") {
      settings = { ...settings, ...settingsFromFields(op.fields) };
      continue;
    }
    segments ??= [...doc.segments];
    index ??= new Map(segments.map((segment, position) => [segment.id, position]));
    const position = index.get(op.segmentId);
    if (op.kind === "segment.delete") {
      if (position === undefined) continue;
      segments.splice(position, 1);
      index = new Map(segments.map((segment, at) => [segment.id, at]));
      continue;
    }
    if (position !== undefined) {
      const before = segments[position]!;
      const after = applySegmentFields(before, op.fields);
      if (after.startMs !== before.startMs) resort = true;
      segments[position] = after;
    } else {
      const { startMs, endMs, characterId } = op.fields;
      if (startMs === undefined || endMs === undefined || characterId === undefined) continue;
      const characters = settings.characters ?? doc.characters;
      index.set(op.segmentId, segments.length);
      segments.push(newSegment(op.segmentId, { ...op.fields, startMs, endMs, characterId }, characters));
      resort = true;
    }
  }
  return { ...doc, ...settings, segments: segments ? (resort ? sortSegments(segments) : segments) : doc.segments };
}

function settingsFromFields(fields: DubbingSettingsFields): Partial<DubbingDoc> {
  const out: Partial<DubbingDoc> = {};
  if (fields.characters) out.characters = fields.characters.map((character) => ({ ...character, speed: character.speed ?? 1, volume: character.volume ?? 1, originalSpeakerId: character.originalSpeakerId ?? null }));
  if (fields.glossary) out.glossary = fields.glossary;
  if (fields.pronunciations) out.pronunciations = fields.pronunciations;
  if (fields.targetLanguages) out.targetLanguages = fields.targetLanguages;
  return out;
}

/** Every field a put can set, as a segment has it now (to recreate it, or to undo a put). */
export function segmentFields(segment: DubbingSegment): Required<DubbingSegmentFields> {
  return {
    startMs: segment.startMs,
    endMs: segment.endMs,
    characterId: segment.characterId,
    sourceText: segment.sourceText,
    translations: { ...segment.translations },
    speed: segment.speed,
    volume: segment.volume,
  };
}

/**
 * The batch that undoes `ops` applied to `doc` (the document before them): each put answered by a
 * put of the fields it changed as they were (a translation that did not exist comes back empty), a
 * put that created a segment by its delete, a delete by a put that recreates the segment, a
 * settings put by the settings as they were. In reverse order.
 */
export function inverseOps(doc: DubbingDoc, ops: readonly DubbingOp[]): DubbingOp[] {
  const inverse: DubbingOp[] = [];
  let current = doc;
  for (const op of ops) {
    if (op.kind === "settings.put") {
      const fields: DubbingSettingsFields = {};
      if (op.fields.characters) fields.characters = current.characters;
      if (op.fields.glossary) fields.glossary = current.glossary;
      if (op.fields.pronunciations) fields.pronunciations = current.pronunciations;
      if (op.fields.targetLanguages) fields.targetLanguages = current.targetLanguages;
      inverse.push({ kind: "settings.put", baseRevision: 0, fields });
    } else {
      const before = current.segments.find((segment) => segment.id === op.segmentId);
      if (op.kind === "segment.delete") {
        if (before) inverse.push({ kind: "segment.put", segmentId: before.id, baseRevision: 0, fields: segmentFields(before) });
      } else if (!before) {
        inverse.push({ kind: "segment.delete", segmentId: op.segmentId, baseRevision: 0 });
      } else {
        inverse.push({ kind: "segment.put", segmentId: op.segmentId, baseRevision: 0, fields: previousFields(before, op.fields) });
      }
    }
    current = applyOps(current, [op]);
  }
  return inverse.reverse();
}

function previousFields(segment: DubbingSegment, fields: DubbingSegmentFields): DubbingSegmentFields {
  const previous: DubbingSegmentFields = {};
  for (const key of Object.keys(fields) as Array<keyof DubbingSegmentFields>) {
    if (key === "translations") previous.translations = Object.fromEntries(Object.keys(fields.translations ?? {}).map((language) => [language, segment.translations[language] ?? ""]));
    else (previous as Record<string, unknown>)[key] = segment[key];
  }
  return previous;
}

/** The segments a batch touches (its settings: `null`). */
export function touchedIds(ops: readonly DubbingOp[]): Array<string | null> {
  return [...new Set(ops.map((op) => (op.kind === "settings.put" ? null : op.segmentId)))];
}

// ── Editor actions: each returns the batch (templates; revisions are filled by the queue) ──

const put = (segmentId: string, fields: DubbingSegmentFields): DubbingOp => ({ kind: "segment.put", segmentId, baseRevision: 0, fields });
const remove = (segmentId: string): DubbingOp => ({ kind: "segment.delete", segmentId, baseRevision: 0 });

/** Sets fields on segments (only those that differ from what the segment has). */
export function setFieldsOps(doc: DubbingDoc, ids: readonly string[], fields: DubbingSegmentFields): DubbingOp[] {
  const wanted = new Set(ids);
  return doc.segments.flatMap((segment) => {
    if (!wanted.has(segment.id)) return [];
    const changed = changedFields(segment, fields);
    return changed ? [put(segment.id, changed)] : [];
  });
}

function changedFields(segment: DubbingSegment, fields: DubbingSegmentFields): DubbingSegmentFields | null {
  const out: DubbingSegmentFields = {};
  for (const [key, value] of Object.entries(fields) as Array<[keyof DubbingSegmentFields, DubbingSegmentFields[keyof DubbingSegmentFields]]>) {
    if (key === "translations") {
      const changed = Object.fromEntries(Object.entries(value as Record<string, string>).filter(([language, text]) => (segment.translations[language] ?? "") !== text));
      if (Object.keys(changed).length) out.translations = changed;
    } else if (segment[key] !== value) (out as Record<string, unknown>)[key] = value;
  }
  return Object.keys(out).length ? out : null;
}

/** New times for segments (a move or a trim), one put each with what changed. */
export function timesOps(doc: DubbingDoc, times: ReadonlyMap<string, { startMs: number; endMs: number }>): DubbingOp[] {
  return doc.segments.flatMap((segment) => {
    const next = times.get(segment.id);
    if (!next) return [];
    const changed = changedFields(segment, { startMs: next.startMs, endMs: next.endMs });
    return changed ? [put(segment.id, changed)] : [];
  });
}

/**
 * Splits the segment under `atMs`: it keeps what comes before, a new segment (`newId`, same
 * character, texts, speed and volume) takes the rest. Nothing when either part would be shorter
 * than `MIN_SEGMENT_MS`.
 */
export function splitOps(doc: DubbingDoc, segmentId: string, atMs: number, newId: string): DubbingOp[] {
  const segment = doc.segments.find((candidate) => candidate.id === segmentId);
  if (!segment) return [];
  const at = Math.round(atMs);
  if (at - segment.startMs < MIN_SEGMENT_MS || segment.endMs - at < MIN_SEGMENT_MS) return [];
  // Each text is cut where the time is cut (at the nearest word, or character in CJK), so a split and a merge give back the line.
  const fraction = (at - segment.startMs) / (segment.endMs - segment.startMs);
  const [sourceLeft, sourceRight] = splitText(segment.sourceText, fraction);
  const languages = Object.keys(segment.translations);
  const cut = Object.fromEntries(languages.map((language) => [language, splitText(segment.translations[language] ?? "", fraction)]));
  const left: DubbingSegmentFields = { endMs: at };
  if (sourceLeft !== segment.sourceText) left.sourceText = sourceLeft;
  if (languages.some((language) => cut[language]![0] !== segment.translations[language])) left.translations = Object.fromEntries(languages.map((language) => [language, cut[language]![0]]));
  return [
    put(segment.id, left),
    put(newId, { startMs: at, endMs: segment.endMs, characterId: segment.characterId, sourceText: sourceRight, translations: Object.fromEntries(languages.map((language) => [language, cut[language]![1]])), speed: segment.speed, volume: segment.volume }),
  ];
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** A text cut in two near `fraction` of its length: at the nearest space, or (CJK) after the nearest character, punctuation preferred. */
export function splitText(text: string, fraction: number): [string, string] {
  const value = text.trim();
  if (!value) return ["", ""];
  const target = Math.round(value.length * Math.min(1, Math.max(0, fraction)));
  const candidates: number[] = [];
  for (let index = 1; index < value.length; index++) {
    if (value[index - 1] === " " || (CJK.test(value[index - 1]!) && CJK.test(value[index]!)) || /[，。！？、；,.!?;]/u.test(value[index - 1]!)) candidates.push(index);
  }
  if (!candidates.length) return fraction < 0.5 ? ["", value] : [value, ""];
  const index = candidates.reduce((best, candidate) => (Math.abs(candidate - target) < Math.abs(best - target) ? candidate : best));
  return [value.slice(0, index).trim(), value.slice(index).trim()];
}

/** Texts joined as one line: a space between words, none between CJK characters. */
function joinTexts(texts: Array<string | undefined>): string {
  return texts
    .map((text) => text?.trim() ?? "")
    .filter(Boolean)
    .reduce((joined, text) => (!joined ? text : CJK.test(joined.at(-1)!) || CJK.test(text[0]!) ? joined + text : `${joined} ${text}`), "");
}

/** The segment under the time (the first by start when several overlap). */
export function segmentAt(doc: DubbingDoc, atMs: number): DubbingSegment | undefined {
  return doc.segments.find((segment) => segment.startMs <= atMs && atMs < segment.endMs);
}

/**
 * Merges the selected segments (two or more, neighbours in time order: no unselected segment
 * between them) into the first: it ends where the last ends, its texts joined with a space; the
 * others are deleted. Nothing when they are not neighbours.
 */
export function mergeOps(doc: DubbingDoc, ids: readonly string[]): DubbingOp[] {
  const wanted = new Set(ids);
  const positions = doc.segments.flatMap((segment, position) => (wanted.has(segment.id) ? [position] : []));
  if (positions.length < 2) return [];
  if (positions.at(-1)! - positions[0]! !== positions.length - 1) return [];
  const parts = positions.map((position) => doc.segments[position]!);
  const [first, ...rest] = parts as [DubbingSegment, ...DubbingSegment[]];
  const join = joinTexts;
  const languages = [...new Set(parts.flatMap((part) => Object.keys(part.translations)))];
  const endMs = Math.max(...parts.map((part) => part.endMs));
  const fields: DubbingSegmentFields = { endMs, sourceText: join(parts.map((part) => part.sourceText)) };
  if (languages.length) fields.translations = Object.fromEntries(languages.map((language) => [language, join(parts.map((part) => part.translations[language]))]));
  return [put(first.id, changedFields(first, fields) ?? { endMs }), ...rest.map((part) => remove(part.id))];
}

/**
 * A new segment at `atMs` (`lengthMs` long, or up to the next segment / the end of the media),
 * spoken by `characterId`. Nothing when there is no room for `MIN_SEGMENT_MS` there.
 */
export function addOps(doc: DubbingDoc, atMs: number, newId: string, characterId: string, durationMs: number, lengthMs = 2000): DubbingOp[] {
  const start = Math.max(0, Math.round(atMs));
  if (segmentAt(doc, start)) return [];
  const next = doc.segments.find((segment) => segment.startMs > start);
  const end = Math.min(start + lengthMs, next?.startMs ?? durationMs, durationMs);
  if (end - start < MIN_SEGMENT_MS) return [];
  return [put(newId, { startMs: start, endMs: end, characterId, sourceText: "", translations: {} })];
}

export function deleteOps(doc: DubbingDoc, ids: readonly string[]): DubbingOp[] {
  const wanted = new Set(ids);
  return doc.segments.filter((segment) => wanted.has(segment.id)).map((segment) => remove(segment.id));
}

/** The settings batch that replaces the characters. */
export function charactersOps(characters: DubbingCharacter[]): DubbingOp[] {
  return [{ kind: "settings.put", baseRevision: 0, fields: { characters } }];
}

/** The segment before or after the one selected (by start), or the first/last when none is. */
export function neighbourSegment(doc: DubbingDoc, selectedId: string | null, direction: 1 | -1, playheadMs: number): DubbingSegment | undefined {
  const segments = doc.segments;
  if (!segments.length) return undefined;
  const position = selectedId ? segments.findIndex((segment) => segment.id === selectedId) : -1;
  if (position >= 0) return segments[Math.min(segments.length - 1, Math.max(0, position + direction))];
  return direction > 0 ? segments.find((segment) => segment.startMs >= playheadMs) ?? segments.at(-1) : [...segments].reverse().find((segment) => segment.startMs < playheadMs) ?? segments[0];
}
