import { describe, expect, it } from 'vitest';
import { voiceLanguagesOf } from './engine-choice.ts';

describe('voiceLanguagesOf', () => {
  it('lists each base language once; Mandarin voices tagged cmn are Chinese when zh voices exist', () => {
    expect(voiceLanguagesOf([{ languages: ['zh-CN'] }, { languages: ['cmn'] }, { languages: ['en-US', 'en-GB'] }, { languages: ['es'] }])).toEqual(['en', 'es', 'zh']);
    // Only espeak's Mandarin: it stays offered (as cmn, the tag its voices match).
    expect(voiceLanguagesOf([{ languages: ['cmn'] }, { languages: ['en'] }])).toEqual(['cmn', 'en']);
  });
});
