import path from 'node:path';
import { ErrorCode, ok, uploadDeleteCall, uploadGetCall, uploadLimitsCall, uploadListCall, type UploadView } from '@voxwork/contract';
import { DomainError } from '@voxwork/core';
import type { UploadRow } from '@voxwork/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientClosedRequest, replyClientClosedRequest } from '../http/client-abort.ts';
import { bindCall, type CallContext } from '../http/contract.plugin.ts';
import { sendError } from '../http/envelope-reply.ts';
import { receiveFormUpload } from '../uploads/form-upload.ts';
import { userFromHeaders } from '../auth/request-user.ts';
import { createTusUploads, setUploadUser, TUS_PATH } from '../uploads/tus-uploads.ts';
import type { Area, AreaContext } from './area.ts';

const MB = 1024 * 1024;

const signedInUser = (context: CallContext) => {
  if (!context.user) throw new DomainError(ErrorCode.AUTH_REQUIRED);
  return context.user.id;
};

export function uploadView({ services, config }: Pick<AreaContext, 'services' | 'config'>, row: UploadRow): UploadView {
  return {
    id: row.id,
    name: row.originalName,
    kind: row.kind ?? 'video',
    mime: row.mime ?? 'application/octet-stream',
    bytes: row.bytes,
    durationSeconds: row.durationSeconds,
    width: row.width,
    height: row.height,
    hasAudio: row.hasAudio,
    url: services.mediaUrls.sign(row.storageKey ?? '', config.MEDIA_URL_TTL_SECONDS),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Uploads: small files in one request, resumable tus uploads for large videos, and the upload calls. */
export const uploadsArea: Area = {
  name: 'uploads',
  calls: (context) => {
    const { services, config } = context;
    return [
      bindCall(uploadLimitsCall, async (_body, call) => {
        const limits = await services.uploads.limitsOf(signedInUser(call));
        return { ...limits, smallFileMaxBytes: Math.min(limits.maxBytes, config.UPLOAD_SMALL_FILE_MAX_MB * MB) };
      }),
      bindCall(uploadGetCall, async (body, call) => uploadView(context, await services.uploads.get(signedInUser(call), body.uploadId))),
      bindCall(uploadListCall, async (body, call) => {
        const page = await services.uploads.list(signedInUser(call), body);
        return { total: page.total, pageNum: body.pageNum, pageSize: body.pageSize, list: page.items.map((row) => uploadView(context, row)) };
      }),
      bindCall(uploadDeleteCall, async (body, call) => {
        await services.uploads.remove(signedInUser(call), body.uploadId);
        return { deleted: true };
      }),
    ];
  },
  routes: async (http, context) => {
    const { services, config, log } = context;
    const tus = await createTusUploads({
      directory: path.join(services.uploadWorkDir, 'tus'),
      uploads: services.uploads,
      view: (row) => uploadView(context, row),
      expireAfterMs: config.UPLOAD_INCOMPLETE_TTL_HOURS * 3600 * 1000,
      log,
    });
    http.addHook('onClose', async () => tus.stop());

    await http.register(async (scope) => {
      // Bodies are streamed by the handlers (tus, small files); nothing is parsed or buffered here.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

      scope.route({
        method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
        url: `${TUS_PATH}`,
        handler: tusHandler,
      });
      scope.route({
        method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
        url: `${TUS_PATH}/*`,
        handler: tusHandler,
      });

      scope.post('/api/upload/file', async (request, reply) => {
        const userId = await userFromHeaders(services, request.headers);
        if (!userId) return sendError(request, reply, ErrorCode.AUTH_REQUIRED, { status: 401 });
        try {
          const limits = await services.uploads.limitsOf(userId);
          const row = await receiveFormUpload({
            userId,
            body: request.raw,
            headers: request.headers,
            tempDir: path.join(services.uploadWorkDir, 'small'),
            maxBytes: Math.min(limits.maxBytes, config.UPLOAD_SMALL_FILE_MAX_MB * MB),
            uploads: services.uploads,
          });
          return reply.send(ok(uploadView(context, row)));
        } catch (error) {
          // An upload the client abandoned mid-body fails whichever way the parser noticed: that is the client's doing.
          if (clientClosedRequest(request)) return replyClientClosedRequest(request, reply, error);
          if (error instanceof DomainError) {
            // The client may still be sending: answer, then close the connection.
            reply.header('connection', 'close');
            const status = error.code === ErrorCode.UPLOAD_TOO_LARGE || error.code === ErrorCode.STORAGE_QUOTA_EXCEEDED ? 413 : error.code === ErrorCode.UPLOAD_REQUEST_INVALID ? 411 : 422;
            return sendError(request, reply, error.code, { status, params: error.params });
          }
          throw error;
        }
      });

      async function tusHandler(request: FastifyRequest, reply: FastifyReply) {
        if (request.method !== 'OPTIONS') {
          const userId = await userFromHeaders(services, request.headers);
          if (!userId) return sendError(request, reply, ErrorCode.AUTH_REQUIRED, { status: 401 });
          setUploadUser(request.raw, userId);
        }
        reply.hijack();
        await tus.server.handle(request.raw, reply.raw);
      }
    });
  },
};
