import { EngineFailure } from '@voxwork/core/engines';
import { EngineError, EngineInputError } from '@voxwork/engines';

/**
 * The engine layer's error in the ports' words: an `EngineFailure` with its typed reason (which
 * catalogue error it becomes is core's, `mapEngineFailures`). Cancellation, catalogue errors and
 * anything else go through as they are.
 */
export function asEngineFailure(error: unknown, engineId: string): unknown {
  if (!(error instanceof EngineError) || error.code === 'aborted') return error;
  return new EngineFailure(error.message, { reason: error instanceof EngineInputError ? error.reason : 'engine-failed', engineId, isRetryable: error.isRetryable, cause: error });
}

/** An engine call whose failures reach core as `EngineFailure`s. */
export const engineCall = <T>(engineId: string, call: () => Promise<T>): Promise<T> => call().catch((error: unknown) => Promise.reject(asEngineFailure(error, engineId)));
