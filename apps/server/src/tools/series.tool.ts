import {
  pickLocale,
  seriesCreateCall,
  seriesDeleteCall,
  seriesEpisodesAddCall,
  seriesEpisodesListCall,
  seriesEpisodesQuoteCall,
  seriesGetCall,
  seriesListCall,
  seriesUpdateCall,
} from '@voxwork/contract';
import { seriesTool, type AddEpisodesRequest, type SeriesInput, type SeriesService } from '@voxwork/core';
import type { FastifyReply } from 'fastify';
import { bindCall, type CallContext } from '../http/contract.plugin.ts';
import { zipStream } from '../http/zip-stream.ts';
import { requireUserId } from '../areas/area.ts';
import { defineServerTool } from './server-tool.ts';

const localeOf = (context: CallContext) => pickLocale(context.request.headers['accept-language']);

/** A season as a zip, streamed from storage file by file. */
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
  calls: ({ series }) => [
    bindCall(seriesListCall, async (_body, context) => series.list(requireUserId(context))),
    bindCall(seriesCreateCall, async (body, context) => series.create(requireUserId(context), body)),
    bindCall(seriesGetCall, async (body, context) => series.get(requireUserId(context), body.seriesId)),
    bindCall(seriesUpdateCall, async ({ seriesId, ...changes }, context) => series.update(requireUserId(context), seriesId, changes)),
    bindCall(seriesDeleteCall, async (body, context) => series.delete(requireUserId(context), body.seriesId)),
    bindCall(seriesEpisodesAddCall, async ({ seriesId, ...request }, context) => series.addEpisodes(requireUserId(context), seriesId, request, localeOf(context))),
    bindCall(seriesEpisodesQuoteCall, async ({ seriesId, ...request }, context) => series.quoteEpisodes(requireUserId(context), seriesId, request)),
    bindCall(seriesEpisodesListCall, async (body, context) => series.episodes(requireUserId(context), body.seriesId, localeOf(context))),
  ],
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
