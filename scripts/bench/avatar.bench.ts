/**
 * bench:avatar — speed of the avatar engines on ~10 s of generated speech: frames per second
 * rendered (frames handed out as RGBA, as a compositor takes them) and end to end (rendered and
 * encoded to H.264/AAC by ffmpeg), wall time ÷ video length, CPU time of this process (ffmpeg runs
 * beside it), peak RSS. Then the warp itself two ways on the talking photo's mesh (pure TypeScript
 * vs Skia clip + drawImage per triangle), for decision 034. Figures, not assertions.
 *   npm run bench:avatar [-- --runs 1 --only talking-photo]
 *
 * Each engine is a list of cases (`CASES`): add rows by pushing a case whose `prepare` returns a
 * frame source for a size.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AnimatedFrames, AnimateOptions, AnimateResult } from '../../packages/engines/src/capabilities/animator.ts';
import { posedPoints } from '../../packages/engines/src/avatar/face-mesh.ts';
import { createTalkingPhoto, planTalkingPhoto } from '../../packages/engines/src/avatar/talking-photo.ts';
import { transformImage, warpTriangle, triangleAffine, type RgbaImage } from '../../packages/engines/src/avatar/mesh-warp.ts';
import { makeSamplePortrait } from '../../packages/engines/src/testing/generated-face.ts';
import { makeSpeech } from '../../packages/engines/src/testing/generated-media.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' }, only: { type: 'string' } } });
const runs = Number(values.runs);
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const fixed = (value: number, digits = 1) => value.toFixed(digits);

interface BenchCase {
  /** Engine and input, e.g. `talking-photo (face-api sample1)`. */
  name: string;
  size: { width: number; height: number };
  /** Frames as a compositor takes them. */
  frames(dir: string, speech: string): Promise<AnimatedFrames>;
  /** The whole call, encoded. */
  animate(dir: string, speech: string, outputFile: string): Promise<AnimateResult>;
}

const dir = await mkdtemp(path.join(tmpdir(), 'bench-avatar-'));
const speech = await makeSpeech(dir, 'speech.wav', 'Good morning. This photo talks with your voice, frame by frame, on the worker, without a graphics card. The mouth follows the words, the eyes blink now and then, and the head moves a little.');
const portrait = await makeSamplePortrait(dir, 'portrait.png');

const talkingPhoto = createTalkingPhoto();
const photoOptions = (size: { width: number; height: number }): Omit<AnimateOptions, 'outputFile'> => ({ source: { imageFile: portrait }, audioFile: speech, ...size });
const CASES: BenchCase[] = [512, 1080].map((side) => ({
  name: 'talking-photo (face-api sample1 portrait)',
  size: { width: side, height: side },
  frames: () => talkingPhoto.doAnimateFrames!(photoOptions({ width: side, height: side })),
  animate: (_dir, _speech, outputFile) => talkingPhoto.doAnimate({ ...photoOptions({ width: side, height: side }), outputFile }),
}));

