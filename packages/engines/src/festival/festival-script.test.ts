import { describe, expect, it } from 'vitest';
import { festivalScript, festivalTextData, festivalUtterances, festivalVoiceCheckScript, festivalWordTimings, parseFestivalWords, parseVoiceCheck, schemeString } from './festival-script.ts';
import { FestivalReplyReader, festivalServerInit } from './festival-server.ts';
// The byte-text helpers under the names of their festival use.
import { decodeByteText as decodeFestivalOutput, encodeByteText as encodeFestivalText, prepareByteText as prepareFestivalText } from '../text/byte-text.ts';
import { festivalVoiceFacts, KNOWN_FESTIVAL_VOICES } from './festival-voices.ts';

describe('festival script', () => {
  it('escapes Scheme strings and refuses control characters', () => {
    expect(schemeString('/tmp/a "b"\\c')).toBe('"/tmp/a \\"b\\"\\\\c"');
    expect(() => schemeString('a\nb')).toThrow(/control/);
  });

  it('never takes the text, only file names; sets the rate the way the voice understands', () => {
    const base = { voice: 'cmu_us_slt_arctic_hts', textFile: '/tmp/w/text.scm', wavFile: '/tmp/w/speech.wav', wordsFile: '/tmp/w/words.tsv' };
    const hts = festivalScript({ ...base, speedMethod: 'hts', speed: 1.5 });
    expect(hts).toContain('(voice_cmu_us_slt_arctic_hts)');
    expect(hts).toContain('(load "/tmp/w/text.scm" t)');
    expect(hts).not.toContain('tts_file');
    expect(hts).toContain('(list "-r" 1.5)');
    expect(hts).not.toContain('Duration_Stretch');
    const diphone = festivalScript({ ...base, voice: 'kal_diphone', speedMethod: 'duration-stretch', speed: 2 });
    expect(diphone).toContain("(Parameter.set 'Duration_Stretch 0.5)");
    const same = festivalScript({ ...base, voice: 'kal_diphone', speedMethod: 'duration-stretch', speed: 1 });
    expect(same).not.toContain('Duration_Stretch');
    expect(() => festivalScript({ ...base, voice: 'kal) (system "rm', speedMethod: 'hts', speed: 1 })).toThrow(/not a festival voice/);
  });

  it('cuts utterances after sentence ends and blank lines, not after titles or initials', () => {
    expect(festivalUtterances('Hello world. It costs $5 (really).\n\nDr. Smith read 1,234 words! J. R. Tolkien wrote "this." Then?  Yes')).toEqual([
      'Hello world.',
      'It costs $5 (really).',
      'Dr. Smith read 1,234 words!',
      'J. R. Tolkien wrote "this."',
      'Then?',
      'Yes',
    ]);
    expect(festivalUtterances('Line one\nstill one\n \nTwo ... ?! ')).toEqual(['Line one still one', 'Two ...']);
    expect(festivalUtterances(' ... ')).toEqual([]);
  });

  it('writes utterances as Scheme strings in the voice encoding', () => {
    const data = festivalTextData(['He said "hi" \\o/', 'Això.']);
    expect(data).toBe('"He said \\"hi\\" \\\\o/"\n"Això."\n');
    expect([...encodeFestivalText('"ò"', 'latin1')]).toEqual([0x22, 0xf2, 0x22]);
  });

  it('checks which voices load, and starts a server with a password and every loadable voice', () => {
    const check = festivalVoiceCheckScript(['kal_diphone', 'hindi_NSK_diphone']);
    expect(check).toContain('(unwind-protect (begin (voice_kal_diphone) (format t "LOADED\\t%s\\n" "kal_diphone")) (format t "FAILED\\t%s\\n" "kal_diphone"))');
    expect([...parseVoiceCheck('SIOD ERROR: could not open file hindi_phones.scm\nFAILED\thindi_NSK_diphone\nLOADED\tkal_diphone\n')]).toEqual(['kal_diphone']);
    expect(() => festivalVoiceCheckScript(['x) (system "id'])).toThrow(/not a festival voice/);
    expect(festivalServerInit(4242, 'p"w', ['kal_diphone'])).toEqual(['(set! server_port 4242)', '(set! server_passwd "p\\"w")', '(unwind-protect (voice_kal_diphone) nil)']);
  });

  it("reads festival's server answers up to the closing marker, counting failed forms", () => {
    const reader = new FestivalReplyReader();
    expect(reader.push('LP\nkal_diphone\nft_StUfF_keyOK\nER\nLP\n#<Utter')).toBe(false);
    expect(reader.push('ance 0x1>\nft_StUfF_keyOK\nLP\nvoxwork_request_done\nft_St')).toBe(false);
    expect(reader.push('UfF_keyOK\n')).toBe(true);
    expect(reader.errors).toBe(1);
  });

  it('reads tokens and their sounding words, dropping punctuation words', () => {
    const output = ['T\tHello', 'W\t0.165\t0.4', 'T\tworld', 'W\t0.4\t0.865', 'W\t0\t0', 'U\t1.925', 'T\t$5', 'W\t2.48\t2.8', 'W\t2.8\t3.39', 'T\t--', 'W\t1.925\t1.925', 'U\t3.5', ''].join('\n');
    const { tokens, utterances } = parseFestivalWords(output);
    expect(utterances).toBe(2);
    expect(tokens.map((token) => [token.name, token.words.length])).toEqual([['Hello', 1], ['world', 1], ['$5', 2], ['--', 0]]);
  });

  it('maps tokens back onto the text, with their punctuation, one timing per spoken token', () => {
    const text = 'Hello, "world"! It costs $5 -- Dr. Smith.';
    const tokens = [
      { name: 'Hello', words: [{ startSeconds: 0.1, endSeconds: 0.4 }] },
      { name: 'world', words: [{ startSeconds: 0.4, endSeconds: 0.8 }] },
      { name: 'It', words: [{ startSeconds: 1, endSeconds: 1.1 }] },
      { name: 'costs', words: [{ startSeconds: 1.1, endSeconds: 1.5 }] },
      { name: '$5', words: [{ startSeconds: 1.5, endSeconds: 1.8 }, { startSeconds: 1.8, endSeconds: 2.2 }] },
      { name: '--', words: [] },
      { name: 'Dr', words: [{ startSeconds: 2.3, endSeconds: 2.6 }] },
      { name: 'Smith', words: [{ startSeconds: 2.6, endSeconds: 3 }] },
    ];
    const { words, unmatched } = festivalWordTimings(tokens, text, 3.1);
    expect(unmatched).toBe(0);
    expect(words.map((word) => word.text)).toEqual(['Hello,', '"world"!', 'It', 'costs', '$5', 'Dr.', 'Smith.']);
    for (const word of words) expect(text.slice(word.charStart, word.charEnd)).toBe(word.text);
    expect(words[4]).toMatchObject({ startSeconds: 1.5, endSeconds: 2.2 });
  });

  it('keeps a token festival renamed, with an empty span, and clamps times to the audio', () => {
    const { words, unmatched } = festivalWordTimings([{ name: 'zzz', words: [{ startSeconds: 0, endSeconds: 5 }] }], 'abc', 2);
    expect(unmatched).toBe(1);
    expect(words[0]).toMatchObject({ text: 'zzz', charStart: 0, charEnd: 0, endSeconds: 2 });
  });
});

