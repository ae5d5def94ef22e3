/**
 * bench:intelligibility — how intelligible each local English voice is: twelve everyday sentences
 * per voice, transcribed by pocketsphinx, word error rate per voice (decision 016's table). Figures,
 * not assertions; the test keeps a cheaper regression check.
 *   npm run bench:intelligibility
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalEngineRegistry } from '../../packages/engines/src/index.ts';
import { INTELLIGIBILITY_SENTENCES, INTELLIGIBILITY_VOICES, intelligibilityTable, measureIntelligibility, type IntelligibilityRow } from '../../packages/engines/src/testing/intelligibility.ts';

const registry = createLocalEngineRegistry();
const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-intelligibility-bench-'));
try {
  console.info(`load average before: ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  const recognizer = await registry.load('pocketsphinx:en-us', 'speech-recognizer');
  const rows: IntelligibilityRow[] = [];
  const started = performance.now();
  for (const voice of INTELLIGIBILITY_VOICES) rows.push(await measureIntelligibility(registry, recognizer, voice, dir));
  console.info(intelligibilityTable(rows, INTELLIGIBILITY_SENTENCES.length));
  console.info(`${((performance.now() - started) / 1000).toFixed(1)} s in all; load average after: ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