const rows: string[] = [];
let seconds = 0;
try {
  for (const entry of CASES.filter((item) => !values.only || item.name.includes(values.only))) {
    const renderRates: number[] = [];
    const encodeRates: number[] = [];
    const walls: number[] = [];
    const cpus: number[] = [];
    let peak = 0;
    for (let run = 0; run < runs; run++) {
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
      const frames = await entry.frames(dir, speech);
      let started = performance.now();
      let count = 0;
      for await (const frame of frames.frames) if (frame.length) count++;
      renderRates.push(count / ((performance.now() - started) / 1000));
      seconds = count / frames.frameRate;
      started = performance.now();
      const cpu = process.cpuUsage();
      await entry.animate(dir, speech, path.join(dir, 'out.mp4'));
      const wall = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      clearInterval(sampler);
      walls.push(wall);
      encodeRates.push(count / wall);
      cpus.push((used.user + used.system) / 1e6);
    }
    rows.push(`| ${entry.name} | ${entry.size.width}×${entry.size.height} | ${fixed(median(renderRates))} | ${fixed(median(encodeRates))} | ${fixed(median(walls))} s | ${fixed(median(walls) / seconds, 2)} | ${fixed(median(cpus))} s | ${fixed(peak / 2 ** 20, 0)} MB |`);
  }

  // The warp, two ways, on the talking photo's own mesh and poses (all frames of the speech).
  const warpRows: string[] = [];
  const { createCanvas } = await import('@napi-rs/canvas');
  for (const side of [512, 1080]) {
    const plan = await planTalkingPhoto({ imageFile: portrait, audioFile: speech, width: side, height: side, provider: {}, warnings: [], engineId: 'voxwork:talking-photo' });
    const moving = plan.mesh.triangles.filter((triangle) => triangle.some((v) => plan.mesh.drop[v] !== 0 || plan.mesh.spread[v] !== 0));
    const work: RgbaImage = { width: side, height: side, data: new Uint8Array(plan.base.data) };
    const out: RgbaImage = { width: side, height: side, data: new Uint8Array(side * side * 4) };
    let started = performance.now();
    for (let frame = 0; frame < plan.frameCount; frame++) {
      const posed = posedPoints(plan.mesh, plan.track.poses[frame]!, 0);
      for (const [i, j, k] of moving) warpTriangle(plan.base, [plan.mesh.points[i]!, plan.mesh.points[j]!, plan.mesh.points[k]!], work, [posed[i]!, posed[j]!, posed[k]!]);
      transformImage(work, plan.headTransform(frame), out);
    }
    const typescriptRate = plan.frameCount / ((performance.now() - started) / 1000);
    const baseCanvas = createCanvas(side, side);
    const baseContext = baseCanvas.getContext('2d');
    const imageData = baseContext.createImageData(side, side);
    imageData.data.set(plan.base.data);
    baseContext.putImageData(imageData, 0, 0);
    const workCanvas = createCanvas(side, side);
    const workContext = workCanvas.getContext('2d');
    const outCanvas = createCanvas(side, side);
    const outContext = outCanvas.getContext('2d');
    started = performance.now();
    for (let frame = 0; frame < plan.frameCount; frame++) {
      const posed = posedPoints(plan.mesh, plan.track.poses[frame]!, 0);
      workContext.setTransform(1, 0, 0, 1, 0, 0);
      workContext.drawImage(baseCanvas, 0, 0);
      for (const [i, j, k] of moving) {
        const from = [plan.mesh.points[i]!, plan.mesh.points[j]!, plan.mesh.points[k]!] as const;
        const to = [posed[i]!, posed[j]!, posed[k]!] as const;
        const map = triangleAffine(from, to);
        if (!map) continue;
        workContext.save();
        workContext.beginPath();
        workContext.moveTo(to[0].x, to[0].y);
        workContext.lineTo(to[1].x, to[1].y);
        workContext.lineTo(to[2].x, to[2].y);
        workContext.closePath();
        workContext.clip();
        workContext.setTransform(map[0], map[3], map[1], map[4], map[2], map[5]);
        workContext.drawImage(baseCanvas, 0, 0);
        workContext.restore();
      }
      const [a, b, c, d, e, f] = plan.headTransform(frame);
      outContext.setTransform(a, d, b, e, c, f);
      outContext.drawImage(workCanvas, 0, 0);
      outContext.getImageData(0, 0, side, side);
    }
    const skiaRate = plan.frameCount / ((performance.now() - started) / 1000);
    warpRows.push(`| ${side}×${side} | ${moving.length} | ${fixed(typescriptRate)} | ${fixed(skiaRate)} |`);
  }

  console.info(`\n${fixed(seconds)} s of espeak-ng speech, ${runs} run(s), median; ${process.env.BENCH_CORES ?? (await import('node:os')).availableParallelism()} cores\n`);
  console.info('| engine | size | frames/s rendered (RGBA out) | frames/s end to end (H.264/AAC) | wall | wall ÷ length | CPU (Node) | peak RSS (Node) |');
  console.info('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.info(row);
  console.info('\nThe talking photo’s warp and head motion alone (no inner mouth, no encoding), frames/s:\n');
  console.info('| size | triangles warped | pure TypeScript (bilinear) | Skia: clip + drawImage per triangle, drawImage transformed, getImageData |');
  console.info('| --- | --- | --- | --- |');
  for (const row of warpRows) console.info(row);
} finally {
  await rm(dir, { recursive: true, force: true });
}
