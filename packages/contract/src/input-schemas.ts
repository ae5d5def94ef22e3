import { z } from 'zod';

/**
 * The building blocks of every call's body (issue 20): text that refuses control characters and
 * broken Unicode, bounded dates, numbers and collections, and free-form JSON with bounded depth.
 * PostgreSQL refuses a NUL byte in text and JSON, a lone UTF-16 surrogate in JSON, and dates such
 * as year 0; such a value must be refused here, with a reason, before it reaches a handler.
 * `input-schemas.test.ts` walks every call's body and fails when a field is built without them.
 */

/** Why an input was refused, as reason keys of the INVALID_PARAMETER message (`invalidReasonText`). */
export const INPUT_REASONS = {
  controlCharacter: 'control_character',
  lineBreak: 'line_break',
  brokenText: 'broken_text',
  whitespace: 'whitespace',
  dateOutOfRange: 'date_out_of_range',
  tooDeep: 'too_deep',
  tooBig: 'too_big',
  empty: 'empty',
} as const;

/** Earliest and latest instant a date-time input may name (year 0 does not exist in PostgreSQL). */
export const DATE_TIME_MIN = '1970-01-01T00:00:00.000Z';
export const DATE_TIME_MAX = '9999-12-31T23:59:59.999Z';
const DATE_TIME_MIN_MS = Date.parse(DATE_TIME_MIN);
const DATE_TIME_MAX_MS = Date.parse(DATE_TIME_MAX);

/** Deepest nesting of arrays and objects a call body may have (the deepest call body has 3). */
export const MAX_BODY_DEPTH = 32;
/** Deepest nesting inside a free-form JSON value (`jsonValue`), counted from the value itself. */
export const MAX_JSON_VALUE_DEPTH = 16;
/** Most keys a free-form JSON object may have, at any level. */
export const MAX_JSON_OBJECT_KEYS = 200;

/* eslint-disable no-control-regex -- control characters are what these find */
/** C0 controls, DEL and C1 controls (Unicode category Cc). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same without tab, line feed and carriage return. */
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */
/** A high surrogate without a low one after it, or a low one without a high one before it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const WHITESPACE = /\s/;

export type TextKind = 'single-line' | 'multi-line' | 'identifier';

/** The reason a text is refused for its kind, or undefined when it is fine. */
export function textProblem(value: string, kind: TextKind): string | undefined {
  if (LONE_SURROGATE.test(value)) return INPUT_REASONS.brokenText;
  if (CONTROL_EXCEPT_LINE_BREAKS.test(value)) return INPUT_REASONS.controlCharacter;
  if (kind === 'multi-line') return undefined;
  if (CONTROL.test(value)) return INPUT_REASONS.lineBreak;
  if (kind === 'identifier' && WHITESPACE.test(value)) return INPUT_REASONS.whitespace;
  return undefined;
}

const REASON_MESSAGES: Record<string, string> = {
  [INPUT_REASONS.controlCharacter]: 'contains a control character',
  [INPUT_REASONS.lineBreak]: 'must be one line (no line breaks or tabs)',
  [INPUT_REASONS.brokenText]: 'contains broken Unicode (a lone surrogate)',
  [INPUT_REASONS.whitespace]: 'must not contain spaces',
  [INPUT_REASONS.dateOutOfRange]: `must lie between ${DATE_TIME_MIN} and ${DATE_TIME_MAX}`,
  [INPUT_REASONS.tooDeep]: `is nested more than ${MAX_JSON_VALUE_DEPTH} levels deep`,
  [INPUT_REASONS.tooBig]: 'has too many entries',
  [INPUT_REASONS.empty]: 'is empty once invisible characters are removed',
};

/** The (English, developer-facing) zod message of a reason; people see the catalogue's text (`invalidReasonText`). */
export function inputReasonMessage(reason: string): string | undefined {
  return REASON_MESSAGES[reason];
}

function textCheck(kind: TextKind) {
  return z.superRefine((value: string, context) => {
    const reason = textProblem(value, kind);
    if (reason) context.addIssue({ code: 'custom', message: REASON_MESSAGES[reason], params: { reason }, input: value });
  });
}

/**
 * The checks the primitives below attach. They are shared instances, so the schema walk of
 * `input-schemas.test.ts` can tell that a field was built from a primitive (zod keeps a check
 * object when `.min()`, `.optional()` and the like clone a schema).
 */
export const INPUT_CHECKS = {
  singleLine: textCheck('single-line'),
  multiLine: textCheck('multi-line'),
  identifier: textCheck('identifier'),
  dateRange: z.superRefine((value: string, context) => {
    const ms = Date.parse(value);
    if (!(ms >= DATE_TIME_MIN_MS && ms <= DATE_TIME_MAX_MS)) {
      const reason = INPUT_REASONS.dateOutOfRange;
      context.addIssue({ code: 'custom', message: REASON_MESSAGES[reason], params: { reason }, input: value });
    }
  }),
  jsonValue: z.superRefine((value: unknown, context) => {
    const problem = jsonValueProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: REASON_MESSAGES[problem.reason], params: { reason: problem.reason }, path: problem.path, input: value });
  }),
};

