/**
 * The shape of one area of the error-code catalogue: its codes' messages in each language, every
 * code of the area in both (a missing or stray message fails typecheck here, not only in the joined
 * catalogue).
 */
import type { Locale } from '../error-codes.ts';

export type ErrorAreaMessages<Codes extends Readonly<Record<string, number>>> = Readonly<Record<Locale, Readonly<Record<Codes[keyof Codes], string>>>>;
