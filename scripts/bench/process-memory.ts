/**
 * Resident memory of a process and of every process it started, read from /proc (benches only):
 * `processTree` for one moment (bench:memory), `peakMemory` for the peak of each while a bench runs
 * (bench:video, bench:erasure: issue 32's "peak memory flat with the video's length").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';

export interface ProcessMemory {
  pid: number;
  name: string;
  rssMb: number;
  /** Proportional set size: shared pages (a forked festival child's copy of its server) divided among their sharers. */
  pssMb: number;
}

/** How a process whose command line is gone (on its way out) is named. */
const EXITING = '(exiting)';

/**
 * A process's name in the report. ffmpeg and ffprobe are named by what they do — the first input,
 * the first filter and the output format — because their first arguments are the same for every
 * one of them (a growing ffmpeg could not be told from the others); other processes by their
 * first two arguments.
 */
function processName(comm: string, args: readonly string[]): string {
  // A process on its way out has no command line left: named so, and `peakMemory` keeps the name it saw before.
  if (!args.length) return `${comm} ${EXITING}`;
  const base = (arg: string | undefined) => (arg === undefined ? undefined : path.basename(arg.split('\n')[0]!));
  if (comm === 'ffmpeg' || comm === 'ffprobe') {
    const after = (flag: string) => {
      const at = args.indexOf(flag);
      return at >= 0 ? args[at + 1] : undefined;
    };
    const filter = (after('-vf') ?? after('-filter_complex') ?? after('-af'))?.split(/[=,;[\]]/).find(Boolean);
    const format = args.includes('-f') ? args[args.lastIndexOf('-f') + 1] : undefined;
    const named = [base(after('-i')), filter, format ? `-f ${format}` : undefined].filter(Boolean);
    // None of the three (a bare "ffmpeg" reached 582 MB in an hour-long bench:video): its last arguments, which name its output.
    return [comm, ...(named.length ? named : args.slice(-3).map(base))].join(' ').slice(0, 72);
  }
  return [comm, ...args.slice(1, 3).map(base)].join(' ').slice(0, 48);
}

/** Reads /proc/<pid>/status (VmRSS) and the command line; undefined when the process is gone. `pss` reads smaps_rollup (slower). */
function readProcess(pid: number, pss: boolean): (ProcessMemory & { ppid: number }) | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    const ppid = Number(/PPid:\s+(\d+)/.exec(status)?.[1] ?? 0);
    const pssMb = pss ? Number(/Pss:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024 : 0;
    const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const name = processName(comm, args);
    return { pid, ppid, name, rssMb: rss, pssMb };
  } catch {
    return undefined;
  }
}

/** The process `root` and all its descendants (PSS too when `pss`). */
export function processTree(root: number, { pss = true } = {}): ProcessMemory[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      parents.set(Number(entry), Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1] ?? 0));
    } catch {
      // gone meanwhile
    }
  }
  const wanted = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (wanted.has(pid) || !wanted.has(ppid)) continue;
      wanted.add(pid);
      grew = true;
    }
  }
  return [...wanted].map((pid) => readProcess(pid, pss)).filter((entry) => entry !== undefined).map(({ pid, name, rssMb, pssMb }) => ({ pid, name, rssMb, pssMb }));
}

export const memoryTotals = (processes: ProcessMemory[]) => ({ rss: processes.reduce((sum, entry) => sum + entry.rssMb, 0), pss: processes.reduce((sum, entry) => sum + entry.pssMb, 0) });
export const loadNow = () => loadavg().map((value) => value.toFixed(2)).join(' ');

/**
 * CPU seconds a process has used (user + system, all its threads) plus those of the children it
 * has waited for (ffmpeg and the like, once ended), from /proc/<pid>/stat; 0 when it is gone.
 */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (in parentheses, which may hold spaces): utime is the 14th field.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    return ticks / 100;
  } catch {
    return 0;
  }
}

/** Peak RSS per process while a bench runs, sampled every `intervalMs` (a process shorter than that may be missed). */
export interface PeakMemory {
  /** Starts counting a named part (a stage): its peak of all processes together is kept apart. */
  mark(part: string): void;
  /** Stops sampling; the peak of each process (processes of one command grouped: their count and the largest), of the whole tree, and of each part. */
  stop(): { processes: Array<{ name: string; count: number; peakMb: number }>; totalPeakMb: number; parts: Map<string, number> };
}

