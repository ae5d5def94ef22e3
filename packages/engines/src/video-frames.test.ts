import { MediaAbortedError, MediaProcessError, rawVideoFramesArgs, readRawVideoFrames } from '@voxwork/media';
import { describe, expect, it } from 'vitest';
import { EngineInputError } from './engine-errors.ts';
import { frameDecodingError } from './video-frames.ts';

/** The error `frames` fails with (undefined when they do not fail, which no assertion below takes for an error). */
const failureOf = (frames: AsyncIterable<Uint8Array>): Promise<unknown> =>
  (async () => {
    for await (const _frame of frames);
  })().then(() => undefined, (error: unknown) => error);

describe('frameDecodingError', () => {
  it('makes a decoding failure bad input, read on the engine’s thread or on a thread of its own; cancellation stays as it is', async () => {
    const undecodable = rawVideoFramesArgs({ input: '/nonexistent/video.mp4' });
    for (const onThread of [false, true]) {
      const failure = await failureOf(readRawVideoFrames(undecodable, 3, { onThread, readAhead: 1 }));
      expect(failure).toBeInstanceOf(MediaProcessError);
      const mapped = frameDecodingError(failure, 'test:engine');
      expect(mapped).toBeInstanceOf(EngineInputError);
      expect(mapped).toMatchObject({ reason: 'not-readable', isRetryable: false, cause: failure });
      const cancelled = await failureOf(readRawVideoFrames(undecodable, 3, { onThread, readAhead: 1, signal: AbortSignal.abort() }));
      expect(cancelled).toBeInstanceOf(MediaAbortedError);
      expect(frameDecodingError(cancelled, 'test:engine')).toBe(cancelled);
    }
  });
});
