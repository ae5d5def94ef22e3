/**
 * bench:api — the cost of the call contract: signed POSTs to /api/system/time through the whole
 * edge (signature, channel, JSON parse, zod, envelope) on loopback.
 *   1. latency: median and p99 over fetch() calls to an app in this process (LOG_LEVEL silent);
 *   2. throughput under load: the app started as its own process (`node apps/server/src/main.ts`,
 *      ROLE=api, LOG_LEVEL=info, embedded database in a temporary DATA_DIR) against a bare Fastify
 *      POST returning the same JSON (scripts/bench/bare-fastify.ts), each call signed afresh,
 *      16 keep-alive connections, best of N rounds, as a ratio, with latency under load. Target: >= 60 % of bare Fastify (issue 32).
 *   3. API keys (issue 19, decision 037): in the same own process, a user's
 *      `GET /api/v1/account/balance` with `Authorization: Bearer vx_live_…` (key row read on every
 *      call; the per-key rate limit off, so the path itself is measured) against the signed call
 *      that answers the same from the web app, `/bill/userAccount/getUserAccount` with the user's
 *      session: throughput of the key path as a ratio of the signed-call path.
 * Figures, not assertions.
 *   npm run bench:api [-- --requests 5000 --concurrency 20 --connections 16 --seconds 4 --rounds 3]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import nodePath from 'node:path';
import { parseArgs } from 'node:util';
import { signPath } from '@voxwork/contract';
import { migrateDatabase, openDatabase } from '@voxwork/db';
import { createApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createVerifiedUser, signedCall as signedUserCall } from '../../tests/support/accounts.ts';
import { compare, formatCpu, formatLatency, formatRoundRatios, formatStatuses, freePort, getRequest, loadAverage, postRequest, runLoad, startProcess, type LoadResult } from './http-load.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '4000' },
    concurrency: { type: 'string', default: '16' },
    connections: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
  },
});
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
const sample = JSON.stringify(await (await fetch(`${base}${path}?timestamp=${Date.now()}&signature=${signPath(path, secret, Date.now())}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', channel: '100' },
  body: '{}',
})).json());
await app.stop();

// Throughput: ours (own process, info logging as in production) against bare Fastify, same JSON.
const TARGET_RATIO = 0.6;
const root = nodePath.resolve(import.meta.dirname, '../..');
const [ourPort, barePort] = [await freePort(), await freePort()];
const dataDir = mkdtempSync(nodePath.join(tmpdir(), 'voxwork-bench-api-'));
const ours = await startProcess(['apps/server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, ROLE: 'api', PORT: String(ourPort), HOST: '127.0.0.1', DATA_DIR: dataDir, VOXWORK_ENV_FILE: '', LOG_LEVEL: 'info', API_SIGN_SECRET: secret, PUBLIC_URL: `http://127.0.0.1:${ourPort}`, RATE_LIMIT_API_PER_KEY: 'off' },
  port: ourPort,
  readyPath: '/readyz',
});
try {
  const bare = await startProcess(['scripts/bench/bare-fastify.ts', '--port', String(barePort), '--json', sample], { cwd: root, env: { ...process.env }, port: barePort, readyPath: '/readyz' });
  try {
    const connections = Number(values.connections);
    const durationMs = Number(values.seconds) * 1000;
    const signedCall = () => {
      const timestamp = Date.now();
      return postRequest(`${path}?timestamp=${timestamp}&signature=${signPath(path, secret, timestamp)}`, '{}', { channel: '100' });
    };
    const bareCall = () => postRequest('/json', '{}');
    const load = (port: number, request: () => Buffer, ms = durationMs) =>
      runLoad({ port, connections, durationMs: ms, request, serverPid: port === ourPort ? ours.pid : bare.pid });
    await load(ourPort, signedCall, 1000);
    await load(barePort, bareCall, 1000);
    const loadBefore = loadAverage();
    const result = await compare(Number(values.rounds), () => load(ourPort, signedCall), () => load(barePort, bareCall));
    const rate = (value: LoadResult) => `${Math.round(value.perSecond).toLocaleString('en-US')} calls/s`;
    console.log('');
    console.log(`  under load: ${connections} keep-alive connections, best of ${values.rounds} rounds of ${values.seconds} s (load average before ${loadBefore}, after ${loadAverage()})`);
    console.log(`  signed ${path} (own process, ROLE=api, LOG_LEVEL=info)  ${rate(result.ours)}  latency median / p99 ${formatLatency(result.ours)}  CPU/request ${formatCpu(result.ours)}  ${formatStatuses(result.ours.statuses)}  ${result.ours.bodyBytes} B`);
    console.log(`  bare Fastify POST, same JSON                          ${rate(result.bare)}  latency median / p99 ${formatLatency(result.bare)}  CPU/request ${formatCpu(result.bare)}  ${formatStatuses(result.bare.statuses)}  ${result.bare.bodyBytes} B`);
    console.log(`  ratio ${(result.ratio * 100).toFixed(0)} % (target >= ${TARGET_RATIO * 100} %: ${result.ratio >= TARGET_RATIO ? 'met' : 'MISSED'}); round by round (bare, then ours): ${formatRoundRatios(result)}`);
    if (result.cpuRatio !== undefined) {
      console.log(`  CPU ratio ${(result.cpuRatio * 100).toFixed(0)} %: bare Fastify's server CPU per call over ours (least of the rounds), the ratio a CPU-bound server would show`);
    }
  } finally {
    await bare.stop();
  }

  // API keys against the signed-call path, same process, same user, same answer.
  const ourBase = `http://127.0.0.1:${ourPort}`;
  const user = await createVerifiedUser(ourBase, dataDir, `bench-api-${Date.now()}@example.com`);
  const created = await signedUserCall(ourBase, secret, '/api/apiKeys/create', { name: 'bench', scopes: ['text-to-speech'] }, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
  if (created.code !== 0) throw new Error(`API key not created: ${JSON.stringify(created)}`);
  const apiKey = (created.data as { secret: string }).secret;
  const accountPath = '/bill/userAccount/getUserAccount';
  const accountBody = JSON.stringify({ userId: user.userId });
  const sessionCall = () => {
    const timestamp = Date.now();
    return postRequest(`${accountPath}?timestamp=${timestamp}&signature=${signPath(accountPath, secret, timestamp)}`, accountBody, { channel: '100', authorization: `Bearer ${user.token}`, 'user-id': user.userId });
  };
  const keyRequest = getRequest('/api/v1/account/balance', { authorization: `Bearer ${apiKey}` });
  const keyCall = () => keyRequest;
  const connections = Number(values.connections);
  const durationMs = Number(values.seconds) * 1000;
  const loadOurs = (request: () => Buffer, ms = durationMs) => runLoad({ port: ourPort, connections, durationMs: ms, request, serverPid: ours.pid });
  await loadOurs(keyCall, 1000);
  await loadOurs(sessionCall, 1000);
  const keys = await compare(Number(values.rounds), () => loadOurs(keyCall), () => loadOurs(sessionCall));
  const rate = (value: LoadResult) => `${Math.round(value.perSecond).toLocaleString('en-US')} calls/s`;
  console.log('');
  console.log(`  API keys: ${connections} keep-alive connections, best of ${values.rounds} rounds of ${values.seconds} s, same process and user (per-key rate limit off)`);
  console.log(`  GET /api/v1/account/balance, Bearer vx_live_…      ${rate(keys.ours)}  latency median / p99 ${formatLatency(keys.ours)}  CPU/request ${formatCpu(keys.ours)}  ${formatStatuses(keys.ours.statuses)}  ${keys.ours.bodyBytes} B`);
  console.log(`  signed ${accountPath}, session  ${rate(keys.bare)}  latency median / p99 ${formatLatency(keys.bare)}  CPU/request ${formatCpu(keys.bare)}  ${formatStatuses(keys.bare.statuses)}  ${keys.bare.bodyBytes} B`);
  console.log(`  API-key path at ${(keys.ratio * 100).toFixed(0)} % of the signed-call path's throughput${keys.cpuRatio !== undefined ? ` (CPU ratio ${(keys.cpuRatio * 100).toFixed(0)} %)` : ''}`);
} finally {
  await ours.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
