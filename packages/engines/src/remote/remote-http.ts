/**
 * The one way remote adapters call a vendor's HTTP API: Node's fetch with a per-call timeout, the
 * caller's AbortSignal, and the vendor's HTTP status mapped to typed `EngineError`s. API keys are
 * passed in headers only and are scrubbed from every message this module builds, so an error that
 * reaches a log or a job row never carries one.
 */
import type { z } from 'zod';
import { EngineAbortedError, EngineAuthError, EngineError, EngineFailedError, EngineInputError, throwIfAborted } from '../engine-errors.ts';

export interface RemoteRequest {
  engineId: string;
  /** Short description for messages: `synthesizing speech`, `listing voices`. */
  doing: string;
  url: string;
  method: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | FormData;
  signal?: AbortSignal | undefined;
  timeoutMs: number;
  /** Secrets to scrub from anything this call puts into an error message (the API key). */
  secrets: readonly string[];
  /** Reads the vendor's error message out of an error body (JSON or text). */
  vendorMessage: (body: string) => string | undefined;
  /** Reads the vendor's machine-readable error code out of an error body (ElevenLabs' `detail.status`), when it has one. */
  vendorCode?: ((body: string) => string | undefined) | undefined;
}

/** The `cause` of an `EngineError` made from a vendor's failed answer: its status, words and code. */
export class VendorAnswer {
  readonly status: number;
  readonly vendorMessage: string | undefined;
  readonly vendorCode: string | undefined;
  constructor(status: number, vendorMessage: string | undefined, vendorCode: string | undefined) {
    this.status = status;
    this.vendorMessage = vendorMessage;
    this.vendorCode = vendorCode;
  }
}

/** The vendor's answer an engine error was made from (undefined for any other error). */
export function vendorAnswerOf(error: unknown): VendorAnswer | undefined {
  return error instanceof EngineError && error.cause instanceof VendorAnswer ? error.cause : undefined;
}

/** `<engine> answered HTTP <status> while <doing>: <vendor's words>`, secrets scrubbed. */
export function vendorAnswerMessage(request: Pick<RemoteRequest, 'engineId' | 'doing' | 'secrets'>, status: number, vendorMessage: string | undefined): string {
  const said = vendorMessage ? `: ${redactSecrets(vendorMessage, request.secrets)}` : '';
  return `${request.engineId} answered HTTP ${status} while ${request.doing}${said}`;
}

export interface RemoteResponse {
  status: number;
  headers: Headers;
  body: Buffer;
}

const MAX_ERROR_BODY = 2000;

/** Replaces every secret (and anything after `Bearer `) in a message with `***`. */
export function redactSecrets(message: string, secrets: readonly string[]): string {
  let redacted = message;
  for (const secret of secrets) if (secret) redacted = redacted.split(secret).join('***');
  return redacted.replace(/(Bearer\s+)[^\s"',]+/gi, '$1***');
}

/** 429 and 5xx are the vendor's passing trouble; 408 too. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;
}

/**
 * Maps a failed HTTP status to an `EngineError`: 401/403 → `EngineAuthError` (never retried),
 * 400/404/413/415/422 → `EngineInputError` with the vendor's words, 408/429/5xx → retryable
 * `EngineFailedError`, anything else → non-retryable `EngineFailedError`.
 */
export function errorForStatus(
  request: Pick<RemoteRequest, 'engineId' | 'doing' | 'secrets'>,
  status: number,
  vendorMessage: string | undefined,
  retryAfter?: string | null,
  vendorCode?: string,
): EngineError {
  const base = vendorAnswerMessage(request, status, vendorMessage);
  const cause = new VendorAnswer(status, vendorMessage === undefined ? undefined : redactSecrets(vendorMessage, request.secrets), vendorCode);
  if (status === 401 || status === 403) return new EngineAuthError(`${base} (check the engine's API key and its permissions)`, { engineId: request.engineId, cause });
  if (status === 400 || status === 404 || status === 413 || status === 415 || status === 422) return new EngineInputError(base, { engineId: request.engineId, cause });
  const wait = retryAfter ? ` (retry after ${retryAfter} s)` : '';
  return new EngineFailedError(`${base}${wait}`, { engineId: request.engineId, isRetryable: isRetryableStatus(status), cause });
}

/** Sends one request; resolves with the whole body of a 2xx answer, rejects with an `EngineError` otherwise. */
export async function remoteRequest(request: RemoteRequest): Promise<RemoteResponse> {
  throwIfAborted(request.signal, request.engineId);
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const failure = (error: unknown): EngineError => {
    if (error instanceof EngineError) return error;
    if (request.signal?.aborted) return new EngineAbortedError(request.engineId, request.signal.reason);
    if (timeout.aborted) {
      return new EngineFailedError(`${request.engineId} did not answer within ${request.timeoutMs} ms while ${request.doing}`, { engineId: request.engineId, isRetryable: true });
    }
    // Network trouble (refused, reset, DNS): fetch says "fetch failed" and puts the reason in `cause`.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason = cause instanceof Error ? `${(cause as NodeJS.ErrnoException).code ?? cause.name}: ${cause.message}` : String(cause);
    return new EngineFailedError(`${request.engineId} could not be reached while ${request.doing}: ${redactSecrets(reason, request.secrets)}`, {
      engineId: request.engineId,
      isRetryable: true,
    });
  };
  try {
    // Redirects are not followed (a key header would go wherever they point): a configuration problem, not a passing one.
    const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal, redirect: 'manual' });
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel();
      throw new EngineFailedError(`${request.engineId} answered with a redirect while ${request.doing}: set its base URL to the address it redirects to`, { engineId: request.engineId, isRetryable: false });
    }
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) {
      const text = body.subarray(0, MAX_ERROR_BODY).toString('utf8');
      throw errorForStatus(request, response.status, request.vendorMessage(text), response.headers.get('retry-after'), request.vendorCode?.(text));
    }
    return { status: response.status, headers: response.headers, body };
  } catch (error) {
    throw failure(error);
  }
}

/** Parses a JSON answer against the vendor's documented shape, or fails (not retryable) saying what differed. */
export function parseJsonBody<T>(response: RemoteResponse, request: Pick<RemoteRequest, 'engineId' | 'doing'>, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(response.body.toString('utf8'));
  } catch (cause) {
    throw new EngineFailedError(`${request.engineId} answered with something that is not JSON while ${request.doing}`, { engineId: request.engineId, isRetryable: false, cause });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new EngineFailedError(`${request.engineId} answered with an unexpected shape while ${request.doing} (${issue?.path.join('.') || 'body'}: ${issue?.message})`, {
      engineId: request.engineId,
      isRetryable: false,
    });
  }
  return parsed.data;
}

/** A vendor's JSON error body, read leniently: the first of `pick`'s answers that is a non-empty string. */
export function jsonErrorMessage(body: string, pick: (json: Record<string, unknown>) => unknown): string | undefined {
  try {
    const json: unknown = JSON.parse(body);
    if (json && typeof json === 'object') {
      const message = pick(json as Record<string, unknown>);
      if (typeof message === 'string' && message.trim()) return message.trim();
    }
  } catch {
    // Not JSON: fall through to the text.
  }
  const text = body.trim();
  return text ? text.slice(0, 300) : undefined;
}

/** `https://host/v1/` → `https://host`: settings may name the base with or without the API version. */
export function apiOrigin(baseUrl: string, versionSuffix = /\/v\d+\/?$/): string {
  return baseUrl.trim().replace(/\/+$/, '').replace(versionSuffix, '').replace(/\/+$/, '');
}
