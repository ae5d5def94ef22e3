/**
 * Writes tests/file-durations.json from the last run's Vitest report (test-results/vitest.json):
 * each test file's wall time in whole seconds. The duration sequencer
 * (tests/support/duration-sequencer.ts) runs the longest files first with it. Run it after a full
 * `npm test` on a quiet machine when files were added or got much slower: `npm run test:durations`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const report = JSON.parse(readFileSync(path.join(root, 'test-results/vitest.json'), 'utf8')) as { testResults?: { name: string; startTime: number; endTime: number }[] };
const table = Object.fromEntries(
  (report.testResults ?? [])
    .map((result) => [path.relative(root, result.name).split(path.sep).join('/'), Math.max(1, Math.round((result.endTime - result.startTime) / 1000))] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(path.join(root, 'tests/file-durations.json'), `${JSON.stringify(table, null, 2)}\n`);
console.log(`tests/file-durations.json: ${Object.keys(table).length} files, ${Object.values(table).reduce((sum, seconds) => sum + seconds, 0)} s in all`);
