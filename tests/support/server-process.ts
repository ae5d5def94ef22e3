import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/src/main.ts');
export const TEST_OPERATOR_TOKEN = 'test-operator-token-0123456789';
export const TEST_SIGN_SECRET = 'voxwork-public-signing-key';

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything the process printed (JSON log lines and stderr). */
  output(): string;
  /** The JSON log lines printed so far, in order (stderr's plain lines left out). */
  logLines(): Record<string, unknown>[];
  /** Resolves when a log line matching `pattern` has been printed. */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Signals the process (unless it has exited) and resolves with its exit code once its output is all read. */
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `node apps/server/src/main.ts` with the given environment and waits until it listens (or, for a worker, until it runs). */
export async function startServer(env: Record<string, string>, options: { ready?: RegExp; timeoutMs?: number } = {}): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      VOXWORK_ENV_FILE: '',
      LOG_LEVEL: 'info',
      OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
      SHUTDOWN_GRACE_SECONDS: '5',
      // The tests' onnxruntime thread count (vitest.config.ts, decision 104) reaches the servers they start.
      ...(process.env.VOXWORK_OCR_THREADS ? { VOXWORK_OCR_THREADS: process.env.VOXWORK_OCR_THREADS } : {}),
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const waiter of waiters) waiter();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  // 'close', not 'exit': at 'exit' the process's last lines may still be in the pipes (a busy machine
  // shows it), and a test that reads output() after kill() must see everything the process printed.
  const closed = once(child, 'close');

  const waitForLog = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(output)) {
          cleanup();
          resolve();
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out waiting for ${pattern} in server output:\n${output.slice(-4000)}`));
      }, timeoutMs);
      const onExit = () => {
        cleanup();
        reject(new Error(`server exited (code ${child.exitCode}) before ${pattern}:\n${output.slice(-4000)}`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
        child.off('exit', onExit);
      };
      waiters.add(check);
      child.once('exit', onExit);
      check();
    });

  await waitForLog(options.ready ?? /Voxwork is up/, options.timeoutMs ?? 90_000);
  return {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    logLines: () =>
      output.split('\n').flatMap((line) => {
        if (!line.startsWith('{')) return [];
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    waitForLog,
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const [code] = (await closed) as [number | null];
      return code;
    },
  };
}
