import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCall } from '../call.ts';
import { ErrorCode } from '../error-codes.ts';
import { signPath } from '../signature.ts';
import { ApiError, createApiClient, HttpError, TimeoutError } from './api-client.ts';

const echoCall = defineCall({
  path: '/api/test/echo',
  summary: 'test',
  tag: 'test',
  access: 'public',
  body: z.object({ text: z.string() }),
  data: z.object({ text: z.string() }),
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function clientWith(respond: (url: URL, init: RequestInit) => Response | Promise<Response>, extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  const notify = vi.fn<(message: string, code: number) => void>();
  const requests: { url: URL; init: RequestInit }[] = [];
  const client = createApiClient({
    baseUrl: 'http://api.test',
    secret: 's3cret-key',
    notify,
    now: () => 1_795_000_000_000,
    getIdentity: () => ({ userId: 'guest_1795_abc', token: 'tok' }),
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      requests.push({ url, init: init ?? {} });
      return respond(url, init ?? {});
    }) as typeof fetch,
    ...extra,
  });
  return { client, notify, requests };
}

describe('api client', () => {
  it('signs the call and sends the contract headers', async () => {
    const { client, requests } = clientWith(() => json({ code: 0, message: 'success', data: { text: 'hi' } }));
    await expect(client.call(echoCall, { text: 'hi' })).resolves.toEqual({ text: 'hi' });
    const { url, init } = requests[0]!;
    expect(url.pathname).toBe('/api/test/echo');
    expect(url.searchParams.get('timestamp')).toBe('1795000000000');
    expect(url.searchParams.get('signature')).toBe(signPath('/api/test/echo', 's3cret-key', '1795000000000'));
    const headers = init.headers as Record<string, string>;
    expect(headers.channel).toBe('100');
    expect(headers['user-id']).toBe('guest_1795_abc');
    expect(headers.authorization).toBe('Bearer tok');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ text: 'hi' });
  });

  it('raises TimeoutError when the server does not answer in time', async () => {
    const { client } = clientWith(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
      { timeoutMs: 30 },
    );
    await expect(client.call(echoCall, { text: 'x' })).rejects.toBeInstanceOf(TimeoutError);
  });

  it("throws 'HTTP error! status' for 400–599 and shows the catalogue message when there is one", async () => {
    const { client, notify } = clientWith(() => json({ code: ErrorCode.BODY_TOO_LARGE, message: 'too large', data: { limit: '1 MB' } }, 413));
    const error = await client.call(echoCall, { text: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('HTTP error! status: 413');
    expect(notify).toHaveBeenCalledWith('The request is too large (limit 1 MB).', ErrorCode.BODY_TOO_LARGE);

    const plain = clientWith(() => new Response('gateway down', { status: 502 }));
    await expect(plain.client.call(echoCall, { text: 'x' })).rejects.toThrow('HTTP error! status: 502');
  });

  it('a rate limit (HTTP 429) shows how long to wait, from the envelope or from a proxy\'s Retry-After', async () => {
    const limited = clientWith(() => json({ code: ErrorCode.TOO_MANY_REQUESTS, message: 'slow down', data: { errorCode: ErrorCode.TOO_MANY_REQUESTS, seconds: 42 } }, 429));
    const error = await limited.client.call(echoCall, { text: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(429);
    expect(limited.notify).toHaveBeenCalledWith('Too many requests. Please wait 42 s and try again.', ErrorCode.TOO_MANY_REQUESTS);

    const proxy = clientWith(() => new Response('<html>429 Too Many Requests</html>', { status: 429, headers: { 'retry-after': '7' } }), { getLocale: () => 'zh' });
    await expect(proxy.client.call(echoCall, { text: 'x' })).rejects.toMatchObject({ status: 429 });
    expect(proxy.notify).toHaveBeenCalledWith('请求过于频繁，请 7 秒后再试。', ErrorCode.TOO_MANY_REQUESTS);
    const dated = clientWith(() => new Response('', { status: 429, headers: { 'retry-after': new Date(1_795_000_000_000 + 90_000).toUTCString() } }));
    await expect(dated.client.call(echoCall, { text: 'x' })).rejects.toBeInstanceOf(HttpError);
    expect(dated.notify).toHaveBeenCalledWith('Too many requests. Please wait 90 s and try again.', ErrorCode.TOO_MANY_REQUESTS);
  });

  it('toasts the catalogue message for a non-zero code, in the current language', async () => {
    const { client, notify } = clientWith(() => json({ code: ErrorCode.SIGNATURE_INVALID, message: 'server text', data: null }), {
      getLocale: () => 'zh',
    });
    const error = await client.call(echoCall, { text: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(ErrorCode.SIGNATURE_INVALID);
    expect(notify).toHaveBeenCalledWith('请求签名无效，请刷新页面后重试。', ErrorCode.SIGNATURE_INVALID);
  });

  it('treats data.errorCode like a code, and falls back to the server message, then a default', async () => {
    const inData = clientWith(() => json({ code: 0, message: 'success', data: { errorCode: ErrorCode.REDEEM_CODE_USED } }));
    await expect(inData.client.call(echoCall, { text: 'x' })).rejects.toMatchObject({ code: ErrorCode.REDEEM_CODE_USED });
    expect(inData.notify).toHaveBeenCalledWith('This gift code has already been used.', ErrorCode.REDEEM_CODE_USED);

    const unknown = clientWith(() => json({ code: 777, message: 'Server says no', data: null }));
    await expect(unknown.client.call(echoCall, { text: 'x' })).rejects.toMatchObject({ code: 777 });
    expect(unknown.notify).toHaveBeenCalledWith('Server says no', 777);

    const bare = clientWith(() => json({ code: 778, message: '', data: null }));
    await expect(bare.client.call(echoCall, { text: 'x' })).rejects.toMatchObject({ code: 778 });
    expect(bare.notify).toHaveBeenCalledWith('Something went wrong. Please try again.', 778);
  });

  it('names the bad field of an invalid-parameter error', async () => {
    const { client, notify } = clientWith(() =>
      json({ code: ErrorCode.INVALID_PARAMETER, message: 'x', data: { errorCode: ErrorCode.INVALID_PARAMETER, field: 'text', reason: 'required' } }),
    );
    await expect(client.call(echoCall, { text: 'x' })).rejects.toBeInstanceOf(ApiError);
    expect(notify).toHaveBeenCalledWith('Invalid value for “text”: this field is required', ErrorCode.INVALID_PARAMETER);
  });

  it.each([0, 10078, 10091, 11048, 11049, 11053, 11058, 1000])('returns code %i raw, without a toast, when asked', async (code) => {
    const { client, notify } = clientWith(() => json({ code, message: 'm', data: null }));
    await expect(client.call(echoCall, { text: 'x' }, { raw: true })).resolves.toEqual({ code, message: 'm', data: null });
    expect(notify).not.toHaveBeenCalled();
  });

  it('still toasts and throws codes outside the raw list when raw is asked', async () => {
    const { client, notify } = clientWith(() => json({ code: ErrorCode.SIGNATURE_INVALID, message: 'm', data: null }));
    await expect(client.call(echoCall, { text: 'x' }, { raw: true })).rejects.toBeInstanceOf(ApiError);
    expect(notify).toHaveBeenCalledOnce();
  });

  it('corrects a skewed device clock from the server time and retries once', async () => {
    const serverTime = 1_795_000_000_000 + 3_600_000;
    const { client, requests } = clientWith((url) => {
      const stamp = Number(url.searchParams.get('timestamp'));
      if (url.pathname === '/api/system/time') return json({ code: 0, message: 'success', data: { serverTime } });
      if (Math.abs(stamp - serverTime) > 300_000) return json({ code: ErrorCode.TIMESTAMP_OUT_OF_WINDOW, message: 'stale', data: null });
      return json({ code: 0, message: 'success', data: { text: 'late' } });
    });
    await expect(client.call(echoCall, { text: 'x' })).resolves.toEqual({ text: 'late' });
    expect(requests.map((request) => request.url.pathname)).toEqual(['/api/test/echo', '/api/system/time', '/api/test/echo']);
    expect(client.clockOffsetMs).toBe(3_600_000);
  });

  it('reports a network failure with the catalogue message', async () => {
    const { client, notify } = clientWith(() => {
      throw new TypeError('fetch failed');
    });
    await expect(client.call(echoCall, { text: 'x' })).rejects.toMatchObject({ code: ErrorCode.NETWORK_ERROR });
    expect(notify).toHaveBeenCalledWith('Network error. Please check your connection and try again.', ErrorCode.NETWORK_ERROR);
  });
});
