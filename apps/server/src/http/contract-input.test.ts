import { ErrorCode, signPath } from '@voxwork/contract';
import { createFeedbackRepository } from '@voxwork/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../../tests/support/accounts.ts';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import type { App } from '../app.ts';

// Issue 20, defect 1: a NUL byte or a year-0 date reached PostgreSQL and came back as HTTP 500.
// Every call's body refuses them at the edge, with INVALID_PARAMETER naming the field and why.

const SECRET = 'contract-input-test-secret';
const OPERATOR = 'contract-input-operator-token';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
let server: TestApp;
let app: App;
let user: { token: string; userId: string };

beforeAll(async () => {
  server = await startTestApp({ name: 'contract-input', env: { API_SIGN_SECRET: SECRET, OPERATOR_TOKEN: OPERATOR } });
  app = server.app;
  user = await createVerifiedUser(server.base, server.dataDir, `contract-input-${Date.now()}@example.com`);
});
afterAll(() => server?.stop());

type As = 'public' | 'user' | 'operator';

function post(pathName: string, payload: unknown, options: { as?: As; raw?: string; headers?: Record<string, string> } = {}) {
  const timestamp = Date.now();
  const identity: Record<string, string> =
    options.as === 'user'
      ? { authorization: `Bearer ${user.token}`, 'user-id': user.userId }
      : options.as === 'operator'
        ? { authorization: `Bearer ${OPERATOR}` }
        : {};
  return app.http.inject({
    method: 'POST',
    url: `${pathName}?timestamp=${timestamp}&signature=${signPath(pathName, SECRET, timestamp)}`,
    headers: { 'content-type': 'application/json', channel: '100', ...identity, ...options.headers },
    payload: options.raw ?? JSON.stringify(payload),
  });
}

async function expectInvalid(response: Awaited<ReturnType<typeof post>>, field: string, reason: string) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ code: ErrorCode.INVALID_PARAMETER, data: { errorCode: ErrorCode.INVALID_PARAMETER, field, reason } });
}

