import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, ImageData } from '@napi-rs/canvas';
import { probeMedia, rawVideoFramesArgs, readRawVideoFrames } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Animator } from '../capabilities/animator.ts';
import type { WordTiming } from '../capabilities/speech-synthesizer.ts';
import { createFlite } from '../flite/flite-speech-synthesizer.ts';
import { createPpocr } from '../ppocr/ppocr-text-detector.ts';
import { makeTestVideo } from '../testing/generated-media.ts';
import { captionSchedule, captionsToVtt, joinWords, wrapWords } from './caption-schedule.ts';
import { composeVideo, layoutSize, type ComposeResult } from './compositor.ts';
import { createIllustratedAvatarAnimator } from './illustrated/illustrated-avatar-animator.ts';

const word = (text: string, startSeconds: number, endSeconds: number): WordTiming => ({ text, startSeconds, endSeconds, charStart: 0, charEnd: text.length });

describe('caption schedule', () => {
  it('groups words into short cues shown from the first word’s start to the last word’s end', () => {
    const words = [word('Hello', 0.2, 0.5), word('there!', 0.55, 0.9), word('This', 1.0, 1.2), word('is', 1.25, 1.35), word('a', 1.4, 1.45), word('test', 1.5, 1.9), word('after', 3.0, 3.3), word('a', 3.35, 3.4), word('pause.', 3.45, 3.9)];
    const cues = captionSchedule(words, { maxWidthEm: 16, maxLines: 2 });
    expect(cues.map((cue) => [cue.text, cue.startSeconds, cue.endSeconds])).toEqual([
      ['Hello there!', 0.2, 0.9],
      ['This is a test', 1.0, 1.9],
      ['after a pause.', 3.0, 3.9],
    ]);
    expect(captionsToVtt(cues)).toContain('00:00:01.000 --> 00:00:01.900\nThis is a test');
  });

  it('joins Chinese without spaces and wraps it within the width', () => {
    expect(joinWords(['你好', '，', '世界', 'AI', '视频'])).toBe('你好，世界 AI 视频');
    const text = '今天我们一起来看看如何用人工智能制作一段精彩的视频';
    const words = [...text].map((character, index) => word(character, index * 0.2, index * 0.2 + 0.18));
    const cues = captionSchedule(words, { maxWidthEm: 8, maxLines: 2, maxSeconds: 10 });
    for (const cue of cues) for (const line of cue.text.split('\n')) expect([...line].length).toBeLessThanOrEqual(8);
    expect(cues.map((cue) => cue.text.replace(/\n/g, '')).join('')).toBe(text);
    // Lines break between words, never before punctuation.
    expect(wrapWords(['大家好', '，', '欢迎', '使用', '我们的', 'AI', '视频工具'], 9)).toBe('大家好，欢迎使用\n我们的 AI 视频工具');
  });

  it('sizes layouts by their short side', () => {
    expect(layoutSize('16:9', 1080)).toEqual({ width: 1920, height: 1080 });
    expect(layoutSize('9:16', 1080)).toEqual({ width: 1080, height: 1920 });
    expect(layoutSize('1:1', 512)).toEqual({ width: 512, height: 512 });
    expect(layoutSize('16:9', 512)).toEqual({ width: 910, height: 512 });
  });
});

const SCENE_TEXTS = [
  'Welcome to Voxwork. In this short video, we will show you how to turn a written script into a friendly presenter. Pick an avatar you like, choose a voice, and type what it should say. The avatar reads it out for you, word by word.',
  'Next, choose a background for every scene. It can be a colour, a picture, or a video you uploaded. Add a title and your logo, check the preview, and render the whole video. That is all it takes to make your first video.',
];

/** A `frames × bytes` decode of `file` (rgb24), calling `visit` for each frame. */
async function eachFrame(file: string, width: number, height: number, visit: (pixels: Uint8Array, index: number) => void | Promise<void>, crop?: { x: number; y: number; width: number; height: number }) {
  const size = crop ?? { x: 0, y: 0, width, height };
  let index = 0;
  for await (const pixels of readRawVideoFrames(rawVideoFramesArgs({ input: file, ...(crop ? { crop } : {}) }), size.width * size.height * 3)) await visit(pixels, index++);
}

