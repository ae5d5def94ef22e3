/**
 * bench:ocr — first the subtitle corpus (issue 27, packages/engines/src/testing/subtitle-corpus.ts):
 * per clip, characters right, cues found vs made, worst start/end error, distractor cues and wall
 * time ÷ length against the targets (≥ 95 %, exact count, ±0.2 s, 0 distractor cues), then totals.
 *   npm run bench:ocr [-- --clips name,name]
 * With --long, then the PP-OCR text detector on a generated 60 s 720p drama with burned-in Chinese
 * subtitles (testsrc2 behind white outlined text, 24 lines of 1.2–3 s): wall time ÷ video length,
 * frames decoded per second, band crops recognised per second, character accuracy and line timing
 * error; the same without skipping unchanged samples and without placing changes between
 * samples; and one subtitle strip and one whole 720p frame read by our pipeline and by
 * @gutenye/ocr-node's on the same models. Figures, not assertions.
 *   npm run bench:ocr -- --long [--runs 3 --seconds 60]
 * With --memory, only the finder on that drama (`--seconds` long), once: peak RSS of this process
 * and of each ffmpeg it starts, and the CPU time of both (issue 32: memory flat with the video's
 * length, cost linear in it; compare --seconds 60 and 600).
 *   npm run bench:ocr -- --memory --seconds 600
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { rawFrameBytes, rawVideoFramesArgs, readRawVideoFrames, runFfmpeg } from '@voxwork/media';
import { createPpocr } from '../../packages/engines/src/index.ts';
import { loadPpocrModel } from '../../packages/engines/src/ppocr/ppocr-model.ts';
import { CHINESE_DRAMA_LINES, cuesInSequence, makeSubtitledVideo } from '../../packages/engines/src/testing/generated-subtitles.ts';
import { makeCorpus, scoreCorpusClip } from '../../packages/engines/src/testing/subtitle-corpus.ts';
import { scoreSubtitles } from '../../packages/engines/src/testing/subtitle-score.ts';
import { watchHost } from './host-speed.ts';
import { loadNow, peakMemory, printPeaks } from './process-memory.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, seconds: { type: 'string', default: '60' }, long: { type: 'boolean', default: false }, memory: { type: 'boolean', default: false }, clips: { type: 'string' } } });
const runs = Number(values.runs);
const seconds = Number(values.seconds);

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const fixed = (value: number, digits = 2) => value.toFixed(digits);

// The corpus, clip by clip.
if (!values.memory) {
  const made = performance.now();
  const clips = await makeCorpus(values.clips?.split(','));
  console.info(`subtitle corpus: ${clips.length} clips (made or found in ${fixed((performance.now() - made) / 1000, 1)} s)`);
  const corpusEngine = createPpocr();
  await corpusEngine.doDetect({ input: { videoFile: clips[0]!.file }, region: { x: 0, y: 0, width: 64, height: 64 } }); // loads the models
  const host = watchHost();
  const header = ['clip', 'chars %', 'cues', 'start err', 'end err', 'distr.', 'wall÷len', 'targets'];
  console.info(header.join('\t'));
  const totals = { characters: 0, made: 0, found: 0, distractors: 0, wall: 0, length: 0, met: 0, worst: 0 };
  for (const clip of clips) {
    const started = performance.now();
    const result = await corpusEngine.doDetect({ input: { videoFile: clip.file }, languages: ['zh', 'en'] });
    const wall = (performance.now() - started) / 1000;
    const score = scoreCorpusClip(clip, result.boxes, result.subtitleTracks);
    const met = score.characterAccuracy >= 0.95 && score.cuesFound === score.cuesMade && score.worstStartError <= 0.2 && score.worstEndError <= 0.2 && score.distractorCues === 0;
    totals.characters += score.characterAccuracy;
    totals.made += score.cuesMade;
    totals.found += score.cuesFound;
    totals.distractors += score.distractorCues;
    totals.wall += wall;
    totals.length += clip.row.seconds;
    totals.worst = Math.max(totals.worst, score.worstStartError, score.worstEndError);
    if (met) totals.met++;
    console.info([clip.row.name, fixed(score.characterAccuracy * 100, 1), `${score.cuesFound}/${score.cuesMade}`, fixed(score.worstStartError), fixed(score.worstEndError), score.distractorCues, fixed(wall / clip.row.seconds), met ? 'met' : 'MISSED'].join('\t'));
    if (!met) console.info(score.report);
  }
  console.info(
    `totals: ${totals.met}/${clips.length} clips meet every target; characters ${fixed((totals.characters / clips.length) * 100, 1)} % (mean per clip); cues found ${totals.found} of ${totals.made} made; worst start/end error ${fixed(totals.worst)} s; distractor cues ${totals.distractors}; wall ${fixed(totals.wall, 1)} s for ${fixed(totals.length, 1)} s of video (${fixed(totals.wall / totals.length)} × real time)`,
  );
  host.after();
  if (!values.long) process.exit(0);
}

// Enough lines to fill the video: the twelve drama lines again and again.
const lines: Array<readonly [string, number, number]> = [];
for (let total = 0.5; total < seconds - 4; ) {
  const line = CHINESE_DRAMA_LINES[lines.length % CHINESE_DRAMA_LINES.length]!;
  lines.push(line);
  total += line[1] + line[2];
}
const cues = cuesInSequence(lines);
console.info(`making a ${seconds} s 1280×720 video with ${cues.length} Chinese subtitle lines (cached under ${tmpdir()}/voxwork-test-media)…`);
const videoFile = await makeSubtitledVideo({ width: 1280, height: 720, fontSize: 44, margin: 56, durationSeconds: seconds, cues });
const engine = createPpocr();
await engine.doDetect({ input: { videoFile }, region: { x: 0, y: 0, width: 64, height: 64 } }); // loads the models

if (values.memory) {
  // CPU seconds of this process and of its children that have ended (ffmpeg: /proc's cutime and cstime).
  const ticks = 100;
  const childCpu = () => {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) / ticks;
  };
  const peaks = peakMemory();
  const children = childCpu();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await engine.doDetect({ input: { videoFile } });
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const ffmpegCpu = childCpu() - children;
  const steps = result.timings!.stepsMs!;
  const score = scoreSubtitles(cues, result.boxes);
  console.info(`finder on ${seconds} s: wall ${fixed(wall, 1)} s (${fixed(wall / seconds, 3)} × real time; band search ${fixed(steps.detectBandMs! / 1000, 1)} s, band pass ${fixed(steps.bandPassMs! / 1000, 1)} s)   (load ${loadNow()})`);
  console.info(`  CPU: this process ${fixed((used.user + used.system) / 1e6, 1)} s, ffmpeg ${fixed(ffmpegCpu, 1)} s (${fixed(ffmpegCpu / seconds, 3)} per video second)`);
  console.info(`  characters correct ${fixed(score.characterAccuracy * 100, 1)} % over ${cues.length} lines; lines missed ${score.lines.filter((line) => !line.read).length}, extra ${score.extraLines.length}`);
  printPeaks(peaks.stop());
  process.exit(0);
}

const variants: Array<{ name: string; ppocr: Record<string, unknown> }> = [
  { name: 'default (4 samples/s, skip unchanged, changes placed on frames between samples)', ppocr: {} },
  { name: 'every sample read (no skipping)', ppocr: { skipUnchanged: false } },
  { name: 'changes halfway between samples (no frames between)', ppocr: { refineBoundaries: false } },
];
for (const variant of variants) {
  const walls: number[] = [];
  const cpus: number[] = [];
  let last: Awaited<ReturnType<typeof engine.doDetect>> | undefined;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    last = await engine.doDetect({ input: { videoFile }, providerOptions: { ppocr: variant.ppocr } });
    walls.push((performance.now() - started) / 1000);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1e6);
  }
  const steps = last!.timings!.stepsMs!;
  const score = scoreSubtitles(cues, last!.boxes);
  const bandPassSeconds = steps.bandPassMs! / 1000;
  console.info(`\n${variant.name} — median of ${runs}`);
  console.info(`  wall ${fixed(median(walls))} s for ${seconds} s of video: ${fixed(median(walls) / seconds, 3)} × real time (band search ${fixed(steps.detectBandMs! / 1000)} s)`);
  // Wall time depends on what else the two cores run; the Node process's CPU time (OCR; ffmpeg's decoding is not in it) much less.
  console.info(`  CPU of this process ${fixed(median(cpus))} s (${fixed(median(cpus) / seconds, 3)} per video second)`);
  console.info(
    `  frames decoded ${steps.framesDecoded} (${fixed(steps.framesDecoded! / bandPassSeconds, 0)}/s over the band pass), samples ${steps.framesSampled}, band crops recognised ${steps.framesRecognised} (${fixed(steps.framesRecognised! / (steps.recogniseMs! / 1000), 1)}/s of OCR time, ${fixed(steps.recogniseMs! / steps.framesRecognised!, 0)} ms each)`,
  );
  console.info(`  characters correct ${fixed(score.characterAccuracy * 100, 1)} % over ${cues.length} lines; lines missed ${score.lines.filter((line) => !line.read).length}, extra ${score.extraLines.length}`);
  console.info(`  start/end error: mean ${fixed(score.meanTimingError, 3)} s, max ${fixed(score.maxTimingError, 3)} s`);
}

// One strip and one whole frame, ours against @gutenye/ocr-node on the same PP-OCRv4 files.
const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-bench-ocr-'));
try {
  const time = cues[3]!.startSeconds + 0.5;
  const band = { x: 0, y: 720 - 56 - 44 - 40, width: 1280, height: 44 + 80 };
  const strip = path.join(dir, 'strip.png');
  const frame = path.join(dir, 'frame.png');
  await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-ss', String(time), '-i', videoFile, '-frames:v', '1', '-vf', `crop=${band.width}:${band.height}:${band.x}:${band.y}`, strip]);
  await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-ss', String(time), '-i', videoFile, '-frames:v', '1', frame]);
  const model = await loadPpocrModel();
  const readRaw = async (file: string, width: number, height: number) => {
    for await (const data of readRawVideoFrames(rawVideoFramesArgs({ input: file, frameCount: 1 }), rawFrameBytes(width, height))) return { data, width, height };
    throw new Error(`no picture in ${file}`);
  };
  const ours = async (image: { data: Uint8Array; width: number; height: number }, maxSide: number) => {
    const boxes = await model.detect(image, { maxSide });
    return (await model.recognise(image, boxes)).filter((line) => line.confidence >= 0.5).map((line) => line.text);
  };
  const { default: GutenOcr } = await import('@gutenye/ocr-node');
  const guten = await GutenOcr.create({ onnxOptions: { intraOpNumThreads: 1, interOpNumThreads: 1 } });
  const timeIt = async (work: () => Promise<unknown>) => {
    const times: number[] = [];
    let result: unknown;
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      result = await work();
      times.push(performance.now() - started);
    }
    return { ms: median(times), result };
  };
  const stripImage = await readRaw(strip, band.width, band.height);
  const frameImage = await readRaw(frame, 1280, 720);
  console.info(`\none subtitle strip (${band.width}×${band.height}) and one 720p frame, median of 5 (expected: "${cues[3]!.text}")`);
  for (const [name, work] of [
    ['strip, ours (detection at full size)', () => ours(stripImage, 1280)],
    ['strip, @gutenye/ocr-node', () => guten.detect(strip)],
    ['720p frame, ours (detection at 960)', () => ours(frameImage, 960)],
    ['720p frame, @gutenye/ocr-node (detection at full size)', () => guten.detect(frame)],
  ] as const) {
    const { ms, result } = await timeIt(work);
    const texts = Array.isArray(result) ? result.map((entry: unknown) => (typeof entry === 'string' ? entry : (entry as { text: string }).text)) : [];
    console.info(`  ${name}: ${fixed(ms, 0)} ms — ${JSON.stringify(texts)}`);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
