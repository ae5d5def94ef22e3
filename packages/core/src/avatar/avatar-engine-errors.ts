import { ErrorCode } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';
import { engineUnavailable, type EngineFailure } from '../engines/engine-failure.ts';

/** AI avatar video's engine failures as the person sees them: no face, or one too small to animate, in the photo; else the engine is unavailable. */
export function avatarEngineErrors(failure: EngineFailure): DomainError {
  const cause = failure.cause ?? failure;
  if (failure.reason === 'no-face') return new DomainError(ErrorCode.AVATAR_NO_FACE, { scene: 1 }, { cause });
  if (failure.reason === 'face-too-small') return new DomainError(ErrorCode.AVATAR_FACE_TOO_SMALL, { scene: 1 }, { cause });
  return engineUnavailable(failure);
}
