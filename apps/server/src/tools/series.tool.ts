import {
  ErrorCode,
  pickLocale,
  seriesCreateCall,
  seriesDeleteCall,
  seriesDownloadLinkCall,
  seriesEpisodesAddCall,
  seriesEpisodesListCall,
  seriesEpisodesQuoteCall,
  seriesGetCall,
  seriesListCall,
  seriesUpdateCall,
} from '@voxwork/contract';
import { DomainError, seriesTool, type AddEpisodesRequest, type SeriesInput, type SeriesService } from '@voxwork/core';
import type { FastifyReply } from 'fastify';
import { bindCall, sendDomainError, type CallContext } from '../http/contract.plugin.ts';
import { sendError } from '../http/envelope-reply.ts';
import { zipStream } from '../http/zip-stream.ts';
import { requireUserId } from '../areas/area.ts';
import { defineServerTool } from './server-tool.ts';

const localeOf = (context: CallContext) => pickLocale(context.request.headers['accept-language']);

/** How long a season zip link lives: it is asked for on a click and followed at once (at most the media links' life). */
const ZIP_LINK_SECONDS = 300;

/** What the season zip link signs: the owner and the series, under a prefix no stored object has. */
const zipLinkKey = (ownerId: string, seriesId: string) => `series-zip/${ownerId}/${seriesId}`;

/** A season as a zip, streamed from storage file by file (REST v1's `…/download` and the signed link's route). */
export async function sendSeason(series: SeriesService, reply: FastifyReply, ownerId: string, seriesId: string) {
  const season = await series.seasonFiles(ownerId, seriesId);
  const stream = zipStream(season.files.map((file) => ({ name: file.path, size: file.bytes, open: file.open })));
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${season.name}.zip`)}`)
    .header('cache-control', 'private, no-store');
  return reply.send(stream);
}

/**
 * Series (issue 28, decisions 056 and 061): the workbench's signed calls and the REST v1 routes
 * (`seriesRestRoutes` of the contract, scoped by video translation: episodes are its jobs), the
 * season zip among them. It has no `apiCreate`: its episodes are created by its own routes.
 */
export const seriesServerTool = defineServerTool(seriesTool, {
  calls: ({ series }, { services, config }) => [
    bindCall(seriesListCall, async (_body, context) => series.list(requireUserId(context))),
    bindCall(seriesCreateCall, async (body, context) => series.create(requireUserId(context), body)),
    bindCall(seriesGetCall, async (body, context) => series.get(requireUserId(context), body.seriesId)),
    bindCall(seriesUpdateCall, async ({ seriesId, ...changes }, context) => series.update(requireUserId(context), seriesId, changes)),
    bindCall(seriesDeleteCall, async (body, context) => series.delete(requireUserId(context), body.seriesId)),
    bindCall(seriesEpisodesAddCall, async ({ seriesId, ...request }, context) => series.addEpisodes(requireUserId(context), seriesId, request, localeOf(context))),
    bindCall(seriesEpisodesQuoteCall, async ({ seriesId, ...request }, context) => series.quoteEpisodes(requireUserId(context), seriesId, request)),
    bindCall(seriesEpisodesListCall, async (body, context) => series.episodes(requireUserId(context), body.seriesId, localeOf(context))),
    // The season zip for the browser: the link is given only when there is something in it (and the series is the caller's).
    bindCall(seriesDownloadLinkCall, async ({ seriesId }, context) => {
      const ownerId = requireUserId(context);
      await series.seasonFiles(ownerId, seriesId);
      const { expires, sig } = services.mediaUrls.signQuery(zipLinkKey(ownerId, seriesId), Math.min(ZIP_LINK_SECONDS, config.MEDIA_URL_TTL_SECONDS));
      return {
        url: `/api/series/zip/${encodeURIComponent(ownerId)}/${encodeURIComponent(seriesId)}?${new URLSearchParams({ expires: String(expires), sig })}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    }),
  ],
  // The signed link's route: the same zip as REST v1's, for whoever holds a valid link (no key, no cookie); a bad or expired one is the media links' 403.
  routes: async (http, { series }, { services }) => {
    http.get<{ Params: { ownerId: string; seriesId: string }; Querystring: { expires?: string; sig?: string } }>('/api/series/zip/:ownerId/:seriesId', async (request, reply) => {
      const { ownerId, seriesId } = request.params;
      if (!services.mediaUrls.verify(zipLinkKey(ownerId, seriesId), request.query.expires, request.query.sig)) {
        return sendError(request, reply, ErrorCode.MEDIA_LINK_INVALID, { status: 403 });
      }
      try {
        return await sendSeason(series, reply, ownerId, seriesId);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return sendDomainError(request, reply, error, error.code === ErrorCode.SERIES_NOTHING_TO_DOWNLOAD ? 422 : 404);
      }
    });
  },
  rest: ({ mount }, { series }) => {
    mount('v1_create_series', async ({ caller, reply, body }) => {
      const created = await series.create(caller.userId, body as SeriesInput & { name: string });
      reply.code(201);
      return created;
    });
    mount('v1_list_series', async ({ caller }) => series.list(caller.userId));
    mount('v1_get_series', async ({ caller, params }) => series.get(caller.userId, params.seriesId!));
    mount('v1_update_series', async ({ caller, params, body }) => series.update(caller.userId, params.seriesId!, body as SeriesInput));
    mount('v1_add_series_episodes', async ({ caller, reply, locale, params, body }) => {
      const added = await series.addEpisodes(caller.userId, params.seriesId!, body as AddEpisodesRequest, locale);
      reply.code(201);
      return added;
    });
    mount('v1_quote_series_episodes', async ({ caller, params, body }) => series.quoteEpisodes(caller.userId, params.seriesId!, body as Parameters<SeriesService['quoteEpisodes']>[2]));
    mount('v1_list_series_episodes', async ({ caller, locale, params }) => series.episodes(caller.userId, params.seriesId!, locale));
    mount('v1_download_series', async ({ caller, reply, params }) => sendSeason(series, reply, caller.userId, params.seriesId!));
  },
});