describe('a NUL byte in any text field', () => {
  const cases: [string, As, Record<string, unknown>, string][] = [
    ['/api/feedback/create', 'public', { message: 'broken\u0000message', page: '/workbench' }, 'message'],
    ['/api/feedback/create', 'public', { message: 'ok', page: '/workbench', contact: 'me\u0000@example.com' }, 'contact'],
    ['/api/text-to-speech/pronunciations/save', 'user', { language: 'en', term: 'SQL\u0000', replacement: 'sequel' }, 'term'],
    ['/api/text-to-speech/pronunciations/save', 'user', { language: 'en', term: 'SQL', replacement: 'se\u0000quel' }, 'replacement'],
    ['/api/text-to-speech/create', 'user', { text: 'Hello\u0000world', voiceKey: 'espeak/en' }, 'text'],
    ['/api/text-to-speech/create', 'user', { text: 'A: hi', voiceKey: 'espeak/en', dialogue: true, speakers: { 'A\u0000': 'espeak/en' } }, 'speakers.A\ufffd'],
    ['/api/text-to-speech/preview', 'user', { text: 'Hi\u0000', voiceKey: 'espeak/en' }, 'text'],
    ['/api/jobs/list', 'user', { types: ['text-to-speech.synthesize', 'x\u0000'] }, 'types.1'],
    ['/api/voices/favorite', 'user', { voiceKey: 'espeak/en\u0000', favorite: true }, 'voiceKey'],
    ['/api/voices/list', 'user', { query: 'warm\u0000' }, 'query'],
    ['/bill/userAccount/redeemCode', 'user', { redeemCode: 'ABCD\u0000' }, 'redeemCode'],
    ['/api/share/get', 'public', { token: 'x\u0000' }, 'token'],
    ['/api/operator/giftCodes/create', 'operator', { count: 1, points: 10, note: 'launch\u0000' }, 'note'],
    ['/api/operator/giftCodes/list', 'operator', { batchId: 'B1\u0000' }, 'batchId'],
    ['/api/operator/giftCodes/disable', 'operator', { codes: ['ABCD\u0000'] }, 'codes.0'],
    ['/api/operator/points/adjust', 'operator', { userId: 'u1', points: 5, reason: 'refund\u0000', requestId: 'request-0001' }, 'reason'],
    ['/api/system/selfCheck/create', 'operator', { durationSeconds: 1, ownerId: 'u\u0000' }, 'ownerId'],
    ['/api/log/recent', 'operator', { eventName: 'page\u0000' }, 'eventName'],
    ['/api/log/create', 'public', { event_name: 'page_visit', timestamp: 1, path: '/x\u0000' }, 'path'],
  ];
  it.each(cases)('%s (%s) is refused with INVALID_PARAMETER, not HTTP 500', async (pathName, as, body, field) => {
    await expectInvalid(await post(pathName, body, { as }), field, 'control_character');
  });

  it('says so in the caller’s language', async () => {
    const en = await post('/api/text-to-speech/pronunciations/save', { language: 'en', term: 'a\u0000', replacement: 'b' }, { as: 'user' });
    expect(en.json().message).toBe('Invalid value for “term”: contains a control character (such as a NUL byte), which is not allowed');
    const zh = await post('/api/text-to-speech/pronunciations/save', { language: 'en', term: 'a\u0000', replacement: 'b' }, { as: 'user', headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json().message).toBe('参数“term”无效：包含不允许的控制字符（例如 NUL 字节）');
  });

  // Names and titles a person gives are built from displayName (issue 30): their control characters are removed, not refused, so the call goes on (here to "not found").
  it.each([
    ['/api/jobs/rename', { jobId: UNKNOWN_ID, title: 'title\u0000' }, ErrorCode.JOB_NOT_FOUND],
    ['/api/jobs/rename', { jobId: UNKNOWN_ID, title: 'one\ntwo' }, ErrorCode.JOB_NOT_FOUND],
    ['/api/text-to-speech/create', { text: 'Hello', voiceKey: 'nope/none', title: 'A\u0000title' }, ErrorCode.VOICE_NOT_FOUND],
  ] as const)('%s: a name or title loses its control characters instead', async (pathName, body, code) => {
    expect((await post(pathName, body, { as: 'user' })).json()).toMatchObject({ code });
  });

  it('stores nothing', async () => {
    const before = (await createFeedbackRepository(app.database.db).latest(1000)).length;
    await post('/api/feedback/create', { message: 'x\u0000', page: '/' });
    expect((await createFeedbackRepository(app.database.db).latest(1000)).length).toBe(before);
  });

  it('refuses broken Unicode (a lone surrogate) and line breaks in one-line fields too', async () => {
    await expectInvalid(await post('/api/text-to-speech/pronunciations/save', { language: 'en', term: 'a\ud800', replacement: 'b' }, { as: 'user' }), 'term', 'broken_text');
    await expectInvalid(await post('/api/text-to-speech/pronunciations/save', { language: 'en', term: 'one\ntwo', replacement: 'b' }, { as: 'user' }), 'term', 'line_break');
    await expectInvalid(await post('/api/log/create', { event_name: 'x', timestamp: 1, nested: { list: ['\udc00'] } }), 'nested.list.0', 'broken_text');
  });
});

describe('a date outside 1970–9999', () => {
  it.each([
    ['/bill/point/consume/pageList', 'user', { startTime: '0000-01-01T00:00:00Z' }, 'startTime'],
    ['/bill/point/consume/pageList', 'user', { endTime: '9999-12-31T23:59:59-05:00' }, 'endTime'],
    ['/api/operator/giftCodes/create', 'operator', { count: 1, points: 10, expiresAt: '0000-01-01T00:00:00Z' }, 'expiresAt'],
  ] as [string, As, Record<string, unknown>, string][])('%s (%s) %j is refused', async (pathName, as, body, field) => {
    await expectInvalid(await post(pathName, body, { as }), field, 'date_out_of_range');
  });

  it('while the range’s own ends are answered', async () => {
    const response = await post('/bill/point/consume/pageList', { startTime: '1970-01-01T00:00:00Z', endTime: '9999-12-31T23:59:59.999Z' }, { as: 'user' });
    expect(response.json()).toMatchObject({ code: 0, data: { total: expect.any(Number) } });
  });
});

describe('bodies no client should send still get an envelope', () => {
  it('JSON nested 10,000 deep, as the body or inside a field', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    await expectInvalid(await post('/api/system/time', null, { raw: deep }), '(body)', 'too_deep');
    await expectInvalid(await post('/api/log/create', null, { raw: `{"event_name":"x","timestamp":1,"p":${deep}}` }), '(body)', 'too_deep');
    await expectInvalid(await post('/api/text-to-speech/create', null, { raw: `{"text":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`, as: 'user' }), '(body)', 'too_deep');
    // Brackets inside a string are text, not nesting.
    const script = await post('/api/text-to-speech/detectLanguage', { text: '['.repeat(20_000) }, { as: 'user' });
    expect(script.statusCode).toBe(200);
    expect(script.json().code).not.toBe(ErrorCode.INVALID_PARAMETER);
  });

  it('free-form analytics properties deeper than allowed', async () => {
    let nested: unknown = 'leaf';
    for (let level = 0; level < 20; level++) nested = { next: nested };
    const response = await post('/api/log/create', { event_name: 'x', timestamp: 1, nested });
    expect(response.json()).toMatchObject({ code: ErrorCode.INVALID_PARAMETER, data: { reason: 'too_deep' } });
  });

  it('a string just under the body limit, and one over it', async () => {
    await expectInvalid(await post('/api/jobs/rename', { jobId: UNKNOWN_ID, title: 'x'.repeat(1024 * 1024 - 100) }, { as: 'user' }), 'title', 'too_big');
    const over = await post('/api/jobs/rename', { jobId: UNKNOWN_ID, title: 'x'.repeat(1024 * 1024) }, { as: 'user' });
    expect(over.statusCode).toBe(413);
    expect(over.json().code).toBe(ErrorCode.BODY_TOO_LARGE);
  });

  it('numbers out of range, infinite, fractional or as strings', async () => {
    await expectInvalid(await post('/api/upload/list', { pageNum: 9007199254740991 }, { as: 'user' }), 'pageNum', 'too_big');
    await expectInvalid(await post('/api/upload/list', null, { raw: '{"pageNum":1e400}', as: 'user' }), 'pageNum', 'invalid_type');
    await expectInvalid(await post('/api/jobs/list', null, { raw: '{"pageNum":-1e400}', as: 'user' }), 'pageNum', 'invalid_type');
    await expectInvalid(await post('/api/jobs/list', { pageSize: 2.5 }, { as: 'user' }), 'pageSize', 'invalid_type');
    await expectInvalid(await post('/api/jobs/list', { pageNum: 'NaN' }, { as: 'user' }), 'pageNum', 'invalid_type');
    await expectInvalid(await post('/api/operator/points/adjust', { userId: 'u1', points: -0, reason: 'abc', requestId: 'request-0002' }, { as: 'operator' }), 'points', 'custom');
    await expectInvalid(await post('/api/text-to-speech/preview', { text: 'hi', voiceKey: 'espeak/en', speed: 1e308 }, { as: 'user' }), 'speed', 'too_big');
  });

  it('wrong types and huge arrays', async () => {
    await expectInvalid(await post('/api/jobs/rename', [], { as: 'user' }), '(body)', 'invalid_type');
    await expectInvalid(await post('/api/jobs/rename', 'title', { as: 'user' }), '(body)', 'invalid_type');
    await expectInvalid(await post('/api/jobs/rename', { jobId: UNKNOWN_ID, title: { $gt: '' } }, { as: 'user' }), 'title', 'invalid_type');
    await expectInvalid(await post('/api/jobs/list', { types: Array.from({ length: 50_000 }, () => 'x') }, { as: 'user' }), 'types', 'too_big');
    await expectInvalid(await post('/api/operator/giftCodes/disable', { codes: Array.from({ length: 10_001 }, () => 'ABCD') }, { as: 'operator' }), 'codes', 'too_big');
    const speakers = Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`S${index}`, 'espeak/en']));
    await expectInvalid(await post('/api/text-to-speech/create', { text: 'S1: hi', voiceKey: 'espeak/en', dialogue: true, speakers }, { as: 'user' }), 'speakers', 'too_big');
  });

  it('an unknown key with a control character or a huge name is shown printable and short', async () => {
    const response = await post('/api/system/time', { [`k\u0000${'y'.repeat(5000)}`]: 1 });
    const body = response.json();
    expect(body).toMatchObject({ code: ErrorCode.INVALID_PARAMETER, data: { reason: 'unrecognized_keys' } });
    expect(body.data.field).toBe(`k\ufffd${'y'.repeat(98)}…`);
  });
});

