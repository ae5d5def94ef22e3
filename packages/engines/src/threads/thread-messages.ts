/**
 * What an engine's worker thread (`engine-thread.worker.ts`) and its owner (`engine-thread.ts`)
 * say to each other, and how an error crosses between them. Structured cloning keeps an `Error`'s
 * message and stack but drops its own fields (`code`, `reason`, `isRetryable`), which the tools map
 * to catalogue errors: they travel as plain data and the owner builds the same `EngineError` class
 * again (`rebuildError`).
 */
import { EngineAbortedError, EngineAuthError, EngineError, EngineFailedError, EngineInputError, EngineUnavailableError, UnknownEngineError, type EngineErrorCode, type EngineInputReason } from '../engine-errors.ts';

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

/** An error as data: its class name, message, stack, own fields that are plain values, and its cause. */
export interface SerializedError {
  name: string;
  message: string;
  stack: string | undefined;
  fields: Record<string, string | number | boolean | null>;
  cause?: SerializedError | { value: string };
}

const MAX_CAUSE_DEPTH = 4;

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), stack: undefined, fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'name' || key === 'message' || key === 'stack' || key === 'cause') continue;
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  const serialized: SerializedError = { name: error.name, message: error.message, stack: error.stack, fields };
  if (error.cause !== undefined) {
    serialized.cause = error.cause instanceof Error && depth < MAX_CAUSE_DEPTH ? serializeError(error.cause, depth + 1) : { value: String(error.cause) };
  }
  return serialized;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A plain `Error` carrying the worker's name, message, stack and fields (a cause, for logs). */
function rebuildCause(serialized: SerializedError | { value: string }): unknown {
  if ('value' in serialized) return serialized.value;
  const error = new Error(serialized.message, serialized.cause ? { cause: rebuildCause(serialized.cause) } : undefined);
  Object.defineProperty(error, 'name', { value: serialized.name, enumerable: false, configurable: true, writable: true });
  Object.assign(error, serialized.fields);
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}

/**
 * The worker's error as the engine would have thrown it in this thread: the same `EngineError`
 * class with its `code`, `engineId`, `isRetryable` and `reason`; any other error a plain `Error` of
 * the same name and message. `abortReason`: the caller's signal fired, so cancellation carries the
 * caller's reason as its cause, as an engine run here would.
 */
export function rebuildError(serialized: SerializedError, fallbackEngineId: string, abortReason?: { reason: unknown }): Error {
  const { fields } = serialized;
  const engineId = text(fields.engineId) ?? fallbackEngineId;
  const cause = serialized.cause ? rebuildCause(serialized.cause) : undefined;
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
      error = rebuildCause(serialized) as Error;
      return error;
  }
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}
