import { describe, expect, it } from 'vitest';
import { normalizeWords, wordErrorRate } from './word-error-rate.ts';

describe('word error rate', () => {
  it('normalises case, punctuation and hyphens', () => {
    expect(normalizeWords("Don't — stop, Mr. Smith! A well-known 'tale'.")).toEqual(["don't", 'stop', 'mr', 'smith', 'a', 'well', 'known', 'tale']);
  });

  it('counts substitutions, deletions and insertions over the reference length', () => {
    expect(wordErrorRate('the cat sat on the mat', 'the cat sat on the mat')).toMatchObject({ rate: 0 });
    expect(wordErrorRate('the cat sat on the mat', 'the bat sat on mat today')).toMatchObject({ rate: 3 / 6, referenceWords: 6 });
    expect(wordErrorRate('a b c d', 'a c d')).toEqual({ rate: 1 / 4, substitutions: 0, deletions: 1, insertions: 0, referenceWords: 4 });
    expect(wordErrorRate('a b', 'a x b y')).toEqual({ rate: 1, substitutions: 0, deletions: 0, insertions: 2, referenceWords: 2 });
    expect(wordErrorRate('a b', 'a c')).toEqual({ rate: 0.5, substitutions: 1, deletions: 0, insertions: 0, referenceWords: 2 });
    expect(wordErrorRate('', '')).toMatchObject({ rate: 0 });
    expect(wordErrorRate('one two', '')).toMatchObject({ rate: 1, deletions: 2 });
  });
});
