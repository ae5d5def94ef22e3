/**
 * A local engine run in a worker thread (issue 32): PP-OCR's inference and OpenCV's fill are
 * synchronous CPU work in long slices (up to ~0.5–1 s), which on the API's event loop held every
 * request of the embedded one-process app behind them. `inWorkerThread` returns an engine of the
 * same interface whose methods run in a `node:worker_threads` Worker (`engine-thread.worker.ts`),
 * which imports the engine's module and calls its factory once. See decision 066.
 *
 * - Arguments and results are structured-cloned. An argument's AbortSignal becomes an `abort`
 *   message (the worker gives the engine its own controller); its functions (`onProgress`) are
 *   called back through messages.
 * - Errors come back as the same `EngineError` classes with their `code`, `reason` and
 *   `isRetryable` (`rebuildError`), so the tools' error mapping is unchanged.
 * - One worker per engine, started on the first call, ended after the engines' idle time
 *   (`ENGINES_IDLE_SECONDS`, 300 s) with no call, which gives its models' memory back; the next
 *   call starts a new one. While idle it does not keep the process alive.
 * - A worker that dies (an uncaught error, an exit) fails the calls it had with a retryable
 *   `EngineFailedError`; the next call starts a new one.
 */
import { Worker } from 'node:worker_threads';
import { EngineFailedError, EngineUnavailableError, toEngineError } from '../engine-errors.ts';
import { freedMemory } from '../freed-memory.ts';
import { engineIdleMs } from '../idle-held.ts';
import { rebuildError, type ArgumentSlot, type EngineThreadData, type FromEngineThread, type ToEngineThread } from './thread-messages.ts';

/** Names of `E`'s methods that return a promise (what can run in the worker). */
export type AsyncMethodOf<E> = { [K in keyof E]: E[K] extends (...args: never[]) => Promise<unknown> ? K : never }[keyof E] & string;

export interface EngineThreadSpec<E, M extends AsyncMethodOf<E>> {
  /** The engine's module, a `file:` URL (`new URL('../ppocr/ppocr-text-detector.ts', import.meta.url)`): loadable by Node itself. */
  module: URL;
  /** The factory it exports (`createPpocr`) and its arguments (cloned into the worker). */
  factory: string;
  args?: unknown[];
  /** The engine's id, for the errors of the thread itself. */
  engineId: string;
  /** What the engine has besides the methods, known without loading it (`specificationVersion`, `engineId`). */
  fields: Omit<E, M>;
  /** The methods that run in the worker. */
  methods: readonly M[];
  /** Idle time before the worker ends; default `engineIdleMs()`. */
  idleMs?: number;
}

/** The engine proxied to its worker thread, and `close()`, which ends the worker now. */
export type ThreadedEngine<E> = E & { close(): Promise<void> };

interface PendingCall {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  callbacks: Map<string, (...values: unknown[]) => unknown>;
  signal: AbortSignal | undefined;
  /** Settled already on this side (a callback threw): the worker's answer is dropped. */
  settled: boolean;
  cleanup: () => void;
}

const slotKey = (slot: ArgumentSlot) => `${slot.arg}.${slot.key}`;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * The arguments as the worker gets them: a plain-object argument's AbortSignal and functions are
 * taken out (one level deep, where the capability interfaces put them).
 */
function splitArguments(args: readonly unknown[]): { args: unknown[]; callbacks: Map<string, (...values: unknown[]) => unknown>; slots: ArgumentSlot[]; signal?: ArgumentSlot & { value: AbortSignal } } {
  const callbacks = new Map<string, (...values: unknown[]) => unknown>();
  const slots: ArgumentSlot[] = [];
  let signal: (ArgumentSlot & { value: AbortSignal }) | undefined;
  const cloned = args.map((value, arg) => {
    if (!isPlainObject(value)) return value;
    const copy: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      if (field instanceof AbortSignal) {
        if (signal) throw new TypeError(`a call into a worker thread takes one AbortSignal; ${slotKey(signal)} and ${arg}.${key} are two`);
        signal = { arg, key, value: field };
      } else if (typeof field === 'function') {
        callbacks.set(slotKey({ arg, key }), field as (...values: unknown[]) => unknown);
        slots.push({ arg, key });
      } else copy[key] = field;
    }
    return copy;
  });
  return { args: cloned, callbacks, slots, ...(signal ? { signal } : {}) };
}

class EngineThread {
  readonly #spec: EngineThreadSpec<unknown, never> & { methods: readonly string[] };
  #worker: Worker | undefined;
  readonly #pending = new Map<number, PendingCall>();
  #nextId = 1;
  #idleTimer: NodeJS.Timeout | undefined;

  constructor(spec: EngineThreadSpec<unknown, never> & { methods: readonly string[] }) {
    this.#spec = spec;
  }

