import { describe, expect, it } from 'vitest';
import { audioSeparationCost, speechToSpeechCost, textToSpeechCost } from './prices.ts';

describe('tool prices', () => {
  it('charges per 1,000 characters and per minute, at least one point, more for premium engines', () => {
    expect(textToSpeechCost(0)).toBe(0);
    expect(textToSpeechCost(1)).toBe(1);
    expect(textToSpeechCost(1000)).toBe(10);
    expect(textToSpeechCost(50_000)).toBe(500);
    expect(textToSpeechCost(1000, 'premium')).toBe(30);
    expect(speechToSpeechCost(30)).toBe(10);
    expect(speechToSpeechCost(61)).toBe(21);
  });

  it('charges audio separation per started minute, three times as much with a remote (premium) engine', () => {
    expect(audioSeparationCost(0)).toBe(0);
    expect(audioSeparationCost(12)).toBe(3);
    expect(audioSeparationCost(61)).toBe(6);
    expect(audioSeparationCost(12, 'premium')).toBe(9);
  });
});
