/**
 * A local HTTP server for remote-adapter tests (node:http, random port on 127.0.0.1): a vendor's
 * replay module supplies the handler that checks requests against the documented API and answers
 * with documented shapes. This part records every request, delays answers (so cancellation can
 * land mid-request), injects failures, hangs on demand (timeouts), and counts requests whose
 * client went away before the answer (so a test can see an abort really closed the connection).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReplayRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface ReplayResponse {
  status: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON. */
  body?: Buffer | string | object;
}

export interface ReplayServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Every request received, in order (bodies included). */
  requests: ReplayRequest[];
  /** Answers the next request(s) with this instead of the handler's answer (after the request is recorded). */
  failNext(response: ReplayResponse, times?: number): void;
  /** The next request is never answered (the client's timeout must end it). */
  hangNext(): void;
  /** Delay before answering, per request. */
  setLatency(latency: number | ((request: ReplayRequest) => number)): void;
  /** Requests whose connection closed before an answer was sent. */
  readonly abandoned: number;
  close(): Promise<void>;
}

export type ReplayHandler = (request: ReplayRequest) => Promise<ReplayResponse> | ReplayResponse;

function send(res: ServerResponse, response: ReplayResponse): void {
  const headers = { ...response.headers };
  let body: Buffer | string | undefined;
  if (response.body === undefined || typeof response.body === 'string' || Buffer.isBuffer(response.body)) body = response.body;
  else {
    body = JSON.stringify(response.body);
    headers['content-type'] ??= 'application/json';
  }
  res.writeHead(response.status, headers);
  res.end(body);
}

export async function startReplayServer(handler: ReplayHandler): Promise<ReplayServer> {
  const requests: ReplayRequest[] = [];
  const failures: ReplayResponse[] = [];
  let hang = 0;
  let latency: number | ((request: ReplayRequest) => number) = 0;
  let abandoned = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://replay.local');
      const request: ReplayRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(request);
      let answered = false;
      res.on('close', () => {
        if (!answered) abandoned++;
      });
      if (hang > 0) {
        hang--;
        return;
      }
      const delay = typeof latency === 'function' ? latency(request) : latency;
      setTimeout(async () => {
        if (res.destroyed) return;
        let response: ReplayResponse;
        try {
          response = failures.shift() ?? (await handler(request));
        } catch (error) {
          response = { status: 500, body: { replayError: error instanceof Error ? error.message : String(error) } };
        }
        if (res.destroyed) return;
        answered = true;
        send(res, response);
      }, delay);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (response, times = 1) => {
      for (let index = 0; index < times; index++) failures.push(response);
    },
    hangNext: () => {
      hang++;
    },
    setLatency: (value) => {
      latency = value;
    },
    get abandoned() {
      return abandoned;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Parses a multipart body the way a server framework would (undici's FormData parser). */
export async function multipartOf(request: ReplayRequest): Promise<FormData> {
  return new Request('http://replay.local/', { method: 'POST', headers: { 'content-type': String(request.headers['content-type'] ?? '') }, body: new Uint8Array(request.body) }).formData();
}
