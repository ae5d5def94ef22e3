/**
 * Chinese text → what espeak-ng's `cmn-latn-pinyin` voice reads well: numbered pinyin.
 *
 * - Hanzi through `pinyin-pro` (word-level dictionary, so 多音字 follow their context: 银行 yin2
 *   hang2, 长大 zhang3 da4, 很长 hen3 chang2; 一/不 tone sandhi applied). Neutral tone is `5`
 *   (espeak-ng reads `ma5` as neutral; `0` or no digit would be read as first tone). ü is written
 *   `v` (lv4), which espeak-ng reads as ü.
 * - Numbers become Hanzi first, so that no Arabic digit reaches espeak-ng (where it would be
 *   confused with a tone digit): a 4-digit number before 年 is read digit by digit (2026年 →
 *   二零二六年); other integers are cardinals (120 → 一百二十, 10005 → 一万零五) up to 9 digits,
 *   longer ones and those with a leading zero digit by digit (phone numbers, codes); decimals
 *   (3.14 → 三点一四), percentages (50% → 百分之五十), `1,234` thousands separators dropped; a lone
 *   2 before a measure word is 两 (2个 → 两个).
 * - Chinese punctuation becomes ASCII punctuation, which espeak-ng turns into pauses
 *   (，、→ `,`  。→ `.`  ！→ `!`  ？→ `?`  ；→ `;`  ：→ `:`); quotes and brackets are dropped.
 * - Latin-script words are left as they are; the espeak adapter speaks them with an English
 *   voice (see `mandarinSpeechSsml`).
 */
type PinyinFunction = (text: string, options: { toneType: 'num'; type: 'array'; nonZh: 'consecutive' }) => string[];

const DIGITS = '零一二三四五六七八九';
const SMALL_UNITS = ['', '十', '百', '千'];
const BIG_UNITS = ['', '万', '亿', '万亿'];
const MEASURE_WORDS = '个位只本次件条张种把辆台块口名家天周岁点';

/** 0–9999 as Chinese; `leading` false drops the 一 of 一十 at the start of a number (10 → 十). */
function smallNumber(value: number, leading: boolean): string {
  const digits = String(value).padStart(4, '0').split('').map(Number);
  let out = '';
  let zero = false;
  digits.forEach((digit, index) => {
    const unit = SMALL_UNITS[3 - index]!;
    if (digit === 0) {
      zero = out !== '';
      return;
    }
    if (zero) out += '零';
    zero = false;
    out += digit === 1 && unit === '十' && out === '' && leading ? '十' : DIGITS[digit]! + unit;
  });
  return out;
}

/** A non-negative integer (as digits, up to 16) as a Chinese cardinal: 120 → 一百二十, 10005 → 一万零五. */
export function chineseCardinal(digits: string): string {
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  if (/^0+$/.test(trimmed)) return '零';
  const groups: number[] = [];
  for (let end = trimmed.length; end > 0; end -= 4) groups.unshift(Number(trimmed.slice(Math.max(0, end - 4), end)));
  let out = '';
  let pendingZero = false;
  groups.forEach((group, index) => {
    const unit = BIG_UNITS[groups.length - 1 - index]!;
    if (group === 0) {
      pendingZero = out !== '';
      return;
    }
    if (out !== '' && (pendingZero || group < 1000)) out += '零';
    pendingZero = false;
    out += smallNumber(group, out === '') + unit;
  });
  return out;
}

const digitByDigit = (digits: string) => [...digits].map((digit) => DIGITS[Number(digit)]).join('');

/** Arabic numbers in Chinese text → Hanzi (rules above). */
export function numbersToHanzi(text: string): string {
  return text
    .replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xff10 + 0x30))
    .replace(/(\d+(?:\.\d+)?)[%％]/g, (_, number: string) => `百分之${number}`)
    .replace(/\d{1,3}(?:,\d{3})+(?!\d)/g, (number) => number.replace(/,/g, ''))
    .replace(/(\d+)\.(\d+)/g, (_, whole: string, fraction: string) => `${chineseCardinal(whole)}点${digitByDigit(fraction)}`)
    .replace(/\d+/g, (number, offset: number, whole: string) => {
      const next = whole[offset + number.length] ?? '';
      if (number.length === 4 && next === '年') return digitByDigit(number);
      if (number === '2' && MEASURE_WORDS.includes(next)) return '两';
      if (number.length > 9 || (number.length > 1 && number.startsWith('0'))) return digitByDigit(number);
      return chineseCardinal(number);
    });
}

