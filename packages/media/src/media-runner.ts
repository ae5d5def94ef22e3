import { spawn } from 'node:child_process';
import { parseProgressSeconds } from './ffmpeg-args.ts';

export class MediaProcessError extends Error {
  override name = 'MediaProcessError';
  readonly isRetryable: boolean;
  readonly exitCode: number | null;
  readonly stderr: string;
  constructor(message: string, options: { exitCode: number | null; stderr: string; isRetryable: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.exitCode = options.exitCode;
    this.stderr = options.stderr;
    this.isRetryable = options.isRetryable;
  }
}

export class MediaAbortedError extends Error {
  override name = 'MediaAbortedError';
  readonly isRetryable = false;
}

export interface RunOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  /** Called with the seconds of output written so far (ffmpeg `-progress pipe:1`). */
  onProgress?: ((seconds: number) => void) | undefined;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

const KILL_GRACE_MS = 500;
const MAX_CAPTURE = 1 << 20;

/** Runs one media tool with a timeout and cancellation: abort sends SIGTERM, then SIGKILL after 0.5 s. */
export function runMediaTool(binary: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new MediaAbortedError(`${binary} was cancelled before it started`));
      return;
    }
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let settled = false;
    let abortedBy: 'signal' | 'timeout' | undefined;
    let killTimer: NodeJS.Timeout | undefined;

    const stop = (reason: 'signal' | 'timeout') => {
      if (settled || abortedBy) return;
      abortedBy = reason;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
    };
    const onAbort = () => stop('signal');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timeout = options.timeoutMs ? setTimeout(() => stop('timeout'), options.timeoutMs) : undefined;

    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < MAX_CAPTURE) stdout += chunk;
      if (options.onProgress) {
        const seconds = parseProgressSeconds(chunk);
        if (seconds !== undefined) options.onProgress(seconds);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < MAX_CAPTURE) stderr += chunk;
    });

    const finish = (error: Error | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timeout);
      clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve({ stdout, stderr });
    };

    child.on('error', (cause) => {
      const missing = (cause as NodeJS.ErrnoException).code === 'ENOENT';
      finish(
        new MediaProcessError(missing ? `${binary} is not installed` : `${binary} could not start: ${cause.message}`, {
          exitCode: null,
          stderr,
          isRetryable: false,
          cause,
        }),
      );
    });
    child.on('close', (code) => {
      if (abortedBy === 'signal') return finish(new MediaAbortedError(`${binary} was cancelled`));
      if (abortedBy === 'timeout') {
        return finish(new MediaProcessError(`${binary} timed out after ${options.timeoutMs} ms`, { exitCode: code, stderr, isRetryable: true }));
      }
      if (code !== 0) {
        const lastLine = stderr.trim().split('\n').pop() ?? '';
        return finish(new MediaProcessError(`${binary} exited with code ${code}: ${lastLine}`, { exitCode: code, stderr, isRetryable: false }));
      }
      finish(undefined);
    });
  });
}

/**
 * Runs one media tool and yields its standard output as it comes, for binary output too large to
 * hold (raw video frames). Reading is pulled by the consumer: the tool waits while the consumer
 * works (pipe backpressure). Ends like `runMediaTool` — `MediaAbortedError` on the signal,
 * retryable `MediaProcessError` on the timeout, `MediaProcessError` on a non-zero exit — and a
 * consumer that stops early (`break`, a throw) ends the tool.
 */
export async function* streamMediaTool(binary: string, args: readonly string[], options: Omit<RunOptions, 'onProgress'> = {}): AsyncGenerator<Buffer, void, undefined> {
  if (options.signal?.aborted) throw new MediaAbortedError(`${binary} was cancelled before it started`);
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let startError: Error | undefined;
  let abortedBy: 'signal' | 'timeout' | undefined;
  let killTimer: NodeJS.Timeout | undefined;
  const exited = new Promise<number | null>((resolve) => {
    child.on('error', (cause) => {
      startError = cause;
      resolve(null);
    });
    child.on('close', (code) => resolve(code));
  });
  const stop = (reason: 'signal' | 'timeout') => {
    if (abortedBy || child.exitCode !== null) return;
    abortedBy = reason;
    child.kill('SIGTERM');
    killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
  };
  const onAbort = () => stop('signal');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const timeout = options.timeoutMs ? setTimeout(() => stop('timeout'), options.timeoutMs) : undefined;
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < MAX_CAPTURE) stderr += chunk;
  });
  let finished = false;
  try {
    for await (const chunk of child.stdout) yield chunk as Buffer;
    const code = await exited;
    finished = true;
    if (startError) {
      const missing = (startError as NodeJS.ErrnoException).code === 'ENOENT';
      throw new MediaProcessError(missing ? `${binary} is not installed` : `${binary} could not start: ${startError.message}`, { exitCode: null, stderr, isRetryable: false, cause: startError });
    }
    if (abortedBy === 'signal') throw new MediaAbortedError(`${binary} was cancelled`);
    if (abortedBy === 'timeout') throw new MediaProcessError(`${binary} timed out after ${options.timeoutMs} ms`, { exitCode: code, stderr, isRetryable: true });
    if (code !== 0) {
      const lastLine = stderr.trim().split('\n').pop() ?? '';
      throw new MediaProcessError(`${binary} exited with code ${code}: ${lastLine}`, { exitCode: code, stderr, isRetryable: false });
    }
  } finally {
    clearTimeout(timeout);
    options.signal?.removeEventListener('abort', onAbort);
    if (!finished) {
      // The consumer stopped early: end the tool and wait for it, so no process outlives the call.
      child.stdout.destroy();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        killTimer ??= setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
      }
      await exited;
    }
    clearTimeout(killTimer);
  }
}

export const runFfmpeg = (args: readonly string[], options?: RunOptions) => runMediaTool('ffmpeg', args, options);
export const runFfprobe = (args: readonly string[], options?: RunOptions) => runMediaTool('ffprobe', args, options);
