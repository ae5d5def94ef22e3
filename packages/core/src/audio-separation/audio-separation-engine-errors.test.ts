import { ErrorCode } from '@voxwork/contract';
import { describe, expect, it } from 'vitest';
import { EngineFailure, type EngineFailureReason } from '../engines/engine-failure.ts';
import { audioSeparationEngineErrors } from './audio-separation-engine-errors.ts';

const failure = (reason: EngineFailureReason, isRetryable = false) => new EngineFailure(`${reason} happened`, { reason, engineId: 'acme:separator', isRetryable });

describe('audioSeparationEngineErrors', () => {
  it('a file without sound or not decodable is the person’s to fix; the rest is the engine’s, retryable when it said so', () => {
    expect(audioSeparationEngineErrors(failure('no-audio'))).toMatchObject({ code: ErrorCode.AUDIO_SEPARATION_NO_AUDIO_TRACK });
    expect(audioSeparationEngineErrors(failure('not-readable'))).toMatchObject({ code: ErrorCode.AUDIO_SEPARATION_NOT_READABLE });
    expect(audioSeparationEngineErrors(failure('engine-failed', true))).toMatchObject({ code: ErrorCode.AUDIO_SEPARATION_ENGINE_FAILED, params: { engine: 'acme:separator' }, isRetryable: true });
  });
});
