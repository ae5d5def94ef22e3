import { ErrorCode } from '@voxwork/contract';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error.ts';
import { EngineFailure, engineUnavailable, mapEngineFailures, videoEngineErrors, type EngineFailureReason } from './engine-failure.ts';

const failure = (reason: EngineFailureReason, isRetryable = false) => new EngineFailure(`${reason} happened`, { reason, engineId: 'acme:engine', isRetryable, cause: new Error('the engine said so') });

describe('engine failures', () => {
  it('maps a port’s failures to the catalogue errors its consumer picks; other errors and results go through as they are', async () => {
    const cancelled = new Error('cancelled');
    const refused = new DomainError(ErrorCode.AVATAR_UNKNOWN);
    const port = mapEngineFailures(
      {
        offers: () => ['a'],
        fails: async (reason: EngineFailureReason) => Promise.reject(failure(reason)),
        throwsNow: (): string => {
          throw failure('no-picture');
        },
        cancels: async () => Promise.reject(cancelled),
        refuses: async () => Promise.reject(refused),
      },
      videoEngineErrors,
    );
    expect(port.offers()).toEqual(['a']);
    await expect(port.fails('not-readable')).rejects.toMatchObject({ code: ErrorCode.VIDEO_NOT_READABLE });
    await expect(port.fails('engine-failed')).rejects.toMatchObject({ code: ErrorCode.ENGINE_UNAVAILABLE, params: { engine: 'acme:engine' } });
    expect(() => port.throwsNow()).toThrow(expect.objectContaining({ code: ErrorCode.VIDEO_NOT_READABLE }));
    await expect(port.cancels()).rejects.toBe(cancelled);
    await expect(port.refuses()).rejects.toBe(refused);
  });

  it('keeps the engine’s error as the cause and its retryability where the catalogue error is the engine’s', () => {
    const busy = failure('engine-failed', true);
    expect(engineUnavailable(busy)).toMatchObject({ code: ErrorCode.ENGINE_UNAVAILABLE, isRetryable: true, cause: busy.cause });
    expect(videoEngineErrors(failure('no-picture', true))).toMatchObject({ code: ErrorCode.VIDEO_NOT_READABLE, isRetryable: false });
  });
});
