import { ErrorCode, signPath } from '@voxwork/contract';
import { createFeedbackRepository } from '@voxwork/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPglite } from '../../../../tests/support/test-database.ts';
import { createApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';

const SECRET = 'feedback-test-secret';
let app: App;

beforeAll(async () => {
  const config = loadConfig({ ROLE: 'api', API_SIGN_SECRET: SECRET, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' });
  app = await createApp(config, { database: await freshPglite() });
});
afterAll(() => app.stop());

function post(payload: unknown, headers: Record<string, string> = {}) {
  const path = '/api/feedback/create';
  const timestamp = Date.now();
  return app.http.inject({
    method: 'POST',
    url: `${path}?timestamp=${timestamp}&signature=${signPath(path, SECRET, timestamp)}`,
    headers: { 'content-type': 'application/json', channel: '100', ...headers },
    payload: JSON.stringify(payload),
  });
}

describe('POST /api/feedback/create', () => {
  it('stores the message, page, contact and caller', async () => {
    const response = await post(
      { message: '  The export button is hard to find ', page: '/zh/workbench/home', contact: 'me@example.com' },
      { 'user-id': 'guest_123', 'accept-language': 'zh-CN', 'user-agent': 'test-agent' },
    );
    const body = response.json();
    expect(body).toMatchObject({ code: 0, data: { id: expect.any(String) } });
    const [row] = await createFeedbackRepository(app.database.db).latest(1);
    expect(row).toMatchObject({
      id: body.data.id,
      message: 'The export button is hard to find',
      page: '/zh/workbench/home',
      contact: 'me@example.com',
      userId: 'guest_123',
      locale: 'zh',
      userAgent: 'test-agent',
    });
  });

  it('does not believe a user id that comes without a verified token (issue 20)', async () => {
    for (const headers of [{ 'user-id': 'HzWbo8bPB1IhnsM3n5zDzQB0AkfIZbsT' }, { 'user-id': 'HzWbo8bPB1IhnsM3n5zDzQB0AkfIZbsT', authorization: 'Bearer not-a-session-token' }, { 'user-id': 'guest_a b' }] as Record<string, string>[]) {
      const response = await post({ message: 'Signed as someone else', page: '/workbench/home' }, headers);
      expect(response.json()).toMatchObject({ code: 0, data: { id: expect.any(String) } });
      const [row] = await createFeedbackRepository(app.database.db).latest(1);
      expect(row).toMatchObject({ id: response.json().data.id, userId: null });
    }
  });

  it('stores no contact when none is given', async () => {
    const response = await post({ message: 'Hello', page: '/workbench/home' });
    expect(response.json().code).toBe(0);
    const [row] = await createFeedbackRepository(app.database.db).latest(1);
    expect(row?.contact).toBeNull();
  });

  it('refuses an empty message with INVALID_PARAMETER', async () => {
    const response = await post({ message: '   ', page: '/workbench/home' });
    expect(response.json().code).toBe(ErrorCode.INVALID_PARAMETER);
  });
});
