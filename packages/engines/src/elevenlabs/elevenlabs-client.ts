import { z } from 'zod';
import { EngineAuthError, EngineFailedError, EngineInputError } from '../engine-errors.ts';
import { apiOrigin, remoteRequest, vendorAnswerMessage, vendorAnswerOf, type RemoteResponse } from '../remote/remote-http.ts';
import { ELEVENLABS_DEFAULT_BASE_URL, elevenLabsErrorCode, elevenLabsErrorMessage } from './elevenlabs-api.ts';

/** Settings shared by the ElevenLabs engines (one key, one account). */
export interface ElevenLabsSettings {
  /** Sent as `xi-api-key`; kept in a private field, never logged or serialised. */
  apiKey: string;
  /** Default `https://api.elevenlabs.io` (with or without `/v1`). */
  baseUrl?: string;
  /** Per request (default 120 s; voice cloning uploads may need more). */
  timeoutMs?: number;
}

export const elevenLabsSettingsSchema = z.object({
  apiKey: z.string().trim().min(1, 'apiKey is required'),
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  timeoutMs: z.number().int().positive().optional(),
});

export interface ElevenLabsCall {
  engineId: string;
  doing: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string | undefined>;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal | undefined;
}

/** The HTTP side of the ElevenLabs engines: base URL, key header, timeouts, error mapping. */
export class ElevenLabsClient {
  readonly origin: string;
  readonly #apiKey: string;
  readonly #timeoutMs: number;

  constructor(settings: ElevenLabsSettings, engineId: string) {
    const parsed = elevenLabsSettingsSchema.safeParse(settings);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new EngineInputError(`${engineId} settings: ${issue?.path.join('.') || 'settings'}: ${issue?.message}`, { engineId });
    }
    this.origin = apiOrigin(parsed.data.baseUrl ?? ELEVENLABS_DEFAULT_BASE_URL);
    this.#apiKey = parsed.data.apiKey.trim();
    this.#timeoutMs = parsed.data.timeoutMs ?? 120_000;
  }

  async call(call: ElevenLabsCall): Promise<RemoteResponse> {
    const url = new URL(`${this.origin}${call.path}`);
    for (const [key, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(key, value);
    const headers: Record<string, string> = { 'xi-api-key': this.#apiKey, accept: 'application/json, audio/*' };
    let body: string | FormData | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    } else if (call.form) {
      body = call.form; // fetch sets the multipart boundary
    }
    try {
      return await remoteRequest({
        engineId: call.engineId,
        doing: call.doing,
        url: url.toString(),
        method: call.method,
        headers,
        body,
        signal: call.signal,
        timeoutMs: this.#timeoutMs,
        secrets: [this.#apiKey],
        vendorMessage: elevenLabsErrorMessage,
        vendorCode: elevenLabsErrorCode,
      });
    } catch (error) {
      // ElevenLabs answers an exhausted quota with 401 too: that is not a bad key, and waiting will not help.
      const answer = vendorAnswerOf(error);
      if (error instanceof EngineAuthError && answer?.vendorCode === 'quota_exceeded') {
        throw new EngineFailedError(`${vendorAnswerMessage({ ...call, secrets: [this.#apiKey] }, answer.status, answer.vendorMessage)} (the account has no credits left)`, {
          engineId: call.engineId,
          isRetryable: false,
          cause: error.cause,
        });
      }
      throw error;
    }
  }
}
