import { ErrorCode } from './error-codes.ts';

/** Every business call answers `{code, message, data}`; code 0 is success (spec §7–§8). */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { code: ErrorCode.OK, message, data };
}
