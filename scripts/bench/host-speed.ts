/**
 * How fast the host is running right now, printed beside a bench's figures (decision 115). The
 * session machines are virtual: the same work on the same code took from 0.61× to 1.00× of a season's
 * length in CPU seconds on one machine within an hour, so a bench's CPU figure alone does not say
 * whether the code or the host changed. Two measures:
 * - **calibration**: a fixed piece of the benches' own kind of work, timed in CPU seconds on one
 *   thread (an x264 encode of a generated clip in ffmpeg, and a fixed JavaScript loop over a frame's
 *   bytes); compare it between runs as the benches' figures are compared;
 * - **memory and process starts**: the system CPU time of a page of fresh memory touched the first
 *   time, and the CPU time of starting ffmpeg (`-version`). On 2026-12-03 a first touch cost 6.5 µs
 *   of system time on a quiet machine (about ten times a bare-metal one) while both parts above read
 *   as on a fast day, and the test suite, which starts hundreds of processes, ran twice as long as
 *   the day before with a third of its CPU time in the kernel (decision 116);
 * - **steal**: the share of the machine's CPU time the hypervisor gave to other guests while the
 *   bench ran (`/proc/stat`), which load averages do not show.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Calibration {
  /** CPU seconds of one x264 encode (veryfast, one thread) of 6 s of a generated 640×360 clip. */
  x264Seconds: number;
  /** CPU seconds of a fixed JavaScript loop over 2 MB of bytes (a 720p frame and a half). */
  scriptSeconds: number;
  /** System CPU microseconds per 4 KiB page of 128 MiB of fresh memory written once (the page faults). */
  pageFaultMicros: number;
  /** CPU seconds (user and system) of starting ffmpeg and asking its version, the mean of 10. */
  processStartSeconds: number;
}

/** CPU seconds used so far by this process's children that have been waited for (`/proc/self/stat`, in clock ticks of 10 ms). */
function childrenCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3, cutime 16 and cstime 17 (proc(5)).
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const PAGE_BYTES = 4096;
const TOUCHED_BYTES = 128 * 1024 * 1024;
const STARTS = 10;

/** The calibration, each part the best of `rounds` (the least disturbed). */
export function calibrate(rounds = 3): Calibration {
  let x264Seconds = Number.POSITIVE_INFINITY;
  let scriptSeconds = Number.POSITIVE_INFINITY;
  let pageFaultMicros = Number.POSITIVE_INFINITY;
  let processStartSeconds = Number.POSITIVE_INFINITY;
  const bytes = new Uint8Array(2 * 1024 * 1024);
  for (let index = 0; index < bytes.length; index++) bytes[index] = (index * 2654435761) >>> 24;
  for (let round = 0; round < rounds; round++) {
    // ffmpeg's own account of its CPU time (-benchmark: microseconds, where a reaped child's is in 10-ms ticks).
    const encoded = spawnSync('ffmpeg', ['-hide_banner', '-nostdin', '-benchmark', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=6', '-c:v', 'libx264', '-preset', 'veryfast', '-threads', '1', '-f', 'null', '-'], { encoding: 'utf8' });
    const times = /bench: utime=([\d.]+)s stime=([\d.]+)s/.exec(encoded.stderr ?? '');
    if (encoded.status !== 0 || !times) throw new Error(`the calibration encode failed (ffmpeg exit ${encoded.status})`);
    x264Seconds = Math.min(x264Seconds, Number(times[1]) + Number(times[2]));
    const started = process.cpuUsage();
    let sum = 0;
    for (let pass = 0; pass < 200; pass++) {
      for (let index = 0; index < bytes.length; index++) sum = (sum + bytes[index]! * (pass + 1)) | 0;
    }
    const used = process.cpuUsage(started);
    if (sum === 42) console.info(''); // keeps the loop from being optimised away
    scriptSeconds = Math.min(scriptSeconds, (used.user + used.system) / 1e6);
    // Fresh memory (an ArrayBuffer this large is mapped anew and given back when collected), one write a page.
    const fresh = new Uint8Array(new ArrayBuffer(TOUCHED_BYTES));
    const touching = process.cpuUsage();
    for (let offset = 0; offset < fresh.length; offset += PAGE_BYTES) fresh[offset] = 1;
    pageFaultMicros = Math.min(pageFaultMicros, process.cpuUsage(touching).system / (TOUCHED_BYTES / PAGE_BYTES));
    const before = childrenCpuSeconds();
    for (let start = 0; start < STARTS; start++) {
      const version = spawnSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
      if (version.status !== 0) throw new Error(`ffmpeg -version failed (exit ${version.status})`);
    }
    processStartSeconds = Math.min(processStartSeconds, (childrenCpuSeconds() - before) / STARTS);
  }
  return { x264Seconds, scriptSeconds, pageFaultMicros, processStartSeconds };
}

/** The machine's CPU times so far (all cores, in clock ticks): busy, idle and stolen, and the kernel's part of busy. */
export interface HostTimes {
  busy: number;
  idle: number;
  steal: number;
  kernel: number;
}

/** The times of `/proc/stat`'s first line (`cpu  user nice system idle iowait irq softirq steal …`), read now or given. */
export function hostTimes(line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!): HostTimes {
  const [, ...values] = line.trim().split(/\s+/);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = values.map(Number);
  return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal, kernel: system + irq + softirq };
}

/** Between `since` and `now`, as shares (0–1): of all CPU time, the busy and the stolen; of the busy, the kernel's. */
export function hostShares(since: HostTimes, now: HostTimes = hostTimes()): { busy: number; steal: number; kernel: number } {
  const busy = now.busy - since.busy;
  const total = busy + (now.idle - since.idle) + (now.steal - since.steal);
  return {
    busy: total > 0 ? busy / total : 0,
    steal: total > 0 ? (now.steal - since.steal) / total : 0,
    kernel: busy > 0 ? (now.kernel - since.kernel) / busy : 0,
  };
}

/** One line for a bench's output: the calibration's CPU seconds (`when`: before or after) and, with `since`, the steal while the bench ran. */
export function describeHost(when: string, calibration: Calibration, since?: HostTimes): string {
  const steal = since ? `; CPU time stolen by the hypervisor while the bench ran: ${(hostShares(since).steal * 100).toFixed(1)} %` : '';
  return `host speed ${when}: calibration x264 ${calibration.x264Seconds.toFixed(3)} s CPU, script ${calibration.scriptSeconds.toFixed(3)} s CPU, a page first touched ${calibration.pageFaultMicros.toFixed(1)} µs, an ffmpeg started ${calibration.processStartSeconds.toFixed(3)} s CPU (lower is faster; compare runs by it)${steal}`;
}

/**
 * Prints the host's speed now (the calibration) and returns what prints it again once the bench's
 * run is over, with the steal between the two: call it before the work to measure, `after()` once done.
 */
export function watchHost(log: (line: string) => void = console.info): { after(): void } {
  log(describeHost('before', calibrate()));
  const since = hostTimes();
  return { after: () => log(describeHost('after', calibrate(), since)) };
}
