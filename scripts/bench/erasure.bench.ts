/**
 * bench:erasure — video erasure on a generated 20 s 1280×720 clip (a detailed picture panned like a
 * moving camera, Chinese over English subtitles): finding the subtitles (PP-OCR, subtitle mode),
 * then erasing them with each fill mode of `opencv:video-inpaint` — frames per second, wall time ÷
 * video length, CPU time of this process (the ffmpeg decoders and encoder run beside it), how many
 * masked pixels came from neighbouring frames, and the quality (PSNR outside the masks against the
 * input, on the text's pixels against the clean source). Figures, not assertions.
 *   npm run bench:erasure [-- --runs 1 --seconds 20 --width 1280 --height 720]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { regionsFromTexts } from '../../packages/core/src/pipeline-stages/erasure-regions.ts';
import { createOpencvInpainter, createPpocr } from '../../packages/engines/src/index.ts';
import { bilingualCues, BILINGUAL_LINES, makeErasureClip } from '../../packages/engines/src/testing/generated-erasure.ts';
import { scoreErasure } from '../../packages/engines/src/testing/erasure-score.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' }, seconds: { type: 'string', default: '20' }, width: { type: 'string', default: '1280' }, height: { type: 'string', default: '720' } } });
const runs = Number(values.runs);
const seconds = Number(values.seconds);
const width = Number(values.width);
const height = Number(values.height);
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const fixed = (value: number, digits = 2) => value.toFixed(digits);

// Enough two-row lines to fill the clip.
const lines: Array<readonly [string, string, number, number]> = [];
for (let total = 0.6; total < seconds - 3; ) {
  const line = BILINGUAL_LINES[lines.length % BILINGUAL_LINES.length]!;
  lines.push(line);
  total += line[2] + line[3];
}
const scale = height / 720;
console.info(`making a ${seconds} s ${width}×${height} clip with ${lines.length} bilingual subtitles (cached under ${tmpdir()}/voxwork-test-media)…`);
const clip = await makeErasureClip({ width, height, durationSeconds: seconds, cues: bilingualCues(lines), fontSize: Math.round(40 * scale), margin: Math.round(40 * scale), panSpeed: Math.round(100 * scale) });
const frames = Math.round(seconds * clip.frameRate);

const detector = createPpocr();
let started = performance.now();
let cpu = process.cpuUsage();
const found = await detector.doDetect({ input: { videoFile: clip.subtitled }, mode: 'subtitles', languages: ['zh', 'en'] });
const detectWall = (performance.now() - started) / 1000;
const detectCpu = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1e6;
const regions = regionsFromTexts(found.boxes.map((box) => ({ box: box.box, startSeconds: box.startSeconds, endSeconds: box.endSeconds, text: box.text })), 'subtitles', { width, height, durationSeconds: seconds });
console.info(`\nfind the subtitles (ppocr, subtitle mode): ${regions.length} regions of ${lines.length} lines, ${fixed(detectWall, 1)} s wall (${fixed(detectWall / seconds)} × video length), ${fixed(detectCpu, 1)} s CPU in Node`);

const engine = createOpencvInpainter();
const dir = await mkdtemp(path.join(tmpdir(), 'bench-erasure-'));
const masks = regions.map((region) => ({ box: { x: region.x, y: region.y, width: region.width, height: region.height }, startSeconds: region.startSeconds, endSeconds: region.endSeconds, kind: region.kind }));
const rows: string[] = [];
try {
  for (const fill of ['best', 'inpaint', 'fast'] as const) {
    const walls: number[] = [];
    const cpus: number[] = [];
    const peaks: number[] = [];
    let stats: string = '';
    const outputFile = path.join(dir, `${fill}.mp4`);
    for (let run = 0; run < runs; run++) {
      started = performance.now();
      cpu = process.cpuUsage();
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
      const result = await engine.doInpaint({ videoFile: clip.subtitled, outputFile, masks, fill });
      clearInterval(sampler);
      peaks.push(peak / 2 ** 20);
      walls.push((performance.now() - started) / 1000);
      const used = process.cpuUsage(cpu);
      cpus.push((used.user + used.system) / 1e6);
      if (result.stats) stats = `${fixed((100 * result.stats.pixelsFromNeighbours) / Math.max(1, result.stats.pixelsMasked), 1)} % from neighbours`;
    }
    const score = await scoreErasure({ output: outputFile, input: clip.subtitled, clean: clip.clean, width, height, frameRate: clip.frameRate, regions: masks });
    const wall = median(walls);
    rows.push(
      `| ${fill} | ${fixed(frames / wall, 1)} | ${fixed(wall, 1)} s | ${fixed(wall / seconds)} | ${fixed(frames / (wall + detectWall), 1)} | ${fixed(median(cpus), 1)} s | ${stats || '—'} | ${fixed(score.outsidePsnr, 1)} dB | ${fixed(score.textPsnr, 1)} dB (before ${fixed(score.textPsnrBefore, 1)}) | ${fixed(Math.max(...peaks), 0)} MB |`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
console.info(`\n${frames} frames, ${runs} run(s) per mode, median; "with finding" adds the subtitle search (automatic mode)\n`);
console.info('| fill | frames/s | wall | wall ÷ length | frames/s with finding | CPU (Node) | masked pixels | PSNR outside masks | PSNR on the text vs clean | peak RSS (Node) |');
console.info('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.info(row);
