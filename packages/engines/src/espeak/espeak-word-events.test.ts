import { describe, expect, it } from 'vitest';
import { escapeXmlMapped, MappedText } from './espeak-text-mapping.ts';
import { wordTimingsFromEvents } from './espeak-word-events.ts';

const RATE = 1000;
/** Sound (a square wave) in the given spans of seconds, silence elsewhere. */
function audio(seconds: number, sounding: Array<[number, number]>): Int16Array {
  const samples = new Int16Array(seconds * RATE);
  for (const [from, to] of sounding) for (let index = from * RATE; index < to * RATE; index++) samples[index] = index % 2 ? 8000 : -8000;
  return samples;
}

describe('wordTimingsFromEvents', () => {
  it('starts words at their events and ends them at the last sound before the next event', () => {
    const text = 'Hi, 42 & you';
    const spoken = escapeXmlMapped(MappedText.identity(text));
    // What espeak-ng reports for "Hi, 42 &amp; you": "42" read as two words, "&" ("and", not a word of the text) at the entity's last character.
    const events = [
      { textPosition: 0, length: 2, audioSeconds: 0 },
      { textPosition: 4, length: 2, audioSeconds: 0.5 },
      { textPosition: 4, length: 2, audioSeconds: 0.7 },
      { textPosition: 11, length: 1, audioSeconds: 1 },
      { textPosition: 13, length: 3, audioSeconds: 1.2 },
    ];
    const samples = audio(2, [[0, 0.3], [0.5, 0.9], [1, 1.1], [1.2, 1.6]]);
    const words = wordTimingsFromEvents({ events, spoken, text, ssml: false, samples, sampleRate: RATE });
    expect(words).toEqual([
      { text: 'Hi,', charStart: 0, charEnd: 3, startSeconds: 0, endSeconds: 0.3 },
      { text: '42', charStart: 4, charEnd: 6, startSeconds: 0.5, endSeconds: 0.9 },
      { text: 'you', charStart: 9, charEnd: 12, startSeconds: 1.2, endSeconds: 1.6 },
    ]);
  });

  it('counts espeak-ng positions in code points', () => {
    const text = '𝒳 yes';
    const words = wordTimingsFromEvents({ events: [{ textPosition: 2, length: 3, audioSeconds: 0 }], spoken: MappedText.identity(text), text, ssml: false, samples: audio(1, [[0, 0.5]]), sampleRate: RATE });
    expect(words).toEqual([{ text: 'yes', charStart: 3, charEnd: 6, startSeconds: 0, endSeconds: 0.5 }]);
  });
});
