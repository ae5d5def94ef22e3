import { readdir, readFile } from 'node:fs/promises';

/** A live (not zombie) process on this machine, from /proc. */
export interface LiveProcess {
  pid: number;
  parentPid: number;
  /** The program's name (`comm`, at most 15 characters), e.g. `festival`. */
  name: string;
  /** Its arguments, the program first. */
  args: string[];
  /** CPU time used so far, in clock ticks (user + system): grows while it works. */
  cpuTicks: number;
}

async function liveProcesses(): Promise<LiveProcess[]> {
  const found: LiveProcess[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split at its last ')'.
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => undefined);
    if (!stat) continue;
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    const [state, parentPid] = fields;
    if (state === 'Z' || state === 'X') continue;
    const args = (await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).split('\0').filter(Boolean);
    found.push({ pid: Number(entry), parentPid: Number(parentPid), name: stat.slice(stat.indexOf('(') + 1, close), args, cpuTicks: Number(fields[11]) + Number(fields[12]) });
  }
  return found;
}

/**
 * The live processes descended from this one (children, their children, …): what a test checks to
 * know a cancel really ended the engine's work, by what is still running rather than by the clock.
 */
export async function liveDescendants(root = process.pid): Promise<LiveProcess[]> {
  const all = await liveProcesses();
  const descendants: LiveProcess[] = [];
  const parents = new Set([root]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const candidate of all) {
      if (parents.has(candidate.parentPid) && !parents.has(candidate.pid)) {
        parents.add(candidate.pid);
        descendants.push(candidate);
        grown = true;
      }
    }
  }
  return descendants;
}
