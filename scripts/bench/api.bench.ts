/**
 * bench:api — the cost of the call contract: signed POSTs to /api/system/time through the whole
 * edge (signature, channel, JSON parse, zod, envelope) on loopback. Prints median and p99 latency
 * and throughput. Figures, not assertions.
 *   npm run bench:api [-- --requests 5000 --concurrency 20]
 */
import { parseArgs } from 'node:util';
import { signPath } from '@voxwork/contract';
import { migrateDatabase, openDatabase } from '@voxwork/db';
import { createApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '4000' }, concurrency: { type: 'string', default: '16' } } });
const total = Number(values.requests);
const concurrency = Number(values.concurrency);
const secret = 'bench-secret-0001';

const database = await openDatabase({ memory: {} });
await migrateDatabase(database);
const app = await createApp(loadConfig({ ROLE: 'api', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', API_SIGN_SECRET: secret, VOXWORK_ENV_FILE: '' }), { database });
await app.listen();
const address = app.http.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
const base = `http://127.0.0.1:${address.port}`;
const path = '/api/system/time';

async function once(): Promise<number> {
  const timestamp = Date.now();
  const started = performance.now();
  const response = await fetch(`${base}${path}?timestamp=${timestamp}&signature=${signPath(path, secret, timestamp)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', channel: '100' },
    body: '{}',
  });
  const body = (await response.json()) as { code: number };
  if (body.code !== 0) throw new Error(`unexpected code ${body.code}`);
  return performance.now() - started;
}

for (let i = 0; i < 200; i++) await once(); // warm-up
const latencies: number[] = [];
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next++ < total) latencies.push(await once());
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(2);
console.log(`bench:api  ${total} signed calls, concurrency ${concurrency}, loopback`);
console.log(`  throughput  ${(total / seconds).toFixed(0)} calls/s`);
console.log(`  latency     median ${at(0.5)} ms   p99 ${at(0.99)} ms   max ${latencies.at(-1)!.toFixed(2)} ms`);
await app.stop();
