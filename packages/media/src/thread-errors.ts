/**
 * How an error crosses from a worker thread to its owner. Structured cloning keeps an `Error`'s
 * message and stack but drops its own fields (`code`, `exitCode`, `isRetryable`, …) and its class:
 * they travel as plain data, and the owner builds the class it knows again (the frame reader's media
 * errors, `video-frames-thread.ts`; the engines' errors, `@voxwork/engines` threads), any other
 * error a plain `Error` of the same name (`rebuildPlainError`).
 */

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

/** A plain `Error` carrying the thread's name, message, stack, fields and cause (a cause that was no error: its text). */
export function rebuildPlainError(serialized: SerializedError | { value: string }): unknown {
  if ('value' in serialized) return serialized.value;
  const error = new Error(serialized.message, serialized.cause ? { cause: rebuildPlainError(serialized.cause) } : undefined);
  Object.defineProperty(error, 'name', { value: serialized.name, enumerable: false, configurable: true, writable: true });
  Object.assign(error, serialized.fields);
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}