const normalise = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
/** Share of a line's words the OCR read. */
const wordsFound = (line: string, read: string) => {
  const words = normalise(line).split(' ').filter((entry) => entry.length > 1);
  const seen = ` ${normalise(read)} `;
  return words.length === 0 ? 0 : words.filter((entry) => seen.includes(entry)).length / words.length;
};
/** Whether the OCR read the cue: most words of one of its lines (a line over busy video is sometimes missed). */
const cueRead = (cueText: string, read: string) => cueText.split('\n').some((line) => wordsFound(line, read) >= 0.7);

describe('composeVideo', () => {
  let dir: string;
  let result: ComposeResult;
  let scenes: Array<{ audioFile: string; words: WordTiming[] }>;
  const outputFile = () => path.join(dir, 'two-scenes.mp4');
  const logoColor = [230, 40, 60];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'compositor-'));
    const flite = createFlite();
    scenes = [];
    for (const [index, text] of SCENE_TEXTS.entries()) {
      const audioFile = path.join(dir, `scene-${index}.wav`);
      const spoken = await flite.doSynthesize({ text, voice: index === 0 ? 'slt' : 'rms', outputFile: audioFile });
      scenes.push({ audioFile, words: spoken.words });
    }
    const logo = createCanvas(120, 60);
    const ctx = logo.getContext('2d');
    ctx.fillStyle = `rgb(${logoColor.join(',')})`;
    ctx.fillRect(0, 0, 120, 60);
    await writeFile(path.join(dir, 'logo.png'), await logo.encode('png'));
    const background = await makeTestVideo(dir, 'background.mp4', 3, { width: 320, height: 240 });
    const engine = createIllustratedAvatarAnimator();
    result = await composeVideo({
      layout: '16:9',
      resolution: 512,
      outputFile: outputFile(),
      scenes: [
        {
          background: { kind: 'color', color: '#e4ecf7' },
          subject: { animator: engine, source: { avatarId: 'ava', expression: 'happy' }, placement: { x: 0.3, bottom: 1, height: 0.9 } },
          audioFile: scenes[0]!.audioFile,
          words: scenes[0]!.words,
          texts: [{ text: 'Voxwork 演示', x: 0.72, y: 0.3, color: '#1d2b4f', fontSize: 0.08 }],
          logo: { file: path.join(dir, 'logo.png'), x: 0.84, y: 0.04, width: 0.12 },
        },
        {
          background: { kind: 'video', file: background },
          subject: { animator: engine, source: { avatarId: 'omar' } },
          audioFile: scenes[1]!.audioFile,
          words: scenes[1]!.words,
        },
      ],
    });
    console.info(`[compositor] ${result.width}×${result.height}, ${result.frameCount} frames (${result.durationSeconds.toFixed(2)} s) in ${(result.timings.totalMs / 1000).toFixed(1)} s: ${result.timings.framesPerSecond.toFixed(1)} fps, ${result.captions.length} captions`);
  }, 180_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('renders two scenes with the speech of both, the size and length asked', async () => {
    const info = await probeMedia(outputFile());
    const speech = await Promise.all(scenes.map((scene) => probeMedia(scene.audioFile)));
    const total = speech.reduce((sum, entry) => sum + (entry.durationSeconds ?? 0), 0);
    console.info(`[compositor] speech ${total.toFixed(2)} s, video ${info.durationSeconds?.toFixed(2)} s`);
    expect(total).toBeGreaterThan(20);
    expect({ width: info.video?.width, height: info.video?.height, video: info.video?.codec, audio: info.audio?.codec }).toEqual({ width: 910, height: 512, video: 'h264', audio: 'aac' });
    expect(Math.abs((info.durationSeconds ?? 0) - total)).toBeLessThan(0.1);
    expect(result.scenes).toHaveLength(2);
    expect(Math.abs(result.scenes[1]!.startSeconds - (speech[0]!.durationSeconds ?? 0))).toBeLessThan(0.05);
  });

  it('shows the logo, the text and the video background where they belong', async () => {
    const { width, height } = result;
    const samples: Record<string, number[][]> = { logo: [], backgroundFirst: [], backgroundSecond: [] };
    const second = result.scenes[1]!;
    const firstFrame = Math.round((second.startSeconds + 0.5) * 25);
    const at = (pixels: Uint8Array, x: number, y: number) => [...pixels.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)];
    await eachFrame(outputFile(), width, height, (pixels, index) => {
      if (index === 25) samples.logo!.push(at(pixels, Math.round(width * 0.9), Math.round(height * 0.07)), at(pixels, 20, 20));
      if (index === firstFrame) samples.backgroundFirst!.push(at(pixels, 20, 20), at(pixels, width - 20, 20));
      if (index === firstFrame + 12) samples.backgroundSecond!.push(at(pixels, 20, 20), at(pixels, width - 20, 20));
    });
    const [logo, plain] = samples.logo!;
    console.info(`[compositor] logo pixel ${logo}, plain background ${plain}; video background ${samples.backgroundFirst} → ${samples.backgroundSecond}`);
    for (let channel = 0; channel < 3; channel++) expect(Math.abs(logo![channel]! - logoColor[channel]!)).toBeLessThan(30);
    expect(Math.abs(plain![0]! - 0xe4)).toBeLessThan(10);
    // The test video's colour bars: not the first scene's colour, and differing left to right.
    const [left, right] = samples.backgroundFirst!;
    expect(left!.some((value, channel) => Math.abs(value - plain![channel]!) > 40) || right!.some((value, channel) => Math.abs(value - plain![channel]!) > 40)).toBe(true);
    expect(left!.some((value, channel) => Math.abs(value - right![channel]!) > 40)).toBe(true);
  });

  it('shows each caption from its first word’s start to its last word’s end (OCR, ±0.1 s)', async () => {
    const { width, height, frameRate } = result;
    expect(result.captions.length).toBeGreaterThanOrEqual(6);
    // The caption band: the lower third, where the captions are drawn (even numbers: the decoder crops the yuv420p picture by two).
    const even = (value: number) => Math.round(value / 2) * 2;
    const band = { x: even(width * 0.06), y: even(height * 0.66), width: even(width * 0.88), height: even(height * 0.3) };
    const windows = result.captions.flatMap((cue, index) => [
      { cue: index, edge: 'start' as const, time: cue.startSeconds },
      { cue: index, edge: 'end' as const, time: cue.endSeconds },
    ]);
    // Every frame within 0.1 s of a boundary (25 fps around it), as PNGs of the band.
    const reach = 0.101;
    const near = (frame: number) => windows.filter((window) => Math.abs(frame / frameRate - window.time) <= reach);
    const pictures = new Map<number, string>();
    const canvas = createCanvas(band.width, band.height);
    const ctx = canvas.getContext('2d');
    await eachFrame(
      outputFile(),
      width,
      height,
      async (pixels, index) => {
        if (near(index).length === 0) return;
        const rgba = new Uint8ClampedArray(band.width * band.height * 4);
        for (let pixel = 0; pixel < band.width * band.height; pixel++) {
          rgba[pixel * 4] = pixels[pixel * 3]!;
          rgba[pixel * 4 + 1] = pixels[pixel * 3 + 1]!;
          rgba[pixel * 4 + 2] = pixels[pixel * 3 + 2]!;
          rgba[pixel * 4 + 3] = 255;
        }
        ctx.putImageData(new ImageData(rgba, band.width, band.height), 0, 0);
        const file = path.join(dir, `band-${index}.png`);
        await writeFile(file, await canvas.encode('png'));
        pictures.set(index, file);
      },
      band,
    );
    const ocr = createPpocr();
    const read = new Map<number, string>();
    const started = performance.now();
    for (const [index, file] of pictures) {
      const found = await ocr.doDetect({ input: { frames: [{ imageFile: file, timeSeconds: index / frameRate }] }, mode: 'all-text', languages: ['en'] });
      read.set(index, found.boxes.map((box) => box.text).join(' '));
    }
    console.info(`[compositor] OCR of ${pictures.size} frames around ${windows.length} caption boundaries in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const errors: number[] = [];
    for (const window of windows) {
      const cue = result.captions[window.cue]!;
      const frames = [...pictures.keys()].filter((index) => Math.abs(index / frameRate - window.time) <= reach).sort((a, b) => a - b);
      const shown = frames.map((index) => cueRead(cue.text, read.get(index) ?? ''));
      // The boundary seen: the first frame showing the cue after one that did not (start), or the first not showing it after one that did (end).
      let seen: number | undefined;
      if (window.edge === 'start') seen = frames.find((_, position) => shown[position] && position > 0 && !shown[position - 1]);
      else {
        const position = shown.findIndex((on, at) => !on && at > 0 && shown[at - 1]);
        seen = position >= 0 ? frames[position] : undefined;
      }
      const label = `${window.edge} of "${cue.text.replace(/\n/g, ' ')}" at ${window.time.toFixed(2)} s; read ${frames.map((index) => `${(index / frameRate).toFixed(2)}:${shown[frames.indexOf(index)] ? 'on' : 'off'} (${read.get(index)})`).join(' ')}`;
      expect(seen, label).toBeDefined();
      const error = seen! / frameRate - window.time;
      errors.push(Math.abs(error));
      expect(Math.abs(error), label).toBeLessThanOrEqual(0.1);
    }
    console.info(`[compositor] caption boundaries vs word timings: ${windows.length} checked, largest error ${(Math.max(...errors) * 1000).toFixed(0)} ms, mean ${((errors.reduce((a, b) => a + b, 0) / errors.length) * 1000).toFixed(0)} ms`);
  }, 180_000);

  it('draws Chinese captions (OCR) over an image background, cover-fitted', async () => {
    const picture = createCanvas(400, 100);
    const ctx = picture.getContext('2d');
    ctx.fillStyle = '#3060c0';
    ctx.fillRect(0, 0, 400, 100);
    ctx.fillStyle = '#f0c020';
    ctx.fillRect(150, 0, 100, 100);
    await writeFile(path.join(dir, 'picture.png'), await picture.encode('png'));
    const text = ['大家好', '，', '欢迎', '使用', '我们的', '视频', '工具', '。'];
    const words = text.map((entry, index) => word(entry, 0.2 + index * 0.3, 0.45 + index * 0.3));
    const file = path.join(dir, 'chinese.mp4');
    const composed = await composeVideo({ layout: '1:1', resolution: 480, previewSeconds: 3, outputFile: file, scenes: [{ background: { kind: 'image', file: path.join(dir, 'picture.png') }, audioFile: scenes[0]!.audioFile, words }] });
    expect(composed.captions).toHaveLength(1);
    const cue = composed.captions[0]!;
    // The middle of the frame: the picture's yellow centre, scaled up to cover the square.
    let centre: number[] = [];
    const still = path.join(dir, 'chinese.png');
    const frame = Math.round(((cue.startSeconds + cue.endSeconds) / 2) * 25);
    const canvas = createCanvas(480, 480);
    await eachFrame(file, 480, 480, async (pixels, index) => {
      if (index === 10) centre = [...pixels.subarray((240 * 480 + 240) * 3, (240 * 480 + 240) * 3 + 3)];
      if (index !== frame) return;
      const rgba = new Uint8ClampedArray(480 * 480 * 4);
      for (let pixel = 0; pixel < 480 * 480; pixel++) {
        rgba.set(pixels.subarray(pixel * 3, pixel * 3 + 3), pixel * 4);
        rgba[pixel * 4 + 3] = 255;
      }
      canvas.getContext('2d').putImageData(new ImageData(rgba, 480, 480), 0, 0);
      await writeFile(still, await canvas.encode('png'));
    });
    expect(centre[0]).toBeGreaterThan(200);
    expect(centre[2]).toBeLessThan(80);
    const read = await createPpocr().doDetect({ input: { frames: [{ imageFile: still, timeSeconds: 0 }] }, mode: 'all-text', languages: ['zh'] });
    const seen = read.boxes.map((box) => box.text).join('');
    console.info(`[compositor] Chinese caption "${cue.text.replace(/\n/g, ' / ')}" read as "${seen}"`);
    const characters = [...cue.text.replace(/[\s，。]/g, '')];
    expect(characters.filter((character) => seen.includes(character)).length / characters.length).toBeGreaterThan(0.8);
  }, 60_000);

  it('covers the box with a subject of another size than asked (never stretched or letterboxed)', async () => {
    const frameWidth = 100;
    const frameHeight = 50;
    const solid = new Uint8Array(frameWidth * frameHeight * 4);
    for (let pixel = 0; pixel < frameWidth * frameHeight; pixel++) solid.set(pixel % frameWidth < 50 ? [220, 30, 30, 255] : [30, 30, 220, 255], pixel * 4);
    const odd: Animator = {
      specificationVersion: 'v1',
      engineId: 'acme:odd',
      doAnimate: () => Promise.reject(new Error('frames only')),
      doAnimateFrames: async () => ({
        width: frameWidth,
        height: frameHeight,
        frameRate: 25,
        frameCount: 25,
        warnings: [{ type: 'approximated-option', option: 'width', details: '100' }],
        frames: (async function* () {
          for (let frame = 0; frame < 25; frame++) yield solid;
        })(),
      }),
    };
    const file = path.join(dir, 'odd.mp4');
    const composed = await composeVideo({ layout: '9:16', resolution: 128, previewSeconds: 1, outputFile: file, scenes: [{ background: { kind: 'color', color: '#00ff00' }, subject: { animator: odd, source: { imageFile: 'photo.png' }, placement: 'fill' }, audioFile: scenes[0]!.audioFile }] });
    expect(composed.warnings.some((warning) => 'option' in warning && warning.option === 'width')).toBe(true);
    let corners: number[][] = [];
    await eachFrame(file, composed.width, composed.height, (pixels, index) => {
      if (index !== 5) return;
      const at = (x: number, y: number) => [...pixels.subarray((y * composed.width + x) * 3, (y * composed.width + x) * 3 + 3)];
      corners = [at(2, 2), at(composed.width - 3, composed.height - 3)];
    });
    // Cover-fitted: the left half of the frames (red) fills the left edge, the right half (blue) the right; no green shows.
    expect(corners[0]![0]).toBeGreaterThan(150);
    expect(corners[1]![2]).toBeGreaterThan(150);
    for (const corner of corners) expect(corner[1]).toBeLessThan(100);
  });

  it('renders a 5-second preview, also from an animator without a frame stream (its MP4 decoded)', async () => {
    const engine = createIllustratedAvatarAnimator();
    const remoteLike: Animator = { specificationVersion: 'v1', engineId: 'acme:avatar', doAnimate: (options) => engine.doAnimate(options) };
    const previewFile = path.join(dir, 'preview.mp4');
    const preview = await composeVideo({
      layout: '9:16',
      resolution: 256,
      previewSeconds: 5,
      outputFile: previewFile,
      scenes: [{ background: { kind: 'color', color: '#203040' }, subject: { animator: remoteLike, source: { avatarId: 'mei' }, placement: 'fill' }, audioFile: scenes[0]!.audioFile, words: scenes[0]!.words }],
    });
    const info = await probeMedia(previewFile);
    console.info(`[compositor] preview ${info.durationSeconds?.toFixed(2)} s, ${preview.frameCount} frames, ${preview.captions.length} captions, ${preview.timings.framesPerSecond.toFixed(1)} fps`);
    expect(Math.abs((info.durationSeconds ?? 0) - 5)).toBeLessThan(0.1);
    expect({ width: info.video?.width, height: info.video?.height }).toEqual({ width: 256, height: 456 });
    expect(preview.captions.every((cue) => cue.endSeconds <= 5)).toBe(true);
  }, 60_000);
});
