import { ErrorCode } from '@voxwork/contract';
import { isOwnedBy, isValidStorageKey } from '@voxwork/core';
import { serveStoredObject } from '../storage/serve-stored-object.ts';
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

        return serveStoredObject(request, reply, services.storage, key, { download });
      },
    });
  },
};
