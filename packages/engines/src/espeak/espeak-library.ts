import { Worker } from 'node:worker_threads';
import { EngineAbortedError, EngineFailedError, type EngineError } from '../engine-errors.ts';
import { freedMemory } from '../freed-memory.ts';
import { engineIdleMs } from '../idle-held.ts';
import type { EspeakCatalogueVariant, EspeakCatalogueVoice, EspeakSynthesisRequest, EspeakWordEvent, EspeakWorkerRequest, EspeakWorkerResponse } from './espeak-synthesis.worker.ts';
import { ESPEAK_ENGINE_ID } from './espeak-voices.ts';

export interface EspeakSynthesis {
  samples: Int16Array;
  sampleRate: number;
  words: EspeakWordEvent[];
  synthesisMs: number;
  /** How long loading the library took in the worker (once per worker: again after it ended idle). */
  loadMs: number;
}

export interface EspeakCatalogue {
  voices: EspeakCatalogueVoice[];
  variants: EspeakCatalogueVariant[];
  loadMs: number;
}

interface Pending {
  request: EspeakWorkerRequest;
  resolve: (response: EspeakWorkerResponse) => void;
  reject: (error: EngineError) => void;
  timeoutMs: number | undefined;
  /** Aborted or timed out while espeak-ng was on it: its answer is dropped. */
  discarded: boolean;
  cleanup: () => void;
}

/**
 * The espeak-ng library, loaded in one worker thread at a time (`espeak-synthesis.worker.ts`).
 * Requests run one at a time in order. An aborted request that is still queued is dropped; one
 * in progress is cancelled between chunks of audio and its result discarded. The worker is
 * unreferenced while idle, so it never keeps the process alive; if it dies, what was pending fails
 * (retryable) and the next request starts a new one. It ends after the engines' idle time with no
 * request (`ENGINES_IDLE_SECONDS`, as engine threads do, decision 066): it held ~35 MB (its isolate
 * and espeak-ng's WebAssembly memory) in an idle app for good after one voice list (decision 094).
 * The catalogue stays known; the next request starts a new worker.
 */
export class EspeakLibrary {
  #worker: Worker | undefined;
  readonly #idleMs: number | undefined;
  #idleTimer: NodeJS.Timeout | undefined;
  readonly #cancel = new Int32Array(new SharedArrayBuffer(4));
  readonly #queue: Pending[] = [];
  #current: Pending | undefined;
  #nextId = 1;
  #catalogue: Promise<EspeakCatalogue> | undefined;

  constructor(options: { idleMs?: number } = {}) {
    this.#idleMs = options.idleMs;
  }

  /** Whether its worker thread is running now. */
  get running(): boolean {
    return this.#worker !== undefined;
  }

