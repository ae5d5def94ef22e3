import { describe, expect, it } from 'vitest';
import { createSessionCache, type SessionLookup } from './session-cache.ts';

function setUp(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let clock = 1_000_000;
  const rows = new Map<string, SessionLookup>();
  const lookups: string[] = [];
  const cache = createSessionCache(
    async (token) => {
      lookups.push(token);
      return rows.get(token);
    },
    { ttlMs: options.ttlMs ?? 10_000, maxEntries: options.maxEntries, now: () => clock },
  );
  const session = (token: string, id: string, expiresIn = 3_600_000) => rows.set(token, { id, email: `${id}@example.com`, disabled: false, expiresAt: clock + expiresIn });
  return { cache, rows, lookups, session, tick: (ms: number) => (clock += ms) };
}

describe('createSessionCache', () => {
  it('answers a known token from memory until the time is up, then asks again', async () => {
    const { cache, lookups, session, tick } = setUp();
    session('t1', 'ada');
    expect(await cache.authenticate('t1')).toEqual({ id: 'ada', email: 'ada@example.com', disabled: false });
    expect(await cache.authenticate('t1')).toMatchObject({ id: 'ada' });
    expect(lookups).toEqual(['t1']);
    tick(10_001);
    expect(await cache.authenticate('t1')).toMatchObject({ id: 'ada' });
    expect(lookups).toEqual(['t1', 't1']);
  });

  it('never keeps an answer past the session’s expiry', async () => {
    const { cache, rows, session, tick } = setUp();
    session('t1', 'ada', 2_000);
    expect(await cache.authenticate('t1')).toMatchObject({ id: 'ada' });
    rows.delete('t1');
    tick(2_001);
    expect(await cache.authenticate('t1')).toBeUndefined();
  });

  it('does not remember unknown tokens', async () => {
    const { cache, lookups, session } = setUp();
    expect(await cache.authenticate('nope')).toBeUndefined();
    session('nope', 'ada');
    expect(await cache.authenticate('nope')).toMatchObject({ id: 'ada' });
    expect(lookups).toEqual(['nope', 'nope']);
  });

  it('forgets every token of a user at once, and no other user’s', async () => {
    const { cache, rows, session } = setUp();
    session('a1', 'ada');
    session('a2', 'ada');
    session('b1', 'bob');
    for (const token of ['a1', 'a2', 'b1']) await cache.authenticate(token);
    rows.delete('a1');
    rows.delete('a2');
    cache.forgetUser('ada');
    expect(await cache.authenticate('a1')).toBeUndefined();
    expect(await cache.authenticate('a2')).toBeUndefined();
    expect(cache.size).toBe(1);
    expect(await cache.authenticate('b1')).toMatchObject({ id: 'bob' });
  });

  it('does not store an answer read before a sign-out that came while it was read', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const cache = createSessionCache(
      async () => {
        await gate;
        return { id: 'ada', email: 'ada@example.com', disabled: false, expiresAt: Date.now() + 60_000 };
      },
      { ttlMs: 10_000 },
    );
    const pending = cache.authenticate('t1');
    cache.forgetUser('ada');
    release();
    expect(await pending).toMatchObject({ id: 'ada' });
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries answers, the oldest going first', async () => {
    const { cache, lookups, session } = setUp({ maxEntries: 2 });
    for (const [token, id] of [['t1', 'a'], ['t2', 'b'], ['t3', 'c']] as const) {
      session(token, id);
      await cache.authenticate(token);
    }
    expect(cache.size).toBe(2);
    await cache.authenticate('t1');
    expect(lookups).toEqual(['t1', 't2', 't3', 't1']);
  });

  it('asks every time when the time is 0', async () => {
    const { cache, lookups, session } = setUp({ ttlMs: 0 });
    session('t1', 'ada');
    await cache.authenticate('t1');
    await cache.authenticate('t1');
    expect(lookups).toEqual(['t1', 't1']);
  });
});
