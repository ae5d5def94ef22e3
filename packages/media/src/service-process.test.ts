import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isProcessAlive, startServiceProcess } from './service-process.ts';

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

/** The pid of the tool the wrapper started (the wrapper's child that is not the watcher). */
function toolPid(output: () => string): number {
  return Number(/pid=(\d+)/.exec(output())?.[1] ?? NaN);
}

describe('service process', () => {
  it('runs a tool until stop(), keeps its output, and reports how it ended', async () => {
    const service = startServiceProcess('sh', ['-c', 'echo "pid=$$"; echo ready >&2; exec sleep 60']);
    expect(await until(() => service.output().includes('ready'), 5_000)).toBe(true);
    const pid = toolPid(service.output);
    expect(isProcessAlive(pid)).toBe(true);
    expect(service.running).toBe(true);
    await service.stop();
    expect(service.running).toBe(false);
    expect(await until(() => !isProcessAlive(pid), 2_000)).toBe(true);
  });

  it('reports a tool that ends by itself, with its exit code', async () => {
    const service = startServiceProcess('sh', ['-c', 'echo failing >&2; exit 3']);
    expect(await service.exited).toMatchObject({ code: 3 });
    expect(service.output()).toContain('failing');
    expect(service.running).toBe(false);
  });

  it('ends the tool when the process that started it is killed with SIGKILL', async () => {
    // A separate Node process starts a service, prints the tool's pid, then is killed without any chance to clean up.
    const script = `
      import { startServiceProcess } from ${JSON.stringify(new URL('./service-process.ts', import.meta.url).pathname)};
      const service = startServiceProcess('sh', ['-c', 'echo "pid=$$"; exec sleep 60']);
      const timer = setInterval(() => { const m = /pid=(\\d+)/.exec(service.output()); if (m) { console.log(m[1]); clearInterval(timer); } }, 20);
      setInterval(() => {}, 1000);
    `;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = await new Promise<number>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
    expect(isProcessAlive(pid)).toBe(true);
    parent.kill('SIGKILL');
    expect(await until(() => !isProcessAlive(pid), 3_000)).toBe(true);
  });
});
