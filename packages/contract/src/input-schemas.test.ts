import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { analyticsEventSchema } from './analytics/event.ts';
import { allCalls } from './calls/index.ts';
import { invalidReasonText, isInvalidReason } from './error-codes.ts';
import {
  boundedRecord,
  dateTime,
  identifier,
  INPUT_CHECKS,
  INPUT_REASONS,
  integer,
  isRecordSizeCheck,
  jsonNestingExceeds,
  jsonObject,
  jsonValueProblem,
  MAX_JSON_VALUE_DEPTH,
  multiLineText,
  singleLineText,
} from './input-schemas.ts';

type Def = Record<string, unknown> & { type: string; checks?: z.core.$ZodCheck[] };
const defOf = (schema: unknown) => (schema as z.ZodType)._zod.def as unknown as Def;
const checksOf = (schema: unknown) => defOf(schema).checks ?? [];
const checkKinds = (schema: unknown) => checksOf(schema).map((check) => (check._zod.def as { check: string }).check);
const hasCheck = (schema: unknown, check: unknown) => checksOf(schema).includes(check as z.core.$ZodCheck);

/**
 * Every way a body schema could let a dangerous value through: a string without the text check or
 * a length limit, an unbounded number, array or record, a date without its range, free JSON without
 * its check, an object that keeps unknown keys, or a schema kind this walk does not know.
 */
function findUnguarded(schema: unknown, path = '(body)'): string[] {
  const def = defOf(schema);
  const at = (part: string | number) => `${path}.${part}`;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const problems = Object.entries(shape).flatMap(([key, child]) => findUnguarded(child, at(key)));
      if (defOf(def.catchall ?? z.unknown()).type !== 'never') problems.push(`${path}: object keeps unknown keys (use .strict())`);
      return problems;
    }
    case 'string': {
      if (def.format === 'uuid') return [];
      if (def.format === 'datetime') return hasCheck(schema, INPUT_CHECKS.dateRange) ? [] : [`${path}: date without its range (use dateTime())`];
      const problems: string[] = [];
      if (![INPUT_CHECKS.singleLine, INPUT_CHECKS.multiLine, INPUT_CHECKS.identifier].some((check) => hasCheck(schema, check))) {
        problems.push(`${path}: text without the control-character check (use singleLineText, multiLineText or identifier)`);
      }
      if (!checkKinds(schema).includes('max_length')) problems.push(`${path}: text without a length limit`);
      return problems;
    }
    case 'number': {
      const bounds = checksOf(schema).map((check) => check._zod.def as { check: string; value?: number });
      const bounded = (kind: string) => bounds.some((check) => check.check === kind && Number.isFinite(check.value));
      return bounded('greater_than') && bounded('less_than') ? [] : [`${path}: number without both bounds (use integer or decimal)`];
    }
    case 'array':
      return [...(checkKinds(schema).includes('max_length') ? [] : [`${path}: array without a length limit`]), ...findUnguarded(def.element, at('[]'))];
    case 'record':
      return [
        ...(checksOf(schema).some(isRecordSizeCheck) ? [] : [`${path}: record without an entry limit (use boundedRecord)`]),
        ...findUnguarded(def.keyType, at('(key)')),
        ...findUnguarded(def.valueType, at('(value)')),
      ];
    case 'unknown':
      return hasCheck(schema, INPUT_CHECKS.jsonValue) ? [] : [`${path}: unchecked value (use jsonValue)`];
    case 'union':
      return (def.options as unknown[]).flatMap((option, index) => findUnguarded(option, at(`(option ${index})`)));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return findUnguarded(def.innerType, path);
    case 'pipe':
      // The input side is what the client sends; the output side (a transform) is ours.
      return findUnguarded(def.in, path);
    case 'boolean':
    case 'enum':
    case 'literal':
    case 'null':
      return [];
    default:
      return [`${path}: schema kind "${def.type}" is not known to this check; teach it here`];
  }
}

