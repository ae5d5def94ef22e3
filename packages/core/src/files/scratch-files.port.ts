import type { Readable } from 'node:stream';

/**
 * Local files that stages and services read and write around the engines: a scoped scratch
 * folder, text (subtitles, segment timings), a small file as a `data:` URL, a stored object copied
 * to a file. Core has no file system of its own (no fs/path): the server implements this port.
 * Paths are the ones a `JobFiles` or a scratch folder handed out.
 */
export interface ScratchFiles {
  /**
   * Runs `work` in a fresh folder that is removed afterwards, whatever happens; `file(name)` is the
   * path of a file in it (`prefix` names the folder, e.g. `tts-preview`).
   */
  inScratchFolder<T>(prefix: string, work: (file: (name: string) => string) => Promise<T>): Promise<T>;
  readText(file: string): Promise<string>;
  writeText(file: string, text: string): Promise<void>;
  /** A small file as a `data:` URL (previews sent inline). */
  dataUrl(file: string, contentType: string): Promise<string>;
  /** Writes a stream (a stored object) to a file. */
  saveStream(stream: Readable, file: string): Promise<void>;
}