  call(method: string, args: readonly unknown[]): Promise<unknown> {
    const { engineId } = this.#spec;
    let split: ReturnType<typeof splitArguments>;
    try {
      split = splitArguments(args);
    } catch (error) {
      return Promise.reject(toEngineError(error, engineId, `calling ${method}`));
    }
    const id = this.#nextId++;
    const { signal } = split;
    return new Promise((resolve, reject) => {
      const onAbort = () => this.#worker?.postMessage({ type: 'abort', id } satisfies ToEngineThread);
      const pending: PendingCall = {
        resolve,
        reject,
        callbacks: split.callbacks,
        signal: signal?.value,
        settled: false,
        cleanup: () => signal?.value.removeEventListener('abort', onAbort),
      };
      const message: ToEngineThread = {
        type: 'call',
        id,
        method,
        args: split.args,
        callbacks: split.slots,
        ...(signal ? { signal: { arg: signal.arg, key: signal.key, aborted: signal.value.aborted } } : {}),
      };
      const worker = this.#start();
      try {
        worker.postMessage(message);
      } catch (error) {
        // An argument that cannot be cloned: the caller's mistake, nothing reached the worker.
        reject(toEngineError(error, engineId, `passing ${method}'s arguments to its thread`));
        this.#idleIfDone();
        return;
      }
      this.#pending.set(id, pending);
      worker.ref();
      signal?.value.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Ends the worker now; its calls fail (retryable). */
  async close(): Promise<void> {
    clearTimeout(this.#idleTimer);
    const worker = this.#worker;
    if (!worker) return;
    this.#lost(worker, new Error('closed'));
    await worker.terminate();
  }

  #start(): Worker {
    clearTimeout(this.#idleTimer);
    if (this.#worker) return this.#worker;
    const data: EngineThreadData = { module: this.#spec.module.href, factory: this.#spec.factory, args: this.#spec.args ?? [] };
    const worker = new Worker(new URL('./engine-thread.worker.ts', import.meta.url), { workerData: data, name: this.#spec.engineId });
    worker.on('message', (message: FromEngineThread) => this.#receive(message));
    worker.on('error', (error) => this.#lost(worker, error));
    worker.on('exit', (code) => this.#lost(worker, new Error(`exit code ${code}`)));
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  #receive(message: FromEngineThread) {
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    if (message.type === 'callback') {
      if (pending.settled) return;
      try {
        pending.callbacks.get(slotKey(message.slot))?.(...message.values);
      } catch (error) {
        // As in the engine's own thread, a callback that throws ends the call with its error.
        pending.settled = true;
        pending.reject(toEngineError(error, this.#spec.engineId, `calling back ${message.slot.key}`));
        this.#worker?.postMessage({ type: 'abort', id: message.id } satisfies ToEngineThread);
      }
      return;
    }
    this.#pending.delete(message.id);
    pending.cleanup();
    if (!pending.settled) {
      if (message.type === 'result') pending.resolve(message.value);
      else if (message.loading) {
        const cause = rebuildError(message.error, this.#spec.engineId);
        pending.reject(new EngineUnavailableError(`${this.#spec.engineId} could not be loaded in its thread: ${cause.message}`, { engineId: this.#spec.engineId, cause }));
      } else pending.reject(rebuildError(message.error, this.#spec.engineId, pending.signal?.aborted ? { reason: pending.signal.reason } : undefined));
    }
    this.#idleIfDone();
  }

  /** The worker died or was ended: what it had fails, retryable; the next call starts a new one. */
  #lost(worker: Worker, cause: unknown) {
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    clearTimeout(this.#idleTimer);
    const { engineId } = this.#spec;
    const error = new EngineFailedError(`${engineId}: its worker thread stopped (${cause instanceof Error ? cause.message : String(cause)})`, { engineId, isRetryable: true, cause });
    for (const pending of this.#pending.values()) {
      pending.cleanup();
      if (!pending.settled) pending.reject(error);
    }
    this.#pending.clear();
  }

  #idleIfDone() {
    const worker = this.#worker;
    if (!worker || this.#pending.size > 0) return;
    worker.unref();
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      if (this.#worker !== worker || this.#pending.size > 0) return;
      this.#worker = undefined;
      // The thread's memory is freed as it ends, and kept by malloc: given back (decision 094).
      void worker.terminate().then(() => freedMemory().soon());
    }, this.#spec.idleMs ?? engineIdleMs());
    this.#idleTimer.unref();
  }
}

/**
 * `spec.factory(...spec.args)` from `spec.module`, run in a worker thread of its own: an engine
 * whose `spec.methods` post their arguments to the worker and resolve with what the engine there
 * returned (or reject with the error it threw), and whose other fields are `spec.fields`.
 */
export function inWorkerThread<E, M extends AsyncMethodOf<E>>(spec: EngineThreadSpec<E, M>): ThreadedEngine<E> {
  const thread = new EngineThread(spec as unknown as EngineThreadSpec<unknown, never> & { methods: readonly string[] });
  const methods = Object.fromEntries(spec.methods.map((method) => [method, (...args: unknown[]) => thread.call(method, args)]));
  return { ...spec.fields, ...methods, close: () => thread.close() } as ThreadedEngine<E>;
}