  /** Voices and variants in the library's data; shared by all callers, so no caller's signal cancels it. */
  catalogue(): Promise<EspeakCatalogue> {
    if (!this.#catalogue) {
      this.#catalogue = this.#request({ type: 'catalogue', id: this.#nextId++ }, {}).then((response) => {
        if (response.type !== 'catalogue') throw new EngineFailedError(`${ESPEAK_ENGINE_ID}: unexpected answer ${response.type}`, { engineId: ESPEAK_ENGINE_ID, isRetryable: false });
        return { voices: response.voices, variants: response.variants, loadMs: response.loadMs };
      });
      this.#catalogue.catch(() => (this.#catalogue = undefined));
    }
    return this.#catalogue;
  }

  async synthesize(request: Omit<EspeakSynthesisRequest, 'type' | 'id'>, options: { signal?: AbortSignal | undefined; timeoutMs?: number | undefined }): Promise<EspeakSynthesis> {
    const response = await this.#request({ ...request, type: 'synthesize', id: this.#nextId++ }, options);
    if (response.type !== 'synthesized') throw new EngineFailedError(`${ESPEAK_ENGINE_ID}: unexpected answer ${response.type}`, { engineId: ESPEAK_ENGINE_ID, isRetryable: false });
    const { samples, sampleRate, words, synthesisMs, loadMs } = response;
    return { samples, sampleRate, words, synthesisMs, loadMs };
  }

  /** Ends the worker (pending requests fail). The next request starts a new one. */
  async close(): Promise<void> {
    clearTimeout(this.#idleTimer);
    await this.#worker?.terminate();
  }

  #request(request: EspeakWorkerRequest, options: { signal?: AbortSignal | undefined; timeoutMs?: number | undefined }): Promise<EspeakWorkerResponse> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(new EngineAbortedError(ESPEAK_ENGINE_ID, signal.reason));
    return new Promise<EspeakWorkerResponse>((resolve, reject) => {
      const pending: Pending = { request, resolve, reject, timeoutMs: options.timeoutMs, discarded: false, cleanup: () => signal?.removeEventListener('abort', onAbort) };
      const onAbort = () => this.#drop(pending, new EngineAbortedError(ESPEAK_ENGINE_ID, signal?.reason));
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(pending);
      this.#pump();
    });
  }

  /** Fails a request now: a queued one leaves the queue, one in progress is cancelled and its answer ignored. */
  #drop(pending: Pending, error: EngineError) {
    pending.cleanup();
    const queued = this.#queue.indexOf(pending);
    if (queued >= 0) this.#queue.splice(queued, 1);
    else if (this.#current === pending && !pending.discarded) {
      pending.discarded = true;
      Atomics.store(this.#cancel, 0, pending.request.id);
    } else return;
    pending.reject(error);
  }

  #spawn(): Worker {
    clearTimeout(this.#idleTimer);
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./espeak-synthesis.worker.ts', import.meta.url), { workerData: { cancel: this.#cancel.buffer } });
    worker.on('message', (response: EspeakWorkerResponse) => this.#settle(response));
    const fail = (cause: unknown) => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      const error = new EngineFailedError(`${ESPEAK_ENGINE_ID}: the synthesis worker stopped (${cause instanceof Error ? cause.message : String(cause)})`, { engineId: ESPEAK_ENGINE_ID, isRetryable: true, cause });
      const current = this.#current;
      this.#current = undefined;
      if (current && !current.discarded) {
        current.cleanup();
        current.reject(error);
      }
      for (const queued of this.#queue.splice(0)) {
        queued.cleanup();
        queued.reject(error);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  #pump() {
    if (this.#current) return;
    const next = this.#queue.shift();
    if (!next) {
      this.#idleIfDone();
      return;
    }
    this.#current = next;
    const worker = this.#spawn();
    worker.ref();
    if (next.timeoutMs !== undefined) {
      const timer = setTimeout(() => this.#drop(next, new EngineFailedError(`${ESPEAK_ENGINE_ID} timed out after ${next.timeoutMs} ms`, { engineId: ESPEAK_ENGINE_ID, isRetryable: true })), next.timeoutMs);
      const cleanup = next.cleanup;
      next.cleanup = () => {
        clearTimeout(timer);
        cleanup();
      };
    }
    worker.postMessage(next.request);
  }

  /** Nothing queued or running: the worker stops keeping the process alive, and ends after the idle time. */
  #idleIfDone() {
    const worker = this.#worker;
    if (!worker) return;
    worker.unref();
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      if (this.#worker !== worker || this.#current || this.#queue.length) return;
      this.#worker = undefined;
      void worker.terminate().then(() => freedMemory().soon());
    }, this.#idleMs ?? engineIdleMs());
    this.#idleTimer.unref();
  }

  #settle(response: EspeakWorkerResponse) {
    const current = this.#current;
    if (!current || current.request.id !== response.id) return;
    this.#current = undefined;
    current.cleanup();
    if (!current.discarded) {
      if (response.type === 'failed') current.reject(new EngineFailedError(`${ESPEAK_ENGINE_ID} failed: ${response.message}`, { engineId: ESPEAK_ENGINE_ID, isRetryable: false }));
      else if (response.type === 'cancelled') current.reject(new EngineAbortedError(ESPEAK_ENGINE_ID));
      else current.resolve(response);
    }
    this.#pump();
  }
}

let shared: EspeakLibrary | undefined;

/** The process's one espeak-ng library (its worker starts on the first request). */
export function espeakLibrary(): EspeakLibrary {
  shared ??= new EspeakLibrary();
  return shared;
}