const PUNCTUATION: Record<string, string> = {
  '，': ',', '、': ',', '。': '.', '．': '.', '！': '!', '？': '?', '；': ';', '：': ':',
  '…': '.', '—': ',', '～': ',', '·': ' ',
  '“': ' ', '”': ' ', '‘': ' ', '’': ' ', '「': ' ', '」': ' ', '『': ' ', '』': ' ', '《': ' ', '》': ' ',
  '（': ' ', '）': ' ', '【': ' ', '】': ' ', '〈': ' ', '〉': ' ', '"': ' ', '(': ' ', ')': ' ', '[': ' ', ']': ' ',
};

const SYLLABLE = /^[a-zü]+[0-5]$/;

/** `text` with its Chinese punctuation in ASCII, runs of pauses folded into the first one. */
function plainPunctuation(text: string): string {
  return [...text]
    .map((char) => PUNCTUATION[char] ?? char)
    .join('')
    .replace(/([,.!?;:])[\s,.!?;:]*/g, (match, first: string) => {
      const strongest = /[.!?]/.exec(match)?.[0];
      return `${strongest ?? first} `;
    });
}

/** Numbered pinyin with ASCII punctuation and Latin words as they were (see the module comment). */
export function toNumberedPinyin(text: string, pinyin: PinyinFunction): string {
  const items = pinyin(numbersToHanzi(text), { toneType: 'num', type: 'array', nonZh: 'consecutive' });
  let out = '';
  for (const item of items) {
    if (SYLLABLE.test(item)) {
      const syllable = item.replace(/0$/, '5').replace(/ü/g, 'v');
      out += out === '' || /\s$/.test(out) ? syllable : ` ${syllable}`;
    } else {
      const plain = plainPunctuation(item);
      // Latin words keep a space from the syllables around them; punctuation hugs the word before it.
      out += /^[A-Za-z0-9]/.test(plain) && out !== '' && !/\s$/.test(out) ? ` ${plain}` : plain;
    }
  }
  return out.replace(/\s+/g, ' ').replace(/ ([,.!?;:])/g, '$1').trim();
}

let loaded: Promise<(text: string) => string> | undefined;

/** The default Hanzi → pinyin converter, importing `pinyin-pro` (a 2 MB dictionary) on first use. */
export function loadMandarinToPinyin(): Promise<(text: string) => string> {
  loaded ??= import('pinyin-pro').then(({ pinyin }) => (text: string) => toNumberedPinyin(text, pinyin as unknown as PinyinFunction));
  return loaded;
}

const LATIN_WORD = /[A-Za-z][A-Za-z'’-]*(?![0-5a-z])/g;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Pinyin holding Latin-script words (no tone digit) → SSML speaking each run with its own voice:
 * the pinyin with `pinyinVoice`, the Latin words with `latinVoice` (English). Each run is its own
 * `<voice>` element: espeak-ng 1.51 does not switch back correctly after a nested one. A variant
 * (`+f3`) must be named in each element, or the voice element drops it.
 * Undefined when there is no Latin word (plain text is spoken as it is).
 */
export function mandarinSpeechSsml(pinyinText: string, voices: { pinyinVoice?: string; latinVoice?: string } = {}): string | undefined {
  const pinyinVoice = escapeXml(voices.pinyinVoice ?? 'cmn-latn-pinyin');
  const latinVoice = escapeXml(voices.latinVoice ?? 'en-us');
  const runs: Array<{ latin: boolean; text: string }> = [];
  let last = 0;
  for (const match of pinyinText.matchAll(LATIN_WORD)) {
    if (match.index > last) runs.push({ latin: false, text: pinyinText.slice(last, match.index) });
    runs.push({ latin: true, text: match[0] });
    last = match.index + match[0].length;
  }
  if (!runs.some((run) => run.latin)) return undefined;
  if (last < pinyinText.length) runs.push({ latin: false, text: pinyinText.slice(last) });
  // Neighbouring Latin words (and the spaces between them) form one English run.
  const merged: typeof runs = [];
  for (const run of runs) {
    const previous = merged.at(-1);
    if (previous && previous.latin === run.latin) previous.text += run.text;
    else if (previous?.latin && !run.latin && run.text.trim() === '') previous.text += run.text;
    else merged.push({ ...run });
  }
  const body = merged
    .filter((run) => run.text.trim() !== '')
    .map((run) => `<voice name="${run.latin ? latinVoice : pinyinVoice}">${escapeXml(run.text.trim())}</voice>`)
    .join(' ');
  return `<speak>${body}</speak>`;
}
