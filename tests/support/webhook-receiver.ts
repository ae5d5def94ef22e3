import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status this receiver answered. */
  answered: number;
}

/**
 * A webhook receiver on 127.0.0.1: records every POST (headers and raw body) and answers the
 * status `answer` gives for the n-th request (1-based), 200 by default.
 */
export async function startWebhookReceiver(answer: (count: number) => number = () => 200) {
  const received: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = answer(received.length + 1);
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), answered: status });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
      for (const waiter of waiters) waiter();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}/hooks`,
    received,
    /** Resolves with the received deliveries once `predicate` holds for them. */
    async waitFor(predicate: (all: ReceivedWebhook[]) => boolean, timeoutMs = 60_000): Promise<ReceivedWebhook[]> {
      if (predicate(received)) return received;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`webhook receiver: condition not met after ${timeoutMs} ms; got ${received.length} deliveries`));
        }, timeoutMs);
        const check = () => {
          if (!predicate(received)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received);
        };
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
