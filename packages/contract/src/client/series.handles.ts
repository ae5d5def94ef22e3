import { callHandle } from '../call.ts';
import type * as calls from '../calls/index.ts';

/** The handles of `series`'s calls (`calls/series.calls.ts`) the web app makes. */
export const seriesListCall = callHandle<typeof calls.seriesListCall>('/api/series/list');
export const seriesCreateCall = callHandle<typeof calls.seriesCreateCall>('/api/series/create');
export const seriesGetCall = callHandle<typeof calls.seriesGetCall>('/api/series/get');
export const seriesUpdateCall = callHandle<typeof calls.seriesUpdateCall>('/api/series/update');
export const seriesDeleteCall = callHandle<typeof calls.seriesDeleteCall>('/api/series/delete');
export const seriesEpisodesQuoteCall = callHandle<typeof calls.seriesEpisodesQuoteCall>('/api/series/episodes/quote');
export const seriesEpisodesAddCall = callHandle<typeof calls.seriesEpisodesAddCall>('/api/series/episodes/add');
export const seriesEpisodesListCall = callHandle<typeof calls.seriesEpisodesListCall>('/api/series/episodes/list');
export const seriesDownloadLinkCall = callHandle<typeof calls.seriesDownloadLinkCall>('/api/series/download-link');
