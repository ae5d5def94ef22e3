import { ErrorCode } from '@voxwork/contract';
import { describe, expect, it } from 'vitest';
import { EngineFailure, type EngineFailureReason } from '../engines/engine-failure.ts';
import { avatarEngineErrors } from './avatar-engine-errors.ts';

const failure = (reason: EngineFailureReason) => new EngineFailure(`${reason} happened`, { reason, engineId: 'acme:animator', isRetryable: false });

describe('avatarEngineErrors', () => {
  it('tells of the photo’s face (none, or too small); anything else is the engine being unavailable', () => {
    expect(avatarEngineErrors(failure('no-face'))).toMatchObject({ code: ErrorCode.AVATAR_NO_FACE, params: { scene: 1 } });
    expect(avatarEngineErrors(failure('face-too-small'))).toMatchObject({ code: ErrorCode.AVATAR_FACE_TOO_SMALL, params: { scene: 1 } });
    expect(avatarEngineErrors(failure('not-readable'))).toMatchObject({ code: ErrorCode.ENGINE_UNAVAILABLE, params: { engine: 'acme:animator' } });
  });
});
