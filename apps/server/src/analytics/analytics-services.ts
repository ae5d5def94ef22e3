import { createAnalyticsReportService, createEventIngestService, createIpLocationService } from '@voxwork/core';
import { createEventRepository, type DatabaseHandle } from '@voxwork/db';
import type { Logger } from 'pino';
import { parseTrustedProxies } from './client-address.ts';
import { createEventBatchWriter } from './event-batch-writer.ts';
import { createMmdbIpLocation } from './mmdb-ip-location.ts';

export interface AnalyticsSettings {
  TRUSTED_PROXIES: readonly string[];
  LOG_EVENT_MAX_BYTES: number;
  LOG_BATCH_SIZE: number;
  LOG_FLUSH_INTERVAL_MS: number;
  LOG_BUFFER_MAX: number;
  IP_DATABASE_DIR?: string | undefined;
}

export const DEFAULT_ANALYTICS_SETTINGS: AnalyticsSettings = {
  TRUSTED_PROXIES: [],
  LOG_EVENT_MAX_BYTES: 16 * 1024,
  LOG_BATCH_SIZE: 500,
  LOG_FLUSH_INTERVAL_MS: 1000,
  LOG_BUFFER_MAX: 100_000,
};

/** Event ingestion (buffered writer), IP location (offline database) and the trusted-proxy list, once per process. */
export function createAnalyticsServices(database: DatabaseHandle, settings: AnalyticsSettings = DEFAULT_ANALYTICS_SETTINGS, log?: Logger) {
  const events = createEventRepository(database.db);
  const writer = createEventBatchWriter({
    repository: events,
    batchSize: settings.LOG_BATCH_SIZE,
    flushIntervalMs: settings.LOG_FLUSH_INTERVAL_MS,
    maxBuffered: settings.LOG_BUFFER_MAX,
    ...(log ? { log } : {}),
  });
  return {
    events,
    writer,
    ingest: createEventIngestService({ sink: writer, maxEventBytes: settings.LOG_EVENT_MAX_BYTES }),
    report: createAnalyticsReportService({ events }),
    ipLocation: createIpLocationService({ lookup: createMmdbIpLocation({ dir: settings.IP_DATABASE_DIR }) }),
    trustedProxies: parseTrustedProxies(settings.TRUSTED_PROXIES),
    maxEventBytes: settings.LOG_EVENT_MAX_BYTES,
  };
}

export type AnalyticsServices = ReturnType<typeof createAnalyticsServices>;
