/**
 * bench:events — event ingestion under a burst: N events from C concurrent clients, each posting
 * its events one at a time to POST /log (signed, as the browser does) on loopback. Prints
 * throughput and latency, then checks that every event reached the events table (count in =
 * count stored). Figures, not assertions.
 *   npm run bench:events [-- --events 5000 --clients 50 --addresses]   (PGlite in memory; DATABASE_URL=postgres://… for PostgreSQL)
 *   --addresses: each client comes from its own address (X-Forwarded-For through a trusted loopback
 *   proxy) under the default per-address rate limit, so every client has its own counter; without
 *   it every event comes from one address whose limit is raised out of the way (still counted).
 *   RATE_LIMIT_EVENTS_PER_IP=off runs the same without the limiter.
 */
import { parseArgs } from 'node:util';
import { LOG_PATH, logRecentCall, signPath } from '@voxwork/contract';
import { createApiClient } from '@voxwork/contract/client';
import { createEventRepository, migrateDatabase, openDatabase } from '@voxwork/db';
import { createApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

const { values } = parseArgs({ options: { events: { type: 'string', default: '5000' }, clients: { type: 'string', default: '50' }, addresses: { type: 'boolean', default: false } } });
const total = Number(values.events);
const clients = Number(values.clients);
const secret = 'bench-secret-0001';
const operatorToken = 'bench-operator-token-0001';
const databaseUrl = process.env.DATABASE_URL || undefined;

const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { memory: {} });
await migrateDatabase(database);
const app = await createApp(
  loadConfig({
    ROLE: 'api',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    API_SIGN_SECRET: secret,
    OPERATOR_TOKEN: operatorToken,
    VOXWORK_ENV_FILE: '',
    ...(values.addresses ? { TRUSTED_PROXIES: '127.0.0.1' } : { RATE_LIMIT_EVENTS_PER_IP: '10000000/1m' }),
    ...(process.env.RATE_LIMIT_EVENTS_PER_IP ? { RATE_LIMIT_EVENTS_PER_IP: process.env.RATE_LIMIT_EVENTS_PER_IP } : {}),
  }),
  { database },
);
await app.listen();
const address = app.http.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
const base = `http://127.0.0.1:${address.port}`;
const repository = createEventRepository(database.db);
const operator = createApiClient({ baseUrl: base, secret, getIdentity: () => ({ token: operatorToken }), timeoutMs: 60_000 });

// Addresses from 198.18.0.0/15 (benchmarking), a fresh run of them each time: PostgreSQL keeps counters between runs.
const firstAddress = Math.floor(Math.random() * 65_536);
const addressOf = (client: number) => {
  const n = (firstAddress + client) % 131_072;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
};

async function send(client: number, index: number): Promise<number> {
  const timestamp = Date.now();
  const body = JSON.stringify({
    source: 'web',
    event_name: 'page_visit',
    timestamp,
    language: 'en',
    platform: 'WEB',
    path: `/bench/${index % 20}`,
    properties: { ctime: timestamp, is_mainland: false, sequence: index + 1, session_seq: 1, client, browser: 'Bench', traffic_source: 'direct' },
  });
  const started = performance.now();
  const response = await fetch(`${base}${LOG_PATH}?pid=bench&tag=bench&timestamp=${timestamp}&signature=${signPath(LOG_PATH, secret, timestamp)}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...(values.addresses ? { 'x-forwarded-for': addressOf(client) } : {}) },
    body,
  });
  const envelope = (await response.json()) as { code: number };
  if (envelope.code !== 0) throw new Error(`unexpected code ${envelope.code}`);
  return performance.now() - started;
}

for (let index = 0; index < 200; index++) await send(0, index); // warm-up
const countBefore = await flushAndCount();

const latencies: number[] = [];
const perClient = Math.ceil(total / clients);
const started = performance.now();
await Promise.all(
  Array.from({ length: clients }, async (_, client) => {
    for (let index = 0; index < perClient && client * perClient + index < total; index++) latencies.push(await send(client, index));
  }),
);
const seconds = (performance.now() - started) / 1000;
const acceptedAt = performance.now();
const stored = (await flushAndCount()) - countBefore;
const drainMs = performance.now() - acceptedAt;

latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(2);
const limiter = process.env.RATE_LIMIT_EVENTS_PER_IP === 'off' ? 'no rate limit' : values.addresses ? 'each from its own address, 600/1m each' : 'from one address (limit raised, still counted)';
console.log(`bench:events  ${latencies.length} events, ${clients} concurrent clients ${limiter}, POST ${LOG_PATH} on loopback, ${database.kind}`);
console.log(`  throughput  ${(latencies.length / seconds).toFixed(0)} events/s (accepted)`);
console.log(`  latency     median ${at(0.5)} ms   p99 ${at(0.99)} ms   max ${latencies.at(-1)!.toFixed(2)} ms`);
console.log(`  stored      ${stored} of ${latencies.length} (${stored === latencies.length ? 'none lost' : 'MISMATCH'}); buffer drained ${drainMs.toFixed(0)} ms after the last answer`);
await app.stop();
if (stored !== latencies.length) process.exitCode = 1;

async function flushAndCount(): Promise<number> {
  // The operator call /api/log/recent writes the buffer before reading.
  await operator.call(logRecentCall, { limit: 1 });
  return repository.count();
}
