/**
 * bench:erasure — video erasure (issue 27), figures, not assertions.
 *
 * 1. The subtitle corpus (packages/engines/src/testing/subtitle-corpus.ts), a representative subset
 *    by default (still, panning and animated backgrounds, distractors, both orientations; `--clips
 *    all` for every clip): per clip, automatic mode as the product runs it (PP-OCR finds the subtitle
 *    lines, `opencv:video-inpaint` erases them with the best fill), frames/s with and without the
 *    finding, the machine's load, and the targets: OCR of every 5th erased frame reads 0 subtitle
 *    characters; the distractors' pixels unchanged (PSNR ≥ 40 dB against the input); the text's
 *    pixels against the clean render (the same clip without subtitles) ≥ 35 dB on still and panning
 *    backgrounds; on animated texture the band's fine detail ≥ half of its surroundings' (no flat
 *    band). A clip without subtitles must find nothing (and erase nothing).
 * 2. Speed: a 20 s 1280×720 clip (a detailed picture panned like a moving camera, Chinese over
 *    English subtitles): finding, then each fill asked for (`--fills best,inpaint,fast`; best by
 *    default): frames/s per stage, wall ÷ length, CPU seconds of this process and of its ffmpeg
 *    children (and per 20 frames for finding + fill), where the masked pixels came from,
 *    PSNR outside the masks and on the text, peak memory (this process, and each process it starts:
 *    issue 32, flat with the video's length); the load beside every figure (the machine is shared:
 *    compare runs made in the same conditions).
 *   npm run bench:erasure [-- --clips name,name|all --keep folder --skip-corpus --skip-speed --runs 1 --seconds 20 --fills best]
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { regionsFromTexts } from '../../packages/core/src/pipeline-stages/erasure-regions.ts';
import { createOpencvInpainter, createPpocr } from '../../packages/engines/src/index.ts';
import { bilingualCues, BILINGUAL_LINES, makeErasureClip } from '../../packages/engines/src/testing/generated-erasure.ts';
import { eraseCorpusClip } from '../../packages/engines/src/testing/erasure-corpus.ts';
import { scoreErasure } from '../../packages/engines/src/testing/erasure-score.ts';
import { makeCorpus } from '../../packages/engines/src/testing/subtitle-corpus.ts';
import { watchHost } from './host-speed.ts';
import { peakMemory, printPeaks, type PeakMemory } from './process-memory.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '20' },
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '720' },
    fills: { type: 'string', default: 'best' },
    clips: { type: 'string' },
    'skip-corpus': { type: 'boolean', default: false },
    'skip-speed': { type: 'boolean', default: false },
    /** A folder to keep the erased corpus clips in (to look at them); by default they are removed. */
    keep: { type: 'string' },
  },
});
// The folder to keep the erased clips in is made when missing (the erasure writes its work files beside its output).
if (values.keep) await mkdir(values.keep, { recursive: true });
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const fixed = (value: number | undefined, digits = 2) => (value === undefined ? '—' : Number.isFinite(value) ? value.toFixed(digits) : '∞');
const load = () => loadavg()[0]!.toFixed(1);
/**
 * CPU seconds used so far: this Node process (every thread: onnxruntime runs on it) and its ffmpeg
 * children that have ended (the kernel adds a child's time to `cutime`/`cstime` when it is reaped).
 * On a shared machine wall time says little; CPU seconds say what a quiet one would need.
 */
function cpuNow(): { node: number; children: number } {
  const used = process.cpuUsage();
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return { node: (used.user + used.system) / 1e6, children: (Number(fields[13]) + Number(fields[14])) / 100 };
}
const cpuSince = (start: { node: number; children: number }) => {
  const now = cpuNow();
  return { node: now.node - start.node, children: now.children - start.children };
};

/** Still, panning and animated backgrounds, distractors, both orientations, and a clip without subtitles. */
const ERASURE_SUBSET = [
  'bottom-white-outline',
  '9x16-high-box',
  '16x9-70pc-brush',
  'mid-9x16-above-centre',
  'bilingual-bottom',
  'english-sans-bottom',
  'mid-16x9-yellow-shadow',
  '9x16-brush-yellow',
  '9x16-above-buttons',
  'distractors-all-mid',
  'distractor-title-card',
  'distractors-9x16-all',
  'no-subtitles',
];

const detector = createPpocr();
const engine = createOpencvInpainter();
const dir = await mkdtemp(path.join(tmpdir(), 'bench-erasure-'));
try {
  const host = watchHost();
  if (!values['skip-corpus']) await corpus();
  if (!values['skip-speed']) await speed();
  host.after();
} finally {
  await rm(dir, { recursive: true, force: true });
}

