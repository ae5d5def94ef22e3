import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeMedia, runFfmpeg } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalEngineRegistry } from '../registry/local-engines.ts';
import { inpainterConformance } from '../testing/conformance/inpainter-conformance.ts';
import { BILINGUAL_LINES, bilingualCues, makeErasureClip, type ErasureClip } from '../testing/generated-erasure.ts';
import { scoreErasure } from '../testing/erasure-score.ts';
import { makeTestVideo } from '../testing/generated-media.ts';
import { SUBTITLE_FONT } from '../testing/generated-subtitles.ts';
import { createOpencvInpainter } from './opencv-video-inpainter.ts';

const descriptor = createLocalEngineRegistry().list('inpainter').find((entry) => entry.id === 'opencv:video-inpaint')!;

inpainterConformance({
  descriptor,
  makeVideo: (dir) => makeTestVideo(dir, 'detail.mp4', 2, { width: 320, height: 240, frameRate: 10, withAudio: true }),
  makeLongVideo: (dir) => makeTestVideo(dir, 'long.mp4', 60, { width: 320, height: 240, frameRate: 10 }),
});

/** A 4 s 640×360 clip: a panned, detailed picture with one two-row subtitle (Chinese over English). */
const makeClip = () => makeErasureClip({ width: 640, height: 360, durationSeconds: 4, cues: bilingualCues().slice(0, 1), fontSize: 22, margin: 20, panSpeed: 60 });
/** Where the subtitle is: the lower middle of the picture. */
const SUBTITLE_BOX = { x: 170, y: 280, width: 300, height: 66 };

