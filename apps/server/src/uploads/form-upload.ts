import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrorCode } from '@voxwork/contract';
import { DomainError, formatMegabytes, type UploadService } from '@voxwork/core';
import type { UploadRow } from '@voxwork/db';
import { multipartBoundary, MultipartError, MultipartTooLargeError, writeMultipartFile } from './multipart-file.ts';
import { localUploadSource } from './upload-source.ts';

/** Room for the multipart framing (boundaries, part headers, small fields) around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * The small-file upload of spec §7 (`POST /api/upload/file`), in either form:
 * - `multipart/form-data` (the spec's form-data helper): the first part with a file name is the
 *   file; other fields are ignored. Parsed as a stream (multipart-file.ts), never held in memory.
 * - any other type (`application/octet-stream`): the body is the file, its name in `x-file-name`
 *   (percent-encoded UTF-8).
 * `Content-Length` is required and checked against the plan before a byte is read; the file is
 * streamed to a temporary file, then handed to the upload service.
 */
export async function receiveFormUpload(options: {
  userId: string;
  body: Readable;
  headers: Record<string, string | string[] | undefined>;
  tempDir: string;
  maxBytes: number;
  uploads: UploadService;
}): Promise<UploadRow> {
  const header = (name: string) => {
    const value = options.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const boundary = multipartBoundary(header('content-type'));
  const length = Number(header('content-length') ?? NaN);
  if (!Number.isInteger(length) || length < 0) throw new DomainError(ErrorCode.UPLOAD_REQUEST_INVALID, { reason: 'Content-Length' });
  const tooLarge = () => new DomainError(ErrorCode.UPLOAD_TOO_LARGE, { limit: formatMegabytes(options.maxBytes) });
  if (length > options.maxBytes + (boundary ? MULTIPART_OVERHEAD : 0)) throw tooLarge();

  let name = '';
  if (!boundary) {
    try {
      name = decodeURIComponent(header('x-file-name') ?? '');
    } catch {
      throw new DomainError(ErrorCode.UPLOAD_NAME_INVALID);
    }
    await options.uploads.checkStart(options.userId, { name, size: length });
  }

  await mkdir(options.tempDir, { recursive: true });
  const file = path.join(options.tempDir, `${randomUUID()}.upload`);
  try {
    if (boundary) {
      try {
        ({ fileName: name } = await writeMultipartFile(options.body, boundary, file, options.maxBytes));
      } catch (error) {
        if (error instanceof MultipartTooLargeError) throw tooLarge();
        if (error instanceof MultipartError) throw new DomainError(ErrorCode.UPLOAD_REQUEST_INVALID, { reason: error.message });
        throw error;
      }
    } else {
      let received = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.length;
          if (received > length) done(new DomainError(ErrorCode.UPLOAD_REQUEST_INVALID, { reason: 'Content-Length' }));
          else done(null, chunk);
        },
      });
      await pipeline(options.body, counter, createWriteStream(file));
      if (received !== length) throw new DomainError(ErrorCode.UPLOAD_DAMAGED);
    }
    return await options.uploads.accept(options.userId, { name, source: await localUploadSource(file) });
  } finally {
    await rm(file, { force: true });
  }
}
