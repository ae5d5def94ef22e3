/**
 * The reference for bench:web and bench:api: a bare Fastify server (no logger, no hooks, no
 * plugins) answering from memory with the same bytes as ours: `GET /` the page given by --html
 * (its `.br` / `.gz` sibling when the request accepts it and the file exists), `POST /json` the JSON
 * given by --json with a fresh `serverTime`. Started as its own process by the benches.
 *   node scripts/bench/bare-fastify.ts --port 4000 --html apps/web/build/client/index.html --json '{...}'
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';

const { values } = parseArgs({ options: { port: { type: 'string' }, html: { type: 'string' }, json: { type: 'string', default: '{"code":0,"message":"success","data":{}}' } } });
const read = (file: string) => {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
};
const html = values.html ? { identity: readFileSync(values.html), br: read(`${values.html}.br`), gzip: read(`${values.html}.gz`) } : undefined;
const envelope = JSON.parse(values.json) as { data?: Record<string, unknown> };

const app = Fastify({ logger: false });
app.get('/readyz', () => ({ status: 'ready' }));
if (html) {
  app.get('/', (request, reply) => {
    const accepted = request.headers['accept-encoding'] ?? '';
    reply.header('content-type', 'text/html; charset=utf-8');
    if (html.br && accepted.includes('br')) return reply.header('content-encoding', 'br').send(html.br);
    if (html.gzip && accepted.includes('gzip')) return reply.header('content-encoding', 'gzip').send(html.gzip);
    return reply.send(html.identity);
  });
}
app.post('/json', (_request, reply) => reply.send({ ...envelope, data: { ...envelope.data, serverTime: Date.now() } }));
await app.listen({ port: Number(values.port), host: '127.0.0.1' });
// A clean exit on a signal, so `node --cpu-prof` writes its profile (docs/decisions/062-…).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
