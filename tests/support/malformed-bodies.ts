import { randomUUID } from 'node:crypto';
import type { CallDefinition } from '@voxwork/contract';
import type { z } from 'zod';

/**
 * Malformed bodies for a call, generated from its own zod body schema (issue 20): a valid body is
 * sampled from the schema, then each body breaks one thing — a control character in each string
 * field, strings over their limit and near the body limit, deep nesting, wrong types, extreme
 * dates and numbers, oversized arrays and records, unknown keys, broken JSON. A few are extreme
 * but valid (a date at the end of the accepted range, a number at its bound, a field full of
 * Chinese and emoji), so that handlers meet them too.
 */

type Def = Record<string, unknown> & { type: string; checks?: { _zod: { def: Record<string, unknown> } }[] };
type Path = (string | number)[];

export interface MalformedBody {
  label: string;
  /** The exact request body (JSON text, possibly invalid). */
  raw: string;
}

const defOf = (schema: unknown) => (schema as z.ZodType)._zod.def as unknown as Def;
const checkDefs = (schema: unknown) => (defOf(schema).checks ?? []).map((check) => check._zod.def);
const bound = (schema: unknown, kind: 'greater_than' | 'less_than' | 'min_length' | 'max_length') => {
  const found = checkDefs(schema).find((check) => check.check === kind);
  if (!found) return undefined;
  return (kind === 'min_length' || kind === 'max_length' ? found.minimum ?? found.maximum : found.value) as number | undefined;
};

/** Through optional, default, pipe and the like to the schema that says what the value is. */
function unwrap(schema: unknown): unknown {
  const def = defOf(schema);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'].includes(def.type)) return unwrap(def.innerType);
  if (def.type === 'pipe') return unwrap(def.in);
  return schema;
}

/** A valid value for a schema (every optional field filled), with `hints` for values only the running server knows. */
export function sampleValue(schema: unknown, key: string, hints: Record<string, unknown>): unknown {
  if (key in hints) return hints[key];
  const inner = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape as Record<string, unknown>).map(([name, child]) => [name, sampleValue(child, name, hints)]));
    case 'string': {
      if (def.format === 'uuid') return randomUUID();
      if (def.format === 'datetime') return '2026-01-01T00:00:00Z';
      const min = bound(inner, 'min_length') ?? 1;
      const max = bound(inner, 'max_length') ?? 16;
      const plain = 'fuzz'.padEnd(Math.max(min, 4), 'z').slice(0, Math.max(max, 1));
      // A pattern the plain sample does not match (a colour, a language tag, a URL): the first well-known value that does.
      // The URL is an address literal of a documentation range: no DNS look-up, refused by the webhook address guard.
      const safeParse = (inner as { safeParse(value: unknown): { success: boolean } }).safeParse.bind(inner);
      return [plain, '#FFD400', 'en', 'pro:month', 'https://203.0.113.7/hooks/fuzz'].find((candidate) => safeParse(candidate).success) ?? plain;
    }
    case 'number': {
      const min = bound(inner, 'greater_than') ?? 1;
      const max = bound(inner, 'less_than') ?? 1;
      return Math.min(Math.max(1, min), max);
    }
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'union':
      return sampleValue((def.options as unknown[])[0], key, hints);
    case 'array':
      return [sampleValue(def.element, key, hints)];
    case 'record':
      return { [String(sampleValue(def.keyType, `${key}.key`, hints))]: sampleValue(def.valueType, `${key}.value`, hints) };
    default:
      return 'fuzz';
  }
}

interface Leaf {
  path: Path;
  schema: unknown;
}

/** Every field of a body with where it is in `base` (array elements and record values too). */
function leaves(schema: unknown, base: unknown, path: Path = [], out: Leaf[] = []): Leaf[] {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'object' && base && typeof base === 'object') {
    for (const [name, child] of Object.entries(def.shape as Record<string, unknown>)) {
      leaves(child, (base as Record<string, unknown>)[name], [...path, name], out);
    }
    return out;
  }
  if (path.length) out.push({ path, schema: inner });
  if (def.type === 'array' && Array.isArray(base) && base.length) leaves(def.element, base[0], [...path, 0], out);
  if (def.type === 'record' && base && typeof base === 'object') {
    const [firstKey] = Object.keys(base);
    if (firstKey !== undefined) leaves(def.valueType, (base as Record<string, unknown>)[firstKey], [...path, firstKey], out);
  }
  return out;
}

