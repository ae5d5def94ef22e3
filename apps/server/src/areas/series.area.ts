import {
  ErrorCode,
  pickLocale,
  seriesCreateCall,
  seriesDeleteCall,
  seriesEpisodesAddCall,
  seriesEpisodesListCall,
  seriesEpisodesQuoteCall,
  seriesGetCall,
  seriesListCall,
  seriesUpdateCall,
  type Locale,
} from '@voxwork/contract';
import { DomainError, type AddEpisodesRequest, type ApiCaller, type SeriesInput } from '@voxwork/core';
import type { FastifyReply } from 'fastify';
import { bindCall, type CallContext } from '../http/contract.plugin.ts';
import { zipStream } from '../http/zip-stream.ts';
import type { Services } from '../services.ts';
import { requireUserId, type Area } from './area.ts';

const localeOf = (context: CallContext) => pickLocale(context.request.headers['accept-language']);

/** Series (issue 28, decision 056): the signed calls of the workbench. The REST v1 routes are `seriesRestHandlers`, mounted by the REST v1 area. */
export const seriesArea: Area = {
  name: 'series',
  calls: ({ services: { series } }) => [
    bindCall(seriesListCall, async (_body, context) => series.list(requireUserId(context))),
    bindCall(seriesCreateCall, async (body, context) => series.create(requireUserId(context), body)),
    bindCall(seriesGetCall, async (body, context) => series.get(requireUserId(context), body.seriesId)),
    bindCall(seriesUpdateCall, async ({ seriesId, ...changes }, context) => series.update(requireUserId(context), seriesId, changes)),
    bindCall(seriesDeleteCall, async (body, context) => series.delete(requireUserId(context), body.seriesId)),
    bindCall(seriesEpisodesAddCall, async ({ seriesId, ...request }, context) => series.addEpisodes(requireUserId(context), seriesId, request, localeOf(context))),
    bindCall(seriesEpisodesQuoteCall, async ({ seriesId, ...request }, context) => series.quoteEpisodes(requireUserId(context), seriesId, request)),
    bindCall(seriesEpisodesListCall, async (body, context) => series.episodes(requireUserId(context), body.seriesId, localeOf(context))),
  ],
};

/** A season as a zip, streamed from storage file by file. */
async function sendSeason(services: Services, reply: FastifyReply, ownerId: string, seriesId: string) {
  const season = await services.series.seasonFiles(ownerId, seriesId);
  const stream = zipStream(
    season.files.map((file) => ({
      name: file.path,
      size: file.bytes,
      open: async () => {
        const body = await services.storage.get(file.key);
        if (!body) throw new DomainError(ErrorCode.NOT_FOUND);
        return body;
      },
    })),
  );
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${season.name}.zip`)}`)
    .header('cache-control', 'private, no-store');
  return reply.send(stream);
}

type RestInput = { caller: ApiCaller; reply: FastifyReply; locale: Locale; params: Record<string, string>; body: unknown };

/** The series routes of REST v1 (`seriesRestRoutes` of the contract), by operation id. */
export function seriesRestHandlers(services: Services): Record<string, (input: RestInput) => Promise<unknown>> {
  const { series } = services;
  return {
    v1_create_series: async ({ caller, reply, body }) => {
      const created = await series.create(caller.userId, body as SeriesInput & { name: string });
      reply.code(201);
      return created;
    },
    v1_list_series: async ({ caller }) => series.list(caller.userId),
    v1_get_series: async ({ caller, params }) => series.get(caller.userId, params.seriesId!),
    v1_update_series: async ({ caller, params, body }) => series.update(caller.userId, params.seriesId!, body as SeriesInput),
    v1_add_series_episodes: async ({ caller, reply, locale, params, body }) => {
      const added = await series.addEpisodes(caller.userId, params.seriesId!, body as AddEpisodesRequest, locale);
      reply.code(201);
      return added;
    },
    v1_quote_series_episodes: async ({ caller, params, body }) => series.quoteEpisodes(caller.userId, params.seriesId!, body as Parameters<typeof series.quoteEpisodes>[2]),
    v1_list_series_episodes: async ({ caller, locale, params }) => series.episodes(caller.userId, params.seriesId!, locale),
    v1_download_series: async ({ caller, reply, params }) => sendSeason(services, reply, caller.userId, params.seriesId!),
  };
}
