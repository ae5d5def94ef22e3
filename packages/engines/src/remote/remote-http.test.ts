import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { EngineAuthError, EngineFailedError, EngineInputError } from '../engine-errors.ts';
import { apiOrigin, errorForStatus, redactSecrets, remoteRequest } from './remote-http.ts';
import { vendorLanguage } from './remote-language.ts';

const call = { engineId: 'acme:tts', doing: 'speaking', secrets: ['sk-secret-1'] };

describe('remote HTTP helpers', () => {
  it('maps statuses: 401/403 auth, 400/404/413/415/422 input, 408/409/425/429/5xx retryable, the rest not', () => {
    expect(errorForStatus(call, 401, 'bad key')).toBeInstanceOf(EngineAuthError);
    expect(errorForStatus(call, 403, undefined)).toMatchObject({ code: 'unauthorized', isRetryable: false });
    for (const status of [400, 404, 413, 415, 422]) expect(errorForStatus(call, status, 'no')).toBeInstanceOf(EngineInputError);
    for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) expect(errorForStatus(call, status, 'later')).toMatchObject({ code: 'engine-failed', isRetryable: true });
    expect(errorForStatus(call, 418, 'teapot')).toMatchObject({ code: 'engine-failed', isRetryable: false });
    expect(errorForStatus(call, 429, 'slow down', '30').message).toBe('acme:tts answered HTTP 429 while speaking: slow down (retry after 30 s)');
    expect(errorForStatus(call, 400, 'key sk-secret-1 is wrong').message).not.toContain('sk-secret-1');
  });

  it('scrubs secrets and bearer tokens from messages', () => {
    expect(redactSecrets('key sk-secret-1, again sk-secret-1', ['sk-secret-1'])).toBe('key ***, again ***');
    expect(redactSecrets('Authorization: Bearer abc.def', [])).toBe('Authorization: Bearer ***');
    expect(redactSecrets('nothing here', [''])).toBe('nothing here');
  });

  it('accepts base URLs with or without the API version', () => {
    expect(apiOrigin('https://api.openai.com/v1')).toBe('https://api.openai.com');
    expect(apiOrigin('https://api.openai.com/v1/')).toBe('https://api.openai.com');
    expect(apiOrigin('http://localhost:8880/')).toBe('http://localhost:8880');
    expect(apiOrigin('https://proxy.example.com/openai/v1')).toBe('https://proxy.example.com/openai');
  });

  it('does not follow redirects (a key header would follow them): a non-retryable configuration error', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(302, { location: 'http://example.invalid/elsewhere' });
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/audio/speech`;
      const error = await remoteRequest({ ...call, url, method: 'GET', timeoutMs: 2000, vendorMessage: () => undefined }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(EngineFailedError);
      expect(error).toMatchObject({ isRetryable: false, message: expect.stringMatching(/redirect/) });
    } finally {
      server.close();
    }
  });
});

describe('vendorLanguage', () => {
  it('keeps the primary subtag, lower-cased, with Mandarin as zh', () => {
    expect(['en-US', 'cmn', 'cmn-latn-pinyin', 'zh_CN', 'sv', 'yue'].map(vendorLanguage)).toEqual(['en', 'zh', 'zh', 'zh', 'sv', 'yue']);
  });
});
