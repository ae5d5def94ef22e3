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
import { escapeXmlMapped, MappedText } from './espeak-text-mapping.ts';

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
  return numbersToHanziMapped(MappedText.identity(text)).text;
}

/** `numbersToHanzi` keeping track of where each character came from (a number's Hanzi map to the number). */
export function numbersToHanziMapped(text: MappedText): MappedText {
  return text
    .replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xff10 + 0x30))
    .replace(/(\d+(?:\.\d+)?)[%％]/g, (_, number) => `百分之${number as string}`)
    .replace(/\d{1,3}(?:,\d{3})+(?!\d)/g, (number) => number.replace(/,/g, ''))
    .replace(/(\d+)\.(\d+)/g, (_, whole, fraction) => `${chineseCardinal(whole as string)}点${digitByDigit(fraction as string)}`)
    .replace(/\d+/g, (number, offset, whole) => {
      const next = (whole as string)[(offset as number) + number.length] ?? '';
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
const HAN = /\p{Script=Han}/u;

/** `text` with its Chinese punctuation in ASCII, runs of pauses folded into the first one. */
function plainPunctuation(text: MappedText): MappedText {
  return text
    .replace(/./gsu, (char) => PUNCTUATION[char] ?? char)
    .replace(/([,.!?;:])[\s,.!?;:]*/g, (match, first) => {
      const strongest = /[.!?]/.exec(match)?.[0];
      return `${strongest ?? (first as string)} `;
    });
}

/** Numbered pinyin with ASCII punctuation and Latin words as they were (see the module comment). */
export function toNumberedPinyin(text: string, pinyin: PinyinFunction): string {
  return toNumberedPinyinMapped(MappedText.identity(text), pinyin).text;
}

/**
 * `toNumberedPinyin` keeping track of where each piece came from: each syllable maps to its Hanzi
 * (the syllables of a number to the whole number), so that espeak-ng's word positions in the
 * pinyin point back into the Chinese text.
 */
export function toNumberedPinyinMapped(source: MappedText, pinyin: PinyinFunction): MappedText {
  const converted = numbersToHanziMapped(source);
  const text = converted.text;
  const items = pinyin(text, { toneType: 'num', type: 'array', nonZh: 'consecutive' });
  const pieces: Array<MappedText | { text: string; sourceStart?: number; sourceEnd?: number }> = [];
  let out = '';
  let cursor = 0;
  const add = (piece: MappedText | { text: string; sourceStart?: number; sourceEnd?: number }) => {
    pieces.push(piece);
    out += piece.text;
  };
  for (const item of items) {
    // Items follow the text: a syllable stands for one Hanzi, anything else is the text itself.
    let start = text.startsWith(item, cursor) ? cursor : -1;
    let end = start + item.length;
    if (start < 0 && SYLLABLE.test(item)) {
      start = cursor;
      while (start < text.length && !HAN.test(String.fromCodePoint(text.codePointAt(start)!))) start++;
      end = start + (text.codePointAt(start)! > 0xffff ? 2 : 1);
    } else if (start < 0) {
      start = Math.max(cursor, text.indexOf(item, cursor));
      end = start + item.length;
    }
    cursor = Math.min(text.length, end);
    const span = converted.sourceSpan(start, end);
    if (SYLLABLE.test(item)) {
      const syllable = item.replace(/0$/, '5').replace(/ü/g, 'v');
      if (out !== '' && !/\s$/.test(out)) add({ text: ' ' });
      add({ text: syllable, sourceStart: span?.start, sourceEnd: span?.end });
    } else {
      const plain = plainPunctuation(text.startsWith(item, start) ? converted.slice(start, end) : MappedText.concat([{ text: item, sourceStart: span?.start, sourceEnd: span?.end }]));
      // Latin words keep a space from the syllables around them; punctuation hugs the word before it.
      if (/^[A-Za-z0-9]/.test(plain.text) && out !== '' && !/\s$/.test(out)) add({ text: ' ' });
      add(plain);
    }
  }
  return MappedText.concat(pieces)
    .replace(/\s+/g, () => ' ')
    .replace(/ ([,.!?;:])/g, (_, punctuation) => punctuation as string)
    .trim();
}
let pinyinPro: Promise<PinyinFunction> | undefined;
const loadPinyinPro = () => (pinyinPro ??= import('pinyin-pro').then(({ pinyin }) => pinyin as unknown as PinyinFunction));

/** The default Hanzi → pinyin converter, importing `pinyin-pro` (a 2 MB dictionary) on first use. */
export async function loadMandarinToPinyin(): Promise<(text: string) => string> {
  const pinyin = await loadPinyinPro();
  return (text: string) => toNumberedPinyin(text, pinyin);
}

/** The default converter keeping track of where each syllable came from (`toNumberedPinyinMapped`). */
export async function loadMandarinToPinyinMapped(): Promise<(text: MappedText) => MappedText> {
  const pinyin = await loadPinyinPro();
  return (text: MappedText) => toNumberedPinyinMapped(text, pinyin);
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
  return mandarinSpeechSsmlMapped(MappedText.identity(pinyinText), voices)?.text;
}

/** `mandarinSpeechSsml` keeping track of where the spoken characters came from (tags come from nowhere). */
export function mandarinSpeechSsmlMapped(pinyin: MappedText, voices: { pinyinVoice?: string; latinVoice?: string } = {}): MappedText | undefined {
  const pinyinText = pinyin.text;
  const pinyinVoice = escapeXml(voices.pinyinVoice ?? 'cmn-latn-pinyin');
  const latinVoice = escapeXml(voices.latinVoice ?? 'en-us');
  const runs: Array<{ latin: boolean; start: number; end: number }> = [];
  let last = 0;
  for (const match of pinyinText.matchAll(LATIN_WORD)) {
    if (match.index > last) runs.push({ latin: false, start: last, end: match.index });
    runs.push({ latin: true, start: match.index, end: match.index + match[0].length });
    last = match.index + match[0].length;
  }
  if (!runs.some((run) => run.latin)) return undefined;
  if (last < pinyinText.length) runs.push({ latin: false, start: last, end: pinyinText.length });
  // Neighbouring Latin words (and the spaces between them) form one English run. Runs are contiguous.
  const merged: typeof runs = [];
  for (const run of runs) {
    const previous = merged.at(-1);
    if (previous && (previous.latin === run.latin || (previous.latin && pinyinText.slice(run.start, run.end).trim() === ''))) previous.end = run.end;
    else merged.push({ ...run });
  }
  const pieces: Array<MappedText | { text: string }> = [{ text: '<speak>' }];
  merged
    .map((run) => ({ latin: run.latin, text: pinyin.slice(run.start, run.end).trim() }))
    .filter((run) => run.text.text !== '')
    .forEach((run, index) => {
      if (index > 0) pieces.push({ text: ' ' });
      pieces.push({ text: `<voice name="${run.latin ? latinVoice : pinyinVoice}">` }, escapeXmlMapped(run.text), { text: '</voice>' });
    });
  pieces.push({ text: '</speak>' });
  return MappedText.concat(pieces);
}
