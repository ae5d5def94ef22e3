import { MediaAbortedError, MediaProcessError } from '@voxwork/media';

export type EngineErrorCode =
  /** No engine with that id, or not of the asked capability. */
  | 'unknown-engine'
  /** Options failed validation, or name something the engine does not have (a voice). */
  | 'invalid-input'
  /** The engine's binary or model is not installed on this machine. */
  | 'engine-unavailable'
  /** The engine ran and failed. */
  | 'engine-failed'
  /** A remote engine refused our credentials (HTTP 401/403): an operator must fix the key; never retried. */
  | 'unauthorized'
  /** The caller's AbortSignal fired. */
  | 'aborted';

/** Every error an engine throws. The job runner retries only when `isRetryable` is true. */
export class EngineError extends Error {
  override name = 'EngineError';
  readonly code: EngineErrorCode;
  readonly engineId: string | undefined;
  readonly isRetryable: boolean;
  constructor(message: string, options: { code: EngineErrorCode; engineId?: string | undefined; isRetryable?: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.code = options.code;
    this.engineId = options.engineId;
    this.isRetryable = options.isRetryable ?? false;
  }

  static isInstance(error: unknown): error is EngineError {
    return error instanceof EngineError;
  }
}

export class UnknownEngineError extends EngineError {
  override name = 'UnknownEngineError';
  constructor(message: string, engineId: string) {
    super(message, { code: 'unknown-engine', engineId });
  }
}

/**
 * Why an engine refused its input, for the tool to map to a catalogue error (never a pattern on the
 * message, which is for logs and may change).
 */
export type EngineInputReason =
  /** Options or a request the engine cannot take (the caller's mistake, not the person's file). */
  | 'invalid-request'
  /** The file is not a media file, or it cannot be decoded (damaged, unknown codec). */
  | 'not-readable'
  /** The file has no audio stream, or no decodable audio. */
  | 'no-audio'
  /** The file has no picture. */
  | 'no-picture'
  /** No face was found (or none in the box asked for). */
  | 'no-face'
  /** A face was found, too small to animate. */
  | 'face-too-small';

export class EngineInputError extends EngineError {
  override name = 'EngineInputError';
  readonly reason: EngineInputReason;
  constructor(message: string, options: { engineId: string; cause?: unknown; reason?: EngineInputReason }) {
    const { reason, ...rest } = options;
    super(message, { code: 'invalid-input', ...rest });
    this.reason = reason ?? 'invalid-request';
  }
}

export class EngineUnavailableError extends EngineError {
  override name = 'EngineUnavailableError';
  constructor(message: string, options: { engineId: string; cause?: unknown }) {
    super(message, { code: 'engine-unavailable', ...options });
  }
}

export class EngineFailedError extends EngineError {
  override name = 'EngineFailedError';
  constructor(message: string, options: { engineId: string; isRetryable: boolean; cause?: unknown }) {
    super(message, { code: 'engine-failed', ...options });
  }
}

export class EngineAuthError extends EngineError {
  override name = 'EngineAuthError';
  constructor(message: string, options: { engineId: string; cause?: unknown }) {
    super(message, { code: 'unauthorized', ...options });
  }
}

export class EngineAbortedError extends EngineError {
  override name = 'EngineAbortedError';
  constructor(engineId: string, cause?: unknown) {
    super(`${engineId} was cancelled`, { code: 'aborted', engineId, cause });
  }
}

/** Throws `EngineAbortedError` when the signal has fired (call between units of work). */
export function throwIfAborted(signal: AbortSignal | undefined, engineId: string): void {
  if (signal?.aborted) throw new EngineAbortedError(engineId, signal.reason);
}

/**
 * Maps whatever a media tool or model threw to an `EngineError`: cancellation stays cancellation,
 * a missing binary is `engine-unavailable`, timeouts stay retryable, anything else keeps its cause.
 */
export function toEngineError(error: unknown, engineId: string, doing: string): EngineError {
  if (error instanceof EngineError) return error;
  if (error instanceof MediaAbortedError) return new EngineAbortedError(engineId, error);
  if (error instanceof MediaProcessError) {
    if (error.failure === 'not-installed') {
      return new EngineUnavailableError(`${engineId}: ${error.message}`, { engineId, cause: error });
    }
    return new EngineFailedError(`${engineId} failed while ${doing}: ${error.message}`, { engineId, isRetryable: error.isRetryable, cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new EngineFailedError(`${engineId} failed while ${doing}: ${message}`, { engineId, isRetryable: false, cause: error });
}