describe('text people type still passes', () => {
  it('Chinese, emoji, accents, and line breaks and tabs in a message', async () => {
    const message = '导出按钮很难找 😅\n\tSecond line — ça marche?\r\nThird line 👩‍👩‍👧';
    const response = await post('/api/feedback/create', { message, page: '/zh/workbench/home' });
    expect(response.json()).toMatchObject({ code: 0, data: { id: expect.any(String) } });
    const [row] = await createFeedbackRepository(app.database.db).latest(1);
    expect(row!.message).toBe(message);
  });

  it('a pronunciation with Chinese and emoji is stored and read back unchanged', async () => {
    const saved = await post('/api/text-to-speech/pronunciations/save', { language: 'zh', term: '重庆 🏙️', replacement: 'chóng qìng' }, { as: 'user' });
    expect(saved.json()).toMatchObject({ code: 0, data: { term: '重庆 🏙️', replacement: 'chóng qìng' } });
  });

  it('a pasted title keeps its text and loses only the trailing line break', async () => {
    const response = await post('/api/text-to-speech/create', { text: '第一行。\n第二行。', voiceKey: 'nope/none', title: '  我的标题 ✨\n' }, { as: 'user' });
    // Validation passed: the voice is what is wrong.
    expect(response.json().code).toBe(ErrorCode.VOICE_NOT_FOUND);
  });
});

