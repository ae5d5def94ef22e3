import { isMainThread } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFreedMemory, glibcMallocTrim } from './freed-memory.ts';
import { IdleHeld } from './idle-held.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('freed memory given back to the system', () => {
  afterEach(() => void vi.useRealTimers());

  it('trims once, the delay after the last of several releases', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const freed = createFreedMemory({ trim: async () => async () => (calls++, true), delayMs: 1000 });
    freed.soon();
    await vi.advanceTimersByTimeAsync(600);
    freed.soon();
    await vi.advanceTimersByTimeAsync(600);
    freed.soon();
    await vi.advanceTimersByTimeAsync(999);
    expect(calls, 'within the delay of the last release').toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(1);
    expect(freed.trims).toBe(1);
    freed.soon();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls, 'a later release trims again').toBe(2);
  });

  it('loads the trim once, and does nothing where there is none (not glibc) or it fails', async () => {
    vi.useFakeTimers();
    let loads = 0;
    const none = createFreedMemory({ trim: async () => (loads++, undefined), delayMs: 10 });
    none.soon();
    await vi.advanceTimersByTimeAsync(10);
    none.soon();
    await vi.advanceTimersByTimeAsync(10);
    expect(loads).toBe(1);
    expect(none.trims).toBe(0);
    const failing = createFreedMemory({
      trim: async () => async () => {
        throw new Error('no');
      },
      delayMs: 10,
    });
    failing.soon();
    await vi.advanceTimersByTimeAsync(10);
    expect(failing.trims, 'tried, and the failure swallowed').toBe(1);
  });

  it.runIf(process.platform === 'linux')('calls glibc’s malloc_trim on this machine', async () => {
    const trim = await glibcMallocTrim();
    expect(trim).toBeTypeOf('function');
    // Through koffi on a libuv thread: resolves with whether any page was given back.
    expect(typeof (await trim!())).toBe('boolean');
  });

  // The shared one trims on the main thread only (Vitest runs this file in a process of its own).
  it.runIf(process.platform === 'linux' && isMainThread)('is asked for when an IdleHeld value is released after its idle time', async () => {
    const { freedMemory } = await import('./freed-memory.ts');
    const before = freedMemory().trims;
    let freed = 0;
    const held = new IdleHeld(
      async () => ({ model: 1 }),
      () => void freed++,
      { idleMs: 20 },
    );
    (await held.acquire()).release();
    // The idle time (20 ms), then the shared trim's delay (1 s): waited for, up to 10 s on a loaded machine.
    for (let waited = 0; freedMemory().trims === before && waited < 10_000; waited += 50) await wait(50);
    expect(freed).toBe(1);
    expect(freedMemory().trims, 'one trim, a second after the release').toBe(before + 1);
  });
});
