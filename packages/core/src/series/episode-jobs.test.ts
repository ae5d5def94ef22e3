import { describe, expect, it } from 'vitest';
import { distinctJobs, languageShare } from './episode-jobs.ts';

describe('an episode’s jobs', () => {
  it('counts a job shared by languages once, and splits its points so the shares add up', () => {
    const shared = { fr: 'j1', es: 'j1', ca: 'j1' };
    expect(distinctJobs(shared)).toEqual(['j1']);
    const shares = Object.keys(shared).map((language) => [language, languageShare(100, language, shared)]);
    // ca first in language order: it takes the odd point.
    expect(Object.fromEntries(shares)).toEqual({ ca: 34, es: 33, fr: 33 });
    expect(shares.reduce((sum, [, points]) => sum + Number(points), 0)).toBe(100);
  });

  it('keeps a job per language (episodes added before one job per episode) as it was', () => {
    const legacy = { es: 'a', fr: 'b' };
    expect(distinctJobs(legacy)).toEqual(['a', 'b']);
    expect(languageShare(30, 'es', legacy)).toBe(30);
    expect(languageShare(30, 'fr', legacy)).toBe(30);
    expect(distinctJobs({})).toEqual([]);
  });
});
