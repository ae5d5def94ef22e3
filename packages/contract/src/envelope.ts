import { z } from 'zod';
import { ErrorCode } from './error-codes.ts';

/** Every business call answers `{code, message, data}`; code 0 is success (spec §7–§8). */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data: data.nullable() });
}

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { code: ErrorCode.OK, message, data };
}

/** Extra detail an error may carry in `data`, e.g. which field was invalid. */
export interface ErrorData {
  errorCode?: number;
  field?: string;
  reason?: string;
  [key: string]: unknown;
}
