import { describe, expect, it } from 'vitest';
import { MappedText } from './espeak-text-mapping.ts';
import { chineseCardinal, loadMandarinToPinyin, loadMandarinToPinyinMapped, mandarinSpeechSsml, mandarinSpeechSsmlMapped, numbersToHanzi } from './mandarin-pinyin.ts';

/** Fixed sentences and the exact pinyin espeak-ng's cmn-latn-pinyin voice must receive. */
const SENTENCES: Array<[string, string]> = [
  ['你好，世界！', 'ni3 hao3, shi4 jie4!'],
  ['我去银行取钱。', 'wo3 qu4 yin2 hang2 qu3 qian2.'],
  ['他长大了，头发很长。', 'ta1 zhang3 da4 le5, tou2 fa5 hen3 chang2.'],
  ['这个东西多少钱？', 'zhe4 ge5 dong1 xi1 duo1 shao3 qian2?'],
  ['今天是2026年3月15日。', 'jin1 tian1 shi4 er4 ling2 er4 liu4 nian2 san1 yue4 shi2 wu3 ri4.'],
  ['我买了120个苹果和2个梨。', 'wo3 mai3 le5 yi4 bai3 er4 shi2 ge4 ping2 guo3 he2 liang3 ge4 li2.'],
  ['会议在下午3点开始，请准时参加；谢谢！', 'hui4 yi4 zai4 xia4 wu3 san1 dian3 kai1 shi3, qing3 zhun3 shi2 can1 jia1; xie4 xie4!'],
  ['他的电话是13800138000。', 'ta1 de5 dian4 hua4 shi4 yi1 san1 ba1 ling2 ling2 yi1 san1 ba1 ling2 ling2 ling2.'],
  ['价格上涨了12.5%，大约1,234元。', 'jia4 ge2 shang4 zhang3 le5 bai3 fen1 zhi1 shi2 er4 dian3 wu3, da4 yue1 yi4 qian1 er4 bai3 san1 shi2 si4 yuan2.'],
  ['我们一起学习English吧。', 'wo3 men5 yi4 qi3 xue2 xi2 English ba5.'],
  ['“重庆”是一个美丽的城市……', 'chong2 qing4 shi4 yi2 ge4 mei3 li4 de5 cheng2 shi4.'],
  ['绿色的律师不是我的朋友们。', 'lv4 se4 de5 lv4 shi1 bu2 shi4 wo3 de5 peng2 you3 men5.'],
  ['为什么你还没有睡觉呢？', 'wei4 shen2 me5 ni3 hai2 mei2 you3 shui4 jiao4 ne5?'],
];

/** Numbered pinyin only: syllables of letters ending in a tone digit 1–5, ASCII punctuation, nothing else. */
const NUMBERED_PINYIN = /^(?:[a-z]+[1-5][,.!?;:]? ?)+$/;

describe('Mandarin → numbered pinyin (pinyin-pro)', () => {
  it.each(SENTENCES)('%s → %s', async (sentence, expected) => {
    const convert = await loadMandarinToPinyin();
    const pinyin = convert(sentence);
    expect(pinyin).toBe(expected);
    const withoutLatin = pinyin.replace(/\bEnglish\b ?/g, '');
    expect(withoutLatin).toMatch(NUMBERED_PINYIN);
  });

  it('reads numbers in Chinese: cardinals, years digit by digit, long numbers digit by digit', () => {
    expect(['10', '11', '20', '101', '110', '1001', '1010', '10005', '100000', '12345678', '100000000'].map(chineseCardinal)).toEqual([
      '十', '十一', '二十', '一百零一', '一百一十', '一千零一', '一千零一十', '一万零五', '十万', '一千二百三十四万五千六百七十八', '一亿',
    ]);
    expect(numbersToHanzi('1998年，007，3.14，50%，２个')).toBe('一九九八年，零零七，三点一四，百分之五十，两个');
  });

  it('speaks Latin words in English, each run in its own voice element', () => {
    expect(mandarinSpeechSsml('wo3 men5 xue2 xi2 English ba5.')).toBe(
      '<speak><voice name="cmn-latn-pinyin">wo3 men5 xue2 xi2</voice> <voice name="en-us">English</voice> <voice name="cmn-latn-pinyin">ba5.</voice></speak>',
    );
    expect(mandarinSpeechSsml('wo3 yong4 Mac Book & C')).toContain('<voice name="en-us">Mac Book</voice> <voice name="cmn-latn-pinyin">&amp;</voice>');
    expect(mandarinSpeechSsml('ni3 hao3.')).toBeUndefined();
    expect(mandarinSpeechSsml('ni3 OK ma5?', { pinyinVoice: 'cmn-latn-pinyin+f3', latinVoice: 'en-us+f3' })).toBe(
      '<speak><voice name="cmn-latn-pinyin+f3">ni3</voice> <voice name="en-us+f3">OK</voice> <voice name="cmn-latn-pinyin+f3">ma5?</voice></speak>',
    );
  });
});

describe('what espeak-ng receives for Chinese text, mapped back to the Hanzi', () => {
  const spans = (mapped: MappedText, source: string) =>
    [...mapped.text.matchAll(/[a-z]+[1-5]/g)].map((match) => {
      const span = mapped.sourceSpan(match.index, match.index + match[0].length);
      return span ? source.slice(span.start, span.end) : undefined;
    });

  it('gets numbered pinyin whose every syllable points at its Hanzi (or the number it reads)', async () => {
    const convert = await loadMandarinToPinyinMapped();
    for (const [sentence, expected] of SENTENCES.slice(0, 9)) {
      const mapped = convert(MappedText.identity(sentence));
      expect(mapped.text).toBe(expected);
      for (const source of spans(mapped, sentence)) expect(source).toMatch(/^(\p{Script=Han}|[\d.,%]+)$/u);
    }
    const year = convert(MappedText.identity('今天是2026年3月15日。'));
    expect(spans(year, '今天是2026年3月15日。')).toEqual(['今', '天', '是', '2026', '2026', '2026', '2026', '年', '3', '月', '15', '15', '日']);
  });

  it('gets SSML with an English run for Latin words, and the words keep the input offsets', async () => {
    const text = '我们一起学习English吧。';
    const pinyin = (await loadMandarinToPinyinMapped())(MappedText.identity(text));
    const ssml = mandarinSpeechSsmlMapped(pinyin)!;
    expect(ssml.text).toContain('<voice name="en-us">English</voice>');
    const english = ssml.text.indexOf('English');
    const span = ssml.sourceSpan(english, english + 'English'.length)!;
    expect(text.slice(span.start, span.end)).toBe('English');
    expect(ssml.sourceSpan(0, '<speak><voice name="cmn-latn-pinyin">'.length)).toBeUndefined();
  });
});
