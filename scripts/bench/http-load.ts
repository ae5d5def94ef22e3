/**
 * Load generation for bench:web and bench:api, with nothing to install: HTTP/1.1 keep-alive over
 * raw sockets (node:net), N connections each sending its next request as soon as the previous
 * response is complete (like wrk without pipelining). Responses are parsed just enough to find
 * their end (Content-Length or chunked). Also starts servers as child processes, so the load
 * generator and the server under test never share a thread.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';

export interface LoadOptions {
  port: number;
  /** Returns the bytes of the next request (called once per request, so each can be signed afresh). */
  request: () => Buffer;
  connections: number;
  durationMs: number;
  /** The server's process id: its CPU time during the run is measured (Linux /proc). */
  serverPid?: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  /** Body bytes of the last response (what one answer weighs on the wire, headers aside). */
  bodyBytes: number;
  /** Status codes seen, with counts. */
  statuses: Map<number, number>;
  /**
   * CPU time the server process spent per answered request, in microseconds (user + system, from
   * /proc/<pid>/stat); undefined without a pid. Unlike throughput, it hardly depends on what else
   * the machine is doing, or on the load generator keeping up.
   */
  cpuMicrosPerRequest: number | undefined;
  /** Time from sending a request to its response's last byte, in milliseconds. */
  latency: { median: number; p99: number };
}

/** User + system CPU seconds of a process so far (Linux; clock ticks of 1/100 s). */
export function processCpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** Reads one response from `buffer`; returns its total length and status, or undefined when incomplete. */
function parseResponse(buffer: Buffer): { length: number; status: number; bodyBytes: number } | undefined {
  const headerEnd = buffer.indexOf(HEADER_END);
  if (headerEnd < 0) return undefined;
  const head = buffer.toString('latin1', 0, headerEnd);
  const status = Number(head.slice(9, 12));
  const bodyStart = headerEnd + 4;
  const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (lengthMatch) {
    const bodyBytes = Number(lengthMatch[1]);
    return buffer.length >= bodyStart + bodyBytes ? { length: bodyStart + bodyBytes, status, bodyBytes } : undefined;
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    let offset = bodyStart;
    let bodyBytes = 0;
    for (;;) {
      const lineEnd = buffer.indexOf('\r\n', offset);
      if (lineEnd < 0) return undefined;
      const size = parseInt(buffer.toString('latin1', offset, lineEnd), 16);
      offset = lineEnd + 2 + size + 2;
      if (buffer.length < offset) return undefined;
      bodyBytes += size;
      if (size === 0) return { length: offset, status, bodyBytes };
    }
  }
  // No body (304, 204) or a bodiless answer.
  return { length: bodyStart, status, bodyBytes: 0 };
}

