import { parseTtsScript, textToSpeechCost, type SpeechQualityTier } from "@voxwork/contract";

/**
 * Pure helpers of the text-to-speech editor: the estimate shown while typing (the same parser and
 * price table the server charges by), speaker → voice assignment in dialogue mode, and inserting
 * markup at the caret.
 */

export interface TtsEstimate {
  billableCharacters: number;
  /** Points for the billable characters at the voice's tier (0 for an empty script). */
  cost: number;
  /** More billable characters than the plan allows. */
  overLimit: boolean;
  /** Speaker names in order of first appearance (dialogue mode only). */
  speakers: string[];
  pauseSeconds: number;
}

export function estimateTts(text: string, options: { dialogue: boolean; tier: SpeechQualityTier; maxCharacters: number }): TtsEstimate {
  const script = parseTtsScript(text, { dialogue: options.dialogue });
  return {
    billableCharacters: script.billableCharacters,
    cost: textToSpeechCost(script.billableCharacters, options.tier),
    overLimit: script.billableCharacters > options.maxCharacters,
    speakers: script.speakers,
    pauseSeconds: script.pauseSeconds,
  };
}

/**
 * The voice of each detected speaker: names that were assigned keep their voice, new names get
 * `fallbackVoice`, names no longer in the script are dropped (so the request carries only live names).
 */
export function assignSpeakerVoices(speakers: readonly string[], previous: Readonly<Record<string, string>>, fallbackVoice: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const speaker of speakers) {
    const kept = Object.prototype.hasOwnProperty.call(previous, speaker) ? previous[speaker] : undefined;
    if (kept) result[speaker] = kept;
    else if (fallbackVoice) result[speaker] = fallbackVoice;
  }
  return result;
}

/** Speakers of the script that have no voice yet (the server would refuse with 6006). */
export function unassignedSpeakers(speakers: readonly string[], assignment: Readonly<Record<string, string>>): string[] {
  return speakers.filter((speaker) => !assignment[speaker]);
}

/**
 * `insert` placed at the selection (replacing it), with a space before it when the caret follows a
 * non-space character and a space after it when a non-space character follows. Returns the new
 * text and where the caret goes (just after the insertion).
 */
export function insertAtSelection(text: string, start: number, end: number, insert: string): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  const before = text.slice(0, from);
  const after = text.slice(to);
  const lead = before && !/\s$/.test(before) ? " " : "";
  const trail = after && !/^\s/.test(after) ? " " : "";
  const inserted = `${lead}${insert}${trail}`;
  return { text: before + inserted + after, caret: before.length + lead.length + insert.length + trail.length };
}

/** Speed as the editor shows it: 1 → "1.0×". */
export function formatSpeed(speed: number): string {
  return `${speed.toFixed(speed * 100 % 10 === 0 ? 1 : 2)}×`;
}

/** Pitch in semitones with its sign: 0 → "0", 3 → "+3", -2 → "−2". */
export function formatSemitones(semitones: number): string {
  if (semitones === 0) return "0";
  return semitones > 0 ? `+${semitones}` : `−${Math.abs(semitones)}`;
}
