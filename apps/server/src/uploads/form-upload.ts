import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrorCode } from '@voxwork/contract';
import { DomainError, formatMegabytes, type UploadService } from '@voxwork/core';
import type { UploadRow } from '@voxwork/db';
import { localUploadSource } from './upload-source.ts';

/**
 * The small-file upload of spec §7 (`POST /api/upload/file`): the file is the raw request body
 * (`application/octet-stream`), its name in the `x-file-name` header (percent-encoded UTF-8).
 * `Content-Length` is required and checked against the plan before a byte is read; the body is
 * streamed to a temporary file, never held in memory, then handed to the upload service.
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
  let name: string;
  try {
    name = decodeURIComponent(header('x-file-name') ?? '');
  } catch {
    throw new DomainError(ErrorCode.UPLOAD_NAME_INVALID);
  }
  const length = Number(header('content-length') ?? NaN);
  if (!Number.isInteger(length) || length < 0) throw new DomainError(ErrorCode.UPLOAD_REQUEST_INVALID, { reason: 'Content-Length' });
  if (length > options.maxBytes) throw new DomainError(ErrorCode.UPLOAD_TOO_LARGE, { limit: formatMegabytes(options.maxBytes) });
  await options.uploads.checkStart(options.userId, { name, size: length });

  await mkdir(options.tempDir, { recursive: true });
  const file = path.join(options.tempDir, `${randomUUID()}.upload`);
  try {
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
    return await options.uploads.accept(options.userId, { name, source: await localUploadSource(file) });
  } finally {
    await rm(file, { force: true });
  }
}
