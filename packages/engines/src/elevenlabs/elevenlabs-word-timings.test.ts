import { describe, expect, it } from 'vitest';
import { wordsFromAlignment } from './elevenlabs-word-timings.ts';

/** An alignment in the documented shape: one entry per character, 0.1 s each from `from`. */
function alignment(characters: string[], from = 0) {
  return {
    characters,
    character_start_times_seconds: characters.map((_, index) => from + index / 10),
    character_end_times_seconds: characters.map((_, index) => from + (index + 1) / 10),
  };
}

describe('wordsFromAlignment', () => {
  it('spans each word from its first letter to its last letter, punctuation kept in the text', () => {
    const text = 'Hi, you!';
    const words = wordsFromAlignment(text, alignment([...text]), 10);
    expect(words).toEqual([
      { text: 'Hi,', charStart: 0, charEnd: 3, startSeconds: 0, endSeconds: 0.2 },
      { text: 'you!', charStart: 4, charEnd: 8, startSeconds: 0.4, endSeconds: 0.7 },
    ]);
  });

  it('reads Han characters one by one, as the word tokenizer does', () => {
    const text = '你好 world';
    expect(wordsFromAlignment(text, alignment([...text]), 10).map((word) => [word.text, word.startSeconds, word.endSeconds])).toEqual([
      ['你', 0, 0.1],
      ['好', 0.1, 0.2],
      ['world', 0.3, 0.8],
    ]);
  });

  it('matches in order when the alignment adds or drops characters', () => {
    const text = 'one two  three';
    // The service collapsed the double space and added a character the text does not have.
    const characters = [...'one two three'.slice(0, 8), '#', ...'three'];
    const words = wordsFromAlignment(text, alignment(characters), 10);
    expect(words.map((word) => [word.text, word.startSeconds, word.endSeconds])).toEqual([
      ['one', 0, 0.3],
      ['two', 0.4, 0.7],
      ['three', 0.9, 1.4],
    ]);
  });

  it('keeps words ordered and inside the audio even when the alignment is not', () => {
    const text = 'a b';
    const words = wordsFromAlignment(text, { characters: ['a', ' ', 'b'], character_start_times_seconds: [0.5, 0.2, 0.1], character_end_times_seconds: [0.9, 0.3, 2.5] }, 2);
    expect(words).toEqual([
      { text: 'a', charStart: 0, charEnd: 1, startSeconds: 0.5, endSeconds: 0.9 },
      { text: 'b', charStart: 2, charEnd: 3, startSeconds: 0.9, endSeconds: 2 },
    ]);
  });

  it('places a word with no aligned letters at the end of the one before', () => {
    const text = 'seen unseen';
    const words = wordsFromAlignment(text, alignment([...'seen ']), 10);
    expect(words[1]).toMatchObject({ text: 'unseen', startSeconds: 0.4, endSeconds: 0.4 });
  });
});
