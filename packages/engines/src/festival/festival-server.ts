/**
 * One `festival --server` per engine instance, so that a synthesis no longer pays festival's
 * start-up (≈ 0.3 s: lexicons, modules) and voice loading (≈ 0.4 s for an HTS voice) every time.
 *
 * Festival's server forks a child for every client connection: each synthesis runs in a fresh copy
 * of the server's state (voices already loaded, no `defvar` left over from an earlier call), and
 * connections run in parallel. A request is the same Scheme program the per-call path runs with
 * `festival -b`; it is sent after the server's password (random per server; the port is bound to
 * loopback and refuses other hosts), followed by a marker form whose answer says the program is
 * done. Festival answers every form with `LP …ft_StUfF_key` (a printed value) or `ER` (an error),
 * then `OK`.
 *
 * The child's pid is written by the program itself (`system "echo $PPID"`), so that cancelling a
 * request kills exactly that child. The server stops after `idleMs` without requests and starts
 * again on the next one.
 *
 * Voices are loaded on demand (issue 32): a server holds only the voices asked of it (with all ten
 * of Debian's voices it held ~460 MB; with one, ~80 MB). A request for a voice the running server
 * has not loaded runs at once in a child that loads it (≈ 0.4 s more), and the server is started
 * again with that voice as soon as no request is running.
 *
 * A process holds one server per binary and idle time (`leaseFestivalServer`): every synthesizer made
 * with them sends its programs there. An engine set is built per app (the server builds one), and
 * the tests build an app per file, file after file in each Vitest worker: each app started its own
 * server and loaded its voices again (≈ 1.1–1.6 s of CPU per server measured here).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { startServiceProcess, type ServiceProcess } from '@voxwork/media';
import { EngineAbortedError, EngineFailedError, EngineUnavailableError } from '../engine-errors.ts';
import { engineIdleMs } from '../idle-held.ts';
import { FESTIVAL_ENGINE_ID } from './festival-voices.ts';
import { schemeString, voiceCall } from './festival-script.ts';

export interface FestivalServerOptions {
  binary: string;
  /** Voices loaded into the server from the start (each synthesis then selects its voice in ~1 ms); voices asked later are added. */
  preload?: readonly string[];
  /** Stop the server after this long without requests; default the engines' idle time (`ENGINES_IDLE_SECONDS`, 5 minutes). */
  idleMs?: number;
  /** How long the server may take to load and listen; default 30 s. */
  startTimeoutMs?: number;
}

export interface FestivalRequestOptions {
  signal?: AbortSignal | undefined;
  timeoutMs: number;
  /** The voice the program selects: loaded into the server for the next requests when it is not yet. */
  voice?: string | undefined;
  /**
   * A file the program writes its festival child's pid to (in the request's scratch folder), so
   * that cancelling kills the child. Costs ≈ 40 ms (a shell forked from festival); without it a
   * cancelled request's child runs to the end of its text, which is fine for a sentence.
   */
  pidFile?: string | undefined;
}

interface Running {
  process: ServiceProcess;
  /** The voices this server loaded at start. */
  voices: ReadonlySet<string>;
  port: number;
  password: string;
  /** A connection opened ahead of the next request: its child is already forked and past the password. */
  spare?: Promise<Socket | undefined> | undefined;
}

const DONE = 'voxwork_request_done';
const KEY = 'ft_StUfF_key';

/** A free TCP port on loopback (asked of the kernel; festival binds it a moment later). */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The server's start-up forms: port, password, every voice loaded (a voice that fails to load is skipped). */
export function festivalServerInit(port: number, password: string, preload: readonly string[]): string[] {
  return [
    `(set! server_port ${port})`,
    `(set! server_passwd ${schemeString(password)})`,
    ...preload.map((voice) => `(unwind-protect ${voiceCall(voice)} nil)`),
  ];
}

/** Festival's answers to a program: `LP`/`WV` payloads up to the key, `OK` after each form, `ER` for a failed form. */
export class FestivalReplyReader {
  #buffer = '';
  errors = 0;
  done = false;