function setAt(base: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let target = copy;
  for (const part of path.slice(0, -1)) target = target[part] as Record<string | number, unknown>;
  target[path.at(-1)!] = value;
  return copy;
}

/** Replaces the key of a record entry (its value stays). */
function renameKeyAt(base: unknown, path: Path, newKey: string): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let target = copy;
  for (const part of path.slice(0, -1)) target = target[part] as Record<string, unknown>;
  const oldKey = String(path.at(-1));
  const value = target[oldKey];
  delete target[oldKey];
  target[newKey] = value;
  return copy;
}

/** Control characters and broken Unicode, one per string field in turn (NUL first: the defect of issue 20). */
export const CONTROL_SAMPLES = ['\u0000', '\u0001', '\u0008', '\u001b[31m', '\u007f', '\u0085', '\ud800', '\udfff', '\u000b', '\u009b'];
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** Field-level malformations of one field, most telling first. */
function fieldVariants(leaf: Leaf, base: unknown, stringIndex: number): MalformedBody[] {
  const def = defOf(leaf.schema);
  const name = leaf.path.join('.');
  const json = (label: string, value: unknown): MalformedBody => ({ label: `${name}: ${label}`, raw: JSON.stringify(setAt(base, leaf.path, value)) });
  const rawValue = (label: string, text: string): MalformedBody => {
    const marker = `"__fuzz_${randomUUID()}__"`;
    return { label: `${name}: ${label}`, raw: JSON.stringify(setAt(base, leaf.path, JSON.parse(marker))).replace(marker, text) };
  };
  switch (def.type) {
    case 'string': {
      if (def.format === 'datetime') {
        return [
          json('year 0', '0000-01-01T00:00:00Z'),
          json('before 1970', '1969-12-31T23:59:59Z'),
          json('year 10000 through an offset', '9999-12-31T23:59:59-05:00'),
          json('JavaScript’s last date', '+275760-09-13T00:00:00.000Z'),
          json('30 February', '2023-02-30T00:00:00Z'),
          json('last accepted instant', '9999-12-31T23:59:59.999Z'),
          json('first accepted instant', '1970-01-01T00:00:00Z'),
          json('NUL', '2026-01-01T00:00:00Z\u0000'),
          json('a number', 0),
        ];
      }
      const max = bound(leaf.schema, 'max_length') ?? 1000;
      const value = String(leaf.path.reduce<unknown>((node, part) => (node as Record<string | number, unknown>)[part], base));
      const control = CONTROL_SAMPLES[stringIndex % CONTROL_SAMPLES.length]!;
      return [
        json(`control character ${JSON.stringify(control)}`, `${value.slice(0, 2)}${control}${value.slice(2)}`),
        json('one character over its limit', 'x'.repeat(max + 1)),
        json('at its length limit, in Chinese and emoji', max >= 3 ? `${'语'.repeat(max - 2)}😀` : '语'.repeat(max)),
        json('a number', 12345),
        json('an object', { $gt: '' }),
        json('NUL alone', '\u0000'),
        json('line break and tab', `a\nb\tc`),
        json('null', null),
        json('an array of strings', [value]),
      ];
    }
    case 'number': {
      const min = bound(leaf.schema, 'greater_than') ?? 0;
      const max = bound(leaf.schema, 'less_than') ?? 0;
      return [
        json('1e308', 1e308),
        json('its maximum', max),
        rawValue('1e400 (Infinity once parsed)', '1e400'),
        json('one over its maximum', max + 1),
        json('its minimum', min),
        json('one under its minimum', min - 1),
        json('-1e308', -1e308),
        json('-0', -0),
        json('a fraction', min + 0.5),
        json('"NaN"', 'NaN'),
        json('a numeric string', String(max)),
        rawValue('-1e400', '-1e400'),
      ];
    }
    case 'array': {
      const max = bound(leaf.schema, 'max_length') ?? 100;
      const element = (leaf.path.reduce<unknown>((node, part) => (node as Record<string | number, unknown>)[part], base) as unknown[])[0];
      return [
        json('one element over its limit', Array.from({ length: max + 1 }, () => element)),
        json('at its length limit', Array.from({ length: max }, () => element)),
        json('100,000 elements', Array.from({ length: 100_000 }, () => 0)),
        json('a string', 'not an array'),
        rawValue('nested 10,000 deep', deepArray(10_000)),
      ];
    }
    case 'record': {
      const [key] = Object.keys(leaf.path.reduce<unknown>((node, part) => (node as Record<string | number, unknown>)[part], base) as object);
      const value = key === undefined ? 1 : (leaf.path.reduce<unknown>((node, part) => (node as Record<string | number, unknown>)[part], base) as Record<string, unknown>)[key];
      return [
        ...(key === undefined ? [] : [{ label: `${name}: NUL in a key`, raw: JSON.stringify(renameKeyAt(base, [...leaf.path, key], `${key}\u0000`)) }]),
        json('5,000 entries', Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`k${index}`, value]))),
        json('an array', [value]),
        rawValue('nested 10,000 deep', deepObject(10_000)),
      ];
    }
    case 'enum':
    case 'literal':
      return [json('not an option', 'not-an-option\u0000'), json('a number', 42), json('null', null)];
    case 'boolean':
    case 'union':
      return [json('a string', 'yes'), json('2', 2), json('an object', {})];
    case 'unknown':
      return [json('NUL', 'x\u0000'), rawValue('nested 10,000 deep', deepArray(10_000)), json('lone surrogate in a key', { '\ud800': 1 })];
    default:
      return [json('null', null)];
  }
}

