/**
 * Facts read from a file by a tool (ffprobe's), kept while the file is unchanged: a pipeline probes
 * one input several times (its price, its ingest, each stage's own checks), and each probe is a
 * process that reads the container again. A file is the same while its device, inode, size,
 * modification and change times are (a rewrite, a rename over it or a touch changes one of them).
 * Anything that is not a regular file (a URL, a pipe, a lavfi graph) is read every time. Only
 * answers are kept: a failure is not, and two callers at once each run their own probe (a caller's
 * cancellation never ends another's).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';

export class FileFacts<T> {
  readonly #entries = new Map<string, { identity: string; value: T }>();
  readonly #capacity: number;

  constructor(capacity = 256) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer (got ${capacity})`);
    this.#capacity = capacity;
  }

  /** The facts kept for `file` under `kind` while it has not changed, else `read()`'s (then kept). Each caller gets its own copy. */
  async get(kind: string, file: string, read: () => Promise<T>): Promise<T> {
    const identity = await identityOf(file);
    if (identity === undefined) return read();
    const key = `${kind}\0${path.resolve(file)}`;
    const kept = this.#entries.get(key);
    if (kept && kept.identity === identity) {
      // Most recently used last: the first entry is the one dropped when the map is full.
      this.#entries.delete(key);
      this.#entries.set(key, kept);
      return structuredClone(kept.value);
    }
    const value = await read();
    // Kept under the identity seen before the read: a file changed meanwhile is read again next time.
    this.#entries.delete(key);
    this.#entries.set(key, { identity, value: structuredClone(value) });
    if (this.#entries.size > this.#capacity) this.#entries.delete(this.#entries.keys().next().value!);
    return value;
  }

  /** Entries kept. */
  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }
}

async function identityOf(file: string): Promise<string | undefined> {
  try {
    const facts = await stat(file, { bigint: true });
    return facts.isFile() ? `${facts.dev}:${facts.ino}:${facts.size}:${facts.mtimeNs}:${facts.ctimeNs}` : undefined;
  } catch {
    return undefined;
  }
}
