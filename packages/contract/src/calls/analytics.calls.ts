import { z } from 'zod';
import { defineCall } from '../call.ts';
import { integer, jsonObject, singleLineText } from '../input-schemas.ts';

export const logCreateCall = defineCall({
  path: '/api/log/create',
  summary:
    'Record one analytics event through the call contract; used for events whose name contains payment_args_, ' +
    'which are stored renamed to pay_args_node_ (spec §7). Other events go to POST /log.',
  tag: 'analytics',
  access: 'public',
  // The event is validated by the ingest service (so bad events are counted); here only what no
  // call may carry is refused: control characters, broken Unicode, deep nesting, too many keys.
  body: jsonObject(),
  data: z.object({ accepted: z.literal(true), event_name: z.string() }),
});

export const ingestStatsSchema = z.object({
  received: z.number().int(),
  accepted: z.number().int(),
  stored: z.number().int(),
  rejected: z.object({ invalid: z.number().int(), tooLarge: z.number().int(), signature: z.number().int(), overloaded: z.number().int() }),
  buffered: z.number().int(),
  flushes: z.number().int(),
  failedFlushes: z.number().int(),
  /** Rows in the events table (all time, all processes). */
  totalInTable: z.number().int(),
});
export type IngestStats = z.infer<typeof ingestStatsSchema>;

export const logStatsCall = defineCall({
  path: '/api/log/stats',
  summary: "Counters of this process's event ingestion: received, accepted, stored, rejected by reason, buffered.",
  tag: 'analytics',
  access: 'operator',
  body: z.object({}).strict(),
  data: ingestStatsSchema,
});

export const storedEventSchema = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  eventName: z.string(),
  pid: z.string().nullable(),
  tag: z.string().nullable(),
  event: z.record(z.string(), z.unknown()),
});
export type StoredEvent = z.infer<typeof storedEventSchema>;

export const logRecentCall = defineCall({
  path: '/api/log/recent',
  summary: 'The last stored events, newest first (buffered events are flushed first).',
  tag: 'analytics',
  access: 'operator',
  body: z.object({ limit: integer(1, 500).default(50), eventName: singleLineText({ max: 128 }).optional() }).strict(),
  data: z.object({ events: z.array(storedEventSchema) }),
});

const countRow = z.object({ key: z.string().nullable(), events: z.number().int() });

export const analyticsReportSchema = z.object({
  /** First day included (UTC, YYYY-MM-DD). */
  since: z.string(),
  days: z.number().int(),
  daily: z.array(z.object({ day: z.string(), pageVisits: z.number().int(), visitors: z.number().int(), signUps: z.number().int() })),
  topPages: z.array(countRow),
  /** Landing visits (the first page_visit of each session) by traffic source. */
  trafficSources: z.array(countRow),
  languages: z.array(countRow),
  countries: z.array(countRow),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;

export const logReportCall = defineCall({
  path: '/api/log/report',
  summary: 'Daily page visits and sign-ups, top pages, traffic sources, languages and countries over the last days (UTC).',
  tag: 'analytics',
  access: 'operator',
  body: z.object({ days: integer(1, 366).default(7) }).strict(),
  data: analyticsReportSchema,
});
