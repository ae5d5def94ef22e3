import { describe, expect, it } from 'vitest';
import { toSynthesisVoice, variantEntries, variantIdOf, voiceEntries } from './espeak-voices.ts';

describe('voiceEntries', () => {
  const voices = [
    { identifier: 'sit/cmn', name: 'Chinese (Mandarin, latin as English)', languages: ['cmn', 'zh-cmn', 'zh'] },
    { identifier: 'gmw/en', name: 'English (Great Britain)', languages: ['en-gb', 'en'] },
    { identifier: 'sit/yue', name: 'Chinese (Cantonese)', languages: ['yue', 'zh-yue', 'zh'] },
    { identifier: 'sit/yue-Latn-jyutping', name: 'Chinese (Cantonese, latin as Jyutping)', languages: ['yue', 'zh-yue', 'zh'] },
  ];

  it('reads languages, names and other languages, and gives voices sharing a code distinct ids', () => {
    const entries = voiceEntries(voices);
    expect(entries.map((entry) => entry.id)).toEqual(['cmn', 'en-gb', 'yue', 'yue-latn-jyutping']);
    expect(entries[0]).toMatchObject({ name: 'Chinese (Mandarin, latin as English)', otherLanguages: ['zh-cmn', 'zh'], gender: 'male', file: 'sit/cmn' });
  });

  it('combines a voice with a variant', () => {
    const [variant] = variantEntries([{ file: 'f3', name: 'female3', gender: 'female' }]);
    expect(variantIdOf(variant!)).toBe('f3');
    expect(toSynthesisVoice(voiceEntries(voices)[1]!, variant)).toMatchObject({ id: 'en-gb+f3', gender: 'female', variant: 'f3', languages: ['en-gb', 'en'] });
  });
});
