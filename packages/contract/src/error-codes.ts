/**
 * The error-code catalogue shared by server and client (spec §8).
 * Messages live under the translation key `error-code-message.{code}` in both languages.
 * See docs/decisions/002-error-codes.md for what each code means and when it is returned raw.
 * Each area's codes and messages (en + zh) live in `error-codes/<area>.error-codes.ts`; this file
 * joins them, in code order, into one catalogue and holds what works on the whole of it.
 */
import { requestErrorCodes, requestErrorMessages } from './error-codes/request.error-codes.ts';
import { jobErrorCodes, jobErrorMessages } from './error-codes/jobs.error-codes.ts';
import { publicApiErrorCodes, publicApiErrorMessages } from './error-codes/public-api.error-codes.ts';
import { analyticsErrorCodes, analyticsErrorMessages } from './error-codes/analytics.error-codes.ts';
import { accountErrorCodes, accountErrorMessages } from './error-codes/account.error-codes.ts';
import { uploadErrorCodes, uploadErrorMessages } from './error-codes/uploads.error-codes.ts';
import { speechErrorCodes, speechErrorMessages } from './error-codes/speech.error-codes.ts';
import { videoTranslationErrorCodes, videoTranslationErrorMessages } from './error-codes/video-translation.error-codes.ts';
import { videoToolErrorCodes, videoToolErrorMessages } from './error-codes/video-tools.error-codes.ts';
import { dubbingErrorCodes, dubbingErrorMessages } from './error-codes/dubbing.error-codes.ts';
import { billingErrorCodes, billingErrorMessages } from './error-codes/billing.error-codes.ts';

export const ErrorCode = {
  ...requestErrorCodes,
  ...jobErrorCodes,
  ...publicApiErrorCodes,
  ...analyticsErrorCodes,
  ...accountErrorCodes,
  ...uploadErrorCodes,
  ...speechErrorCodes,
  ...videoTranslationErrorCodes,
  ...videoToolErrorCodes,
  ...dubbingErrorCodes,
  ...billingErrorCodes,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** Codes handed back untouched (no toast, no throw) to callers that ask for raw responses (spec §8). */
export const RAW_CODES: ReadonlySet<number> = new Set([
  ErrorCode.OK,
  ErrorCode.POINTS_INSUFFICIENT,
  ErrorCode.PLAN_REQUIRED,
  ErrorCode.REDEEM_CODE_UNKNOWN,
  ErrorCode.REDEEM_CODE_USED,
  ErrorCode.REDEEM_CODE_EXPIRED,
  ErrorCode.REDEEM_CODE_USER_LIMIT,
  ErrorCode.AUTH_REQUIRED,
]);

export type Locale = 'en' | 'zh';
export const LOCALES: readonly Locale[] = ['en', 'zh'];

type CodeMessages = Record<ErrorCodeValue, string>;

const en: CodeMessages = {
  ...requestErrorMessages.en,
  ...jobErrorMessages.en,
  ...publicApiErrorMessages.en,
  ...analyticsErrorMessages.en,
  ...accountErrorMessages.en,
  ...uploadErrorMessages.en,
  ...speechErrorMessages.en,
  ...videoTranslationErrorMessages.en,
  ...videoToolErrorMessages.en,
  ...dubbingErrorMessages.en,
  ...billingErrorMessages.en,
};

const zh: CodeMessages = {
  ...requestErrorMessages.zh,
  ...jobErrorMessages.zh,
  ...publicApiErrorMessages.zh,
  ...analyticsErrorMessages.zh,
  ...accountErrorMessages.zh,
  ...uploadErrorMessages.zh,
  ...speechErrorMessages.zh,
  ...videoTranslationErrorMessages.zh,
  ...videoToolErrorMessages.zh,
  ...dubbingErrorMessages.zh,
  ...billingErrorMessages.zh,
};

/** Reasons used inside INVALID_PARAMETER messages, by validation issue kind. */
const invalidReasons = {
  en: {
    required: 'this field is required',
    invalid_type: 'wrong type',
    too_small: 'too small or too short',
    too_big: 'too large or too long',
    invalid_format: 'wrong format',
    invalid_value: 'not an allowed value',
    unrecognized_keys: 'unknown field',
    custom: 'not accepted',
    control_character: 'contains a control character (such as a NUL byte), which is not allowed',
    line_break: 'must be a single line (no line breaks or tabs)',
    broken_text: 'contains broken characters (invalid Unicode)',
    whitespace: 'must not contain spaces',
    date_out_of_range: 'must be a date between the years 1970 and 9999',
    too_deep: 'is nested too deeply',
    empty: 'must not be empty (it holds only spaces or invisible characters)',
  },
  zh: {
    required: '此项必填',
    invalid_type: '类型错误',
    too_small: '过小或过短',
    too_big: '过大或过长',
    invalid_format: '格式错误',
    invalid_value: '不是允许的值',
    unrecognized_keys: '未知字段',
    custom: '不被接受',
    control_character: '包含不允许的控制字符（例如 NUL 字节）',
    line_break: '只能是一行文字（不能有换行或制表符）',
    broken_text: '包含损坏的字符（无效的 Unicode）',
    whitespace: '不能包含空格',
    date_out_of_range: '日期必须在 1970 年至 9999 年之间',
    too_deep: '嵌套层级过深',
    empty: '不能为空（只有空格或不可见字符）',
  },
} as const;

export type InvalidReason = keyof (typeof invalidReasons)['en'];

/** Whether a reason is a key of the catalogue above (a free-text reason is shown as it is). */
export function isInvalidReason(reason: string): reason is InvalidReason {
  return Object.prototype.hasOwnProperty.call(invalidReasons.en, reason);
}

export function invalidReasonText(locale: Locale, reason: string): string {
  const table: Record<string, string> = invalidReasons[locale];
  return table[reason] ?? table.custom ?? reason;
}

/** Catalogue as translation keys, for the web app's i18n: `error-code-message.{code}`. */
export const errorCodeMessages: Record<Locale, Record<`error-code-message.${number}`, string>> = {
  en: prefixKeys(en),
  zh: prefixKeys(zh),
};

function prefixKeys(messages: CodeMessages): Record<`error-code-message.${number}`, string> {
  const out: Record<`error-code-message.${number}`, string> = {};
  for (const [code, text] of Object.entries(messages)) out[`error-code-message.${Number(code)}`] = text;
  return out;
}

export function isKnownCode(code: number): code is ErrorCodeValue {
  return Object.prototype.hasOwnProperty.call(en, code);
}

/** Text in each language, for a placeholder whose value is itself words (a reason), not a name or a number. */
export type LocalizedText = Readonly<Record<Locale, string>>;
/** A placeholder's value: a name or a number as it is, or words in each language (picked by the message's locale). */
export type MessageParam = string | number | LocalizedText;
export type MessageParams = Readonly<Record<string, MessageParam>>;

export function isLocalizedText(value: unknown): value is LocalizedText {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>).en === 'string' && typeof (value as Record<string, unknown>).zh === 'string';
}

/** The catalogue message for a code, with `{name}` placeholders filled; undefined for unknown codes. */
export function messageFor(locale: Locale, code: number, params: MessageParams = {}): string | undefined {
  const template = errorCodeMessages[locale][`error-code-message.${code}`];
  if (template === undefined) return undefined;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? value[locale] : String(value);
  });
}

export function pickLocale(value: string | null | undefined): Locale {
  if (!value) return 'en';
  const first = value.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first === 'zh' || first === 'zh-cn' || first === 'zh-hans' || first.startsWith('zh-hans') || first === 'zh-sg') return 'zh';
  return 'en';
}
