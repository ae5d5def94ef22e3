import { describe, expect, it } from 'vitest';
import { audioSeparationCost, stsCost, ttsCost } from './prices.ts';

describe('tool prices', () => {
  it('charges per 1,000 characters and per minute, at least one point, more for premium engines', () => {
    expect(ttsCost(0)).toBe(0);
    expect(ttsCost(1)).toBe(1);
    expect(ttsCost(1000)).toBe(10);
    expect(ttsCost(50_000)).toBe(500);
    expect(ttsCost(1000, 'premium')).toBe(30);
    expect(stsCost(30)).toBe(10);
    expect(stsCost(61)).toBe(21);
  });

  it('charges audio separation per started minute, three times as much with a remote (premium) engine', () => {
    expect(audioSeparationCost(0)).toBe(0);
    expect(audioSeparationCost(12)).toBe(3);
    expect(audioSeparationCost(61)).toBe(6);
    expect(audioSeparationCost(12, 'premium')).toBe(9);
  });
});