describe('errors handlers raise', () => {
  it('a catalogue reason is in the caller’s language; data keeps the key', async () => {
    const en = await post('/api/payments/checkout/create', { productId: 'points-7' }, { as: 'user' });
    expect(en.json()).toMatchObject({ code: ErrorCode.INVALID_PARAMETER, message: 'Invalid value for “productId”: not an allowed value', data: { field: 'productId', reason: 'invalid_value' } });
    const zh = await post('/api/payments/checkout/create', { productId: 'points-7' }, { as: 'user', headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json().message).toBe('参数“productId”无效：不是允许的值');
  });

  it('a gift code that already exists is an invalid code, never a database message', async () => {
    const first = await post('/api/operator/giftCodes/create', { count: 1, points: 10, code: 'EDGE-TEST-1' }, { as: 'operator' });
    expect(first.json().code).toBe(0);
    const again = await post('/api/operator/giftCodes/create', { count: 1, points: 10, code: 'edge-test-1' }, { as: 'operator' });
    expect(again.json()).toMatchObject({ code: ErrorCode.INVALID_PARAMETER, data: { field: 'code', reason: 'this code already exists' } });
    const nothing = await post('/api/operator/giftCodes/create', { count: 1, points: 0 }, { as: 'operator' });
    expect(nothing.json()).toMatchObject({ code: ErrorCode.INVALID_PARAMETER, data: { field: 'points' } });
    expect(JSON.stringify([again.json(), nothing.json()])).not.toMatch(/query|insert|select/i);
  });
});
