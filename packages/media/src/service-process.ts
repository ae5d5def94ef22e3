/**
 * A long-lived helper process (a tool's server mode, e.g. `festival --server`), for engines that
 * would otherwise pay a tool's start-up on every call.
 *
 * The tool never outlives us: it runs under a small `sh` wrapper whose standard input is a pipe
 * from this process. When this process ends in any way (exit, crash, `kill -9`), the pipe closes,
 * the wrapper's `cat` sees end of file and the wrapper stops the tool. `stop()` closes the pipe the
 * same way, then kills the whole process group (the tool and anything it forked) after a grace
 * period. Nothing here keeps Node's event loop alive.
 */
import { spawn } from 'node:child_process';

export interface ServiceProcess {
  readonly pid: number;
  /** Resolves when the tool has ended (by itself, by `stop()` or because it could not start). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** True until the tool has ended. */
  readonly running: boolean;
  /** The last 16 KB the tool wrote to stdout and stderr (for error messages). */
  output(): string;
  /** Stops the tool: end of input for the wrapper, then SIGKILL to its group after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const OUTPUT_LIMIT = 16_384;

/**
 * `"$@"` is the tool and its arguments. The watcher reads our pipe (kept as fd 3: a background
 * command's standard input would be /dev/null) until it closes, then stops the tool; `wait`
 * returns the tool's exit code, which the wrapper passes on.
 */
const WRAPPER = `exec 3<&0
"$@" </dev/null 3<&- &
tool=$!
( cat <&3 >/dev/null; kill -TERM "$tool" 2>/dev/null ) &
wait "$tool"
exit $?`;

/** Starts `binary args…` as a service process. Whether it is ready is the caller's to check (e.g. a port that accepts). */
export function startServiceProcess(binary: string, args: readonly string[]): ServiceProcess {
  const child = spawn('sh', ['-c', WRAPPER, 'voxwork-service', binary, ...args], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  let output = '';
  let running = true;
  const keep = (chunk: string) => {
    output = (output + chunk).slice(-OUTPUT_LIMIT);
  };
  child.stdout.setEncoding('utf8').on('data', keep);
  child.stderr.setEncoding('utf8').on('data', keep);
  child.stdin.on('error', () => undefined); // EPIPE once the wrapper is gone
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('error', (error) => {
      keep(`\n${error.message}`);
      running = false;
      resolve({ code: null, signal: null });
    });
    child.on('close', (code, signal) => {
      running = false;
      resolve({ code, signal });
    });
  });
  // Neither the process nor its pipes hold the event loop open.
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void }).unref?.();

  return {
    pid: child.pid ?? -1,
    exited,
    get running() {
      return running;
    },
    output: () => output,
    async stop(graceMs = 1_000) {
      if (!running) return;
      child.stdin.end();
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Whether a process with this pid exists (a zombie included): signal 0 checks without sending anything. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
