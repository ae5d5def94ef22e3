import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineAbortedError, EngineFailedError, EngineInputError, EngineUnavailableError } from '../engine-errors.ts';
import { inWorkerThread, type ThreadedEngine } from './engine-thread.ts';
import { TEST_ENGINE_ID, type ThreadTestEngine } from './engine-thread.test-engine.ts';

const METHODS = ['echo', 'waitForAbort', 'refuse', 'failRetryably', 'throwPlain', 'crash'] as const;

const opened: Array<ThreadedEngine<ThreadTestEngine>> = [];

function threaded(options: { idleMs?: number; factory?: string } = {}): ThreadedEngine<ThreadTestEngine> {
  const engine = inWorkerThread<ThreadTestEngine, (typeof METHODS)[number]>({
    module: new URL('./engine-thread.test-engine.ts', import.meta.url),
    factory: options.factory ?? 'createThreadTestEngine',
    args: [{ label: 'made in the thread' }],
    engineId: TEST_ENGINE_ID,
    fields: { specificationVersion: 'v1', engineId: TEST_ENGINE_ID },
    methods: METHODS,
    ...(options.idleMs !== undefined ? { idleMs: options.idleMs } : {}),
  });
  opened.push(engine);
  return engine;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error,
  );
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((engine) => engine.close()));
});

describe('inWorkerThread', () => {
  it('runs the engine in another thread, made by its factory, with progress called back here', async () => {
    const engine = threaded();
    const progress: number[] = [];
    const result = await engine.echo({ value: { boxes: [{ x: 1, text: '字幕' }] }, onProgress: (percent) => progress.push(percent) });
    expect(result).toMatchObject({ label: 'made in the thread', value: { boxes: [{ x: 1, text: '字幕' }] } });
    expect(result.threadId).not.toBe(threadId);
    expect(progress).toEqual([10, 50, 100]);
    expect(engine).toMatchObject({ specificationVersion: 'v1', engineId: TEST_ENGINE_ID });
    // Calls share the thread (and its loaded models).
    expect((await engine.echo({ value: 2 })).threadId).toBe(result.threadId);
  });

  it('ends the call when the caller’s signal fires, before or during the call, with the caller’s reason', async () => {
    const engine = threaded();
    const early = new AbortController();
    early.abort(new Error('cancelled before'));
    const before = await rejection(engine.waitForAbort({ signal: early.signal }));
    expect(before).toBeInstanceOf(EngineAbortedError);
    expect(before).toMatchObject({ code: 'aborted', engineId: TEST_ENGINE_ID, isRetryable: false, cause: early.signal.reason });

    const controller = new AbortController();
    const pending = engine.waitForAbort({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error('job cancelled')), 20);
    const during = await rejection(pending);
    expect(during).toBeInstanceOf(EngineAbortedError);
    expect(during).toMatchObject({ code: 'aborted', cause: controller.signal.reason });
  });

  it('rebuilds typed engine errors with their reason, retryability and cause; other errors keep their name', async () => {
    const engine = threaded();
    const refused = await rejection(engine.refuse({ reason: 'no-face' }));
    expect(refused).toBeInstanceOf(EngineInputError);
    expect(refused).toMatchObject({ name: 'EngineInputError', code: 'invalid-input', reason: 'no-face', engineId: TEST_ENGINE_ID, isRetryable: false, message: 'the picture has no face' });
    expect((refused as Error).stack).toContain('engine-thread.test-engine.ts');

    const failed = await rejection(engine.failRetryably());
    expect(failed).toBeInstanceOf(EngineFailedError);
    expect(failed).toMatchObject({ code: 'engine-failed', isRetryable: true });
    expect((failed as Error).cause).toMatchObject({ name: 'MediaProcessError', message: 'ffmpeg exited with code 1', exitCode: 1, stderr: 'moov atom not found' });

    const plain = await rejection(engine.throwPlain());
    expect(plain).toBeInstanceOf(Error);
    expect(plain).not.toBeInstanceOf(EngineFailedError);
    expect(plain).toMatchObject({ name: 'RangeError', message: 'index out of range' });
  });

  it('fails the calls of a thread that dies as retryable, and starts a new thread for the next call', async () => {
    const engine = threaded();
    const first = (await engine.echo({ value: 1 })).threadId;
    const waiting = rejection(engine.waitForAbort({}));
    const crashed = await rejection(engine.crash());
    expect(crashed).toBeInstanceOf(EngineFailedError);
    expect(crashed).toMatchObject({ code: 'engine-failed', isRetryable: true, engineId: TEST_ENGINE_ID });
    expect((crashed as Error).message).toContain('the thread fell over');
    expect(await waiting, 'a call in progress on the same thread fails too').toBeInstanceOf(EngineFailedError);
    const next = await engine.echo({ value: 2 });
    expect(next.value).toBe(2);
    expect(next.threadId).not.toBe(first);
  });

  it('ends its thread after the idle time, and the next call starts a new one', async () => {
    const engine = threaded({ idleMs: 50 });
    const first = (await engine.echo({ value: 1 })).threadId;
    expect((await engine.echo({ value: 2 })).threadId, 'within the idle time').toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await engine.echo({ value: 3 })).threadId).not.toBe(first);
  });

  it('says the engine is unavailable when its module gives no such factory', async () => {
    const engine = threaded({ factory: 'createNothing' });
    const error = await rejection(engine.echo({ value: 1 }));
    expect(error).toBeInstanceOf(EngineUnavailableError);
    expect(error).toMatchObject({ code: 'engine-unavailable', engineId: TEST_ENGINE_ID });
    expect((error as Error).message).toContain('createNothing');
  });
});
