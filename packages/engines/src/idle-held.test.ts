import { describe, expect, it } from 'vitest';
import { IdleHeld } from './idle-held.ts';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('IdleHeld', () => {
  it('loads once for every holder, keeps the value while one holds it, frees it once idle and loads again on the next use', async () => {
    const events: string[] = [];
    let loads = 0;
    const held = new IdleHeld(
      async () => {
        loads++;
        events.push(`load ${loads}`);
        return { id: loads };
      },
      (value) => void events.push(`free ${value.id}`),
      { idleMs: 20 },
    );
    const [a, b] = await Promise.all([held.acquire(), held.acquire()]);
    expect(a.value).toBe(b.value);
    a.release();
    a.release(); // twice is once
    await tick(60);
    expect(events).toEqual(['load 1']); // b still holds it
    b.release();
    await tick(60);
    expect(events).toEqual(['load 1', 'free 1']);
    expect(held.loaded).toBe(false);
    const c = await held.acquire();
    expect(c.value.id).toBe(2);
    // A new holder before the idle time cancels the release.
    c.release();
    const d = await held.acquire();
    await tick(60);
    expect(events).toEqual(['load 1', 'free 1', 'load 2']);
    d.release();
    await held.close();
    expect(events).toEqual(['load 1', 'free 1', 'load 2', 'free 2']);
  });

  it('tries a failed load again on the next acquire, and a failure holds nothing', async () => {
    let attempts = 0;
    const held = new IdleHeld(
      async () => {
        attempts++;
        if (attempts === 1) throw new Error('model file missing');
        return 'model';
      },
      () => undefined,
      { idleMs: 10 },
    );
    await expect(held.acquire()).rejects.toThrow('model file missing');
    const second = await held.acquire();
    expect(second.value).toBe('model');
    second.release();
    await held.close();
  });
});
