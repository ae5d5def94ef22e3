import {
  analyticsEventSchema,
  attributedUserId,
  ErrorCode,
  MAX_EVENT_BYTES,
  normalizeEvent,
  renamePaymentArgs,
  type AnalyticsEvent,
} from '@voxwork/contract';
import type { NewAnalyticsEventRow } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { EventSink } from './event-sink.port.ts';

export interface IngestMeta {
  /** `log` for POST /log, `create` for POST /api/log/create. */
  ingest: 'log' | 'create';
  pid?: string | undefined;
  tag?: string | undefined;
  /** The caller's address as the edge resolved it. */
  remoteIp?: string | undefined;
  /** Size of the raw body in bytes, when the edge knows it. */
  bytes?: number | undefined;
  /** The user of the bearer token that came with the event, verified by the edge. */
  verifiedUserId?: string | undefined;
}

export interface IngestCounters {
  received: number;
  accepted: number;
  rejected: { invalid: number; tooLarge: number; signature: number; overloaded: number };
}

/**
 * Validates, caps and queues analytics events. Bad events become catalogue errors (3001–3004) and
 * are counted; nothing here waits for the database: the sink writes in batches.
 */
export function createEventIngestService(options: { sink: EventSink; maxEventBytes?: number; now?: () => number }) {
  const maxBytes = options.maxEventBytes ?? MAX_EVENT_BYTES;
  const now = options.now ?? Date.now;
  const counters: IngestCounters = { received: 0, accepted: 0, rejected: { invalid: 0, tooLarge: 0, signature: 0, overloaded: 0 } };

  function reject(kind: keyof IngestCounters['rejected'], error: DomainError): never {
    counters.rejected[kind]++;
    throw error;
  }

  return {
    /** Accepts one event (already parsed JSON). Returns the stored event name. */
    ingest(raw: unknown, meta: IngestMeta): { event_name: string } {
      counters.received++;
      const bytes = meta.bytes ?? byteLength(raw);
      if (bytes > maxBytes) reject('tooLarge', new DomainError(ErrorCode.EVENT_TOO_LARGE, { limit: `${Math.round(maxBytes / 1024)} KB` }));
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
        reject('invalid', new DomainError(ErrorCode.EVENT_INVALID, { reason: 'the body must be a JSON object' }));
      }
      const parsed = analyticsEventSchema.safeParse(normalizeEvent(raw as Record<string, unknown>));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        reject('invalid', new DomainError(ErrorCode.EVENT_INVALID, { reason: `${issue.path.join('.') || '(event)'}: ${issue.message}` }));
      }
      const event = parsed.data;
      // The event's own userId is only a claim: a verified token names the user, else a guest id stays.
      const userId = attributedUserId(meta.verifiedUserId, event.userId);
      if (userId) event.userId = userId;
      else delete event.userId;
      if (meta.ingest === 'create') event.event_name = renamePaymentArgs(event.event_name);
      if (!options.sink.push(toRow(event, meta, now()))) {
        reject('overloaded', new DomainError(ErrorCode.EVENT_BUFFER_FULL, {}, { isRetryable: true }));
      }
      counters.accepted++;
      return { event_name: event.event_name };
    },

    /** A request refused at the edge before parsing (bad signature). */
    countSignatureRejection() {
      counters.received++;
      counters.rejected.signature++;
    },

    /** A body refused at the edge as too large or not JSON. */
    countEdgeRejection(kind: 'invalid' | 'tooLarge') {
      counters.received++;
      counters.rejected[kind]++;
    },

    counters(): IngestCounters {
      return structuredClone(counters);
    },
  };
}

export type EventIngestService = ReturnType<typeof createEventIngestService>;

function byteLength(value: unknown): number {
  try {
    return new TextEncoder().encode(JSON.stringify(value) ?? '').length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

const text = (value: unknown, max = 512): string | null => (typeof value === 'string' && value ? value.slice(0, max) : null);

/** The columns reports group by, taken from the event; the whole event is the payload. */
export function toRow(event: AnalyticsEvent, meta: IngestMeta, receivedAt: number): NewAnalyticsEventRow {
  const properties = event.properties;
  // A client clock far in the future would put the event in tomorrow's report: cap it at arrival time.
  const eventTime = Math.min(event.timestamp, receivedAt + 60_000);
  return {
    eventTime: new Date(eventTime),
    eventName: event.event_name,
    ingest: meta.ingest,
    pid: meta.pid || null,
    tag: meta.tag || null,
    userId: text(event.userId, 128),
    language: text(event.language, 35),
    path: text(properties.path),
    trafficSource: text(properties.traffic_source, 32),
    country: text(event.country, 128),
    remoteIp: meta.remoteIp ?? null,
    payload: event as unknown as Record<string, unknown>,
  };
}
