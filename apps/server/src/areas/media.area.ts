import { ErrorCode } from '@voxwork/contract';
import { isOwnedBy, isValidStorageKey } from '@voxwork/core';
import { parseRange } from '../storage/http-range.ts';
import { sendError } from '../http/envelope-reply.ts';
import { userFromHeaders } from '../auth/request-user.ts';
import type { Area } from './area.ts';

/**
 * Stored media for browsers: `GET /api/media/{key}` with a signed, short-lived query
 * (`expires`, `sig`) or the owner's bearer token. HTTP Range (206/416) so players can seek.
 */
export const mediaArea: Area = {
  name: 'media',
  routes: async (http, { services }) => {
    http.route<{ Params: { '*': string }; Querystring: { expires?: string; sig?: string; download?: string } }>({
      method: ['GET', 'HEAD'],
      url: '/api/media/*',
      handler: async (request, reply) => {
        let key: string;
        try {
          key = decodeURIComponent(request.params['*']);
        } catch {
          return sendError(request, reply, ErrorCode.MEDIA_LINK_INVALID, { status: 404 });
        }
        if (!isValidStorageKey(key)) return sendError(request, reply, ErrorCode.MEDIA_LINK_INVALID, { status: 404 });
        const { expires, sig, download } = request.query;
        let allowed = services.mediaUrls.verify(key, expires, sig);
        if (!allowed && request.headers.authorization) {
          const userId = await userFromHeaders(services, request.headers);
          allowed = userId !== undefined && isOwnedBy(key, userId);
        }
        if (!allowed) return sendError(request, reply, ErrorCode.MEDIA_LINK_INVALID, { status: 403 });

        const object = await services.storage.stat(key);
        if (!object) return sendError(request, reply, ErrorCode.MEDIA_LINK_INVALID, { status: 404 });
        reply
          .header('accept-ranges', 'bytes')
          .header('content-type', object.contentType)
          .header('last-modified', object.modifiedAt.toUTCString())
          .header('cache-control', 'private, max-age=300')
          .header('x-content-type-options', 'nosniff');
        if (download) reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(download)}`);

        const range = parseRange(typeof request.headers.range === 'string' ? request.headers.range : undefined, object.size);
        if (range === 'unsatisfiable') {
          reply.header('content-range', `bytes */${object.size}`);
          return sendError(request, reply, ErrorCode.RANGE_NOT_SATISFIABLE, { status: 416 });
        }
        if (range) {
          reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${object.size}`).header('content-length', range.end - range.start + 1);
        } else {
          reply.header('content-length', object.size);
        }
        if (request.method === 'HEAD') return reply.send();
        const body = await services.storage.get(key, range ? { range } : {});
        if (!body) return sendError(request, reply, ErrorCode.MEDIA_LINK_INVALID, { status: 404 });
        return reply.send(body);
      },
    });
  },
};
