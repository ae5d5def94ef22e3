/**
 * Prints the ten slowest test files of a run, from the JSON reports `scripts/test.sh` asks
 * Vitest and Playwright for (test-results/vitest.json, test-results/e2e.json), and each step's
 * wall time (test-results/steps.tsv). Missing reports are skipped: a run that stopped early
 * still prints what it has.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { calibrate, describeHost, hostShares, hostTimes } from '../bench/host-speed.ts';

const root = path.resolve(import.meta.dirname, '../..');
const results = path.join(root, 'test-results');
const files: { file: string; seconds: number; runner: string }[] = [];

function readJson(name: string): unknown {
  const file = path.join(results, name);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

interface VitestReport {
  testResults?: { name: string; startTime: number; endTime: number }[];
}
const vitest = readJson('vitest.json') as VitestReport | undefined;
for (const result of vitest?.testResults ?? []) {
  files.push({ file: path.relative(root, result.name), seconds: (result.endTime - result.startTime) / 1000, runner: 'vitest' });
}

interface PlaywrightSuite {
  file?: string;
  specs?: { tests?: { results?: { duration?: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}
const playwright = readJson('e2e.json') as { suites?: PlaywrightSuite[] } | undefined;
const sumSuite = (suite: PlaywrightSuite): number =>
  (suite.specs ?? []).reduce((sum, spec) => sum + (spec.tests ?? []).reduce((s, test) => s + (test.results ?? []).reduce((r, result) => r + (result.duration ?? 0), 0), 0), 0) +
  (suite.suites ?? []).reduce((sum, child) => sum + sumSuite(child), 0);
for (const suite of playwright?.suites ?? []) {
  files.push({ file: path.join('tests/e2e', suite.file ?? '?'), seconds: sumSuite(suite) / 1000, runner: 'playwright' });
}

const stepsFile = path.join(results, 'steps.tsv');
if (existsSync(stepsFile)) {
  // The load beside the times: on a shared machine the same run takes twice as long at load 8 as at 2.
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(1));
  console.log(`\nsteps (wall time; load average now ${one} / ${five} / ${fifteen} over 1 / 5 / 15 min, ${cpus().length} cores):`);
  for (const line of readFileSync(stepsFile, 'utf8').trim().split('\n')) {
    const [name, seconds, before, after] = line.split('\t');
    // How busy the cores were during the step (the rest idle or stolen by the hypervisor), and the kernel's part of it, where /proc/stat was read.
    const shares = before?.startsWith('cpu ') && after?.startsWith('cpu ') ? hostShares(hostTimes(before), hostTimes(after)) : undefined;
    const percent = (share: number) => (share * 100).toFixed(0);
    const cores = shares ? `  (cores ${percent(shares.busy)} % busy, ${percent(shares.kernel)} % of it in the kernel${shares.steal > 0 ? `, ${(shares.steal * 100).toFixed(1)} % stolen` : ''})` : '';
    console.log(`  ${String(seconds).padStart(6)} s  ${name}${cores}`);
  }
}
// The host's speed once the run is over (decision 116): the same suite took twice as long on a day whose
// first-touched page cost 6.5 µs, though an encode on one thread read as fast as ever.
try {
  console.log(`\n${describeHost('at the end', calibrate(1))}`);
} catch (error) {
  console.log(`\nhost speed not measured: ${error instanceof Error ? error.message : String(error)}`);
}
if (files.length) {
  console.log('\nten slowest test files:');
  for (const entry of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    console.log(`  ${entry.seconds.toFixed(1).padStart(7)} s  ${entry.runner.padEnd(10)} ${entry.file}`);
  }
}
