import { ErrorCode, signPath } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPglite } from '../../../../tests/support/test-database.ts';
import { createApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';

const SECRET = 'contract-test-secret';
const OPERATOR = 'contract-test-operator-token';
let app: App;

beforeAll(async () => {
  const config = loadConfig({ ROLE: 'api', API_SIGN_SECRET: SECRET, OPERATOR_TOKEN: OPERATOR, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' });
  app = await createApp(config, { database: await freshPglite() });
});
afterAll(() => app.stop());

function signed(path: string, timestamp = Date.now()) {
  return `${path}?timestamp=${timestamp}&signature=${signPath(path, SECRET, timestamp)}`;
}

function post(path: string, payload: unknown, options: { url?: string; headers?: Record<string, string>; raw?: string } = {}) {
  return app.http.inject({
    method: 'POST',
    url: options.url ?? signed(path),
    headers: { 'content-type': 'application/json', channel: '100', ...options.headers },
    payload: options.raw ?? JSON.stringify(payload),
  });
}

describe('call contract at the HTTP edge', () => {
  it('answers a good call with the success envelope', async () => {
    const response = await post('/api/system/time', {});
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ code: 0, message: 'success', data: { serverTime: expect.any(Number) } });
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('accepts an empty body as {}', async () => {
    const response = await post('/api/system/time', undefined, { raw: '' });
    expect(response.json().code).toBe(0);
  });

  it('rejects a wrong signature with a catalogue code, not a stack trace', async () => {
    const timestamp = Date.now();
    const response = await post('/api/system/time', {}, { url: `/api/system/time?timestamp=${timestamp}&signature=${signPath('/api/system/time', 'wrong', timestamp)}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: ErrorCode.SIGNATURE_INVALID, message: 'The request signature is invalid. Please refresh the page and try again.', data: null });
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('rejects a signature made for another call', async () => {
    const timestamp = Date.now();
    const response = await post('/api/system/time', {}, { url: `/api/system/time?timestamp=${timestamp}&signature=${signPath('/api/system/selfCheck/get', SECRET, timestamp)}` });
    expect(response.json().code).toBe(ErrorCode.SIGNATURE_INVALID);
  });

  it('rejects a missing signature', async () => {
    const response = await post('/api/system/time', {}, { url: '/api/system/time' });
    expect(response.json().code).toBe(ErrorCode.SIGNATURE_MISSING);
  });

  it('rejects a stale timestamp and tells the server time, in Chinese when asked', async () => {
    const response = await post('/api/system/time', {}, { url: signed('/api/system/time', Date.now() - 6 * 60 * 1000), headers: { 'accept-language': 'zh-CN' } });
    const body = response.json();
    expect(body.code).toBe(ErrorCode.TIMESTAMP_OUT_OF_WINDOW);
    expect(body.message).toBe('你的设备时间与服务器相差太大，请检查日期和时间设置后重试。');
    expect(body.data.serverTime).toEqual(expect.any(Number));
  });

  it('rejects a wrong channel', async () => {
    const response = await post('/api/system/time', {}, { headers: { channel: '7' } });
    expect(response.json().code).toBe(ErrorCode.CHANNEL_INVALID);
  });

  it('rejects malformed JSON with 400 and a catalogue code', async () => {
    const response = await post('/api/system/time', null, { raw: '{"broken": ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: ErrorCode.MALFORMED_JSON, message: 'The request body is not valid JSON.', data: null });
  });

  it('rejects a body over the limit with 413 and names the limit', async () => {
    const response = await post('/api/system/time', null, { raw: JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: ErrorCode.BODY_TOO_LARGE, message: 'The request is too large (limit 1 MB).' });
  });

  it('rejects a body that is not JSON with 415', async () => {
    const response = await app.http.inject({ method: 'POST', url: signed('/api/system/time'), headers: { 'content-type': 'text/plain', channel: '100' }, payload: 'hi' });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  });

  it('names the invalid field, in both languages, and changes nothing', async () => {
    const headers = { authorization: `Bearer ${OPERATOR}` };
    const en = await post('/api/system/selfCheck/create', { durationSeconds: 'ten' }, { headers });
    expect(en.json()).toEqual({
      code: ErrorCode.INVALID_PARAMETER,
      message: 'Invalid value for “durationSeconds”: wrong type',
      data: { errorCode: ErrorCode.INVALID_PARAMETER, field: 'durationSeconds', reason: 'invalid_type' },
    });
    const zh = await post('/api/system/selfCheck/create', {}, { headers: { ...headers, 'accept-language': 'zh-CN' } });
    expect(zh.json().message).toBe('参数“durationSeconds”无效：此项必填');
    const extra = await post('/api/system/selfCheck/create', { durationSeconds: 1, sneaky: true }, { headers });
    expect(extra.json()).toMatchObject({ code: ErrorCode.INVALID_PARAMETER, data: { field: 'sneaky', reason: 'unrecognized_keys' } });
    const rows = await app.database.db.execute('select count(*)::int as n from jobs' as never);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('keeps operator calls for operators', async () => {
    expect((await post('/api/system/selfCheck/create', { durationSeconds: 1 })).json().code).toBe(ErrorCode.OPERATOR_ONLY);
    expect((await post('/api/system/selfCheck/create', { durationSeconds: 1 }, { headers: { authorization: 'Bearer nope' } })).json().code).toBe(ErrorCode.OPERATOR_ONLY);
  });

  it('answers a domain error with its catalogue code', async () => {
    const response = await post('/api/system/selfCheck/get', { jobId: '00000000-0000-4000-8000-000000000000' }, { headers: { authorization: `Bearer ${OPERATOR}` } });
    expect(response.json()).toEqual({ code: ErrorCode.JOB_NOT_FOUND, message: 'That job does not exist.', data: null });
  });

  it('answers unknown calls and wrong methods with envelopes', async () => {
    const unknown = await post('/api/nope', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: ErrorCode.CALL_NOT_FOUND, message: 'This call does not exist: /api/nope' });
    const get = await app.http.inject({ method: 'GET', url: '/api/system/time' });
    expect(get.statusCode).toBe(405);
    expect(get.json().code).toBe(ErrorCode.METHOD_NOT_ALLOWED);
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const response = await app.http.inject({ method: 'GET', url: '/api/docs' });
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const create = document.paths['/api/system/selfCheck/create'].post;
    expect(create.requestBody.content['application/json'].schema.properties.durationSeconds).toMatchObject({ type: 'integer', minimum: 1, maximum: 600 });
    expect(document['x-error-codes'].SIGNATURE_INVALID).toBe(ErrorCode.SIGNATURE_INVALID);
    // Authentication as security schemes (issue 30): no PUBLIC_URL configured here, so the server is the document's own origin.
    expect(create.security).toEqual([{ requestSignature: [], operatorToken: [] }]);
    expect(document.servers).toMatchObject([{ url: '/' }]);
  });

  it('answers /healthz and /readyz', async () => {
    expect((await app.http.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await app.http.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
  });
});