/** Body-level malformations, valid for any call. */
function bodyVariants(base: unknown, bodyLimit: number): MalformedBody[] {
  const object = base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
  const withKey = (key: string, value: unknown) => JSON.stringify({ ...object, [key]: value });
  return [
    { label: 'nested 10,000 deep', raw: deepArray(10_000) },
    { label: 'an unknown key', raw: withKey('fuzzUnknown', 1) },
    { label: 'a string near the body limit', raw: withKey('fuzzHuge', 'x'.repeat(bodyLimit - 2048)) },
    { label: 'an array body', raw: '[]' },
    { label: 'NUL in an unknown key', raw: withKey('fuzz\u0000key', 'x') },
    { label: 'objects nested 10,000 deep in a field', raw: `{"fuzzDeep":${deepObject(10_000)}}` },
    { label: 'over the body limit', raw: withKey('fuzzHuge', 'x'.repeat(bodyLimit + 10)) },
    { label: 'a string body', raw: '"body"' },
    { label: '__proto__', raw: `{"__proto__":{"isAdmin":true}${Object.keys(object).length ? `,${JSON.stringify(object).slice(1)}` : '}'}` },
    { label: 'truncated JSON', raw: '{"a":' },
    { label: 'a number body', raw: '1e400' },
    { label: 'a 5,000-character key', raw: withKey('k'.repeat(5000), 1) },
    { label: 'constructor.prototype', raw: withKey('constructor', { prototype: { polluted: true } }) },
    { label: 'nested 33 deep (just over the limit)', raw: deepArray(33) },
    { label: 'brackets inside a string', raw: withKey('fuzzText', '['.repeat(50_000)) },
    { label: 'null', raw: 'null' },
    { label: 'true', raw: 'true' },
    { label: 'lone surrogate in an unknown key', raw: withKey('\ud800', 1) },
    { label: 'an unknown key holding an object', raw: withKey('fuzzObject', { a: [1, { b: '\u0000' }] }) },
    { label: 'an array of the body', raw: JSON.stringify([object]) },
  ];
}

/**
 * `count` malformed bodies for a call: first a control character in every string field, then one
 * of each body-level kind and field-level kind in turn, so that every field and kind is covered
 * before any repeats.
 */
export function malformedBodies(call: CallDefinition, base: unknown, options: { count: number; bodyLimit: number }): MalformedBody[] {
  const fields = leaves(call.body, base);
  let stringIndex = 0;
  const perField = fields.map((leaf) => fieldVariants(leaf, base, defOf(leaf.schema).type === 'string' ? stringIndex++ : 0));
  const chosen: MalformedBody[] = [];
  // A control character in each string field (its first variant).
  perField.forEach((variants, index) => {
    if (defOf(fields[index]!.schema).type === 'string' && defOf(fields[index]!.schema).format !== 'datetime') chosen.push(variants.shift()!);
  });
  const bodies = bodyVariants(base, options.bodyLimit);
  const queues = [bodies, ...perField];
  while (chosen.length < options.count && queues.some((queue) => queue.length)) {
    for (const queue of queues) {
      const next = queue.shift();
      if (next) chosen.push(next);
      // Body-level kinds come twice as often as each field's (they break what every call shares).
      if (queue === bodies && bodies.length) chosen.push(bodies.shift()!);
      if (chosen.length >= options.count) break;
    }
  }
  return chosen.slice(0, options.count);
}
