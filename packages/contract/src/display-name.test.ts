import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allCalls } from './calls/index.ts';
import { cleanDisplayName, displayName } from './display-name.ts';
import { INPUT_REASONS } from './input-schemas.ts';

type Def = Record<string, unknown> & { type: string; checks?: Array<{ _zod: { def: { check: string; tx?: unknown } } }> };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** Every string field named `name` or `title` in a schema, with its path and its schema (optional/nullable/default unwrapped). */
function nameFields(schema: unknown, path: string, key: string | undefined, found: Array<{ path: string; schema: z.ZodType }>) {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      for (const [child, value] of Object.entries(def.shape as Record<string, unknown>)) nameFields(value, `${path}.${child}`, child, found);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
      return nameFields(def.innerType, path, key, found);
    case 'array':
      return nameFields(def.element, `${path}[]`, undefined, found);
    case 'record':
      return nameFields(def.valueType, `${path}{}`, undefined, found);
    case 'union':
      for (const option of def.options as unknown[]) nameFields(option, path, key, found);
      return;
    case 'intersection':
      nameFields(def.left, path, key, found);
      return nameFields(def.right, path, key, found);
    case 'pipe':
      return nameFields(def.in, path, key, found);
    case 'lazy':
      return nameFields((def.getter as () => unknown)(), path, key, found);
    case 'string':
      if (key === 'name' || key === 'title') found.push({ path, schema: schema as z.ZodType });
      return;
    default:
      return;
  }
}

const fields = allCalls.flatMap((call) => {
  const found: Array<{ path: string; schema: z.ZodType }> = [];
  nameFields(call.body, call.path, undefined, found);
  return found;
});

describe('displayName', () => {
  it('removes bidirectional, zero-width and control characters, makes line breaks spaces, normalises to NFC and trims', () => {
    expect(cleanDisplayName('\u202eabc\u200b')).toBe('abc');
    expect(cleanDisplayName('\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061cName')).toBe('Name');
    expect(cleanDisplayName('\u200bA\u200cB\u200dC\u2060D\ufeff')).toBe('ABCD');
    expect(cleanDisplayName('a\u0000b\u0007c\u007fd\u0085e\u009ff')).toBe('abcd ef');
    expect(cleanDisplayName('  Line one\r\nLine two\tend  ')).toBe('Line one Line two end');
    expect(cleanDisplayName('Cafe\u0301')).toBe('Café');
    expect(cleanDisplayName('Cafe\u200b\u0301')).toBe('Café');
    expect(cleanDisplayName('配音 项目')).toBe('配音 项目');
  });

  it('refuses a name with nothing left, unless an empty title means "none"; the length counts after cleaning', () => {
    const reason = (result: ReturnType<z.ZodType['safeParse']>) => (result.error?.issues[0] as { params?: { reason?: string } } | undefined)?.params?.reason;
    expect(reason(displayName(40).safeParse('\u202e\u200b \t'))).toBe(INPUT_REASONS.empty);
    expect(reason(displayName(40).safeParse(''))).toBe(INPUT_REASONS.empty);
    expect(displayName(40, { allowEmpty: true }).parse('\u200b')).toBe('');
    expect(displayName(3).parse('\u202eabc\u200b\u200b\u200b')).toBe('abc');
    expect(displayName(3).safeParse('abcd').success).toBe(false);
    expect(reason(displayName(10).safeParse('a\ud800b'))).toBe(INPUT_REASONS.brokenText);
  });

  it('is what every name and title a person gives in a call is built from', () => {
    const paths = fields.map((field) => field.path);
    // The names of the issue: API keys, dubbing projects, cast bibles and their characters, cloned voices, job titles, tools' titles.
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/apiKeys/create.name',
        '/api/dubbing/projects/create.title',
        '/api/dubbing/projects/rename.title',
        '/api/dubbing/casts/save.name',
        '/api/voice-cloning/create.name',
        '/api/voice-cloning/rename.name',
        '/api/jobs/rename.title',
        '/api/text-to-speech/create.title',
        '/api/video-translation/create.title',
      ]),
    );
    expect(paths.some((path) => /characters\[\]\.name$/.test(path)), paths.join('\n')).toBe(true);
    const notBuilt = fields.filter((field) => !(defOf(field.schema).checks ?? []).some((check) => check._zod.def.check === 'overwrite' && check._zod.def.tx === cleanDisplayName));
    expect(notBuilt.map((field) => field.path)).toEqual([]);
  });

  it.each(fields.map((field) => [field.path, field.schema] as const))('%s keeps "abc" of "\\u202eabc\\u200b"', (_path, schema) => {
    expect(schema.parse('\u202eabc\u200b')).toBe('abc');
  });
});
