import { ErrorCode, type ErrorCodeValue, type MessageParams } from '@voxwork/contract';

/**
 * An error the user may see: a catalogue code plus the values its message needs.
 * The HTTP edge turns it into an envelope; services never build HTTP responses.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  readonly code: ErrorCodeValue;
  readonly params: MessageParams;
  readonly isRetryable: boolean;
  constructor(code: ErrorCodeValue, params: MessageParams = {}, options: { isRetryable?: boolean; cause?: unknown } = {}) {
    super(`error ${code}${Object.keys(params).length ? ` ${JSON.stringify(params)}` : ''}`, { cause: options.cause });
    this.code = code;
    this.params = params;
    this.isRetryable = options.isRetryable ?? false;
  }
}

export const notFound = (code: ErrorCodeValue = ErrorCode.NOT_FOUND) => new DomainError(code);

/** Whether a failure may succeed when tried again (network blips, timeouts), by the `isRetryable` convention. */
export function isRetryable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { isRetryable?: unknown }).isRetryable === true;
}