  /** Feeds bytes (latin1); returns true once the marker form has answered. */
  push(chunk: string): boolean {
    this.#buffer += chunk;
    for (;;) {
      if (this.#buffer.length < 3) return this.done;
      const kind = this.#buffer.slice(0, 3);
      if (kind === 'OK\n') this.#buffer = this.#buffer.slice(3);
      else if (kind === 'ER\n') {
        this.errors++;
        this.#buffer = this.#buffer.slice(3);
      } else if (kind === 'LP\n' || kind === 'WV\n') {
        const end = this.#buffer.indexOf(KEY, 3);
        if (end < 0) return this.done;
        if (kind === 'LP\n' && this.#buffer.slice(3, end).trim() === DONE) this.done = true;
        this.#buffer = this.#buffer.slice(end + KEY.length);
      } else {
        // Not festival's protocol: drop a byte and resynchronise rather than stall.
        this.#buffer = this.#buffer.slice(1);
      }
    }
  }
}

export class FestivalServer {
  readonly #options: FestivalServerOptions;
  #running: Promise<Running> | undefined;
  #active = 0;
  #idleTimer: NodeJS.Timeout | undefined;
  /** Every voice asked of this server so far: what the next start loads. */
  readonly #wanted: Set<string>;
  /** The running server lacks a voice asked of it: it is started again once no request runs. */
  #stale = false;

  constructor(options: FestivalServerOptions) {
    this.#options = options;
    this.#wanted = new Set(options.preload ?? []);
  }

  /** The voices the running server has loaded (none when it is not running). */
  async loadedVoices(): Promise<string[]> {
    const running = await this.#running?.catch(() => undefined);
    return running ? [...running.voices] : [];
  }

  /** Runs one program (the same text `festival -b` would run) in a fresh child of the server. */
  async run(program: string, options: FestivalRequestOptions): Promise<void> {
    clearTimeout(this.#idleTimer);
    this.#active++;
    try {
      if (options.voice) this.#wanted.add(options.voice);
      const server = await this.#ensure();
      if (options.voice && !server.voices.has(options.voice)) this.#stale = true;
      await this.#request(server, program, options);
    } finally {
      this.#active--;
      if (this.#active === 0) {
        if (this.#stale) this.#restartWithWantedVoices();
        this.#scheduleIdleStop();
      }
    }
  }

  /** Stops the running server so that the next request starts one holding every voice asked so far. */
  #restartWithWantedVoices() {
    this.#stale = false;
    void this.#shutDown();
  }

  /** Stops the server now (tests, shutdown); the next request starts it again. */
  async stop(): Promise<void> {
    clearTimeout(this.#idleTimer);
    await this.#shutDown();
  }

  /** Forgets the running server (the next request starts another) and stops it with its spare connection. */
  async #shutDown(): Promise<void> {
    const running = this.#running;
    this.#running = undefined;
    await running?.then(
      async (server) => {
        (await server.spare)?.destroy();
        await server.process.stop();
      },
      () => undefined,
    );
  }

  #scheduleIdleStop() {
    this.#idleTimer = setTimeout(() => {
      if (this.#active === 0) void this.stop();
    }, this.#options.idleMs ?? engineIdleMs());
    this.#idleTimer.unref();
  }

  #ensure(): Promise<Running> {
    if (!this.#running) {
      const starting = this.#start();
      this.#running = starting;
      starting.then(
        (server) => {
          void server.process.exited.then(() => {
            if (this.#running === starting) this.#running = undefined;
          });
        },
        () => {
          if (this.#running === starting) this.#running = undefined;
        },
      );
    }
    return this.#running;
  }

  async #start(): Promise<Running> {
    const deadline = Date.now() + (this.#options.startTimeoutMs ?? 30_000);
    let lastOutput = '';
    // A port may be taken between asking and binding: try a few.
    for (let attempt = 0; attempt < 3; attempt++) {
      const port = await freeLoopbackPort();
      const password = randomBytes(18).toString('hex');
      const voices = new Set(this.#wanted);
      const service = startServiceProcess(this.#options.binary, ['--server', ...festivalServerInit(port, password, [...voices])]);
      while (service.running && Date.now() < deadline) {
        if (await canConnect(port)) return { process: service, voices, port, password };
        await sleep(25);
      }
      lastOutput = service.output();
      await service.stop(200);
      if (Date.now() >= deadline) break;
    }
    const detail = lastOutput.trim().split('\n').filter(Boolean).pop() ?? 'it did not start';
    throw new EngineUnavailableError(`festival server could not start: ${detail}`, { engineId: FESTIVAL_ENGINE_ID });
  }

  /** A connected socket past the password (unreferenced while idle), or undefined when the server refuses. */
  #open(server: Running): Promise<Socket | undefined> {
    return new Promise((resolve) => {
      const socket = connect({ port: server.port, host: '127.0.0.1' });
      socket.setNoDelay(true);
      socket.once('connect', () => {
        socket.write(`${server.password}\n`);
        socket.unref();
        resolve(socket);
      });
      socket.once('error', () => resolve(undefined));
      // An idle spare that the server closes (it stopped) is simply not used.
      socket.once('close', () => socket.destroy());
    });
  }

  /**
   * The spare connection if it is still open (≈ 15–20 ms saved: festival has already forked its
   * child), else a new one; a new spare is opened for the next request either way.
   */
  async #connection(server: Running): Promise<Socket> {
    // Taken before any await: two requests at once never share a spare.
    const taken = server.spare;
    server.spare = this.#open(server);
    const spare = await taken;
    if (spare && !spare.destroyed && spare.readable && spare.writable) return spare;
    spare?.destroy();
    const fresh = await this.#open(server);
    if (!fresh) throw new EngineFailedError('festival server refused the connection', { engineId: FESTIVAL_ENGINE_ID, isRetryable: true });
    return fresh;
  }

  async #request(server: Running, program: string, options: FestivalRequestOptions): Promise<void> {
    if (options.signal?.aborted) throw new EngineAbortedError(FESTIVAL_ENGINE_ID, options.signal.reason);
    const socket = await this.#connection(server);
    socket.ref();
    socket.removeAllListeners('close');
    const { pidFile } = options;
    const pidLine = pidFile ? `(system ${schemeString(`echo $PPID > '${pidFile.replace(/'/g, `'\\''`)}'`)})\n` : '';
    const payload = `${pidLine}${program}\n'${DONE}\n`;
    return new Promise<void>((resolve, reject) => {
      const reader = new FestivalReplyReader();
      let settled = false;
      const finish = (error?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        socket.destroy();
        if (error) reject(error);
        else resolve();
      };
      const killChild = async () => {
        if (!pidFile) return;
        const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
        // Only festival's own child: never the server, never anything else.
        if (Number.isInteger(pid) && pid > 1 && pid !== server.process.pid) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // it has finished
          }
        }
      };
      const onAbort = () => {
        void killChild();
        finish(new EngineAbortedError(FESTIVAL_ENGINE_ID, options.signal?.reason));
      };
      const timer = setTimeout(() => {
        void killChild();
        finish(new EngineFailedError(`festival timed out after ${options.timeoutMs} ms`, { engineId: FESTIVAL_ENGINE_ID, isRetryable: true }));
      }, options.timeoutMs);
      if (options.signal?.aborted) return onAbort();
      options.signal?.addEventListener('abort', onAbort, { once: true });

      socket.setEncoding('latin1');
      socket.write(payload, 'utf8');
      socket.on('data', (chunk: string) => {
        if (!reader.push(chunk)) return;
        if (reader.errors === 0) return finish();
        // Festival prints the reason on the server's output, which may arrive a moment after the answer.
        setTimeout(() => {
          const detail = server.process.output().match(/SIOD ERROR: [^\n]*/g)?.pop() ?? 'a form failed';
          finish(new EngineFailedError(`festival reported an error: ${detail}`, { engineId: FESTIVAL_ENGINE_ID, isRetryable: false }));
        }, 50);
      });
      socket.on('error', (error) => finish(new EngineFailedError(`festival server connection failed: ${error.message}`, { engineId: FESTIVAL_ENGINE_ID, isRetryable: true, cause: error })));
      socket.on('close', () => finish(new EngineFailedError('festival server closed the connection before the synthesis finished', { engineId: FESTIVAL_ENGINE_ID, isRetryable: true })));
    });
  }
}

