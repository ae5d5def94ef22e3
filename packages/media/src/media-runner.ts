import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { parseProgressSeconds } from './ffmpeg-args.ts';

/** How a tool failed: it is not installed, could not start, ran out of time, or ended with an error. */
export type MediaFailure = 'not-installed' | 'could-not-start' | 'timed-out' | 'exited';

export class MediaProcessError extends Error {
  override name = 'MediaProcessError';
  readonly isRetryable: boolean;
  readonly exitCode: number | null;
  readonly stderr: string;
  readonly failure: MediaFailure;
  constructor(message: string, options: { exitCode: number | null; stderr: string; isRetryable: boolean; failure: MediaFailure; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.exitCode = options.exitCode;
    this.stderr = options.stderr;
    this.isRetryable = options.isRetryable;
    this.failure = options.failure;
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

/**
 * A started tool under watch: the signal and the timeout stop it (SIGTERM, then SIGKILL after
 * 0.5 s), its stderr is kept (1 MiB at most), `exited` settles with its exit code (null when it
 * could not start, `startError` then says why) and `outcome` says what its end means.
 */
function superviseTool(binary: string, child: ChildProcessByStdio<Writable | null, Readable | null, Readable>, options: Omit<RunOptions, 'onProgress'>) {
  let stoppedBy: 'signal' | 'timeout' | 'caller' | undefined;
  let killTimer: NodeJS.Timeout | undefined;
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < MAX_CAPTURE) stderr += chunk;
  });
  const stop = (reason: 'signal' | 'timeout' | 'caller') => {
    if (stoppedBy || child.exitCode !== null || child.signalCode !== null) return;
    stoppedBy = reason;
    child.kill('SIGTERM');
    killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
  };
  const onAbort = () => stop('signal');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const timeout = options.timeoutMs ? setTimeout(() => stop('timeout'), options.timeoutMs) : undefined;
  let failedStart: Error | undefined;
  const exited = new Promise<number | null>((resolve) => {
    child.on('error', (cause) => {
      failedStart = cause;
      resolve(null);
    });
    child.on('close', (code) => resolve(code));
  });
  return {
    stop,
    exited,
    get startError() {
      return failedStart;
    },
    get stderr() {
      return stderr;
    },
    /** The error the tool's end stands for (undefined: it succeeded), from its exit code or the error it could not start with. */
    outcome(code: number | null, startError?: Error): Error | undefined {
      if (startError) {
        const missing = (startError as NodeJS.ErrnoException).code === 'ENOENT';
        return new MediaProcessError(missing ? `${binary} is not installed` : `${binary} could not start: ${startError.message}`, { exitCode: null, stderr, isRetryable: false, failure: missing ? 'not-installed' : 'could-not-start', cause: startError });
      }
      // Cancelled, however the tool ended: it may have died of a signal (a process group killed by its owner) before our listener ran.
      if (stoppedBy === 'signal' || options.signal?.aborted) return new MediaAbortedError(`${binary} was cancelled`);
      if (stoppedBy === 'timeout') return new MediaProcessError(`${binary} timed out after ${options.timeoutMs} ms`, { exitCode: code, stderr, isRetryable: true, failure: 'timed-out' });
      if (code !== 0) {
        const lastLine = stderr.trim().split('\n').pop() ?? '';
        return new MediaProcessError(`${binary} exited with code ${code}: ${lastLine}`, { exitCode: code, stderr, isRetryable: false, failure: 'exited' });
      }
      return undefined;
    },
    /** Stops watching (the signal's listener, the timers). */
    release() {
      clearTimeout(timeout);
      clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', onAbort);
    },
  };
}

/** Runs one media tool with a timeout and cancellation: abort sends SIGTERM, then SIGKILL after 0.5 s. */
export function runMediaTool(binary: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new MediaAbortedError(`${binary} was cancelled before it started`));
      return;
    }
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const tool = superviseTool(binary, child, options);
    let stdout = '';
    let settled = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < MAX_CAPTURE) stdout += chunk;
      if (options.onProgress) {
        const seconds = parseProgressSeconds(chunk);
        if (seconds !== undefined) options.onProgress(seconds);
      }
    });
    const finish = (error: Error | undefined) => {
      if (settled) return;
      settled = true;
      tool.release();
      if (error) reject(error);
      else resolve({ stdout, stderr: tool.stderr });
    };
    child.on('error', (cause) => finish(tool.outcome(null, cause)));
    child.on('close', (code) => finish(tool.outcome(code)));
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
  const tool = superviseTool(binary, child, options);
  const { exited } = tool;
  let finished = false;
  try {
    for await (const chunk of child.stdout) yield chunk as Buffer;
    const error = tool.outcome(await exited, tool.startError);
    finished = true;
    if (error) throw error;
  } finally {
    if (!finished) {
      // The consumer stopped early: end the tool and wait for it, so no process outlives the call.
      child.stdout.destroy();
      tool.stop('caller');
      await exited;
    }
    tool.release();
  }
}

