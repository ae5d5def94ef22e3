import { describe, expect, it } from 'vitest';
import { createLocalEngineRegistry } from '../registry/local-engines.ts';
import { languageIdentifierConformance } from '../testing/conformance/language-identifier-conformance.ts';
import { applyScriptRules, createFasttext, tagOfLabel } from './fasttext-language-identifier.ts';

const descriptor = createLocalEngineRegistry().list('language-identifier').find((entry) => entry.id === 'fasttext:lid-176')!;

languageIdentifierConformance({
  descriptor,
  samples: [
    { language: 'en', text: 'Hello, how are you today? The weather is lovely.' },
    { language: 'zh', text: '今天天气很好，我们去公园散步吧。' },
    { language: 'ja', text: '今日はいい天気ですね。公園に行きましょう。' },
    { language: 'ko', text: '오늘 날씨가 정말 좋네요.' },
    { language: 'es', text: 'Hola, ¿cómo estás? Hace muy buen tiempo hoy.' },
    { language: 'fr', text: 'Bonjour tout le monde, il fait très beau aujourd’hui.' },
    { language: 'de', text: 'Guten Tag, wie geht es Ihnen? Das Wetter ist schön.' },
    { language: 'ru', text: 'Привет, как дела? Сегодня хорошая погода.' },
  ],
});

describe('fasttext:lid-176', () => {
  const identifier = createFasttext();

  it('maps labels to our tags', () => {
    expect(tagOfLabel('__label__zh')).toBe('zh');
    expect(tagOfLabel('__label__sh')).toBe('hbs');
    expect(tagOfLabel('__label__en')).toBe('en');
  });

  it('reads short Han-only text as Chinese, kana as Japanese, Hangul as Korean', async () => {
    // lid.176 alone calls this Cantonese sentence Japanese (0.88).
    const han = await identifier.doIdentify({ text: '粵語係廣東話' });
    expect(['zh', 'yue']).toContain(han.languages[0]!.language);
    expect(han.languages.map((candidate) => candidate.language)).not.toContain('ja');
    expect((await identifier.doIdentify({ text: '好' })).languages[0]!.language).toBe('zh');
    expect((await identifier.doIdentify({ text: 'カタカナ' })).languages[0]!.language).toBe('ja');
    expect((await identifier.doIdentify({ text: '한국' })).languages[0]!.language).toBe('ko');
    const short = await identifier.doIdentify({ text: 'ok' });
    expect(short.warnings.some((warning) => warning.type === 'other' && /short/.test(warning.message))).toBe(true);
  });

  it('applyScriptRules drops candidates the script rules out and renormalises', () => {
    const { languages, rule } = applyScriptRules('東京', [
      { language: 'ja', confidence: 0.6 },
      { language: 'zh', confidence: 0.3 },
      { language: 'yue', confidence: 0.1 },
    ]);
    expect(rule).toMatch(/Chinese/);
    expect(languages).toEqual([
      { language: 'zh', confidence: 0.75 },
      { language: 'yue', confidence: 0.25 },
    ]);
    expect(applyScriptRules('hello', [{ language: 'en', confidence: 0.9 }])).toEqual({ languages: [{ language: 'en', confidence: 0.9 }], rule: undefined });
  });

  it('identifies mixed English text with a Chinese name as English', async () => {
    expect((await identifier.doIdentify({ text: 'Our new colleague 王小明 starts on Monday in the Shanghai office.' })).languages[0]!.language).toBe('en');
  });
});
