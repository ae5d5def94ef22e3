import { mkdir } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { ErrorCode, messageFor, pickLocale, type ErrorCodeValue, type MessageParams } from '@voxwork/contract';
import { DomainError, type UploadService } from '@voxwork/core';
import type { UploadRow } from '@voxwork/db';
import { FileStore } from '@tus/file-store';
import { Server, type ServerOptions, type Upload } from '@tus/server';

type ServerRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];
import type { Logger } from 'pino';
import { localUploadSource } from './upload-source.ts';

export const TUS_PATH = '/api/upload/tus';
/** The verified user of each request, set by the route before tus sees the request. */
const requestUsers = new WeakMap<IncomingMessage, string>();
export const setUploadUser = (request: IncomingMessage, userId: string) => requestUsers.set(request, userId);
const userOf = (req: ServerRequest): string => {
  const node = (req as ServerRequest & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  return (node && requestUsers.get(node)) ?? '';
};

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

const envelopeOf = (headers: Headers, code: ErrorCodeValue, params: MessageParams = {}): string =>
  JSON.stringify({
    code,
    message: messageFor(pickLocale(headers.get('accept-language')), code, params) ?? '',
    data: { errorCode: code, ...params },
  } satisfies Envelope);

/** A tus error whose body is our envelope, so clients show the catalogue message. */
const tusError = (headers: Headers, status: number, code: ErrorCodeValue, params?: MessageParams) => ({
  status_code: status,
  body: envelopeOf(headers, code, params),
});

const STATUS_OF: Partial<Record<number, number>> = {
  [ErrorCode.UPLOAD_TOO_LARGE]: 413,
  [ErrorCode.STORAGE_QUOTA_EXCEEDED]: 413,
  [ErrorCode.UPLOAD_NAME_INVALID]: 400,
  [ErrorCode.UPLOAD_EMPTY]: 400,
  [ErrorCode.UPLOAD_NOT_FOUND]: 404,
};

/**
 * Resumable uploads (tus 1.0: creation, termination, expiration) with the file store under
 * `directory`. A dropped connection keeps the bytes received; the client asks HEAD for the offset
 * and continues with PATCH. Each upload belongs to the user who created it. On the last byte the
 * upload service checks, stores and records the file; the answer carries the upload (or the error)
 * as an envelope.
 */
export async function createTusUploads(options: {
  /** Where the uploads live (the web app's `TUS_PATH`, or the public API's). */
  path?: string;
  directory: string;
  uploads: UploadService;
  view: (row: UploadRow) => unknown;
  expireAfterMs: number;
  log: Logger;
}) {
  await mkdir(options.directory, { recursive: true });
  const datastore = new FileStore({ directory: options.directory, expirationPeriodInMilliseconds: options.expireAfterMs });

  const server = new Server({
    path: options.path ?? TUS_PATH,
    datastore,
    relativeLocation: true,
    respectForwardedHeaders: false,
    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST') return;
      let upload: Upload;
      try {
        upload = await datastore.getUpload(uploadId);
      } catch {
        throw tusError(req.headers, 404, ErrorCode.UPLOAD_NOT_FOUND);
      }
      if (upload.metadata?.owner !== userOf(req)) throw tusError(req.headers, 404, ErrorCode.UPLOAD_NOT_FOUND);
    },
    async onUploadCreate(req, upload) {
      if (upload.size === undefined) throw tusError(req.headers, 400, ErrorCode.UPLOAD_REQUEST_INVALID, { reason: 'Upload-Length' });
      const rawName = upload.metadata?.filename ?? upload.metadata?.name ?? '';
      try {
        const name = await options.uploads.checkStart(userOf(req), { name: rawName ?? '', size: upload.size });
        return { metadata: { ...upload.metadata, filename: name, owner: userOf(req) } };
      } catch (error) {
        if (error instanceof DomainError) throw tusError(req.headers, STATUS_OF[error.code] ?? 422, error.code, error.params);
        throw error;
      }
    },
    async onUploadFinish(req, upload) {
      try {
        const source = await localUploadSource(path.join(options.directory, upload.id));
        const row = await options.uploads.accept(userOf(req), { name: upload.metadata?.filename ?? '', source });
        return {
          status_code: 200,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ code: 0, message: messageFor(pickLocale(req.headers.get('accept-language')), 0) ?? 'OK', data: options.view(row) }),
        };
      } catch (error) {
        if (error instanceof DomainError) throw tusError(req.headers, STATUS_OF[error.code] ?? 422, error.code, error.params);
        options.log.error({ err: error, uploadId: upload.id }, 'upload could not be completed');
        throw tusError(req.headers, 500, ErrorCode.INTERNAL_ERROR);
      } finally {
        // The file itself was moved into storage (or is refused): drop it and its tus record.
        await datastore.remove(upload.id).catch(() => datastore.configstore.delete(upload.id).catch(() => undefined));
      }
    },
    onResponseError(_req, error) {
      // Our own errors already carry an envelope; tus's own (offset mismatch, ...) keep their text.
      const known = error as { status_code?: number; body?: string };
      if (known.status_code && known.body) return { status_code: known.status_code, body: known.body };
      return undefined;
    },
  });

  const sweep = setInterval(() => {
    server.cleanUpExpiredUploads().catch((error: unknown) => options.log.warn({ err: error }, 'could not remove expired uploads'));
  }, 60 * 60 * 1000);
  sweep.unref();

  return { server, datastore, stop: () => clearInterval(sweep) };
}
