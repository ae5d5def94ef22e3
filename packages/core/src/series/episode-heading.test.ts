import { describe, expect, it } from 'vitest';
import { episodeHeading } from './series.service.ts';

describe('an episode heading', () => {
  it('numbers the title once, whether or not the file name already numbers it', () => {
    expect(episodeHeading(2, 'The door')).toBe('E02 The door');
    expect(episodeHeading(2, 'E02 The door')).toBe('E02 The door');
    expect(episodeHeading(2, 'E2 Market')).toBe('E02 Market');
    expect(episodeHeading(12, 'EP12 - Storm')).toBe('E12 Storm');
    expect(episodeHeading(3, '第3集 重逢')).toBe('E03 重逢');
    expect(episodeHeading(1, 'E01')).toBe('E01');
  });

  it('keeps a number that is not the episode’s', () => {
    expect(episodeHeading(2, 'E05 recap')).toBe('E02 E05 recap');
    expect(episodeHeading(4, '2049 nights')).toBe('E04 2049 nights');
    expect(episodeHeading(4, 'Episode of doom')).toBe('E04 Episode of doom');
  });
});
