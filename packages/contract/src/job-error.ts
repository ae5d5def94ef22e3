import { z } from 'zod';
import { ErrorCode, isLocalizedText, messageFor, type Locale, type MessageParams } from './error-codes.ts';

/**
 * Why a job (or one of its stages) failed, as every surface shows it (REST v1, the signed calls,
 * webhooks, the CLI): the catalogue `code`, its `params`, and `message`, the catalogue's text in
 * the reader's language with the params filled in. A failure that is not a catalogue error is
 * JOB_FAILED with the worker's own words as `params.reason`.
 */
export const jobErrorSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type JobErrorView = z.infer<typeof jobErrorSchema>;

/** A job's error as the worker stored it: `message` is for the logs (`error 7100 {…}` for a domain error); `params` since issue 30. */
export interface StoredJobError {
  code: number;
  message: string;
  params?: MessageParams;
}

/** `DomainError`'s own message: `error <code>` and, when it has any, its params as JSON. */
const DOMAIN_ERROR_MESSAGE = /^error (\d+)(?: (\{.*\}))?$/s;

/** The params of a stored error; errors stored before params were kept are read back from `DomainError`'s message. */
function storedParams(stored: StoredJobError): MessageParams {
  if (stored.params) return stored.params;
  const match = DOMAIN_ERROR_MESSAGE.exec(stored.message);
  if (match && Number(match[1]) === stored.code) {
    if (!match[2]) return {};
    try {
      const parsed: unknown = JSON.parse(match[2]);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as MessageParams;
    } catch {
      // Not JSON after all: treat the whole message as the worker's words below.
    }
  }
  return stored.code === ErrorCode.JOB_FAILED ? { reason: stored.message } : {};
}

/** A stored job error for a reader of `locale`: the catalogue message with its params, words-valued params in that language. */
export function jobErrorView(stored: StoredJobError, locale: Locale): JobErrorView {
  const raw = storedParams(stored);
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(raw)) params[name] = isLocalizedText(value) ? value[locale] : value;
  const message = messageFor(locale, stored.code, raw) ?? messageFor(locale, ErrorCode.JOB_FAILED, { reason: stored.message })!;
  return { code: stored.code, message, params };
}