/** Runs the load for `durationMs` and counts complete responses. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const statuses = new Map<number, number>();
  let requests = 0;
  let bodyBytes = 0;
  let stopped = false;
  const sockets: Socket[] = [];
  const latencies: number[] = [];
  const cpuBefore = options.serverPid ? processCpuSeconds(options.serverPid) : undefined;
  const started = performance.now();
  await Promise.all(
    Array.from(
      { length: options.connections },
      () =>
        new Promise<void>((resolve, reject) => {
          const socket = connect({ port: options.port, host: '127.0.0.1', noDelay: true });
          sockets.push(socket);
          let pending: Buffer = Buffer.alloc(0);
          let sentAt = 0;
          const send = () => {
            sentAt = performance.now();
            socket.write(options.request());
          };
          socket.on('connect', send);
          socket.on('data', (chunk: Buffer) => {
            pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
            for (;;) {
              const response = parseResponse(pending);
              if (!response) return;
              pending = pending.subarray(response.length);
              latencies.push(performance.now() - sentAt);
              requests++;
              bodyBytes = response.bodyBytes;
              statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
              if (stopped) {
                socket.end();
                return;
              }
              send();
            }
          });
          socket.on('error', (error) => (stopped ? resolve() : reject(error)));
          socket.on('close', () => resolve());
        }),
    ).concat(
      new Promise<void>((resolve) =>
        setTimeout(() => {
          stopped = true;
          resolve();
        }, options.durationMs),
      ),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = options.serverPid ? processCpuSeconds(options.serverPid) : undefined;
  for (const socket of sockets) socket.destroy();
  const cpuMicrosPerRequest = cpuBefore !== undefined && cpuAfter !== undefined && requests ? ((cpuAfter - cpuBefore) * 1e6) / requests : undefined;
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : Number.NaN);
  return { requests, seconds, perSecond: requests / seconds, bodyBytes, statuses, cpuMicrosPerRequest, latency: { median: at(0.5), p99: at(0.99) } };
}

/** A GET request's bytes. */
export function getRequest(path: string, headers: Record<string, string> = {}): Buffer {
  const lines = [`GET ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: keep-alive', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

/** A POST request's bytes with a JSON body. */
export function postRequest(path: string, body: string, headers: Record<string, string> = {}): Buffer {
  const payload = Buffer.from(body);
  const lines = [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: keep-alive',
    'Content-Type: application/json',
    `Content-Length: ${payload.length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Started {
  port: number;
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `node <args>` and waits until GET `readyPath` answers 200. */
export async function startProcess(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; port: number; readyPath: string; executable?: string; readyTimeoutMs?: number }): Promise<Started> {
  const child = spawn(options.executable ?? process.execPath, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited (${child.exitCode}):\n${errors}`);
    const ready = await fetch(`http://127.0.0.1:${options.port}${options.readyPath}`).then((response) => response.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${args.join(' ')} not ready after ${(options.readyTimeoutMs ?? 90_000) / 1000} s:\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { port: options.port, pid: child.pid!, child, stop };
}

export interface Comparison {
  ours: LoadResult;
  bare: LoadResult;
  /** Our best throughput over bare Fastify's best. */
  ratio: number;
  /** Bare Fastify's lowest CPU time per request over ours: the throughput ratio a CPU-bound server would reach. */
  cpuRatio: number | undefined;
  /** Ours over bare of each round (the two run back to back), in round order: a burst of other work on the machine shows as one low or high round. */
  roundRatios: number[];
}

/**
 * Runs ours and the bare reference alternately, `rounds` times each, and keeps each one's best
 * round (highest throughput; lowest CPU per request): on a shared, loaded machine the best round
 * is the least disturbed one.
 */
export async function compare(rounds: number, ours: () => Promise<LoadResult>, bare: () => Promise<LoadResult>): Promise<Comparison> {
  const results: { ours: LoadResult[]; bare: LoadResult[] } = { ours: [], bare: [] };
  for (let round = 0; round < rounds; round++) {
    results.bare.push(await bare());
    results.ours.push(await ours());
  }
  const best = (list: LoadResult[]) => list.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
  const leastCpu = (list: LoadResult[]) => {
    const values = list.map((result) => result.cpuMicrosPerRequest).filter((value): value is number => value !== undefined);
    return values.length ? Math.min(...values) : undefined;
  };
  const [ourCpu, bareCpu] = [leastCpu(results.ours), leastCpu(results.bare)];
  const [ourBest, bareBest] = [best(results.ours), best(results.bare)];
  return {
    ours: { ...ourBest, cpuMicrosPerRequest: ourCpu },
    bare: { ...bareBest, cpuMicrosPerRequest: bareCpu },
    ratio: ourBest.perSecond / bareBest.perSecond,
    cpuRatio: ourCpu && bareCpu ? bareCpu / ourCpu : undefined,
    roundRatios: results.ours.map((result, round) => result.perSecond / results.bare[round]!.perSecond),
  };
}

export function formatCpu(result: LoadResult): string {
  return result.cpuMicrosPerRequest === undefined ? 'n/a' : `${result.cpuMicrosPerRequest.toFixed(1)} µs`;
}

/** Each round's ratio and their median, e.g. `63 % 58 % 71 % (median 63 %)`. */
export function formatRoundRatios(comparison: Comparison): string {
  const sorted = [...comparison.roundRatios].sort((a, b) => a - b);
  const percent = (value: number) => `${(value * 100).toFixed(0)} %`;
  return `${comparison.roundRatios.map(percent).join(' ')} (median ${percent(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN)})`;
}

/** Median and p99 latency under load. */
export function formatLatency(result: LoadResult): string {
  return `${result.latency.median.toFixed(2)} / ${result.latency.p99.toFixed(2)} ms`;
}

/** The machine's load average (1, 5, 15 min). */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

export function formatStatuses(statuses: Map<number, number>): string {
  return [...statuses].map(([status, count]) => `${status}×${count}`).join(' ');
}
