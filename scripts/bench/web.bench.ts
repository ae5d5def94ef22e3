/**
 * bench:web — what a visitor's browser downloads and how fast the web role answers, for the home
 * page and one article in each language:
 *   - HTML bytes (raw and gzip),
 *   - JS bytes (gzip, node:zlib) loaded before interaction: every `/assets/*.js` the HTML
 *     references (modulepreload links and the inline module script's imports),
 *   - the server's median (and p95) response time over N sequential requests on loopback,
 *   - throughput of the prerendered home page under load (16 keep-alive connections), as sent
 *     (identity, brotli, gzip) and as a ratio of a bare Fastify server sending the same bytes from
 *     memory in the same run (scripts/bench/bare-fastify.ts), plus 304 revalidations.
 * The servers are started here as their own processes: `node apps/server/src/main.ts` with
 * ROLE=web, LOG_LEVEL=info (the default), a temporary DATA_DIR, VOXWORK_ENV_FILE='' and a free
 * port; the bare one likewise. Needs a web build (`npm run build`).
 * Figures, not assertions. Targets: prerendered pages < 5 ms median, initial JS <= 120 KB gzip,
 * throughput >= 70 % of bare Fastify.
 *   npm run bench:web [-- --requests 200 --connections 16 --seconds 4 --rounds 3]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { initialScripts, MARKETING_JS_BUDGET_GZIP } from '../../tests/support/initial-scripts.ts';
import { compare, formatCpu, formatLatency, formatRoundRatios, formatStatuses, freePort, getRequest, loadAverage, runLoad, startProcess, type LoadResult } from './http-load.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '200' },
    connections: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    article: { type: 'string', default: '/blog/dubbing-short-dramas-for-overseas-audiences' },
  },
});
const requests = Number(values.requests);
const root = path.resolve(import.meta.dirname, '../..');
const buildDir = path.join(root, 'apps/web/build');
if (!existsSync(path.join(buildDir, 'server/index.js'))) {
  console.error('bench:web needs a web build first: npm run build');
  process.exit(1);
}

const PAGES = [
  { label: 'home (en)', path: '/' },
  { label: 'home (zh)', path: '/zh' },
  { label: 'article (en)', path: values.article },
  { label: 'article (zh)', path: `/zh${values.article}` },
  // The heaviest marketing pages: the share page (players load only with a token) and pricing.
  { label: 'share (en)', path: '/share' },
  { label: 'pricing (zh)', path: '/zh/pricing' },
];
const TARGET_MEDIAN_MS = 5;
const TARGET_JS_GZIP = MARKETING_JS_BUDGET_GZIP;
const TARGET_RATIO = 0.7;

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'voxwork-bench-web-'));
const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, ROLE: 'web', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, VOXWORK_ENV_FILE: '', LOG_LEVEL: 'info' },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let serverErrors = '';
server.stderr.on('data', (chunk: Buffer) => (serverErrors += chunk.toString()));
const base = `http://127.0.0.1:${port}`;

async function stopServer() {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}):\n${serverErrors}`);
    const ready = await fetch(`${base}/readyz`).then((response) => response.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`server not ready after 60 s:\n${serverErrors}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const assetCache = new Map<string, Buffer>();
  async function asset(url: string): Promise<Buffer> {
    let body = assetCache.get(url);
    if (!body) {
      const response = await fetch(`${base}${url}`);
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      body = Buffer.from(await response.arrayBuffer());
      assetCache.set(url, body);
    }
    return body;
  }

  async function timeRequests(url: string): Promise<{ median: number; p95: number }> {
    for (let i = 0; i < 20; i++) await (await fetch(`${base}${url}`)).arrayBuffer(); // warm-up
    const samples: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const response = await fetch(`${base}${url}`);
      await response.arrayBuffer();
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
    return { median: at(0.5), p95: at(0.95) };
  }

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`bench:web  ${requests} sequential requests per page, loopback, ROLE=web (${base})`);
  console.log('');
  const rows: string[][] = [['page', 'path', 'status', 'HTML', 'sent gzip', 'sent br', 'JS files', 'JS gzip', 'CSS gzip', 'median', 'p95', 'time target', 'JS target']];
  let markdownInClient = false;
  let breakdown: { url: string; gzip: number }[] = [];
  for (const page of PAGES) {
    const response = await fetch(`${base}${page.path}`);
    const html = Buffer.from(await response.arrayBuffer());
    const text = html.toString('utf8');
    const scripts = initialScripts(text);
    const styles = [...new Set([...text.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+\.css)"/g)].map((match) => match[1]!))];
    let jsGzip = 0;
    const files: { url: string; gzip: number }[] = [];
    for (const url of scripts) {
      const body = await asset(url);
      const size = gzipSync(body).length;
      jsGzip += size;
      files.push({ url, gzip: size });
      // marked and gray-matter must stay on the server (loaders only).
      if (/marked\(\): input parameter|gray-matter|js-yaml/.test(body.toString('utf8'))) markdownInClient = true;
    }
    let cssGzip = 0;
    for (const url of styles) cssGzip += gzipSync(await asset(url)).length;
    if (page === PAGES[0]) breakdown = files.sort((a, b) => b.gzip - a.gzip);
    const timing = await timeRequests(page.path);
    const sent = async (encoding: string) => {
      const answer = await fetch(`${base}${page.path}`, { headers: { 'accept-encoding': encoding } });
      await answer.arrayBuffer();
      const length = answer.headers.get('content-length');
      return answer.headers.get('content-encoding') === encoding && length ? kb(Number(length)) : 'not sent';
    };
    rows.push([
      page.label,
      page.path,
      String(response.status),
      kb(html.length),
      await sent('gzip'),
      await sent('br'),
      String(scripts.length),
      kb(jsGzip),
      kb(cssGzip),
      `${timing.median.toFixed(2)} ms`,
      `${timing.p95.toFixed(2)} ms`,
      timing.median < TARGET_MEDIAN_MS ? 'met' : 'MISSED',
      jsGzip <= TARGET_JS_GZIP ? 'met' : 'MISSED',
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`);
  console.log('');
  console.log(`  targets: median < ${TARGET_MEDIAN_MS} ms (prerendered, served from memory), JS before interaction <= ${kb(TARGET_JS_GZIP)} gzip`);
  console.log(`  JS before interaction on ${PAGES[0]!.path}, largest first (gzip):`);
  for (const file of breakdown.slice(0, 12)) console.log(`    ${kb(file.gzip).padStart(9)}  ${file.url}`);
  if (breakdown.length > 12) console.log(`    ${kb(breakdown.slice(12).reduce((sum, file) => sum + file.gzip, 0)).padStart(9)}  ${breakdown.length - 12} more files`);
  console.log(`  markdown parser (marked / gray-matter) in the client JS of these pages: ${markdownInClient ? 'YES (should not be)' : 'no'}`);

  // Throughput against a bare Fastify server sending the same bytes from memory.
  const connections = Number(values.connections);
  const durationMs = Number(values.seconds) * 1000;
  const rounds = Number(values.rounds);
  const barePort = await freePort();
  const homeFile = path.join(buildDir, 'client', 'index.html');
  const bare = await startProcess(['scripts/bench/bare-fastify.ts', '--port', String(barePort), '--html', homeFile], {
    cwd: root,
    env: { ...process.env },
    port: barePort,
    readyPath: '/readyz',
  });
  try {
    const pidOf = (targetPort: number) => (targetPort === port ? server.pid : bare.pid);
    const load = (targetPort: number, headers: Record<string, string>) => () =>
      runLoad({ port: targetPort, connections, durationMs, request: () => getRequest('/', headers), serverPid: pidOf(targetPort) });
    const warm = (targetPort: number, headers: Record<string, string>) => runLoad({ port: targetPort, connections, durationMs: 1000, request: () => getRequest('/', headers) });
    const rate = (result: LoadResult) => `${Math.round(result.perSecond).toLocaleString('en-US')} req/s`;
    console.log('');
    console.log(`  throughput of / under load: ${connections} keep-alive connections, best of ${rounds} rounds of ${values.seconds} s each, ours vs bare Fastify (same bytes, from memory)`);
    console.log(`  (load generator: scripts/bench/http-load.ts in this process; both servers are their own processes; load average before: ${loadAverage()})`);
    console.log('  CPU/request: server CPU time (user + system) per answer, least of the rounds; its ratio is the throughput ratio a CPU-bound server would show,');
    console.log('  and it hardly moves with the machine\'s load or with the load generator falling behind (which flatters the ratio of req/s).');
    const loadRows: string[][] = [
      ['accept-encoding', 'body sent', 'ours', 'bare Fastify', 'ratio', `target >= ${TARGET_RATIO * 100} %`, 'ratio by round', 'latency ours (median / p99)', 'bare', 'CPU/request ours', 'bare', 'CPU ratio', 'statuses (ours)'],
    ];
    for (const encoding of ['identity', 'br', 'gzip']) {
      const headers: Record<string, string> = encoding === 'identity' ? {} : { 'Accept-Encoding': encoding };
      await warm(port, headers);
      await warm(barePort, headers);
      const result = await compare(rounds, load(port, headers), load(barePort, headers));
      if (result.ours.bodyBytes !== result.bare.bodyBytes) throw new Error(`not the same bytes: ours ${result.ours.bodyBytes}, bare ${result.bare.bodyBytes}`);
      loadRows.push([
        encoding,
        kb(result.ours.bodyBytes),
        rate(result.ours),
        rate(result.bare),
        `${(result.ratio * 100).toFixed(0)} %`,
        result.ratio >= TARGET_RATIO ? 'met' : 'MISSED',
        formatRoundRatios(result),
        formatLatency(result.ours),
        formatLatency(result.bare),
        formatCpu(result.ours),
        formatCpu(result.bare),
        result.cpuRatio === undefined ? 'n/a' : `${(result.cpuRatio * 100).toFixed(0)} %`,
        formatStatuses(result.ours.statuses),
      ]);
    }
    const etag = (await fetch(`${base}/`, { headers: { 'accept-encoding': 'br' } })).headers.get('etag') ?? '';
    await warm(port, { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    const revalidated = await runLoad({ port, connections, durationMs, request: () => getRequest('/', { 'Accept-Encoding': 'br', 'If-None-Match': etag }), serverPid: server.pid });
    loadRows.push(['br + If-None-Match', '0 KB', rate(revalidated), '', '', '', '', formatLatency(revalidated), '', formatCpu(revalidated), '', '', formatStatuses(revalidated.statuses)]);
    const loadWidths = loadRows[0]!.map((_, column) => Math.max(...loadRows.map((row) => row[column]!.length)));
    for (const row of loadRows) console.log(`    ${row.map((cell, column) => cell.padEnd(loadWidths[column]!)).join('  ')}`);
    console.log(`  load average after: ${loadAverage()}`);
  } finally {
    await bare.stop();
  }
} finally {
  await stopServer();
}