/** Where `readMediaToolInto` writes a tool's output: the memory for the next read, and what was read. */
export interface OutputSink {
  /** The memory the next read writes into (at least one byte). */
  space(): Uint8Array;
  /** `bytes` were written at the start of the last `space()`; false: stop reading until `resume` is called. */
  wrote(bytes: number): boolean;
}

/**
 * Runs one media tool and reads its standard output straight into the memory `sink` gives, with no
 * new buffer per read (decision 107): the output goes to a Unix socket whose reading end is made
 * with `onread`. A pipe's reads each made a new 64 KB buffer; reading a whole video's raw frames
 * that way (1.4 MB a 720p frame) cost the erasure hundreds of full collections on its thread.
 * `started` is called with `resume` (reading again after `wrote` returned false). Ends like
 * `streamMediaTool`: resolves when the tool ends well, rejects with `MediaAbortedError` on the
 * signal, a retryable `MediaProcessError` on the timeout, `MediaProcessError` on a non-zero exit or
 * a tool that could not start; `stop()` (the caller is done early) ends the tool.
 */
export function readMediaToolInto(binary: string, args: readonly string[], sink: OutputSink, options: Omit<RunOptions, 'onProgress'> = {}): { done: Promise<void>; resume(): void; stop(): Promise<void> } {
  let reader: Socket | undefined;
  let tool: ReturnType<typeof superviseTool> | undefined;
  let stopped = false;
  const done = (async () => {
    if (options.signal?.aborted) throw new MediaAbortedError(`${binary} was cancelled before it started`);
    const folder = await mkdtemp(path.join(tmpdir(), 'voxwork-output-'));
    const server = createServer();
    try {
      const address = path.join(folder, 'out');
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(address, resolve));
      const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
      const ended = new Promise<void>((resolve) => {
        reader = connect({ path: address, onread: { buffer: () => sink.space(), callback: (bytes: number) => sink.wrote(bytes) } });
        // The tool's end (or death) closes its end of the socket; an error there is the tool's to report.
        reader.once('end', resolve).once('close', resolve).on('error', () => undefined);
      });
      const writer = await accepted;
      const child = spawn(binary, args, { stdio: ['ignore', writer, 'pipe'] });
      // The tool holds its own copy of the socket: ours goes, so the reader sees the end when the tool's does.
      writer.destroy();
      server.close();
      tool = superviseTool(binary, child, options);
      if (stopped) tool.stop('caller');
      await ended;
      const error = tool.outcome(await tool.exited, tool.startError);
      if (error && !stopped) throw error;
    } finally {
      reader?.destroy();
      tool?.release();
      server.close();
      await rm(folder, { recursive: true, force: true });
    }
  })();
  return {
    done,
    resume: () => reader?.resume(),
    async stop() {
      stopped = true;
      reader?.destroy();
      tool?.stop('caller');
      await done.catch(() => undefined);
    },
  };
}

/**
 * Runs one media tool fed on its standard input from `input` (raw video frames an engine made, for
 * ffmpeg to encode), with the same timeout, cancellation and error rules as `runMediaTool`. Each
 * chunk is written out before the next is asked for (backpressure: nothing piles up in memory, and
 * the input may fill a chunk's memory again once it is asked for the next); a tool that
 * ends before the input does fails the call with its own error, and a failing `input` ends the tool.
 */
export async function pipeIntoMediaTool(binary: string, args: readonly string[], input: AsyncIterable<Uint8Array>, options: RunOptions = {}): Promise<RunResult> {
  if (options.signal?.aborted) throw new MediaAbortedError(`${binary} was cancelled before it started`);
  const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const tool = superviseTool(binary, child, options);
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    if (stdout.length < MAX_CAPTURE) stdout += chunk;
    if (options.onProgress) {
      const seconds = parseProgressSeconds(chunk);
      if (seconds !== undefined) options.onProgress(seconds);
    }
  });
  const { exited } = tool;
  // A tool that stops reading (it failed, or was stopped) closes the pipe: the writes below then end quietly.
  let pipeClosed = false;
  child.stdin.on('error', () => (pipeClosed = true));
  child.stdin.on('close', () => (pipeClosed = true));
  let inputError: { error: unknown } | undefined;
  try {
    for await (const chunk of input) {
      if (pipeClosed) break;
      // Each chunk is handed to the tool (or the pipe has failed) before the next is asked for: the caller may then reuse its memory.
      const written = new Promise<void>((resolve) => child.stdin.write(chunk, () => resolve()));
      await Promise.race([written, exited]);
    }
  } catch (error) {
    inputError = { error };
    tool.stop('caller');
  } finally {
    child.stdin.end();
  }
  const code = await exited;
  tool.release();
  if (inputError) throw inputError.error;
  const error = tool.outcome(code, tool.startError);
  if (error) throw error;
  return { stdout, stderr: tool.stderr };
}

export const runFfmpeg = (args: readonly string[], options?: RunOptions) => runMediaTool('ffmpeg', args, options);
export const runFfprobe = (args: readonly string[], options?: RunOptions) => runMediaTool('ffprobe', args, options);
