import { describe, expect, it } from 'vitest';
import { applyPronunciations, parseTtsScript } from './tts-script.ts';

const speech = (script: ReturnType<typeof parseTtsScript>) => script.parts.filter((part) => part.kind === 'speech').map((part) => part.text);

describe('parseTtsScript', () => {
  it('splits sentences in English and Chinese and keeps offsets into the script', () => {
    const text = 'Hello there. It costs 1.5 dollars! Really?\n你好。今天天气很好！我们走吧';
    const parsed = parseTtsScript(text);
    expect(speech(parsed)).toEqual(['Hello there.', 'It costs 1.5 dollars!', 'Really?', '你好。', '今天天气很好！', '我们走吧']);
    for (const part of parsed.parts) if (part.kind === 'speech') expect(text.slice(part.charStart, part.charEnd)).toBe(part.text);
    expect(parsed.billableCharacters).toBe([...speech(parsed).join('')].length);
  });

  it('reads [pause] tags and SSML breaks as pauses, capped at 10 s, and does not bill them', () => {
    const parsed = parseTtsScript('One. [pause 1.5s] Two [pause 300ms][pause] three. <break time="2s"/> Four <break strength="strong"/> five [pause 99s] six.');
    expect(parsed.parts).toEqual([
      expect.objectContaining({ kind: 'speech', text: 'One.' }),
      { kind: 'pause', seconds: 1.5 },
      expect.objectContaining({ text: 'Two' }),
      { kind: 'pause', seconds: 0.8 },
      expect.objectContaining({ text: 'three.' }),
      { kind: 'pause', seconds: 2 },
      expect.objectContaining({ text: 'Four' }),
      { kind: 'pause', seconds: 0.8 },
      expect.objectContaining({ text: 'five' }),
      { kind: 'pause', seconds: 10 },
      expect.objectContaining({ text: 'six.' }),
    ]);
    expect(parsed.billableCharacters).toBe('One.Twothree.Fourfivesix.'.length);
  });

  it('assigns dialogue lines to speakers; unprefixed lines continue the last speaker', () => {
    const parsed = parseTtsScript('Anna: Hi Ben. How are you?\nBen：Fine, thanks.\nStill Ben here.\n小明: 你好', { dialogue: true });
    expect(parsed.speakers).toEqual(['Anna', 'Ben', '小明']);
    expect(parsed.parts.map((part) => (part.kind === 'speech' ? [part.speaker, part.text] : null))).toEqual([
      ['Anna', 'Hi Ben.'],
      ['Anna', 'How are you?'],
      ['Ben', 'Fine, thanks.'],
      ['Ben', 'Still Ben here.'],
      ['小明', '你好'],
    ]);
    expect(parseTtsScript('Anna: hi', { dialogue: false }).parts[0]).toMatchObject({ text: 'Anna: hi', speaker: undefined });
  });

  it('splits over-long sentences at commas, then spaces', () => {
    const long = `${'word '.repeat(50)}and, ${'more '.repeat(100)}end.`;
    const parsed = parseTtsScript(long, { maxPartCharacters: 200 });
    for (const text of speech(parsed)) expect(text.length).toBeLessThanOrEqual(200);
    expect(speech(parsed).join(' ').replace(/\s+/g, ' ')).toBe(long.trim().replace(/\s+/g, ' '));
  });

  it('ignores parts with no letters or digits', () => {
    expect(parseTtsScript('... ?! \n\n [pause 1s]').parts).toEqual([{ kind: 'pause', seconds: 1 }]);
  });
});

describe('applyPronunciations', () => {
  it('replaces whole words case-insensitively, longest first, and Chinese substrings', () => {
    const entries = [
      { term: 'SQL', replacement: 'sequel' },
      { term: 'Voxwork', replacement: 'Vox work' },
      { term: 'Voxwork Pro', replacement: 'Vox work pro' },
      { term: '行长', replacement: 'hang2 zhang3' },
    ];
    expect(applyPronunciations('voxwork pro uses SQL, not SQLite. 银行行长', entries)).toBe('Vox work pro uses sequel, not SQLite. 银行hang2 zhang3');
  });
});