export function peakMemory(root = process.pid, intervalMs = 200): PeakMemory {
  const byPid = new Map<number, { name: string; peakMb: number }>();
  const parts = new Map<string, number>();
  let part: string | undefined;
  let totalPeakMb = 0;
  const sample = () => {
    const processes = processTree(root, { pss: false });
    const total = memoryTotals(processes).rss;
    totalPeakMb = Math.max(totalPeakMb, total);
    if (part !== undefined) parts.set(part, Math.max(parts.get(part) ?? 0, total));
    for (const entry of processes) {
      // Grouped by command below: the bench's own process is marked so.
      const name = entry.pid === root ? `${entry.name} (the bench's process)` : entry.name;
      const seen = byPid.get(entry.pid);
      byPid.set(entry.pid, { name: seen && name.endsWith(EXITING) ? seen.name : name, peakMb: Math.max(seen?.peakMb ?? 0, entry.rssMb) });
    }
  };
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  sample();
  return {
    mark(next) {
      sample();
      part = next;
    },
    stop() {
      sample();
      clearInterval(timer);
      const grouped = new Map<string, { name: string; count: number; peakMb: number }>();
      for (const { name, peakMb } of byPid.values()) {
        const group = grouped.get(name) ?? { name, count: 0, peakMb: 0 };
        group.count += 1;
        group.peakMb = Math.max(group.peakMb, peakMb);
        grouped.set(name, group);
      }
      return { processes: [...grouped.values()].sort((a, b) => b.peakMb - a.peakMb), totalPeakMb, parts };
    },
  };
}

/** Prints `peakMemory().stop()`'s figures. */
export function printPeaks(peaks: ReturnType<PeakMemory['stop']>, log: (line: string) => void = console.info): void {
  log(`peak RSS of every process (sampled every 0.2 s; ffmpeg and engine servers grouped by command), all together at most ${peaks.totalPeakMb.toFixed(0)} MB   (load ${loadNow()})`);
  for (const entry of peaks.processes) log(`  ${entry.peakMb.toFixed(0).padStart(6)} MB  ${entry.count > 1 ? `×${entry.count}`.padEnd(5) : '     '} ${entry.name}`);
}

/** One group of a process's mappings (/proc/<pid>/smaps): resident and anonymous MB, and how many mappings. */
export interface MappingGroup {
  name: string;
  rssMb: number;
  anonMb: number;
  count: number;
}

/** One anonymous mapping of a process: its address range, size and resident MB. */
export interface AnonymousMapping {
  range: string;
  sizeMb: number;
  rssMb: number;
}

/**
 * Where a process's resident memory is (bench:memory `--mappings`), from one read of its smaps:
 * its mappings grouped by what backs them (a file's base name, `[heap]`, `[stack]`, or `anon` for
 * unnamed anonymous memory: V8's heap, WebAssembly memories, mmap'd malloc chunks and arenas),
 * largest first, and its `largest` anonymous mappings one by one.
 */
export function processMappings(pid: number, largest = 8): { groups: MappingGroup[]; largestAnonymous: AnonymousMapping[] } {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return { groups: [], largestAnonymous: [] };
  }
  const groups = new Map<string, MappingGroup>();
  const anonymous: AnonymousMapping[] = [];
  let group: MappingGroup | undefined;
  let mapping: AnonymousMapping | undefined;
  for (const line of text.split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+)\s+\S+\s+\S+\s+\S+\s+\d+\s*(.*)$/.exec(line);
    if (header) {
      const file = header[3]!.trim();
      const name = file ? (file.startsWith('[') ? file : path.basename(file)) : 'anon';
      group = groups.get(name) ?? { name, rssMb: 0, anonMb: 0, count: 0 };
      group.count += 1;
      groups.set(name, group);
      mapping = file ? undefined : { range: `${header[1]}-${header[2]}`, sizeMb: (parseInt(header[2]!, 16) - parseInt(header[1]!, 16)) / 1048576, rssMb: 0 };
      if (mapping) anonymous.push(mapping);
      continue;
    }
    const field = /^(Rss|Anonymous):\s+(\d+) kB/.exec(line);
    if (!field || !group) continue;
    const mb = Number(field[2]) / 1024;
    if (field[1] === 'Anonymous') group.anonMb += mb;
    else {
      group.rssMb += mb;
      if (mapping) mapping.rssMb = mb;
    }
  }
  return { groups: [...groups.values()].sort((a, b) => b.rssMb - a.rssMb), largestAnonymous: anonymous.sort((a, b) => b.rssMb - a.rssMb).slice(0, largest) };
}