async function corpus(): Promise<void> {
  const names = values.clips === 'all' ? undefined : (values.clips?.split(',') ?? ERASURE_SUBSET);
  const made = performance.now();
  const clips = await makeCorpus(names);
  console.info(`subtitle corpus, erasure: ${clips.length} clips (made or found in ${fixed((performance.now() - made) / 1000, 1)} s; clean twins made on first use)`);
  await detector.doDetect({ input: { videoFile: clips[0]!.file }, region: { x: 0, y: 0, width: 64, height: 64 } }); // loads the models
  console.info('| clip | background | fps fill | fps with finding | load | OCR reads | distractors PSNR | text PSNR (before) | band detail ÷ around (clean) | 7 px stripes (clean) | outside PSNR | neighbours / scene / inpainted | targets |');
  console.info('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  let met = 0;
  for (const clip of clips) {
    const { row, width, height } = clip;
    const frames = Math.round(row.seconds * 25);
    const loadAtStart = load();
    const started = performance.now();
    const found = await detector.doDetect({ input: { videoFile: clip.file }, mode: 'subtitles', languages: ['zh', 'en'] });
    const findSeconds = (performance.now() - started) / 1000;
    const regions = regionsFromTexts(found.boxes.map((box) => ({ box: box.box, startSeconds: box.startSeconds, endSeconds: box.endSeconds, text: box.text })), 'subtitles', { width, height, durationSeconds: row.seconds });
    if (regions.length === 0) {
      const ok = clip.cues.length === 0;
      if (ok) met++;
      console.info(`| ${row.name} | ${row.background} ${row.orientation} | — | — | ${loadAtStart}–${load()} | no lines found: nothing erased | — | — | — | — | — | ${ok ? 'met' : `MISSED: ${clip.cues.length} lines not found`} |`);
      continue;
    }
    const masks = regions.map((region) => ({ box: { x: region.x, y: region.y, width: region.width, height: region.height }, startSeconds: region.startSeconds, endSeconds: region.endSeconds, kind: region.kind }));
    const erased = await eraseCorpusClip(clip, masks, path.join(values.keep ?? dir, `${row.name}.mp4`), { inpainter: engine, detector });
    // The erasure's own time (scoring and reading the result are left out).
    const fillSeconds = erased.fillMs / 1000;
    const { score, stats } = erased;
    const share = (count: number | undefined) => fixed((100 * (count ?? 0)) / Math.max(1, stats?.pixelsMasked ?? 0), 0);
    if (erased.missed.length === 0) met++;
    console.info(
      `| ${row.name} | ${row.background} ${row.orientation} | ${fixed(frames / fillSeconds, 1)} | ${fixed(frames / (fillSeconds + findSeconds), 1)} | ${loadAtStart}–${load()} | ${erased.charactersRead}/${erased.charactersShown} | ${fixed(score.distractorPsnr, 1)} | ${fixed(score.textPsnr, 1)} (${fixed(score.textPsnrBefore, 1)}) | ${fixed(score.detailRatio)} (${fixed(score.cleanDetailRatio)}) | ${fixed(score.stripes)} (${fixed(score.cleanStripes)}) | ${fixed(score.outsidePsnr, 1)} | ${share(stats?.pixelsFromNeighbours)} / ${share(stats?.pixelsFromScene)} / ${share(stats?.pixelsInpainted)} % | ${erased.missed.length ? `MISSED: ${erased.missed.join('; ')}` : 'met'} |`,
    );
  }
  console.info(`\ncorpus: ${met}/${clips.length} clips meet every erasure target (6 s clips: their frames/s include starting the decoders, OpenCV and the encoder; the speed figure is below)\n`);
}

async function speed(): Promise<void> {
  const runs = Number(values.runs);
  const seconds = Number(values.seconds);
  const width = Number(values.width);
  const height = Number(values.height);
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

  const detectLoad = load();
  let started = performance.now();
  const detectStart = cpuNow();
  const detectPeaks = peakMemory();
  const found = await detector.doDetect({ input: { videoFile: clip.subtitled }, mode: 'subtitles', languages: ['zh', 'en'] });
  const detectWall = (performance.now() - started) / 1000;
  const detectPeak = detectPeaks.stop();
  const detectCpu = cpuSince(detectStart);
  const regions = regionsFromTexts(found.boxes.map((box) => ({ box: box.box, startSeconds: box.startSeconds, endSeconds: box.endSeconds, text: box.text })), 'subtitles', { width, height, durationSeconds: seconds });
  const steps = found.timings?.stepsMs ?? {};
  console.info(
    `\nfind the subtitles (ppocr, subtitle mode): ${regions.length} regions of ${lines.length} lines, ${fixed(detectWall, 1)} s wall (${fixed(frames / detectWall, 1)} frames/s, ${fixed(detectWall / seconds)} × video length), CPU ${fixed(detectCpu.node, 1)} s Node + ${fixed(detectCpu.children, 1)} s ffmpeg, load ${detectLoad}–${load()}` +
      `\n  candidate tracks: ${(found.subtitleTracks ?? []).map((track) => `${track.chosen ? 'chosen' : 'listed'} y ${Math.round(track.box.y)}–${Math.round(track.box.y + track.box.height)} glyphs ${Math.round(track.lineHeight)} px, ${track.lineCount} lines`).join('; ') || 'none'}; first cue read "${found.boxes[0]?.text ?? ''}"` +
      `\n  tracks ${fixed((steps.detectBandMs ?? 0) / 1000, 1)} s wall (companion boxes read ${steps.companionBoxesRead ?? '—'} of ${steps.companionBoxes ?? '—'}); band pass ${fixed((steps.bandPassMs ?? 0) / 1000, 1)} s wall: ${steps.framesSampled ?? '—'} samples, ${steps.framesRecognised ?? '—'} read by OCR, ${steps.framesVerified ?? '—'} checked by recognition only`,
  );

  const masks = regions.map((region) => ({ box: { x: region.x, y: region.y, width: region.width, height: region.height }, startSeconds: region.startSeconds, endSeconds: region.endSeconds, kind: region.kind }));
  const rows: string[] = [];
  const erasePeaks = new Map<string, ReturnType<PeakMemory['stop']>>();
  for (const fill of values.fills.split(',') as Array<'best' | 'inpaint' | 'fast'>) {
    const walls: number[] = [];
    const cpus: Array<{ node: number; children: number }> = [];
    const stages: Array<{ analysis: number; fill: number }> = [];
    const peaks: number[] = [];
    const loads: string[] = [];
    let stats = '';
    const outputFile = path.join(dir, `${fill}.mp4`);
    for (let run = 0; run < runs; run++) {
      const loadAtStart = load();
      started = performance.now();
      const cpuStart = cpuNow();
      const sampler: PeakMemory = peakMemory();
      const result = await engine.doInpaint({ videoFile: clip.subtitled, outputFile, masks, fill });
      const peak = sampler.stop();
      peaks.push(peak.processes.find((entry) => entry.name.endsWith("(the bench's process)"))?.peakMb ?? 0);
      erasePeaks.set(`${fill}, run ${run + 1}`, peak);
      walls.push((performance.now() - started) / 1000);
      loads.push(`${loadAtStart}–${load()}`);
      cpus.push(cpuSince(cpuStart));
      stages.push({ analysis: (result.timings?.stepsMs?.analysisMs ?? 0) / 1000, fill: (result.timings?.stepsMs?.fillAndEncodeMs ?? 0) / 1000 });
      if (result.stats) {
        const share = (count: number | undefined) => fixed((100 * (count ?? 0)) / Math.max(1, result.stats!.pixelsMasked), 1);
        stats = `${share(result.stats.pixelsFromNeighbours)} / ${share(result.stats.pixelsFromScene)} / ${share(result.stats.pixelsInpainted)} %`;
      }
    }
    const score = await scoreErasure({ output: outputFile, input: clip.subtitled, clean: clip.clean, width, height, frameRate: clip.frameRate, regions: masks });
    const wall = median(walls);
    const at = walls.indexOf(wall);
    const cpu = cpus[at]!;
    const stage = stages[at]!;
    // CPU of automatic mode (finding + this fill), all processes, per 20 frames (the issue's evidence for 10 frames/s on two cores: under 2 s).
    const perTwenty = ((detectCpu.node + detectCpu.children + cpu.node + cpu.children) / frames) * 20;
    rows.push(
      `| ${fill} | ${stage.analysis ? fixed(frames / stage.analysis, 1) : '—'} | ${stage.fill ? fixed(frames / stage.fill, 1) : '—'} | ${fixed(frames / wall, 1)} | ${fixed(wall, 1)} s | ${fixed(frames / (wall + detectWall), 1)} | ${loads.join(', ')} | ${fixed(cpu.node, 1)} + ${fixed(cpu.children, 1)} s | ${fixed(perTwenty, 2)} s | ${stats || '—'} | ${fixed(score.outsidePsnr, 1)} dB | ${fixed(score.textPsnr, 1)} dB (before ${fixed(score.textPsnrBefore, 1)}) | ${fixed(Math.max(...peaks), 0)} MB |`,
    );
  }
  console.info(`\n${frames} frames, ${runs} run(s) per mode, median; "with finding" adds the subtitle search (automatic mode)\n`);
  console.info('frames/s per stage are wall-clock (the first pass: motion, plates; then fill + encode); CPU is Node + its ffmpeg decoders and encoder;');
  console.info('"CPU per 20 frames" is automatic mode (finding + fill), all processes; target under 2 s: two idle cores then give 20 frames/s fully overlapped, ≥ 10 with what does not overlap.\n');
  console.info('| fill | frames/s first pass | frames/s fill + encode | frames/s erase | wall | frames/s with finding | load (1 min) | CPU erase (Node + ffmpeg) | CPU per 20 frames, with finding | masked: neighbours / scene / inpainted | PSNR outside masks | PSNR on the text vs clean | peak RSS (Node) |');
  console.info('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.info(row);
  console.info(`\nmemory while finding the subtitles (${seconds} s video):`);
  printPeaks(detectPeak);
  for (const [name, peak] of erasePeaks) {
    console.info(`\nmemory while erasing (${name}):`);
    printPeaks(peak);
  }
}
