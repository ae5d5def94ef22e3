import { describe, expect, it } from 'vitest';
import { parseEspeakVoiceList } from './espeak-voices.ts';

describe('parseEspeakVoiceList', () => {
  const listing = [
    'Pty Language       Age/Gender VoiceName          File                 Other Languages',
    ' 5  cmn             --/M      Chinese_(Mandarin,_latin_as_English) sit/cmn              (zh-cmn 5)(zh 5)',
    ' 2  en-gb           --/M      English_(Great_Britain) gmw/en               (en 2)',
    ' 5  yue             --/M      Chinese_(Cantonese) sit/yue              (zh-yue 5)(zh 8)',
    ' 5  yue             --/M      Chinese_(Cantonese,_latin_as_Jyutping) sit/yue-Latn-jyutping (zh-yue 5)(zh 8)',
    ' 5  variant         --/F      Alicia             !v/Alicia            ',
  ].join('\n');

  it('reads languages, names, genders, other languages and gives duplicates distinct ids', () => {
    const entries = parseEspeakVoiceList(listing);
    expect(entries.map((entry) => entry.id)).toEqual(['cmn', 'en-gb', 'yue', 'yue-latn-jyutping', 'variant']);
    expect(entries[0]).toMatchObject({ name: 'Chinese (Mandarin, latin as English)', otherLanguages: ['zh-cmn', 'zh'], gender: 'male' });
    expect(entries[4]).toMatchObject({ gender: 'female', file: '!v/Alicia' });
  });
});
