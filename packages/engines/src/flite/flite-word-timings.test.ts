import { describe, expect, it } from 'vitest';
import { parseFliteVoiceList } from './flite-voices.ts';
import { alignPhones, fliteWordTimings, fliteWordTimingsByLength, parsePhoneLines, parsePsdur, whitespaceTokens } from './flite-word-timings.ts';

describe('flite word timings', () => {
  it('lists general voices best first, without the talking clock', () => {
    expect(parseFliteVoiceList('Voices available: kal awb_time kal16 awb rms slt \n')).toEqual(['slt', 'rms', 'awb', 'kal16', 'kal']);
  });

  it('lays utterances end to end and scales them onto the real audio', () => {
    const phones = parsePsdur('pau:0.2 hh:0.3 ay:0.5 pau:0.6 \npau:0.1 b:0.2 ay:0.4 pau:0.4 \n', 2);
    expect(phones.map((phone) => phone.phone)).toEqual(['pau', 'hh', 'ay', 'pau', 'pau', 'b', 'ay', 'pau']);
    expect(phones[1]).toMatchObject({ startSeconds: 0.4, endSeconds: 0.6 });
    expect(phones[5]!.startSeconds).toBeCloseTo(1.4);
    expect(phones.at(-1)!.endSeconds).toBeCloseTo(2);
    expect(parsePhoneLines('pau hh ax l ow pau \npau \n\n')).toEqual([['hh', 'ax', 'l', 'ow'], []]);
  });

  it('aligns phone sequences that differ where a word is read differently in context', () => {
    // "Dr." alone: d r ay v (drive); in the sentence: d aa k t er (doctor).
    const reference = ['d', 'r', 'ay', 'v', 's', 'm', 'ih', 'th'];
    const spoken = ['d', 'aa', 'k', 't', 'er', 's', 'm', 'ih', 'th'];
    const owner = alignPhones(reference, spoken);
    expect([...owner.slice(5)]).toEqual([4, 5, 6, 7]);
    expect(owner[0]).toBe(0);
  });

  it('gives each token the span of its phones; tokens without phones get none', () => {
    const text = 'Hello -- Dr. Smith';
    const tokens = whitespaceTokens(text);
    const tokenPhones = [['hh', 'ax', 'l', 'ow'], [], ['d', 'r', 'ay', 'v'], ['s', 'm', 'ih', 'th']];
    const phones = parsePsdur('pau:0.1 hh:0.2 ax:0.3 l:0.4 ow:0.5 pau:0.7 d:0.8 aa:0.9 k:1.0 t:1.1 er:1.2 s:1.3 m:1.4 ih:1.5 th:1.6 pau:1.8\n');
    const words = fliteWordTimings(tokens, tokenPhones, phones);
    expect(words.map((word) => word.text)).toEqual(['Hello', 'Dr.', 'Smith']);
    expect(words[0]).toMatchObject({ startSeconds: 0.1, endSeconds: 0.5, charStart: 0, charEnd: 5 });
    expect(words[1]!.startSeconds).toBeCloseTo(0.7);
    expect(words[1]!.endSeconds).toBeCloseTo(1.2);
    expect(words[2]!.startSeconds).toBeCloseTo(1.2);
    expect(text.slice(words[2]!.charStart, words[2]!.charEnd)).toBe('Smith');
  });

  it('aligns tens of thousands of phones in a band around the diagonal', () => {
    const reference = Array.from({ length: 40_000 }, (_, index) => `p${index % 37}`);
    const spoken = [...reference.slice(0, 20_000), 'x', 'y', ...reference.slice(20_003)];
    const owner = alignPhones(reference, spoken);
    expect(owner[19_999]).toBe(19_999);
    expect(owner[20_002]).toBe(20_003);
    expect(owner[spoken.length - 1]).toBe(reference.length - 1);
  });

  it('falls back to letter counts', () => {
    const phones = parsePsdur('pau:0.1 a:0.2 b:0.3 c:0.4 d:0.5 pau:0.6\n');
    const words = fliteWordTimingsByLength(whitespaceTokens('ab cd'), phones);
    expect(words.map((word) => [word.startSeconds, word.endSeconds])).toEqual([
      [0.1, 0.3],
      [0.3, 0.5],
    ]);
  });
});
