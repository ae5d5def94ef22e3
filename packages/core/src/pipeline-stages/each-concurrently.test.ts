import { describe, expect, it } from 'vitest';
import { eachConcurrently } from './each-concurrently.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('eachConcurrently', () => {
  it('runs every item once, never more than the limit at a time, starting them in order', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await eachConcurrently([10, 11, 12, 13, 14, 15, 16], 3, async (item) => {
      started.push(item);
      running++;
      most = Math.max(most, running);
      for (let wait = 0; wait < item % 3; wait++) await tick();
      running--;
    });
    expect(started).toEqual([10, 11, 12, 13, 14, 15, 16]);
    expect(most).toBe(3);
  });

  it('starts nothing after a failure, lets the running ones end, and throws the first error', async () => {
    const ended: number[] = [];
    const attempt = eachConcurrently([0, 1, 2, 3, 4, 5], 2, async (item) => {
      await tick();
      if (item === 1) throw new Error('take 1 failed');
      await tick();
      ended.push(item);
    });
    await expect(attempt).rejects.toThrow('take 1 failed');
    expect(ended).toEqual([0]);
  });

  it('handles no items and a limit below one', async () => {
    await eachConcurrently([], 2, async () => {
      throw new Error('never');
    });
    const seen: number[] = [];
    await eachConcurrently([1, 2], 0, async (item) => void seen.push(item));
    expect(seen).toEqual([1, 2]);
  });
});
