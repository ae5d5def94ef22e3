import type { FastifyInstance } from 'fastify';

export interface HealthCheck {
  name: string;
  check: () => Promise<void>;
}

/** `/healthz`: the process is alive. `/readyz`: every dependency answers (database, queue, web build). */
export async function healthPlugin(app: FastifyInstance, options: { checks: () => readonly HealthCheck[]; isShuttingDown: () => boolean }) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (options.isShuttingDown()) return reply.code(503).send({ status: 'shutting-down' });
    const results: Record<string, string> = {};
    let ready = true;
    for (const { name, check } of options.checks()) {
      try {
        await check();
        results[name] = 'ok';
      } catch (error) {
        ready = false;
        results[name] = error instanceof Error ? error.message : 'failed';
      }
    }
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', checks: results });
  });
}
