/**
 * bench:loop — how much the local engines' work holds up this process's event loop (issue 32,
 * decision 066), figures, not assertions. In the embedded one-process app (API + worker) every
 * request waits while the loop is blocked, so these figures are the extra wait of a request made
 * while a job runs.
 *
 * A generated 1280×720 clip (a detailed picture panned like a moving camera, Chinese over English
 * subtitles; `--seconds` long, 10 by default) is read by PP-OCR (subtitle mode) and erased by the
 * OpenCV inpainter (best fill), each way asked for (`--modes inline,threaded`):
 * - `inline`: the engines made by their factories (`createPpocr`, `createOpencvInpainter`), run on
 *   this thread (as before decision 066; what tests constructing engines directly still do);
 * - `threaded`: the engines as the server gets them, from the local registry: in worker threads.
 * Each first call includes loading the models (in the worker for `threaded`). Per stage: wall time,
 * time the loop was blocked (the sum of the gaps over 100 ms of a 10 ms timer) and its share of the
 * wall time, the worst gap, the 99th percentile of the loop's delay (`monitorEventLoopDelay`), the
 * CPU seconds of this process (all threads) and the machine's load before and after (it is shared:
 * compare runs made in the same conditions). A first row watches the loop with nothing running, the
 * machine's own noise.
 *   npm run bench:loop [-- --modes inline,threaded --runs 1 --seconds 10]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { regionsFromTexts } from '../../packages/core/src/pipeline-stages/erasure-regions.ts';
import { createLocalEngineRegistry, createOpencvInpainter, createPpocr, type Inpainter, type TextDetector } from '../../packages/engines/src/index.ts';
import { bilingualCues, makeErasureClip } from '../../packages/engines/src/testing/generated-erasure.ts';

const { values } = parseArgs({
  options: {
    modes: { type: 'string', default: 'inline,threaded' },
    runs: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '10' },
  },
});
const WIDTH = 1280;
const HEIGHT = 720;
const TIMER_MS = 10;
const IDLE_SECONDS = 5;
const BLOCKED_GAP_MS = 100;
const durationSeconds = Number(values.seconds);
const load = () => loadavg()[0]!.toFixed(1);
const cpuSeconds = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};

interface LoopFigures {
  wallSeconds: number;
  blockedSeconds: number;
  worstGapMs: number;
  p99DelayMs: number;
  cpuSeconds: number;
  loadBefore: string;
  loadAfter: string;
}

/** Runs `work` with the loop watched. */
async function watched<T>(work: () => Promise<T>): Promise<{ value: T; figures: LoopFigures }> {
  const loadBefore = load();
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let last = performance.now();
  let worst = 0;
  let blocked = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    const gap = now - last - TIMER_MS;
    if (gap > BLOCKED_GAP_MS) blocked += gap;
    worst = Math.max(worst, gap);
    last = now;
  }, TIMER_MS);
  const cpu = cpuSeconds();
  const started = performance.now();
  try {
    const value = await work();
    const wall = performance.now() - started;
    return {
      value,
      figures: { wallSeconds: wall / 1000, blockedSeconds: blocked / 1000, worstGapMs: worst, p99DelayMs: histogram.percentile(99) / 1e6, cpuSeconds: cpuSeconds() - cpu, loadBefore, loadAfter: load() },
    };
  } finally {
    clearInterval(timer);
    histogram.disable();
  }
}

function row(mode: string, stage: string, figures: LoopFigures): string {
  const share = (100 * figures.blockedSeconds) / figures.wallSeconds;
  return `| ${mode} | ${stage} | ${figures.wallSeconds.toFixed(1)} s | ${figures.blockedSeconds.toFixed(1)} s (${share.toFixed(0)} %) | ${figures.worstGapMs.toFixed(0)} ms | ${figures.p99DelayMs.toFixed(0)} ms | ${figures.cpuSeconds.toFixed(1)} s | ${figures.loadBefore} → ${figures.loadAfter} |`;
}

const dir = await mkdtemp(path.join(tmpdir(), 'bench-loop-'));
const registry = createLocalEngineRegistry();
try {
  const made = performance.now();
  const clip = await makeErasureClip({ width: WIDTH, height: HEIGHT, durationSeconds, cues: bilingualCues(), fontSize: 40, margin: 40, panSpeed: 100 });
  console.info(`loop stall: ${WIDTH}×${HEIGHT}, ${durationSeconds} s clip (made or found in ${((performance.now() - made) / 1000).toFixed(1)} s), ${process.env.ENGINES_IDLE_SECONDS ?? 300} s idle time, load ${load()}`);
  console.info('| mode | stage | wall | loop blocked (gaps > 100 ms) | worst gap | p99 delay | CPU (process) | load |');
  console.info('| --- | --- | --- | --- | --- | --- | --- | --- |');
  // The machine's own noise: the loop watched while nothing runs on it (a loaded machine delays timers too).
  const idle = await watched(() => new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000)));
  console.info(row('—', `nothing (${IDLE_SECONDS} s)`, idle.figures));
  for (let run = 0; run < Number(values.runs); run++) {
    for (const mode of values.modes.split(',')) {
      const threaded = mode === 'threaded';
      const detector: TextDetector = threaded ? await registry.load('ppocr:pp-ocrv4', 'text-detector') : createPpocr();
      const inpainter: Inpainter = threaded ? await registry.load('opencv:video-inpaint', 'inpainter') : createOpencvInpainter();
      const found = await watched(() => detector.doDetect({ input: { videoFile: clip.subtitled }, mode: 'subtitles', languages: ['zh', 'en'] }));
      console.info(row(mode, `find (PP-OCR subtitles, ${found.value.boxes.length} lines)`, found.figures));
      const regions = regionsFromTexts(
        found.value.boxes.map((box) => ({ box: box.box, startSeconds: box.startSeconds, endSeconds: box.endSeconds, text: box.text })),
        'subtitles',
        { width: WIDTH, height: HEIGHT, durationSeconds },
      );
      const masks = regions.map((region) => ({ box: { x: region.x, y: region.y, width: region.width, height: region.height }, startSeconds: region.startSeconds, endSeconds: region.endSeconds, kind: region.kind }));
      const erased = await watched(() => inpainter.doInpaint({ videoFile: clip.subtitled, outputFile: path.join(dir, `erased-${mode}-${run}.mp4`), masks, fill: 'best' }));
      console.info(row(mode, `erase (OpenCV best fill, ${masks.length} masks)`, erased.figures));
    }
  }
  console.info(`memory: rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB with the engines' threads running; after they end:`);
  await registry.close();
  console.info(`  rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
} finally {
  await registry.close();
  await rm(dir, { recursive: true, force: true });
}
