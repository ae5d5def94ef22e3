/**
 * Writes tests/file-durations.json from the last run's Vitest report (test-results/vitest.json):
 * each test file's wall time in whole seconds. The duration sequencer
 * (tests/support/duration-sequencer.ts) runs the longest files first with it. Run it after a full
 * `npm test` on a quiet machine when files were added or got much slower: `npm run test:durations`
 * (or `npm run test:durations -- <clone>/test-results/vitest.json` for a clean clone's run).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/** The report to read: this checkout's by default, or another clone's (`npm run test:durations -- /path/to/vitest.json`). */
const reportFile = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'test-results/vitest.json');
const report = JSON.parse(readFileSync(reportFile, 'utf8')) as { testResults?: { name: string; startTime: number; endTime: number }[] };
const results = report.testResults ?? [];
/**
 * A file's path from the root of the checkout the report was made in (every test file lives under
 * apps/, packages/ or tests/): a report from another clone names files there, and paths relative to
 * this checkout (`../ci-check2/apps/…`) matched nothing, so the sequencer had no table at all.
 */
const fromCheckout = (name: string) => {
  const parts = name.split(path.sep);
  const top = parts.findIndex((part) => part === 'apps' || part === 'packages' || part === 'tests');
  return top >= 0 ? parts.slice(top).join('/') : path.relative(root, name).split(path.sep).join('/');
};
const table = Object.fromEntries(
  results
    .map((result) => [fromCheckout(result.name), Math.max(1, Math.round((result.endTime - result.startTime) / 1000))] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
);
const unknown = Object.keys(table).filter((file) => !existsSync(path.join(root, file)));
if (unknown.length) {
  console.error(`not files of this checkout (${unknown.length}), nothing written: ${unknown.slice(0, 5).join(', ')}`);
  process.exit(1);
}
writeFileSync(path.join(root, 'tests/file-durations.json'), `${JSON.stringify(table, null, 2)}\n`);
console.log(`tests/file-durations.json: ${Object.keys(table).length} files, ${Object.values(table).reduce((sum, seconds) => sum + seconds, 0)} s in all`);
