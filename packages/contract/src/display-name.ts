import { z } from 'zod';
import { INPUT_CHECKS, INPUT_REASONS, inputReasonMessage } from './input-schemas.ts';

/*
 * A name a person gives (an API key's, a voice's, a project's, a cast bible's, a character's, a
 * job's title, an upload's) is shown back to them and to others as one line of text. Characters
 * that cannot be seen but change what is seen are removed, not refused (issue 30, point 9): a
 * right-to-left override makes "abc.exe" read "exe.cba", a zero-width space makes two names that
 * look the same differ. What remains is NFC-normalised and trimmed; an empty result is refused.
 * Unlike decision 020's primitives (which refuse a control character rather than change text
 * whose meaning it might carry), a name's invisible characters carry nothing worth keeping.
 */

/* eslint-disable no-control-regex -- control characters are what these find */
/** Tabs and line breaks (C0 and Unicode's): a pasted name's lines become one, separated by a space. */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
/**
 * Removed outright: bidirectional controls (embeddings and overrides U+202A–U+202E, isolates
 * U+2066–U+2069, the marks U+200E/U+200F and U+061C), zero-width characters (U+200B–U+200D,
 * U+2060, U+FEFF) and every other control character (C0, DEL, C1).
 */
const INVISIBLE = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff\u0000-\u001f\u007f-\u009f]/g;
/* eslint-enable no-control-regex */

/** A name as it is kept: line breaks as spaces, invisible and control characters removed, NFC, trimmed. May be empty. */
export function cleanDisplayName(raw: string): string {
  return raw.replace(LINE_BREAKS, ' ').replace(INVISIBLE, '').normalize('NFC').trim();
}

/** Refuses a name that is empty once cleaned (`empty`, a reason of the INVALID_PARAMETER catalogue). */
const notEmpty = z.superRefine((value: string, context) => {
  if (value === '') context.addIssue({ code: 'custom', message: inputReasonMessage(INPUT_REASONS.empty), params: { reason: INPUT_REASONS.empty }, input: value });
});

export interface DisplayNameOptions {
  /**
   * An optional title whose empty value means "none" (the service then names the job after its
   * file or text): an empty result is accepted as `''` instead of refused.
   */
  allowEmpty?: boolean;
}

/**
 * The one input primitive for every name a person gives: cleaned (`cleanDisplayName`), at most
 * `max` characters after cleaning, refused when nothing is left (unless `allowEmpty`). A lone
 * surrogate is still refused (`broken_text`), as by `singleLineText`.
 */
export function displayName(max: number, options: DisplayNameOptions = {}) {
  const cleaned = z.string().overwrite(cleanDisplayName).check(INPUT_CHECKS.singleLine);
  return (options.allowEmpty ? cleaned : cleaned.check(notEmpty)).max(max);
}