describe('the input primitives', () => {
  it('let through what people type: Chinese, emoji, accents, and line breaks and tabs in multi-line text', () => {
    for (const value of ['你好，世界', '👩‍👩‍👧 family 🎉', 'Ça va? Ñandú — “quotes”', 'a\u00a0b']) {
      expect(singleLineText({ max: 100 }).safeParse(value).success, value).toBe(true);
      expect(multiLineText({ max: 100 }).safeParse(value).success, value).toBe(true);
    }
    expect(multiLineText({ max: 100 }).parse('Line one.\r\nLine two.\n\tIndented.')).toBe('Line one.\r\nLine two.\n\tIndented.');
    expect(singleLineText({ max: 100, trim: true }).parse('  A pasted title\n')).toBe('A pasted title');
    expect(identifier({ max: 64 }).parse('text-to-speech.synthesize')).toBe('text-to-speech.synthesize');
  });

  it('refuse NUL and other control characters, lone surrogates, and line breaks where one line is expected', () => {
    const reason = (schema: z.ZodType, value: string) => {
      const result = schema.safeParse(value);
      return result.success ? undefined : (result.error.issues[0] as { params?: { reason?: string } }).params?.reason;
    };
    const single = singleLineText({ max: 100 });
    const multi = multiLineText({ max: 100 });
    for (const control of ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009b']) {
      expect(reason(single, `a${control}b`), JSON.stringify(control)).toBe(INPUT_REASONS.controlCharacter);
      expect(reason(multi, `a${control}b`), JSON.stringify(control)).toBe(INPUT_REASONS.controlCharacter);
    }
    for (const lineBreak of ['\n', '\r', '\t']) expect(reason(single, `a${lineBreak}b`)).toBe(INPUT_REASONS.lineBreak);
    for (const broken of ['\ud800', 'a\udc00', '\udbff\ud800x', '\ude00\ud83d']) {
      expect(reason(single, broken), JSON.stringify(broken)).toBe(INPUT_REASONS.brokenText);
      expect(reason(multi, broken), JSON.stringify(broken)).toBe(INPUT_REASONS.brokenText);
    }
    expect(reason(identifier({ max: 64 }), 'two words')).toBe(INPUT_REASONS.whitespace);
  });

  it('bound dates to 1970–9999 (as an instant: an offset cannot push year 9999 into 10000)', () => {
    const date = dateTime();
    for (const ok of ['1970-01-01T00:00:00Z', '2026-11-10T10:00:00+08:00', '9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59+01:00']) {
      expect(date.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['0000-01-01T00:00:00Z', '1969-12-31T23:59:59Z', '1970-01-01T00:00:00+01:00', '9999-12-31T23:59:59-05:00']) {
      const result = date.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect((result.error!.issues[0] as { params?: { reason?: string } }).params?.reason).toBe(INPUT_REASONS.dateOutOfRange);
    }
    expect(date.safeParse('2023-02-30T00:00:00Z').success).toBe(false);
    expect(date.safeParse('+275760-09-13T00:00:00Z').success).toBe(false);
  });

  it('bound numbers and records', () => {
    expect(integer(1, 10).safeParse(11).success).toBe(false);
    expect(integer(1, 10).safeParse(1e308).success).toBe(false);
    expect(integer(1, 10).safeParse(2.5).success).toBe(false);
    const record = boundedRecord(singleLineText({ max: 8 }), z.boolean(), 2);
    expect(record.safeParse({ a: true, b: false }).success).toBe(true);
    expect(record.safeParse({ a: true, b: false, c: true }).success).toBe(false);
    expect(record.safeParse({ 'a\u0000': true }).success).toBe(false);
  });

  it('check free JSON without recursion: depth, keys and every string', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(jsonValueProblem(deep)).toMatchObject({ reason: INPUT_REASONS.tooDeep });
    expect(jsonValueProblem({ a: [{ b: 'x\u0000' }] })).toEqual({ reason: INPUT_REASONS.controlCharacter, path: ['a', 0, 'b'] });
    expect(jsonValueProblem({ 'k\ud800': 1 })).toEqual({ reason: INPUT_REASONS.brokenText, path: ['k\ud800'] });
    expect(jsonValueProblem({ a: { b: ['multi\nline', 1, null, true] } })).toBeUndefined();
    let allowed: unknown = 1;
    for (let level = 0; level < MAX_JSON_VALUE_DEPTH; level++) allowed = { next: allowed };
    expect(jsonValueProblem(allowed)).toBeUndefined();
    expect(jsonObject().safeParse({ event_name: 'x', extra: { nested: 'x\u0000' } }).success).toBe(false);
  });

  it('measure the nesting of JSON text without parsing it, ignoring brackets in strings', () => {
    expect(jsonNestingExceeds('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonNestingExceeds('{"a":[1,{"b":[2]}]}', 3)).toBe(true);
    expect(jsonNestingExceeds(`{"a":"${'['.repeat(100)}"}`, 2)).toBe(false);
    expect(jsonNestingExceeds(`{"a":"\\"${'{'.repeat(100)}"}`, 2)).toBe(false);
    expect(jsonNestingExceeds('['.repeat(10_000) + ']'.repeat(10_000), 32)).toBe(true);
  });

  it('have a message for every reason, in English and Chinese', () => {
    for (const reason of Object.values(INPUT_REASONS)) {
      expect(isInvalidReason(reason), reason).toBe(true);
      expect(invalidReasonText('en', reason)).not.toBe(invalidReasonText('en', 'custom'));
      expect(invalidReasonText('zh', reason)).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('every call body', () => {
  it('is built from the input primitives: no unchecked text, unbounded number, date, array or record', () => {
    expect(allCalls.length).toBeGreaterThan(40);
    const problems = allCalls.flatMap((call) => findUnguarded(call.body).map((problem) => `${call.path} ${problem}`));
    expect(problems).toEqual([]);
  });

  it('(the check above finds what it should)', () => {
    const careless = z.object({
      title: z.string().max(10),
      text: singleLineText({ max: 10 }).optional(),
      unlimited: z.string().check(INPUT_CHECKS.singleLine),
      page: z.number().int().min(1),
      when: z.iso.datetime(),
      tags: z.array(identifier({ max: 8 })),
      map: z.record(z.string(), z.unknown()),
      loose: z.object({}),
      lazy: z.lazy(() => z.string()),
    }).strict();
    expect(findUnguarded(careless)).toEqual([
      '(body).title: text without the control-character check (use singleLineText, multiLineText or identifier)',
      '(body).unlimited: text without a length limit',
      '(body).page: number without both bounds (use integer or decimal)',
      '(body).when: date without its range (use dateTime())',
      '(body).tags: array without a length limit',
      '(body).map: record without an entry limit (use boundedRecord)',
      '(body).map.(key): text without the control-character check (use singleLineText, multiLineText or identifier)',
      '(body).map.(key): text without a length limit',
      '(body).map.(value): unchecked value (use jsonValue)',
      '(body).loose: object keeps unknown keys (use .strict())',
      '(body).lazy: schema kind "lazy" is not known to this check; teach it here',
    ]);
  });

  it('the analytics event (validated behind /api/log/create and /log) refuses NUL anywhere, which PostgreSQL refuses in JSON', () => {
    const event = { event_name: 'page_visit', timestamp: 1 };
    expect(analyticsEventSchema.safeParse({ ...event, properties: { path: '/pricing', nested: { list: ['ok'] } } }).success).toBe(true);
    expect(analyticsEventSchema.safeParse({ ...event, device: 'x\u0000' }).success).toBe(false);
    expect(analyticsEventSchema.safeParse({ ...event, properties: { nested: { list: ['x\u0000'] } } }).success).toBe(false);
    expect(analyticsEventSchema.safeParse({ ...event, event_param: { 'k\u0000': 1 } }).success).toBe(false);
    expect(analyticsEventSchema.safeParse({ ...event, tags: ['\ud800'] }).success).toBe(false);
  });
});
