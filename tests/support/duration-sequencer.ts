/**
 * Orders the test files longest first, by the durations a measured run wrote to
 * `tests/file-durations.json` (`npm run test:durations` refreshes it from test-results/vitest.json).
 * Vitest's own order needs its cache, which a clean clone does not have: it then runs the largest
 * files first, and a 300 s file that happens to start late leaves the other worker idle at the end.
 * Longest first keeps both workers busy to the end (the classic longest-processing-time rule).
 * Files the table does not know run after the ones it does, in Vitest's order (largest first): the
 * table lists the slow files, and a new slow file joins it when the table is refreshed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

const TABLE = path.resolve(import.meta.dirname, '../file-durations.json');

function durations(): Map<string, number> {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(TABLE, 'utf8')) as Record<string, number>));
  } catch {
    return new Map();
  }
}

export class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const table = durations();
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) => table.get(path.relative(root, spec.moduleId).split(path.sep).join('/')) ?? -1;
    // A table that names none of these files (written from another checkout's paths once) orders nothing: say so.
    if (table.size && files.length > 20 && !files.some((spec) => seconds(spec) >= 0)) console.warn(`[tests] ${TABLE} names none of the ${files.length} test files: refresh it (npm run test:durations)`);
    const base = await super.sort(files);
    const position = new Map(base.map((spec, index) => [spec, index]));
    // Both projects share one pool (same group order and workers), so the order is across them: the
    // short unit files fill the gaps at the end. Ties (the files the table does not know) keep Vitest's order.
    return [...base].sort((a, b) => seconds(b) - seconds(a) || position.get(a)! - position.get(b)!);
  }
}
