import { describe, expect, it } from 'vitest';
import { bearerToken, createCachedTokenUsers } from './request-user.ts';

describe('createCachedTokenUsers', () => {
  const users: Record<string, { id: string; email: string; disabled: boolean }> = {
    live: { id: 'u1', email: 'a@example.com', disabled: false },
    banned: { id: 'u2', email: 'b@example.com', disabled: true },
  };

  it('answers verified users only, asks once per token within the time to live, and stays bounded', async () => {
    const asked: string[] = [];
    let clock = 0;
    const tokenUsers = createCachedTokenUsers(
      async (token) => {
        asked.push(token);
        return users[token];
      },
      { ttlMs: 1000, maxEntries: 2, now: () => clock },
    );
    expect(await tokenUsers(undefined)).toBeUndefined();
    expect(await tokenUsers('live')).toBe('u1');
    expect(await tokenUsers('live')).toBe('u1');
    expect(await tokenUsers('banned')).toBeUndefined();
    expect(await tokenUsers('unknown')).toBeUndefined();
    expect(asked).toEqual(['live', 'banned', 'unknown']);
    // 'live' was the oldest of three answers with room for two: asked again.
    expect(await tokenUsers('live')).toBe('u1');
    clock = 1001;
    expect(await tokenUsers('unknown')).toBeUndefined();
    expect(asked).toEqual(['live', 'banned', 'unknown', 'live', 'unknown']);
  });

  it('reads a bearer token from raw headers', () => {
    expect(bearerToken({ authorization: 'Bearer abc.def' })).toBe('abc.def');
    expect(bearerToken({ authorization: 'Basic abc' })).toBeUndefined();
    expect(bearerToken({})).toBeUndefined();
  });
});
