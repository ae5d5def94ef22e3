/**
 * bench:avatar (second part) — illustrated avatars and the compositor on this machine (2 cores in CI): frames per second of each
 * case, wall time ÷ video length, CPU of this process (ffmpeg runs beside it) and peak memory.
 * The cases live in their own modules (illustrated avatars and compositor: avatar-illustrated.cases.ts).
 * Figures, not assertions; the target is ≥ 25 fps at 512 px. Peak RSS is this process's (ffmpeg's
 * encoder and decoders are apart), collected before each case.
 *   node --expose-gc scripts/bench/avatar-illustrated.bench.ts [--runs 1 --filter compositor]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { illustratedAvatarCases, type AvatarBenchCase } from './avatar-illustrated.cases.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' }, filter: { type: 'string', default: '' } } });
const runs = Number(values.runs);
const cases: AvatarBenchCase[] = [...illustratedAvatarCases].filter((entry) => `${entry.name} ${entry.size}`.includes(values.filter));
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

const dir = await mkdtemp(path.join(tmpdir(), 'bench-avatar-'));
const rows: string[] = [];
try {
  for (const entry of cases) {
    const walls: number[] = [];
    const cpus: number[] = [];
    // Each case's peak apart from what earlier cases left for the collector (run with --expose-gc).
    (globalThis as { gc?: () => void }).gc?.();
    let peak = 0;
    let outcome = { frames: 0, videoSeconds: 0, notes: undefined as string | undefined };
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
      const result = await entry.run({ dir });
      clearInterval(sampler);
      walls.push((performance.now() - started) / 1000);
      const used = process.cpuUsage(cpu);
      cpus.push((used.user + used.system) / 1e6);
      outcome = { frames: result.frames, videoSeconds: result.videoSeconds, notes: result.notes };
    }
    const wall = median(walls);
    const row = `| ${entry.name} | ${entry.size} | ${(outcome.frames / wall).toFixed(1)} | ${wall.toFixed(2)} s for ${outcome.videoSeconds.toFixed(1)} s (${(wall / outcome.videoSeconds).toFixed(2)} × real time) | ${median(cpus).toFixed(1)} s | ${(peak / 2 ** 20).toFixed(0)} MB | ${outcome.notes ?? ''} |`;
    console.info(row);
    rows.push(row);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
console.info('\n| case | size | fps | wall | CPU (Node) | peak RSS | notes |\n| --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.info(row);
