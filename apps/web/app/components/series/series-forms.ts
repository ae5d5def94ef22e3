import type { SeriesEpisodeSignals, SeriesEpisodeView, SeriesView } from "@voxwork/contract";

/** A glossary row being edited (a stable key for React; `language` "" is every target language). */
export interface GlossaryRow {
  key: string;
  source: string;
  target: string;
  language: string;
}

/** A character being edited: a voice key per target language. */
export interface CharacterRow {
  id: string;
  name: string;
  gender: "female" | "male" | "unknown";
  voices: Record<string, string>;
}

let counter = 0;
/** A key unique in this page (rows are not stored with one). */
export const rowKey = (): string => `row-${Date.now().toString(36)}-${(counter += 1)}`;

/** A character id the contract accepts (letters, digits, `-`, `_`), unique enough within a series. */
export const characterId = (): string => `c${Date.now().toString(36)}${(counter += 1).toString(36)}`;

export const glossaryRows = (series: Pick<SeriesView, "glossary">): GlossaryRow[] => series.glossary.map((term) => ({ key: rowKey(), source: term.source, target: term.target, language: term.language ?? "" }));

export const characterRows = (series: Pick<SeriesView, "characters">): CharacterRow[] => series.characters.map((character) => ({ ...character, voices: { ...character.voices } }));

/** Splits one CSV (or tab-separated) line into cells: double quotes group a cell, `""` inside is a quote. */
export function splitCsvLine(line: string): string[] {
  const separator = line.includes("\t") ? "\t" : ",";
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (char === separator) {
      cells.push(cell.trim());
      cell = "";
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

/**
 * Glossary terms pasted as CSV: `source, translation[, language]` per line. A first line naming the
 * columns (`source,target…`) is skipped; a language cell that is not a tag (or is "all", "*") means
 * every target language. Lines without a source or a translation are counted as skipped.
 */
export function parseGlossaryCsv(text: string): { rows: GlossaryRow[]; skipped: number } {
  const rows: GlossaryRow[] = [];
  let skipped = 0;
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  lines.forEach((line, index) => {
    const [source = "", target = "", language = ""] = splitCsvLine(line);
    if (index === 0 && /^source$/i.test(source) && /^(target|translation)$/i.test(target)) return;
    if (!source || !target) {
      skipped += 1;
      return;
    }
    rows.push({ key: rowKey(), source: source.slice(0, 200), target: target.slice(0, 200), language: LANGUAGE_TAG.test(language) && !/^(all|any)$/i.test(language) ? language.toLowerCase() : "" });
  });
  return { rows, skipped };
}

/** The glossary as the update call takes it, or `null` when a row lacks a source or a translation (empty rows are dropped). */
export function glossaryForSave(rows: readonly GlossaryRow[]): { source: string; target: string; language: string | null }[] | null {
  const filled = rows.filter((row) => row.source.trim() || row.target.trim());
  if (filled.some((row) => !row.source.trim() || !row.target.trim())) return null;
  return filled.map((row) => ({ source: row.source.trim(), target: row.target.trim(), language: row.language || null }));
}

/** The characters as the update call takes them (voices only for the series' target languages), or `null` when one has no name. */
export function charactersForSave(rows: readonly CharacterRow[], targets: readonly string[]): CharacterRow[] | null {
  if (rows.some((row) => !row.name.trim())) return null;
  return rows.map((row) => ({ ...row, name: row.name.trim(), voices: Object.fromEntries(Object.entries(row.voices).filter(([language, key]) => targets.includes(language) && key)) }));
}

export type SignalKind = "spedUp" | "overSlot" | "textLeft" | "drift" | "glossary";

/** One quality signal as the board shows it: `null` value means not measured yet (never 0). */
export interface SignalBadge {
  kind: SignalKind;
  /** `null`: not measured yet. */
  value: number | null;
  /** For text left: the frames sampled. */
  of?: number | null;
  /** Something to look at (a count above 0, or drift of half a second or more). */
  warn: boolean;
}

/** Drift from which a line is heard visibly late or early (seconds). */
export const DRIFT_WARN_SECONDS = 0.5;

export function signalBadges(signals: SeriesEpisodeSignals): SignalBadge[] {
  const count = (kind: SignalKind, value: number | null): SignalBadge => ({ kind, value, warn: value != null && value > 0 });
  return [
    count("spedUp", signals.spedUpLines),
    count("overSlot", signals.overSlotLines),
    count("glossary", signals.glossaryMisses),
    { kind: "textLeft", value: signals.textLeftFrames, of: signals.sampledFrames, warn: signals.textLeftFrames != null && signals.textLeftFrames > 0 },
    { kind: "drift", value: signals.maxDriftSeconds, warn: signals.maxDriftSeconds != null && signals.maxDriftSeconds >= DRIFT_WARN_SECONDS },
  ];
}

/** Every language of an episode with its signals, in the order of its jobs; a language the server has no signals for yet is all "not measured". */
export function episodeSignals(episode: Pick<SeriesEpisodeView, "jobs" | "signals">): SeriesEpisodeSignals[] {
  const languages = [...new Set([...episode.jobs.map((job) => job.language), ...episode.signals.map((signal) => signal.language)])];
  return languages.map(
    (language) =>
      episode.signals.find((signal) => signal.language === language) ?? { language, spedUpLines: null, overSlotLines: null, glossaryMisses: null, textLeftFrames: null, sampledFrames: null, maxDriftSeconds: null },
  );
}

const ENDED = new Set(["completed", "failed", "cancelled"]);
/** The board keeps polling while an episode has a job that has not ended. */
export const boardRunning = (episodes: readonly Pick<SeriesEpisodeView, "jobs" | "status">[]): boolean => episodes.some((episode) => !ENDED.has(episode.status) || episode.jobs.some((job) => !ENDED.has(job.status)));

/** Files picked for upload, in name order (episodes are numbered in that order), natural (E2 before E10). */
export const byName = <T extends { name: string }>(files: readonly T[]): T[] => [...files].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: "base" }));
