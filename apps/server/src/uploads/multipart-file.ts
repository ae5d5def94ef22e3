import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Readable } from 'node:stream';

/** Thrown for a body that is not the multipart/form-data it claims to be. */
export class MultipartError extends Error {
  override name = 'MultipartError';
}

/** Thrown when the file part grows past `maxBytes`. */
export class MultipartTooLargeError extends Error {
  override name = 'MultipartTooLargeError';
}

/** The boundary of a `multipart/form-data` content type; undefined for any other type. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** The `filename` of a part's Content-Disposition (RFC 7578; `filename*` of RFC 5987 preferred). */
export function dispositionFileName(headers: string): string | undefined {
  const disposition = headers.split('\r\n').find((line) => /^content-disposition:/i.test(line));
  if (!disposition) return undefined;
  const extended = /;\s*filename\*\s*=\s*(?:UTF-8|utf-8)''([^;\s]+)/.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!);
    } catch {
      return undefined;
    }
  }
  const quoted = /;\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(disposition);
  if (quoted) return quoted[1]!.replace(/\\(.)/g, '$1').replace(/%22/g, '"');
  const bare = /;\s*filename\s*=\s*([^;\s]+)/.exec(disposition);
  return bare?.[1];
}

/**
 * Streams the first file part of a `multipart/form-data` body into `file` (never the whole body
 * in memory): returns the part's file name and size. Other fields are skipped.
 */
export async function writeMultipartFile(body: Readable, boundary: string, file: string, maxBytes: number): Promise<{ fileName: string; bytes: number }> {
  const opening = Buffer.from(`--${boundary}\r\n`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let pending: Buffer = Buffer.alloc(0);
  let state: 'preamble' | 'headers' | 'skip' | 'file' | 'done' = 'preamble';
  let fileName = '';
  let bytes = 0;
  const out = createWriteStream(file);
  const write = async (chunk: Buffer) => {
    if (chunk.length === 0) return;
    bytes += chunk.length;
    if (bytes > maxBytes) throw new MultipartTooLargeError('file part too large');
    if (!out.write(chunk)) await once(out, 'drain');
  };
  try {
    for await (const chunk of body) {
      if (state === 'done') continue; // drain the epilogue
      pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
      for (;;) {
        if (state === 'preamble') {
          const at = pending.indexOf(opening);
          if (at < 0) {
            if (pending.length > 64 * 1024) throw new MultipartError('no opening boundary');
            break;
          }
          pending = pending.subarray(at + opening.length);
          state = 'headers';
        } else if (state === 'headers') {
          const end = pending.indexOf('\r\n\r\n');
          if (end < 0) {
            if (pending.length > 16 * 1024) throw new MultipartError('part headers too long');
            break;
          }
          const headers = pending.subarray(0, end).toString('utf8');
          pending = pending.subarray(end + 4);
          const name = dispositionFileName(headers);
          if (name !== undefined) {
            fileName = name;
            state = 'file';
          } else {
            state = 'skip';
          }
        } else {
          const at = pending.indexOf(delimiter);
          if (at < 0) {
            // Keep a tail that may hold the start of the delimiter.
            const safe = Math.max(0, pending.length - delimiter.length);
            if (state === 'file') await write(pending.subarray(0, safe));
            pending = pending.subarray(safe);
            break;
          }
          if (state === 'file') {
            await write(pending.subarray(0, at));
            state = 'done';
            break;
          }
          // End of a skipped field: `\r\n--boundary` then `\r\n` (next part) or `--` (end).
          if (pending.length < at + delimiter.length + 2) {
            pending = pending.subarray(at);
            break;
          }
          const after = pending.subarray(at + delimiter.length, at + delimiter.length + 2).toString('latin1');
          if (after === '--') throw new MultipartError('no file part');
          pending = pending.subarray(at + delimiter.length + 2);
          state = 'headers';
        }
      }
    }
    if (state !== 'done') throw new MultipartError(state === 'file' ? 'the body ended inside the file' : 'no file part');
  } finally {
    out.end();
    await once(out, 'close').catch(() => undefined);
  }
  return { fileName, bytes };
}
