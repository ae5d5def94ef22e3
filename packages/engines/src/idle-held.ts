import { freedMemory } from './freed-memory.ts';

/**
 * Something heavy an engine loads once and shares (ONNX sessions, a festival server): loaded on
 * first use, kept while any caller holds it, and released after `idleMs` with no holder, so an
 * idle app gives its memory back (issue 32: PP-OCR's two sessions hold ~200 MB). The next use
 * loads it again. `ENGINES_IDLE_SECONDS` sets the default idle time (300 s).
 */
export function engineIdleMs(): number {
  const seconds = Number(process.env.ENGINES_IDLE_SECONDS);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 300_000;
}

export interface Held<T> {
  value: T;
  /** The caller is done with it (idempotent). */
  release(): void;
}

export class IdleHeld<T> {
  readonly #load: () => Promise<T>;
  readonly #free: (value: T) => Promise<void> | void;
  readonly #idleMs: number | undefined;
  #loading: Promise<T> | undefined;
  #holders = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(load: () => Promise<T>, free: (value: T) => Promise<void> | void, options: { idleMs?: number } = {}) {
    this.#load = load;
    this.#free = free;
    this.#idleMs = options.idleMs;
  }

  /** The value, held until `release()`; a failed load is tried again by the next caller. */
  async acquire(): Promise<Held<T>> {
    clearTimeout(this.#timer);
    this.#holders++;
    try {
      if (!this.#loading) {
        const loading = this.#load();
        this.#loading = loading;
        loading.catch(() => {
          if (this.#loading === loading) this.#loading = undefined;
        });
      }
      const value = await this.#loading;
      let released = false;
      return {
        value,
        release: () => {
          if (released) return;
          released = true;
          this.#let();
        },
      };
    } catch (error) {
      this.#let();
      throw error;
    }
  }

  /** Whether the value is loaded (or loading) now. */
  get loaded(): boolean {
    return this.#loading !== undefined;
  }

  /** Frees the value now if nobody holds it (shutdown, tests). */
  async close(): Promise<void> {
    clearTimeout(this.#timer);
    if (this.#holders === 0) await this.#drop();
  }

  #let() {
    this.#holders--;
    if (this.#holders > 0) return;
    this.#timer = setTimeout(() => void this.#drop(), this.#idleMs ?? engineIdleMs());
    this.#timer.unref();
  }

  async #drop() {
    const loading = this.#loading;
    if (!loading || this.#holders > 0) return;
    this.#loading = undefined;
    const value = await loading.catch(() => undefined);
    if (value === undefined) return;
    await this.#free(value);
    // What the value held is free now, but kept by malloc: given back to the system (decision 094).
    freedMemory().soon();
  }
}