/** The entry-count checks of `boundedRecord`, one per limit. */
const recordSizeChecks = new Map<number, z.core.$ZodCheck<Record<string, unknown>>>();

/** Whether a check is the entry-count check of `boundedRecord`. */
export function isRecordSizeCheck(check: unknown): boolean {
  return [...recordSizeChecks.values()].includes(check as z.core.$ZodCheck<Record<string, unknown>>);
}

export interface TextOptions {
  /** Fewest characters (after trimming); default 0. */
  min?: number;
  /** Most characters (after trimming). */
  max: number;
  /** Remove leading and trailing whitespace first (a trailing line break of a pasted title is not an error). */
  trim?: boolean;
}

function text(check: z.core.$ZodCheck<string>, { min = 0, max, trim = false }: TextOptions) {
  const base = trim ? z.string().trim() : z.string();
  const checked = base.check(check);
  return (min > 0 ? checked.min(min) : checked).max(max);
}

/** One line of text a person types (a title, a name, a search): no line breaks, tabs or other control characters. */
export function singleLineText(options: TextOptions) {
  return text(INPUT_CHECKS.singleLine, options);
}

/** Text that may span lines (a script, a message): line breaks and tabs, but no other control characters. */
export function multiLineText(options: TextOptions) {
  return text(INPUT_CHECKS.multiLine, options);
}

/** An id, code, slug or token: printable characters without spaces. */
export function identifier({ min = 1, max }: { min?: number; max: number }) {
  return text(INPUT_CHECKS.identifier, { min, max });
}

/** An ISO 8601 date-time with `Z` or an offset, between 1970 and 9999 (PostgreSQL and JavaScript both hold these). */
export function dateTime() {
  return z.iso.datetime({ offset: true }).check(INPUT_CHECKS.dateRange);
}

/** A whole number between `min` and `max` (both required: no call takes an unbounded number). */
export function integer(min: number, max: number) {
  return z.number().int().min(min).max(max);
}

/** A finite number between `min` and `max`. */
export function decimal(min: number, max: number) {
  return z.number().min(min).max(max);
}

function recordSizeCheck(maxEntries: number): z.core.$ZodCheck<Record<string, unknown>> {
  let check = recordSizeChecks.get(maxEntries);
  if (!check) {
    check = z.superRefine((value: Record<string, unknown>, context) => {
      if (Object.keys(value).length > maxEntries) {
        const reason = INPUT_REASONS.tooBig;
        context.addIssue({ code: 'custom', message: REASON_MESSAGES[reason], params: { reason, maxEntries }, input: value });
      }
    });
    recordSizeChecks.set(maxEntries, check);
  }
  return check;
}

/** An object used as a map, with at most `maxEntries` keys. */
export function boundedRecord<Key extends z.core.$ZodRecordKey, Value extends z.ZodType>(key: Key, value: Value, maxEntries: number) {
  return z.record(key, value).check(recordSizeCheck(maxEntries));
}

/**
 * Any JSON value (free-form analytics properties), at most `MAX_JSON_VALUE_DEPTH` deep, with at
 * most `MAX_JSON_OBJECT_KEYS` keys per object; every string and key is checked like multi-line
 * text. Walked without recursion, so no input can overflow the stack.
 */
export function jsonValue() {
  return z.unknown().check(INPUT_CHECKS.jsonValue);
}

/** A JSON object of free-form values (see `jsonValue`). */
export function jsonObject() {
  return boundedRecord(singleLineText({ max: 256 }), jsonValue(), MAX_JSON_OBJECT_KEYS);
}

/** The first problem of a free-form JSON value, with where it is; undefined when it is fine. */
export function jsonValueProblem(value: unknown): { reason: string; path: (string | number)[] } | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const reason = textProblem(item.value, 'multi-line');
      if (reason) return { reason, path: item.path };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.path.length >= MAX_JSON_VALUE_DEPTH) return { reason: INPUT_REASONS.tooDeep, path: item.path };
    if (Array.isArray(item.value)) {
      item.value.forEach((child, index) => stack.push({ value: child, path: [...item.path, index] }));
      continue;
    }
    const entries = Object.entries(item.value);
    if (entries.length > MAX_JSON_OBJECT_KEYS) return { reason: INPUT_REASONS.tooBig, path: item.path };
    for (const [key, child] of entries) {
      const reason = textProblem(key, 'multi-line');
      if (reason) return { reason, path: [...item.path, key] };
      stack.push({ value: child, path: [...item.path, key] });
    }
  }
  return undefined;
}

/**
 * Whether JSON text nests arrays and objects deeper than `maxDepth`, read without parsing (so a
 * body of 10,000 brackets is refused before anything walks it). Brackets inside strings do not count.
 */
export function jsonNestingExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++depth > maxDepth) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}
