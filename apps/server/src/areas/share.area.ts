import { ErrorCode, SHARE_MEDIA_PATH, shareCreateCall, shareGetCall, shareListCall, shareRevokeCall } from '@voxwork/contract';
import { DomainError } from '@voxwork/core';
import { bindCall, type CallContext } from '../http/contract.plugin.ts';
import { sendError } from '../http/envelope-reply.ts';
import { serveStoredObject } from '../storage/serve-stored-object.ts';
import type { Area } from './area.ts';

const userOf = (context: CallContext) => {
  if (!context.user) throw new DomainError(ErrorCode.AUTH_REQUIRED);
  return context.user.id;
};

/**
 * Public links to results: the owner's calls (create, list, revoke), the public view of a link, and
 * its media route, `GET /api/share/media/{token}/{index}` with a short-lived signature. The media
 * route checks the link again on every request, so revoking stops playback and downloads at once.
 */
export const shareArea: Area = {
  name: 'share',
  calls: ({ services }) => [
    bindCall(shareCreateCall, async (body, context) => services.shares.create(body.jobId, userOf(context))),
    bindCall(shareListCall, async (body, context) => ({ list: await services.shares.list(body.jobId, userOf(context)) })),
    bindCall(shareRevokeCall, async (body, context) => {
      await services.shares.revoke(body.token, userOf(context));
      return { ok: true as const };
    }),
    bindCall(shareGetCall, async (body) => services.shares.resolve(body.token)),
  ],
  routes: async (http, { services }) => {
    http.route<{ Params: { token: string; index: string }; Querystring: { expires?: string; sig?: string; download?: string } }>({
      method: ['GET', 'HEAD'],
      url: `${SHARE_MEDIA_PATH}/:token/:index`,
      handler: async (request, reply) => {
        const { token, index } = request.params;
        const { expires, sig, download } = request.query;
        if (!/^\d{1,3}$/.test(index) || !services.shareMediaUrls.verify(`${token}/${index}`, expires, sig)) {
          return sendError(request, reply, ErrorCode.MEDIA_LINK_INVALID, { status: 403 });
        }
        const file = await services.shares.mediaKey(token, Number(index));
        if (!file) return sendError(request, reply, ErrorCode.SHARE_LINK_NOT_FOUND, { status: 404 });
        // Not cached by shared caches: a revoked link must stop working.
        return serveStoredObject(request, reply, services.storage, file.key, { download, cacheControl: 'private, no-cache' });
      },
    });
  },
};