describe('festival text', () => {
  it('keeps offsets: English voices read ASCII, typographic marks become plain ones', () => {
    const input = 'Café “déjà vu” — naïve ’90s 😀.';
    const prepared = prepareFestivalText(input, KNOWN_FESTIVAL_VOICES.cmu_us_slt_arctic_hts!);
    expect(prepared.text).toHaveLength(input.length);
    expect(prepared.text).toBe('Cafe "deja vu" - naive \'90s   .');
    expect(prepared.dropped).toBe(2);
  });

  it('encodes Latin-1 and Latin-2 voices in their character set', () => {
    const catalan = prepareFestivalText('Això és una prova', KNOWN_FESTIVAL_VOICES.upc_ca_ona_hts!);
    expect([...catalan.bytes.slice(0, 4)]).toEqual([0x41, 0x69, 0x78, 0xf2]);
    expect(decodeFestivalOutput(catalan.bytes, 'latin1')).toBe('Això és una prova');
    const czech = prepareFestivalText('Dobrý den, zkouška', KNOWN_FESTIVAL_VOICES.czech_dita!);
    expect(czech.bytes).toHaveLength(czech.text.length);
    expect(decodeFestivalOutput(czech.bytes, 'iso-8859-2')).toBe('Dobrý den, zkouška');
    const russian = prepareFestivalText('Привет', KNOWN_FESTIVAL_VOICES.msu_ru_nsh_clunits!);
    expect(new TextDecoder().decode(russian.bytes)).toBe('Привет');
  });

  it('guesses facts for voices it does not know from their folder', () => {
    expect(festivalVoiceFacts('cmu_us_awb_cg', 'us')).toMatchObject({ languages: ['en-us', 'en'], speedMethod: 'duration-stretch' });
    expect(festivalVoiceFacts('new_es_hts', 'spanish')).toMatchObject({ languages: ['es'], speedMethod: 'hts' });
    expect(festivalVoiceFacts('x_clunits', 'welsh')).toMatchObject({ languages: ['cy'], speedMethod: 'rubberband' });
  });
});
