/**
 * The opening every `do*` call of an adapter shares: check the request against its schema (a typed,
 * non-retryable `EngineInputError` naming the field), read the engine's own
 * `providerOptions.<vendor>` (other vendors' keys are ignored; unknown keys of its own are warnings,
 * never errors), and honour a signal that has already fired. Then the numeric helpers adapters use
 * to bring an option into range with a warning instead of an error.
 */
import type { z } from 'zod';
import { EngineInputError, throwIfAborted } from '../engine-errors.ts';
import type { EngineCallOptions, EngineWarning } from './engine-common.ts';

export interface ProviderOptionsSpec<P extends z.ZodObject | undefined> {
  engineId: string;
  /** The key of `providerOptions` this engine reads: its vendor (`espeak`, `elevenlabs`). */
  vendor: string;
  /** The vendor's options. Without a schema every key under `providerOptions.<vendor>` is warned about. */
  schema?: P;
  /** Who the warnings name (`<name> options are: …`, `<name> takes no provider options`); default the vendor. */
  name?: string;
}

export interface CallOptionsSpec<P extends z.ZodObject | undefined> extends ProviderOptionsSpec<P> {
  /** The request's schema: the capability's (`option-schemas.ts`) or an adapter's stricter extension of it. */
  request: z.ZodType;
}

/** The vendor's options as parsed (an empty object for an engine that takes none). */
export type ProviderOptionsOf<P extends z.ZodObject | undefined> = P extends z.ZodObject ? z.infer<P> : Record<string, never>;

/** The first problem zod found, as `path.to.field: message`. */
function inputError(error: z.ZodError, prefix: string, engineId: string): EngineInputError {
  const issue = error.issues[0];
  const where = [prefix, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.');
  return new EngineInputError(`${where || 'options'}: ${issue?.message}`, { engineId });
}

/** `providerOptions.<vendor>` checked against the vendor's schema; unknown keys become `unsupported-option` warnings. */
export function readProviderOptions<P extends z.ZodObject | undefined = undefined>(
  providerOptions: EngineCallOptions['providerOptions'],
  spec: ProviderOptionsSpec<P>,
  warnings: EngineWarning[],
): ProviderOptionsOf<P> {
  const given = providerOptions?.[spec.vendor] ?? {};
  const name = spec.name ?? spec.vendor;
  if (!spec.schema) {
    for (const key of Object.keys(given)) warnings.push({ type: 'unsupported-option', option: `providerOptions.${spec.vendor}.${key}`, details: `${name} takes no provider options` });
    return {} as ProviderOptionsOf<P>;
  }
  const parsed = spec.schema.safeParse(given);
  if (!parsed.success) throw inputError(parsed.error, `providerOptions.${spec.vendor}`, spec.engineId);
  const known = Object.keys(spec.schema.shape);
  for (const key of Object.keys(given)) {
    if (!known.includes(key)) warnings.push({ type: 'unsupported-option', option: `providerOptions.${spec.vendor}.${key}`, details: `${name} options are: ${known.join(', ')}` });
  }
  return parsed.data as ProviderOptionsOf<P>;
}

/**
 * The shared opening of a call: the request is checked (`EngineInputError`), the vendor's provider
 * options read, and a signal that has already fired ends the call (`EngineAbortedError`) before any
 * work. Returns the call's warnings so far and the vendor's options.
 */
export function parseOptions<P extends z.ZodObject | undefined = undefined>(
  options: EngineCallOptions,
  spec: CallOptionsSpec<P>,
): { warnings: EngineWarning[]; provider: ProviderOptionsOf<P> } {
  const parsed = spec.request.safeParse(options);
  if (!parsed.success) throw inputError(parsed.error, '', spec.engineId);
  const warnings: EngineWarning[] = [];
  const provider = readProviderOptions(options.providerOptions, spec, warnings);
  throwIfAborted(options.signal, spec.engineId);
  return { warnings, provider };
}

export const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/**
 * `value` brought into `min`…`max`; when it had to move, an `approximated-option` warning on
 * `option` says what was used (`details` gets the value used).
 */
export function clampOption(warnings: EngineWarning[], option: string, value: number, [min, max]: readonly [number, number], details: (used: number) => string): number {
  const used = clamp(value, min, max);
  if (used !== value) warnings.push({ type: 'approximated-option', option, details: details(used) });
  return used;
}

/** Whether `languages` (what a voice speaks) cover `wanted`: the same tag, or one a subtag of the other (`en` ~ `en-us`). */
export function speaksLanguage(languages: readonly string[], wanted: string): boolean {
  const tag = wanted.toLowerCase();
  return languages.some((language) => language === tag || language.startsWith(`${tag}-`) || tag.startsWith(`${language}-`));
}
