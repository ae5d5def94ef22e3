/**
 * A small engine for `engine-thread.test.ts`, loaded by the worker thread as any engine module
 * is: it answers, reports progress, waits for its signal, throws typed and plain errors, and can
 * bring its thread down.
 */
import { threadId } from 'node:worker_threads';
import { MediaProcessError } from '@voxwork/media';
import { EngineAbortedError, EngineFailedError, EngineInputError, throwIfAborted, type EngineInputReason } from '../engine-errors.ts';

export const TEST_ENGINE_ID = 'test:engine-thread';

export interface ThreadTestEngine {
  readonly specificationVersion: 'v1';
  readonly engineId: typeof TEST_ENGINE_ID;
  echo(options: { value: unknown; onProgress?: (percent: number) => void }): Promise<{ label: string; value: unknown; threadId: number }>;
  waitForAbort(options: { signal?: AbortSignal }): Promise<never>;
  refuse(options: { reason: EngineInputReason }): Promise<never>;
  failRetryably(): Promise<never>;
  throwPlain(): Promise<never>;
  /** Throws where nothing catches it: the thread ends. */
  crash(): Promise<never>;
}

export function createThreadTestEngine(settings: { label: string }): ThreadTestEngine {
  return {
    specificationVersion: 'v1',
    engineId: TEST_ENGINE_ID,
    async echo(options) {
      for (const percent of [10, 50, 100]) options.onProgress?.(percent);
      return { label: settings.label, value: options.value, threadId };
    },
    waitForAbort(options) {
      throwIfAborted(options.signal, TEST_ENGINE_ID);
      return new Promise((_, reject) => options.signal?.addEventListener('abort', () => reject(new EngineAbortedError(TEST_ENGINE_ID, options.signal?.reason)), { once: true }));
    },
    async refuse(options) {
      throw new EngineInputError('the picture has no face', { engineId: TEST_ENGINE_ID, reason: options.reason });
    },
    async failRetryably() {
      const cause = new MediaProcessError('ffmpeg exited with code 1', { exitCode: 1, stderr: 'moov atom not found', isRetryable: true, failure: 'exited' });
      throw new EngineFailedError(`${TEST_ENGINE_ID} failed while reading: ffmpeg exited with code 1`, { engineId: TEST_ENGINE_ID, isRetryable: true, cause });
    },
    async throwPlain() {
      throw new RangeError('index out of range');
    },
    crash() {
      setImmediate(() => {
        throw new Error('the thread fell over');
      });
      return new Promise(() => undefined);
    },
  };
}