/** A share of the process's festival server: once nobody holds it, it stops after `RELEASED_KEEP_MS` (at most its idle time). */
export interface FestivalServerLease {
  readonly server: FestivalServer;
  release(): void;
}

/**
 * How long a server nobody holds stays up: an app closed and another built a moment later (the tests
 * do this file after file) would otherwise start festival and load its voices again.
 */
export const RELEASED_KEEP_MS = 30_000;

interface SharedServer {
  server: FestivalServer;
  leases: number;
  stopTimer?: NodeJS.Timeout | undefined;
}

const sharedServers = new Map<string, SharedServer>();

/** The process's server for this binary and idle time, started on its first request. */
export function leaseFestivalServer(options: Pick<FestivalServerOptions, 'binary' | 'idleMs'>): FestivalServerLease {
  const key = `${options.binary}\n${options.idleMs ?? ''}`;
  let shared = sharedServers.get(key);
  if (!shared) {
    shared = { server: new FestivalServer({ binary: options.binary, ...(options.idleMs ? { idleMs: options.idleMs } : {}) }), leases: 0 };
    sharedServers.set(key, shared);
  }
  clearTimeout(shared.stopTimer);
  shared.leases++;
  const held = shared;
  let released = false;
  return {
    server: held.server,
    release() {
      if (released) return;
      released = true;
      held.leases--;
      if (held.leases > 0) return;
      held.stopTimer = setTimeout(() => {
        if (held.leases > 0) return;
        if (sharedServers.get(key) === held) sharedServers.delete(key);
        void held.server.stop();
      }, Math.min(RELEASED_KEEP_MS, options.idleMs ?? engineIdleMs()));
      held.stopTimer.unref();
    },
  };
}
