/**
 * What an engine's worker thread (`engine-thread.worker.ts`) and its owner (`engine-thread.ts`)
 * say to each other, and how an error crosses between them. Structured cloning keeps an `Error`'s
 * message and stack but drops its own fields (`code`, `reason`, `isRetryable`), which the tools map
 * to catalogue errors: they travel as plain data and the owner builds the same `EngineError` class
 * again (`rebuildError`). The crossing itself is `@voxwork/media`'s (`serializeError`), which the
 * frame reader's thread uses too.
 */
import { rebuildPlainError, type SerializedError } from '@voxwork/media';
import { EngineAbortedError, EngineAuthError, EngineError, EngineFailedError, EngineInputError, EngineUnavailableError, UnknownEngineError, type EngineErrorCode, type EngineInputReason } from '../engine-errors.ts';

export { serializeError, type SerializedError } from '@voxwork/media';

/** What the worker is started with (`workerData`). */
export interface EngineThreadData {
  /** The module exporting the factory, as a `file:` URL. */
  module: string;
  factory: string;
  args: unknown[];
}

/** Where, in a call's arguments, a value that cannot be cloned was: argument `arg`'s property `key`. */
export interface ArgumentSlot {
  arg: number;
  key: string;
}

export type ToEngineThread =
  | {
      type: 'call';
      id: number;
      method: string;
      /** The arguments without their signal and callbacks (those are the slots below). */
      args: unknown[];
      /** Functions the worker calls back through `callback` messages (`onProgress`). */
      callbacks: ArgumentSlot[];
      /** The call's AbortSignal: the worker gives the engine its own, fired by an `abort` message. */
      signal?: ArgumentSlot & { aborted: boolean };
    }
  | { type: 'abort'; id: number };

export type FromEngineThread =
  | { type: 'callback'; id: number; slot: ArgumentSlot; values: unknown[] }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; error: SerializedError; loading: boolean };

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The worker's error as the engine would have thrown it in this thread: the same `EngineError`
 * class with its `code`, `engineId`, `isRetryable` and `reason`; any other error a plain `Error` of
 * the same name and message. `abortReason`: the caller's signal fired, so cancellation carries the
 * caller's reason as its cause, as an engine run here would.
 */
export function rebuildError(serialized: SerializedError, fallbackEngineId: string, abortReason?: { reason: unknown }): Error {
  const { fields } = serialized;
  const engineId = text(fields.engineId) ?? fallbackEngineId;
  const cause = serialized.cause ? rebuildPlainError(serialized.cause) : undefined;
  const withCause = cause === undefined ? {} : { cause };
  let error: Error;
  switch (serialized.name) {
    case 'EngineAbortedError':
      error = new EngineAbortedError(engineId, abortReason ? abortReason.reason : cause);
      break;
    case 'EngineInputError':
      error = new EngineInputError(serialized.message, { engineId, reason: (text(fields.reason) as EngineInputReason | undefined) ?? 'invalid-request', ...withCause });
      break;
    case 'EngineUnavailableError':
      error = new EngineUnavailableError(serialized.message, { engineId, ...withCause });
      break;
    case 'EngineFailedError':
      error = new EngineFailedError(serialized.message, { engineId, isRetryable: fields.isRetryable === true, ...withCause });
      break;
    case 'EngineAuthError':
      error = new EngineAuthError(serialized.message, { engineId, ...withCause });
      break;
    case 'UnknownEngineError':
      error = new UnknownEngineError(serialized.message, engineId);
      break;
    case 'EngineError':
      error = new EngineError(serialized.message, { code: (text(fields.code) as EngineErrorCode | undefined) ?? 'engine-failed', engineId, isRetryable: fields.isRetryable === true, ...withCause });
      break;
    default:
      error = rebuildPlainError(serialized) as Error;
      return error;
  }
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}
