import { ErrorCode } from '@voxwork/contract';
import type { NewAnalyticsEventRow } from '@voxwork/db';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error.ts';
import { createEventIngestService } from './event-ingest.service.ts';
import type { EventSink } from './event-sink.port.ts';

function memorySink(capacity = Infinity): EventSink & { rows: NewAnalyticsEventRow[] } {
  const rows: NewAnalyticsEventRow[] = [];
  return {
    rows,
    push: (row) => rows.length < capacity && rows.push(row) > 0,
    flush: async () => {},
    stats: () => ({ buffered: rows.length, stored: 0, flushes: 0, failedFlushes: 0 }),
  };
}

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof DomainError ? error.code : error;
  }
  return undefined;
};

describe('event ingest service', () => {
  it('stores a valid event with the columns reports group by', () => {
    const sink = memorySink();
    const service = createEventIngestService({ sink, now: () => 1_000_000 });
    service.ingest(
      { event_name: 'page_visit', timestamp: 999_000, language: 'zh', country: 'CN', path: '/zh', properties: { traffic_source: 'email', sequence: 1 } },
      { ingest: 'log', pid: 'web', tag: 'prod', remoteIp: '8.8.8.8' },
    );
    expect(sink.rows[0]).toMatchObject({ eventName: 'page_visit', language: 'zh', path: '/zh', trafficSource: 'email', country: 'CN', pid: 'web', tag: 'prod', remoteIp: '8.8.8.8' });
    expect((sink.rows[0]!.payload as { platform: string }).platform).toBe('WEB');
    expect(service.counters()).toMatchObject({ received: 1, accepted: 1 });
  });

  it('attributes an event to a user only through a verified token; a guest id stays, a claimed user id does not (issue 20)', () => {
    const sink = memorySink();
    const service = createEventIngestService({ sink, now: () => 1_000_000 });
    const visit = (userId: string | null) => ({ event_name: 'page_visit', timestamp: 999_000, userId });
    service.ingest(visit('victim-user-id'), { ingest: 'log' });
    service.ingest(visit('victim-user-id'), { ingest: 'create', verifiedUserId: 'signed-in-user' });
    service.ingest(visit('guest_1795000000000abcdef'), { ingest: 'log' });
    service.ingest(visit(null), { ingest: 'log', verifiedUserId: 'signed-in-user' });
    expect(sink.rows.map((row) => row.userId)).toEqual([null, 'signed-in-user', 'guest_1795000000000abcdef', 'signed-in-user']);
    expect(sink.rows.map((row) => (row.payload as { userId?: string }).userId)).toEqual([undefined, 'signed-in-user', 'guest_1795000000000abcdef', 'signed-in-user']);
  });

  it('renames payment_args_ events arriving through /api/log/create', () => {
    const sink = memorySink();
    const service = createEventIngestService({ sink });
    expect(service.ingest({ event_name: 'payment_args_submit', timestamp: 1 }, { ingest: 'create' }).event_name).toBe('pay_args_node_submit');
    expect(sink.rows[0]!.eventName).toBe('pay_args_node_submit');
  });

  it('refuses and counts invalid, oversized and overflowing events', () => {
    const service = createEventIngestService({ sink: memorySink(1), maxEventBytes: 1024 });
    expect(codeOf(() => service.ingest([1, 2], { ingest: 'log' }))).toBe(ErrorCode.EVENT_INVALID);
    expect(codeOf(() => service.ingest({ timestamp: 1 }, { ingest: 'log' }))).toBe(ErrorCode.EVENT_INVALID);
    expect(codeOf(() => service.ingest({ event_name: 'x', timestamp: 1, blob: 'x'.repeat(2000) }, { ingest: 'log' }))).toBe(ErrorCode.EVENT_TOO_LARGE);
    expect(codeOf(() => service.ingest({ event_name: 'x', timestamp: 1 }, { ingest: 'log' }))).toBeUndefined();
    expect(codeOf(() => service.ingest({ event_name: 'y', timestamp: 1 }, { ingest: 'log' }))).toBe(ErrorCode.EVENT_BUFFER_FULL);
    expect(service.counters()).toEqual({ received: 5, accepted: 1, rejected: { invalid: 2, tooLarge: 1, signature: 0, overloaded: 1 } });
  });
});