describe('opencv:video-inpaint on a generated subtitled clip', () => {
  const engine = createOpencvInpainter();
  let dir: string;
  let clip: ErasureClip;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'opencv-inpaint-'));
    clip = await makeClip();
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const regions = () => clip.cues.map((cue) => ({ box: SUBTITLE_BOX, startSeconds: cue.startSeconds - 0.1, endSeconds: cue.endSeconds + 0.1 }));

  it('best: the text’s pixels come back from neighbouring frames, nothing else changes, the audio is copied', async () => {
    const outputFile = path.join(dir, 'best.mp4');
    const progress: number[] = [];
    const result = await engine.doInpaint({ videoFile: clip.subtitled, masks: regions().map((region) => ({ ...region, kind: 'text' })), outputFile, onProgress: (percent) => progress.push(percent) });
    const score = await scoreErasure({ output: outputFile, input: clip.subtitled, clean: clip.clean, width: clip.width, height: clip.height, frameRate: clip.frameRate, regions: regions() });
    expect(score.outsidePsnr, JSON.stringify(score)).toBeGreaterThanOrEqual(45);
    expect(score.textPsnr, JSON.stringify(score)).toBeGreaterThanOrEqual(25);
    expect(result.stats!.pixelsFromNeighbours / result.stats!.pixelsMasked, 'mostly from neighbours').toBeGreaterThan(0.9);
    // Text masks keep the box’s background: fewer pixels than the boxes change.
    expect(result.stats!.pixelsMasked).toBeLessThan(result.stats!.framesWithMasks * SUBTITLE_BOX.width * SUBTITLE_BOX.height * 0.8);
    const [input, output] = await Promise.all([probeMedia(clip.subtitled), probeMedia(outputFile)]);
    expect(output.audio?.codec).toBe('aac');
    expect(output.audio?.bitRate).toBe(input.audio?.bitRate);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  }, 120_000);

  it('frames kept as erased, and lines drawn over the erased picture in the same encode', async () => {
    // A white 200 × 60 rectangle (an ASS drawing: no font involved) at the top left for the whole clip.
    const script = path.join(dir, 'drawn.ass');
    await writeFile(
      script,
      [
        '[Script Info]', 'ScriptType: v4.00+', `PlayResX: ${clip.width}`, `PlayResY: ${clip.height}`, '',
        '[V4+ Styles]',
        'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
        'Style: Default,DejaVu Sans,20,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,7,0,0,0,1', '',
        '[Events]', 'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
        'Dialogue: 0,0:00:00.00,0:00:04.00,Default,,0,0,0,,{\\an7\\pos(20,20)\\p1}m 0 0 l 200 0 200 60 0 60{\\p0}', '',
      ].join('\n'),
    );
    const outputFile = path.join(dir, 'drawn.mp4');
    const keepFrames = [1, 2.5].map((timeSeconds, index) => ({ timeSeconds, imageFile: path.join(dir, `kept-${index}.png`) }));
    const result = await engine.doInpaint({ videoFile: clip.subtitled, masks: regions().map((region) => ({ ...region, kind: 'text' })), outputFile, drawOver: script, keepFrames });
    expect(result.keptFrames).toEqual(keepFrames.map((frame) => frame.imageFile));
    const luma = async (file: string, atSeconds?: number) => {
      const frame = path.join(dir, `${path.basename(file)}-${atSeconds ?? 'image'}.gray`);
      await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...(atSeconds === undefined ? [] : ['-ss', String(atSeconds)]), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', frame]);
      return new Uint8Array(await readFile(frame));
    };
    const psnr = (a: Uint8Array, b: Uint8Array, box: { x: number; y: number; width: number; height: number }) => {
      let sum = 0;
      for (let y = box.y; y < box.y + box.height; y++) for (let x = box.x; x < box.x + box.width; x++) sum += (a[y * clip.width + x]! - b[y * clip.width + x]!) ** 2;
      return 10 * Math.log10((255 * 255) / Math.max(1e-9, sum / (box.width * box.height)));
    };
    const mean = (a: Uint8Array, box: { x: number; y: number; width: number; height: number }) => {
      let sum = 0;
      for (let y = box.y; y < box.y + box.height; y++) for (let x = box.x; x < box.x + box.width; x++) sum += a[y * clip.width + x]!;
      return sum / (box.width * box.height);
    };
    const drawn = { x: 24, y: 24, width: 192, height: 52 };
    const between = { x: 20, y: 120, width: 600, height: 120 };
    for (const frame of keepFrames) {
      const [kept, output, clean] = await Promise.all([luma(frame.imageFile), luma(outputFile, frame.timeSeconds), luma(clip.clean, frame.timeSeconds)]);
      // The kept frame is the erased picture: the subtitle gone (the clean picture behind it), nothing drawn over it.
      expect(psnr(kept, clean, SUBTITLE_BOX), `subtitle box at ${frame.timeSeconds} s`).toBeGreaterThanOrEqual(25);
      expect(psnr(kept, clean, drawn), `under the drawing at ${frame.timeSeconds} s`).toBeGreaterThanOrEqual(35);
      // The same frame as the output's where nothing was drawn or erased; the drawing is in the output only.
      expect(psnr(kept, output, between), `the same frame at ${frame.timeSeconds} s`).toBeGreaterThanOrEqual(35);
      expect(mean(output, drawn)).toBeGreaterThan(225);
    }
  }, 120_000);

  it('two fill threads write the same bytes as one (neighbours, a still scene’s plate, patches and inpainting; kept frames)', async () => {
    // A still camera with lines longer than a narrowed window (plates), and a box over the whole clip no frame shows (patches, OpenCV).
    const still = await makeErasureClip({ width: 640, height: 360, durationSeconds: 4, cues: bilingualCues([BILINGUAL_LINES[0]!, BILINGUAL_LINES[1]!].map(([zh, en]) => [zh, en, 1.4, 0.4] as const), 0.4), fontSize: 22, margin: 20, panSpeed: 0 });
    const masks = [
      ...still.cues.map((cue) => ({ box: SUBTITLE_BOX, startSeconds: cue.startSeconds - 0.1, endSeconds: cue.endSeconds + 0.1, kind: 'text' as const })),
      { box: { x: 40, y: 300, width: 60, height: 30 }, startSeconds: 0, endSeconds: 4, kind: 'area' as const },
    ];
    const erase = async (fillThreads: 1 | 2) => {
      const outputFile = path.join(dir, `threads-${fillThreads}.mp4`);
      const keepFrames = [0.5, 2.2].map((timeSeconds, index) => ({ timeSeconds, imageFile: path.join(dir, `threads-${fillThreads}-kept-${index}.png`) }));
      const result = await engine.doInpaint({ videoFile: still.subtitled, masks, outputFile, keepFrames, providerOptions: { opencv: { windowFrames: 10, fillThreads } } });
      return { result, bytes: await readFile(outputFile), kept: await Promise.all(keepFrames.map((frame) => readFile(frame.imageFile))) };
    };
    const one = await erase(1);
    const two = await erase(2);
    expect(one.result.stats!.pixelsFromScene, 'the plate used').toBeGreaterThan(0);
    expect(one.result.stats!.pixelsInpainted, 'some pixels from no frame').toBeGreaterThan(0);
    expect(two.result.stats).toEqual(one.result.stats);
    expect(Buffer.compare(two.bytes, one.bytes), 'the same video, byte for byte').toBe(0);
    expect(two.kept.map((image, index) => Buffer.compare(image, one.kept[index]!))).toEqual([0, 0]);
  }, 180_000);

  it('inpaint and fast fill the box and leave the rest; outside the time range nothing changes', async () => {
    for (const fill of ['inpaint', 'fast'] as const) {
      const outputFile = path.join(dir, `${fill}.mp4`);
      const masks = [{ box: SUBTITLE_BOX, startSeconds: 1, endSeconds: 2 }];
      await engine.doInpaint({ videoFile: clip.subtitled, masks, outputFile, fill });
      const score = await scoreErasure({ output: outputFile, input: clip.subtitled, width: clip.width, height: clip.height, frameRate: clip.frameRate, regions: masks });
      expect(score.outsidePsnr, `${fill}: ${JSON.stringify(score)}`).toBeGreaterThanOrEqual(45);
    }
  }, 120_000);

  it('a still camera and lines held longer than the window: the background behind them comes from any frame of the scene, not a blurred band', async () => {
    // The window narrowed to ±10 frames (0.4 s) so that a short clip shows what a 4 s line shows at the default (±40): the middle
    // frames of each 1.8 s line have no frame without text within the window.
    const still = await makeErasureClip({ width: 640, height: 360, durationSeconds: 5, cues: bilingualCues([BILINGUAL_LINES[0]!, BILINGUAL_LINES[1]!].map(([zh, en]) => [zh, en, 1.8, 0.5] as const), 0.5), fontSize: 22, margin: 20, panSpeed: 0 });
    const masks = still.cues.map((cue) => ({ box: SUBTITLE_BOX, startSeconds: cue.startSeconds - 0.1, endSeconds: cue.endSeconds + 0.1 }));
    const outputFile = path.join(dir, 'still.mp4');
    const result = await engine.doInpaint({ videoFile: still.subtitled, masks: masks.map((mask) => ({ ...mask, kind: 'text' as const })), outputFile, providerOptions: { opencv: { windowFrames: 10 } } });
    const score = await scoreErasure({ output: outputFile, input: still.subtitled, clean: still.clean, width: still.width, height: still.height, frameRate: still.frameRate, regions: masks });
    console.info(`[still camera] ${JSON.stringify(score)} ${JSON.stringify(result.stats)}`);
    expect(score.outsidePsnr, JSON.stringify(score)).toBeGreaterThanOrEqual(45);
    // The whole box is the real background (the clean clip's, to within the codec), on every frame.
    expect(score.regionPsnr, JSON.stringify(score)).toBeGreaterThanOrEqual(35);
    expect(result.stats!.pixelsInpainted / result.stats!.pixelsMasked, 'almost nothing invented').toBeLessThan(0.02);
    expect(result.stats!.pixelsFromScene).toBeGreaterThan(0);
  }, 180_000);

  it('a line that never leaves a picture that changes every frame: filled with the picture’s grain, not a flat band', async () => {
    // Film grain that changes every frame over a still gradient: no other frame shows the background (the grain differs), and the line is always there.
    const grainy = path.join(dir, 'grain.mp4');
    await runFfmpeg([
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'gradients=s=640x360:n=4:seed=3:speed=0.00001:r=25',
      '-vf', `noise=alls=28:allf=t+u,drawtext=fontfile=${SUBTITLE_FONT}:text='这一行字从来不会离开':fontsize=26:fontcolor=white:borderw=2:bordercolor=black:x=(w-text_w)/2:y=300`,
      '-t', '2', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '14', '-pix_fmt', 'yuv420p', grainy,
    ]);
    const box = { x: 180, y: 292, width: 280, height: 44 };
    const outputFile = path.join(dir, 'grain-erased.mp4');
    // `inpaint`: what no frame shows, alone (in `best` the grain's neighbours pass the ring check and are used).
    const result = await engine.doInpaint({ videoFile: grainy, masks: [{ box, startSeconds: 0, endSeconds: 2, kind: 'area' }], outputFile, fill: 'inpaint' });
    // The fine detail (a pixel minus its 5 × 5 mean) inside the box against a band of the same size just above it, on a middle frame.
    const frame = path.join(dir, 'grain-frame.gray');
    await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-ss', '1', '-i', outputFile, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', frame]);
    const luma = new Uint8Array(await readFile(frame));
    const detailRms = (x0: number, y0: number, width: number, height: number) => {
      let sum = 0;
      let count = 0;
      for (let y = y0 + 2; y < y0 + height - 2; y++) {
        for (let x = x0 + 2; x < x0 + width - 2; x++) {
          let mean = 0;
          for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) mean += luma[(y + dy) * 640 + x + dx]!;
          sum += (luma[y * 640 + x]! - mean / 25) ** 2;
          count++;
        }
      }
      return Math.sqrt(sum / count);
    };
    const inside = detailRms(box.x + 4, box.y + 4, box.width - 8, box.height - 8);
    const around = detailRms(box.x, box.y - box.height - 8, box.width, box.height);
    console.info(`[grain] detail RMS inside ${inside.toFixed(2)}, above ${around.toFixed(2)}; ${JSON.stringify(result.stats)}`);
    expect(result.stats!.pixelsInpainted / result.stats!.pixelsMasked).toBeGreaterThan(0.9);
    expect(inside / around, `detail inside ${inside.toFixed(2)} against ${around.toFixed(2)} around`).toBeGreaterThan(0.6);
    expect(inside / around, 'no grainier than the picture').toBeLessThan(1.5);
  }, 180_000);

  it('what no frame shows (a still picture, a line that never leaves): patches carry a diagonal edge and the texture through the box, closer to the truth than inpainting', async () => {
    // A still picture: a diagonal edge between two textured areas; the line is on screen from start to end.
    const picture = "geq=lum='if(gt(Y,0.45*X+60),185,70)+18*sin(X/2.5)*sin(Y/3.5)':cb=128:cr=128";
    const clean = path.join(dir, 'edge-clean.mp4');
    const lined = path.join(dir, 'edge-line.mp4');
    const box = { x: 140, y: 150, width: 360, height: 50 };
    for (const [file, text] of [[clean, ''], [lined, `,drawtext=fontfile=${SUBTITLE_FONT}:text='这一行字从来不会离开':fontsize=34:fontcolor=white:borderw=3:bordercolor=black:x=(w-text_w)/2:y=158`]] as const) {
      await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=gray:s=640x360:r=25', '-vf', `format=yuv444p,${picture}${text},format=yuv420p`, '-t', '1.2', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '14', file]);
    }
    const masks = [{ box, startSeconds: 0, endSeconds: 1.2, kind: 'area' as const }];
    /** A middle frame's luma. */
    const lumaOf = async (file: string) => {
      const raw = path.join(dir, `${path.basename(file)}.gray`);
      await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-ss', '0.6', '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', raw]);
      return new Uint8Array(await readFile(raw));
    };
    const truth = await lumaOf(clean);
    /** Structure: mean absolute error of the box's 10 × 10 block means against the truth (where the edge runs; the texture's phase left out). */
    const structureError = (luma: Uint8Array) => {
      let sum = 0;
      let count = 0;
      for (let y = box.y; y + 10 <= box.y + box.height; y += 10) {
        for (let x = box.x; x + 10 <= box.x + box.width; x += 10) {
          let difference = 0;
          for (let dy = 0; dy < 10; dy++) for (let dx = 0; dx < 10; dx++) difference += luma[(y + dy) * 640 + x + dx]! - truth[(y + dy) * 640 + x + dx]!;
          sum += Math.abs(difference / 100);
          count++;
        }
      }
      return sum / count;
    };
    const scores: Record<string, { structure: number; detail: number }> = {};
    for (const fill of ['best', 'inpaint'] as const) {
      const outputFile = path.join(dir, `edge-${fill}.mp4`);
      const result = await engine.doInpaint({ videoFile: lined, masks, outputFile, fill });
      const score = await scoreErasure({ output: outputFile, input: lined, clean, width: 640, height: 360, frameRate: 25, regions: masks });
      scores[fill] = { structure: structureError(await lumaOf(outputFile)), detail: score.detailRatio! / score.cleanDetailRatio! };
      console.info(`[edge, ${fill}] ${JSON.stringify(scores[fill])} ${JSON.stringify(score)} ${JSON.stringify(result.stats)}`);
      expect(score.outsidePsnr).toBeGreaterThanOrEqual(45);
    }
    // The edge continued (block means nearer the truth: 12.9 against TELEA's 14.7 when written; a staircase, not yet the
    // straight line) and the texture kept (TELEA: about half of it).
    expect(scores.best!.structure, JSON.stringify(scores)).toBeLessThan(scores.inpaint!.structure * 0.95);
    expect(scores.best!.detail, JSON.stringify(scores)).toBeGreaterThan(0.8);
    expect(scores.inpaint!.detail, JSON.stringify(scores)).toBeLessThan(0.6);
  }, 300_000);

  it('a static logo over the whole video (one area region): the panned background comes back from other frames', async () => {
    const logoVideo = path.join(dir, 'logo.mp4');
    const box = { x: 12, y: 10, width: 120, height: 46 };
    await runFfmpeg([
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', clip.clean,
      '-vf', `drawbox=x=16:y=14:w=112:h=38:color=0x1f6feb@0.85:t=fill,drawtext=fontfile=${SUBTITLE_FONT}:text=VOXTV:fontsize=28:fontcolor=white:x=24:y=20`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '16', '-c:a', 'copy', logoVideo,
    ]);
    const outputFile = path.join(dir, 'no-logo.mp4');
    const result = await engine.doInpaint({ videoFile: logoVideo, masks: [{ box, startSeconds: 0, endSeconds: 4 }], outputFile });
    const score = await scoreErasure({ output: outputFile, input: logoVideo, clean: clip.clean, width: clip.width, height: clip.height, frameRate: clip.frameRate, regions: [{ box, startSeconds: 0, endSeconds: 4 }] });
    console.info(`[logo] ${JSON.stringify(score)} ${JSON.stringify(result.stats)}`);
    expect(score.outsidePsnr).toBeGreaterThanOrEqual(45);
    expect(score.regionPsnr, JSON.stringify(score)).toBeGreaterThan(score.textPsnrBefore + 10);
    expect(result.stats!.pixelsFromNeighbours / result.stats!.pixelsMasked).toBeGreaterThan(0.5);
  }, 120_000);
});
