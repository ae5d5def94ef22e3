import type { z } from 'zod';
import type { CallDefinition, CallHandle } from '../call.ts';
import type { Envelope } from '../envelope.ts';
import { ErrorCode, invalidReasonText, isLocalizedText, messageFor, RAW_CODES, type Locale, type MessageParam } from '../error-codes.ts';
import { CONTRACT_HEADERS, WEB_CHANNEL } from '../headers.ts';
import { signPath } from '../signature.ts';
import { systemTimeCall } from './call-handles.ts';

/** The request did not answer within the timeout. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/** The server answered with HTTP 400–599 (spec §8: 'HTTP error! status'). */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly envelope: Envelope | undefined;
  constructor(status: number, envelope: Envelope | undefined) {
    super(`HTTP error! status: ${status}`);
    this.status = status;
    this.envelope = envelope;
  }
}

/** The server answered with a non-zero code (or `data.errorCode`). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

export interface ApiIdentity {
  userId?: string | undefined;
  token?: string | undefined;
}

export interface ApiClientOptions {
  /** Base URL of the API; '' means the page's own origin. */
  baseUrl: string;
  /** The signing secret (public by design: see signature.ts). */
  secret: string;
  timeoutMs?: number;
  getIdentity?: () => ApiIdentity;
  getLocale?: () => Locale;
  /** Shows a message to the user (a toast in the web app). */
  notify?: (message: string, code: number) => void;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface CallOptions {
  /** Return the envelope itself for codes in RAW_CODES instead of toasting and throwing. */
  raw?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** `Retry-After` (seconds or an HTTP date) as whole seconds to wait; 60 when absent or unreadable. */
export function retryAfterSeconds(header: string | null, nowMs: number): number {
  const value = header?.trim() ?? '';
  if (/^\d+$/.test(value)) return Math.max(1, Number(value));
  const date = Date.parse(value);
  return Number.isNaN(date) ? 60 : Math.max(1, Math.ceil((date - nowMs) / 1000));
}

export function createApiClient(options: ApiClientOptions) {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const now = options.now ?? Date.now;
  const locale = () => options.getLocale?.() ?? 'en';
  let clockOffsetMs = 0;

  function userMessage(code: number, envelope: Envelope | undefined): string {
    const data = (envelope?.data ?? {}) as Record<string, unknown>;
    const params: Record<string, MessageParam> = {};
    for (const [key, value] of Object.entries(data)) {
      if (typeof value === 'string' || typeof value === 'number' || isLocalizedText(value)) params[key] = value;
    }
    if (typeof data.reason === 'string') params.reason = invalidReasonText(locale(), data.reason);
    return messageFor(locale(), code, params) || envelope?.message || messageFor(locale(), ErrorCode.UNKNOWN)!;
  }

  async function send(path: string, body: unknown, callOptions: CallOptions): Promise<{ status: number; envelope: Envelope | undefined; retryAfter: string | null }> {
    const timestamp = String(Math.round(now() + clockOffsetMs));
    const url = `${options.baseUrl}${path}?timestamp=${timestamp}&signature=${signPath(path, options.secret, timestamp)}`;
    const identity = options.getIdentity?.() ?? {};
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      [CONTRACT_HEADERS.channel]: WEB_CHANNEL,
      [CONTRACT_HEADERS.language]: locale() === 'zh' ? 'zh-CN' : 'en',
    };
    if (identity.userId) headers[CONTRACT_HEADERS.userId] = identity.userId;
    if (identity.token) headers[CONTRACT_HEADERS.authorization] = `Bearer ${identity.token}`;

    const timeout = AbortSignal.timeout(callOptions.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = callOptions.signal ? AbortSignal.any([callOptions.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetchImpl(url, { method: 'POST', headers, body: JSON.stringify(body ?? {}), signal });
    } catch (error) {
      if (timeout.aborted) throw new TimeoutError(userMessage(ErrorCode.REQUEST_TIMEOUT, undefined));
      if (callOptions.signal?.aborted) throw error;
      const message = userMessage(ErrorCode.NETWORK_ERROR, undefined);
      options.notify?.(message, ErrorCode.NETWORK_ERROR);
      throw new ApiError(ErrorCode.NETWORK_ERROR, message, { cause: String(error) });
    }
    let envelope: Envelope | undefined;
    try {
      const parsed: unknown = await response.json();
      if (parsed && typeof parsed === 'object' && 'code' in parsed) envelope = parsed as Envelope;
    } catch {
      if (timeout.aborted) throw new TimeoutError(userMessage(ErrorCode.REQUEST_TIMEOUT, undefined));
      envelope = undefined;
    }
    return { status: response.status, envelope, retryAfter: response.headers.get('retry-after') };
  }

  async function post<T = unknown>(path: string, body: unknown, callOptions: CallOptions = {}): Promise<T | Envelope<T>> {
    let { status, envelope, retryAfter } = await send(path, body, callOptions);
    if (envelope?.code === ErrorCode.TIMESTAMP_OUT_OF_WINDOW && path !== systemTimeCall.path) {
      // The device clock is off: learn the offset from the server once and retry.
      const time = await send(systemTimeCall.path, {}, callOptions);
      const serverTime = (time.envelope?.data as { serverTime?: number } | null)?.serverTime;
      if (typeof serverTime === 'number') {
        clockOffsetMs = serverTime - now();
        ({ status, envelope, retryAfter } = await send(path, body, callOptions));
      }
    }
    if (status === 429 && !envelope) {
      // A proxy's or load balancer's own 429: say so in the catalogue's words, with its Retry-After.
      envelope = { code: ErrorCode.TOO_MANY_REQUESTS, message: '', data: { errorCode: ErrorCode.TOO_MANY_REQUESTS, seconds: retryAfterSeconds(retryAfter, now()) } };
    }
    if (status >= 400 && status <= 599) {
      if (envelope) options.notify?.(userMessage(envelope.code, envelope), envelope.code);
      throw new HttpError(status, envelope);
    }
    if (!envelope) throw new HttpError(status, undefined);
    const dataCode = (envelope.data as { errorCode?: unknown } | null)?.errorCode;
    const code = envelope.code !== ErrorCode.OK ? envelope.code : typeof dataCode === 'number' ? dataCode : ErrorCode.OK;
    if (callOptions.raw && RAW_CODES.has(code)) return envelope as Envelope<T>;
    if (code !== ErrorCode.OK) {
      const message = userMessage(code, envelope);
      options.notify?.(message, code);
      throw new ApiError(code, message, envelope.data);
    }
    return callOptions.raw ? (envelope as Envelope<T>) : (envelope.data as T);
  }

  // A definition (server, tests, scripts) or a schema-free handle (browser code, decision 011).
  function call<B extends z.ZodType, D extends z.ZodType>(
    definition: CallDefinition<B, D> | CallHandle<B, D>,
    body: z.input<B>,
    callOptions?: Omit<CallOptions, 'raw'>,
  ): Promise<z.output<D>>;
  function call<B extends z.ZodType, D extends z.ZodType>(
    definition: CallDefinition<B, D> | CallHandle<B, D>,
    body: z.input<B>,
    callOptions: CallOptions & { raw: true },
  ): Promise<Envelope<z.output<D> | null>>;
  function call(definition: CallDefinition | CallHandle, body: unknown, callOptions: CallOptions = {}) {
    return post(definition.path, body, callOptions);
  }

  return { call, post, get clockOffsetMs() { return clockOffsetMs; } };
}

export type ApiClient = ReturnType<typeof createApiClient>;
