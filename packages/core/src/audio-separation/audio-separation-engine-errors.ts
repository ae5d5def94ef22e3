import { ErrorCode } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';
import type { EngineFailure } from '../engines/engine-failure.ts';

/** Audio separation's engine failures: a file the engine cannot decode, or without sound, is the person's to fix; the rest is the engine's (retryable when it said so). */
export function audioSeparationEngineErrors(failure: EngineFailure): DomainError {
  const cause = failure.cause ?? failure;
  if (failure.reason === 'no-audio') return new DomainError(ErrorCode.AUDIO_SEPARATION_NO_AUDIO_TRACK, {}, { cause });
  if (failure.reason === 'not-readable') return new DomainError(ErrorCode.AUDIO_SEPARATION_NOT_READABLE, {}, { cause });
  return new DomainError(ErrorCode.AUDIO_SEPARATION_ENGINE_FAILED, { engine: failure.engineId }, { isRetryable: failure.isRetryable, cause });
}
