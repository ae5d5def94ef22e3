/**
 * The avatar video compositor: scenes one after another, each a background (a colour, an image
 * cover-fitted, or a video cover-fitted and looped or cut, decoded as a stream), a speaking subject
 * (any Animator's frames: `doAnimateFrames`, or its MP4 decoded), captions from the speech's word
 * timings, text and logo overlays — drawn with Skia frame by frame and streamed into ffmpeg (H.264 +
 * AAC), the scenes' speech in order as the sound. Only a few frames are in memory at any time.
 * `previewSeconds` renders the beginning only (the tool's 5-second preview).
 * See docs/decisions/035-illustrated-avatars-and-compositor.md.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createCanvas, GlobalFonts, ImageData, loadImage, type Canvas, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import { pipeIntoMediaTool, probeMedia, readRawVideoFrames, runFfmpeg, withWorkDir } from '@voxwork/media';
import type { AnimationSource, Animator } from '../capabilities/animator.ts';
import type { EngineWarning } from '../capabilities/engine-common.ts';
import type { WordTiming } from '../capabilities/speech-synthesizer.ts';
import { captionSchedule, type CaptionCue } from './caption-schedule.ts';
import { concatSceneAudioArgs, concatScenesArgs, encodeSceneArgs, rgbaVideoFramesArgs } from './frame-encoding.ts';

export type VideoLayout = '16:9' | '9:16' | '1:1';

/** The frame's size: `resolution` is the short side (1080 → 1920×1080, 1080×1920, 1080×1080), even numbers. */
export function layoutSize(layout: VideoLayout, resolution: number): { width: number; height: number } {
  const short = Math.max(2, Math.round(resolution / 2) * 2);
  const long = Math.round((short * 16) / 9 / 2) * 2;
  if (layout === '16:9') return { width: long, height: short };
  if (layout === '9:16') return { width: short, height: long };
  return { width: short, height: short };
}

export type SceneBackground =
  | { kind: 'color'; color: string }
  | { kind: 'image'; file: string }
  /** `loop` (default) repeats a short video; `cut` holds its last frame once it ends. */
  | { kind: 'video'; file: string; fit?: 'loop' | 'cut' };

/** Where the subject sits: its centre `x` and bottom edge `bottom` (0–1 of the frame), its `height` (share of the frame's height); `fill` covers the frame. */
export type SubjectPlacement = { x: number; bottom: number; height: number } | 'fill';

export interface SceneSubject {
  animator: Animator;
  source: AnimationSource;
  placement?: SubjectPlacement;
  language?: string;
  providerOptions?: Record<string, Record<string, unknown>>;
}

export interface CaptionStyle {
  /** Font size, share of the frame's short side (default 0.055). */
  fontSize?: number;
  color?: string;
  /** A box behind the lines (CSS colour, default translucent black); `null` for none. */
  box?: string | null;
  /** An outline around the letters. */
  outline?: { color: string; width: number } | null;
  position?: 'bottom' | 'middle' | 'top';
  /** Share of the frame's width a line may take (default 0.84). */
  maxWidth?: number;
  maxLines?: number;
}

export interface TextOverlay {
  text: string;
  /** The text's centre, 0–1 of the frame. */
  x: number;
  y: number;
  /** Font size, share of the frame's short side (default 0.06). */
  fontSize?: number;
  color?: string;
  box?: string | null;
  bold?: boolean;
  /** Shown from/to (seconds into the scene; default the whole scene). */
  startSeconds?: number;
  endSeconds?: number;
}

export interface LogoOverlay {
  file: string;
  /** The logo's top-left corner, 0–1 of the frame. */
  x: number;
  y: number;
  /** Its width, share of the frame's width (the height keeps the image's aspect). */
  width: number;
  opacity?: number;
}

export interface CompositorScene {
  background: SceneBackground;
  subject?: SceneSubject;
  /** The scene's speech; the scene lasts as long as it (or `durationSeconds`). */
  audioFile: string;
  words?: WordTiming[];
  durationSeconds?: number;
  /** Captions from the words (default true when there are words). */
  captions?: boolean;
  texts?: TextOverlay[];
  logo?: LogoOverlay;
}

export interface ComposeOptions {
  scenes: CompositorScene[];
  layout: VideoLayout;
  /** The frame's short side in pixels (default 1080). */
  resolution?: number;
  frameRate?: number;
  captionStyle?: CaptionStyle;
  /** Render only the first seconds (the preview). */
  previewSeconds?: number;
  outputFile: string;
  crf?: number;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}

export interface ComposedCaption extends CaptionCue {
  sceneIndex: number;
}

export interface ComposeResult {
  file: string;
  width: number;
  height: number;
  frameRate: number;
  frameCount: number;
  durationSeconds: number;
  /** Where each scene starts in the video and how long it lasts (all of them, also past a preview's end). */
  scenes: Array<{ startSeconds: number; durationSeconds: number }>;
  /** The captions as shown, in the video's time (for tests and a VTT file). */
  captions: ComposedCaption[];
  warnings: EngineWarning[];
  timings: { totalMs: number; framesPerSecond: number };
}

export const CAPTION_FONT_FAMILY = 'WenQuanYi Zen Hei';
let fontRegistered = false;

/** Registers the caption font (WenQuanYi Zen Hei: Latin and Chinese) once; false when it is not installed. */
export function registerCaptionFont(): boolean {
  if (fontRegistered) return true;
  // Debian's fonts-wqy-zenhei (what `fc-match 'WenQuanYi Zen Hei'` finds), or a file named in VOXWORK_CAPTION_FONT.
  const candidates = [process.env.VOXWORK_CAPTION_FONT, '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', '/usr/share/fonts/wqy-zenhei/wqy-zenhei.ttc', '/usr/share/fonts/truetype/wqy-zenhei/wqy-zenhei.ttc'];
  for (const file of candidates) {
    if (file && existsSync(file) && GlobalFonts.registerFromPath(file, CAPTION_FONT_FAMILY)) {
      fontRegistered = true;
      return true;
    }
  }
  return false;
}

const fontString = (pixels: number, bold = false) => `${bold ? 'bold ' : ''}${Math.round(pixels)}px "${CAPTION_FONT_FAMILY}", sans-serif`;

/** Scene layout in frames. */
interface ScenePlan {
  scene: CompositorScene;
  startFrame: number;
  frameCount: number;
  durationSeconds: number;
  cues: ComposedCaption[];
}

/** Renders the scenes into one MP4. */
export async function composeVideo(options: ComposeOptions): Promise<ComposeResult> {
  const startedAt = performance.now();
  if (options.scenes.length === 0) throw new RangeError('a video needs at least one scene');
  const frameRate = options.frameRate ?? 25;
  const { width, height } = layoutSize(options.layout, options.resolution ?? 1080);
  const short = Math.min(width, height);
  const warnings: EngineWarning[] = [];
  if (!registerCaptionFont()) warnings.push({ type: 'other', message: `the caption font (${CAPTION_FONT_FAMILY}) is not installed: a fallback font draws the captions` });
  const style = {
    fontSize: (options.captionStyle?.fontSize ?? 0.055) * short,
    color: options.captionStyle?.color ?? '#ffffff',
    box: options.captionStyle?.box === undefined ? 'rgba(0, 0, 0, 0.7)' : options.captionStyle.box,
    outline: options.captionStyle?.outline ?? null,
    position: options.captionStyle?.position ?? 'bottom',
    maxWidth: options.captionStyle?.maxWidth ?? 0.84,
    maxLines: options.captionStyle?.maxLines ?? 2,
  };

  // Scenes: lengths from their speech, captions in the video's time.
  const plans: ScenePlan[] = [];
  let startFrame = 0;
  for (const [sceneIndex, scene] of options.scenes.entries()) {
    const duration = scene.durationSeconds ?? (await probeMedia(scene.audioFile, { signal: options.signal, timeoutMs: 60_000 })).durationSeconds ?? 0;
    const frameCount = Math.max(1, Math.round(duration * frameRate));
    const offset = startFrame / frameRate;
    const showCaptions = scene.captions ?? true;
    const cues =
      showCaptions && scene.words?.length
        ? captionSchedule(scene.words, { maxWidthEm: (width * style.maxWidth) / style.fontSize, maxLines: style.maxLines }).map((cue) => ({
            ...cue,
            startSeconds: Math.min(offset + cue.startSeconds, offset + frameCount / frameRate),
            endSeconds: Math.min(offset + cue.endSeconds, offset + frameCount / frameRate),
            sceneIndex,
          }))
        : [];
    plans.push({ scene, startFrame, frameCount, durationSeconds: frameCount / frameRate, cues });
    startFrame += frameCount;
  }
  const totalFrames = options.previewSeconds !== undefined ? Math.max(1, Math.min(startFrame, Math.round(options.previewSeconds * frameRate))) : startFrame;
  const durationSeconds = totalFrames / frameRate;
  const captions = plans.flatMap((plan) => plan.cues).filter((cue) => cue.startSeconds < durationSeconds).map((cue) => ({ ...cue, endSeconds: Math.min(cue.endSeconds, durationSeconds) }));

  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  let reported = -1;
  let written = 0;
  const progress = () => {
    written++;
    const percent = Math.floor((100 * written) / totalFrames);
    if (options.onProgress && percent > reported) options.onProgress((reported = percent));
  };

  async function* sceneFrames(plan: ScenePlan, count: number): AsyncGenerator<Uint8Array> {
    const layers = await sceneLayers(plan, { width, height, frameRate, signal: options.signal, warnings });
    try {
      for (let frame = 0; frame < count; frame++) {
        if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
        const time = (plan.startFrame + frame) / frameRate;
        layers.background(ctx);
        await layers.subject(ctx);
        layers.overlays(ctx, frame / frameRate);
        drawCaption(ctx, captions, time, frameRate, { width, height }, style);
        const image = ctx.getImageData(0, 0, width, height);
        yield new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
        progress();
      }
    } finally {
      await layers.close();
    }
  }

  // Each scene is encoded on its own (over its background video, when it has one: ffmpeg decodes
  // and lays our transparent frames over it), then the scenes are joined, copied, with the sound.
  await withWorkDir('compose', async (_dir, file) => {
    const audioFile = file('speech.wav');
    await runFfmpeg(concatSceneAudioArgs(plans.map((plan) => ({ audioFile: plan.scene.audioFile, durationSeconds: plan.durationSeconds })), audioFile), { signal: options.signal });
    const segments: string[] = [];
    for (const [index, plan] of plans.entries()) {
      if (plan.startFrame >= totalFrames) break;
      const count = Math.min(plan.frameCount, totalFrames - plan.startFrame);
      const backdrop = plan.scene.background;
      const segment = file(`scene-${index}.mp4`);
      const args = encodeSceneArgs({
        width,
        height,
        frameRate,
        frameCount: count,
        background: backdrop.kind === 'video' ? { file: backdrop.file, loop: (backdrop.fit ?? 'loop') === 'loop' } : undefined,
        output: segment,
        ...(options.crf !== undefined ? { crf: options.crf } : {}),
      });
      await pipeIntoMediaTool('ffmpeg', args, sceneFrames(plan, count), { signal: options.signal });
      segments.push(segment);
    }
    const listFile = file('scenes.txt');
    await writeFile(listFile, segments.map((segment) => `file '${segment.replace(/'/g, "'\\''")}'`).join('\n'));
    await runFfmpeg(concatScenesArgs({ listFile, audioFile, durationSeconds, output: options.outputFile }), { signal: options.signal });
  });
  const totalMs = performance.now() - startedAt;
  return {
    file: options.outputFile,
    width,
    height,
    frameRate,
    frameCount: totalFrames,
    durationSeconds,
    scenes: plans.map((plan) => ({ startSeconds: plan.startFrame / frameRate, durationSeconds: plan.durationSeconds })),
    captions,
    warnings,
    timings: { totalMs, framesPerSecond: totalFrames / (totalMs / 1000) },
  };
}

/**
 * The cue shown on the frame at `time`: a cue is on from the frame nearest its first word's start
 * to the frame nearest its last word's end (within half a frame of the word timings).
 */
export function captionOnFrame(cues: readonly CaptionCue[], time: number, frameRate: number): CaptionCue | undefined {
  const frame = Math.round(time * frameRate);
  return cues.find((cue) => frame >= Math.round(cue.startSeconds * frameRate) && frame < Math.round(cue.endSeconds * frameRate));
}

function drawCaption(
  ctx: SKRSContext2D,
  cues: readonly CaptionCue[],
  time: number,
  frameRate: number,
  frame: { width: number; height: number },
  style: { fontSize: number; color: string; box: string | null; outline: { color: string; width: number } | null; position: 'bottom' | 'middle' | 'top' },
): void {
  const cue = captionOnFrame(cues, time, frameRate);
  if (!cue) return;
  const lines = cue.text.split('\n');
  const lineHeight = style.fontSize * 1.3;
  const padX = style.fontSize * 0.5;
  const padY = style.fontSize * 0.25;
  ctx.font = fontString(style.fontSize);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const widest = Math.max(...lines.map((line) => ctx.measureText(line).width));
  const blockHeight = lines.length * lineHeight;
  const margin = frame.height * 0.07;
  const top = style.position === 'top' ? margin : style.position === 'middle' ? (frame.height - blockHeight) / 2 : frame.height - margin - blockHeight;
  if (style.box) {
    ctx.fillStyle = style.box;
    ctx.beginPath();
    ctx.roundRect(frame.width / 2 - widest / 2 - padX, top - padY, widest + 2 * padX, blockHeight + 2 * padY, style.fontSize * 0.3);
    ctx.fill();
  }
  lines.forEach((line, index) => {
    const y = top + lineHeight * (index + 0.5);
    if (style.outline) {
      ctx.strokeStyle = style.outline.color;
      ctx.lineWidth = style.outline.width;
      ctx.lineJoin = 'round';
      ctx.strokeText(line, frame.width / 2, y);
    }
    ctx.fillStyle = style.color;
    ctx.fillText(line, frame.width / 2, y);
  });
}

interface SceneLayers {
  background(ctx: SKRSContext2D): void;
  subject(ctx: SKRSContext2D): Promise<void>;
  overlays(ctx: SKRSContext2D, sceneTime: number): void;
  close(): Promise<void>;
}

/** Draws `image` to cover `width × height` (scaled to fill, centred, cropped). */
function drawCover(ctx: SKRSContext2D, image: Image | Canvas, width: number, height: number): void {
  const scale = Math.max(width / image.width, height / image.height);
  const sourceWidth = width / scale;
  const sourceHeight = height / scale;
  ctx.drawImage(image, (image.width - sourceWidth) / 2, (image.height - sourceHeight) / 2, sourceWidth, sourceHeight, 0, 0, width, height);
}

/** An RGBA frame stream held on its last frame once it ends. */
class HeldFrames {
  #iterator: AsyncIterator<Uint8Array>;
  #last: Uint8Array | undefined;
  #done = false;
  constructor(frames: AsyncIterable<Uint8Array>) {
    this.#iterator = frames[Symbol.asyncIterator]();
  }
  async next(): Promise<Uint8Array | undefined> {
    if (!this.#done) {
      const result = await this.#iterator.next();
      if (result.done) this.#done = true;
      else this.#last = result.value;
    }
    return this.#last;
  }
  async close(): Promise<void> {
    if (!this.#done) {
      this.#done = true;
      await this.#iterator.return?.();
    }
  }
}

function putFrame(ctx: SKRSContext2D, pixels: Uint8Array, width: number, height: number): void {
  ctx.putImageData(new ImageData(new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, width * height * 4), width, height), 0, 0);
}

async function sceneLayers(
  plan: ScenePlan,
  context: { width: number; height: number; frameRate: number; signal: AbortSignal | undefined; warnings: EngineWarning[] },
): Promise<SceneLayers> {
  const { width, height, frameRate, signal } = context;
  const { scene } = plan;
  const closers: Array<() => Promise<void>> = [];

  // Background: a colour or an image drawn here; a video is laid under the frames by the encoder (transparent here).
  let background: (ctx: SKRSContext2D) => void;
  const backdrop = scene.background;
  if (backdrop.kind === 'color') {
    background = (ctx) => {
      ctx.fillStyle = backdrop.color;
      ctx.fillRect(0, 0, width, height);
    };
  } else if (backdrop.kind === 'image') {
    const image = await loadImage(backdrop.file);
    background = (ctx) => drawCover(ctx, image, width, height);
  } else {
    background = (ctx) => ctx.clearRect(0, 0, width, height);
  }

  // Subject.
  let subject: (ctx: SKRSContext2D) => Promise<void> = async () => undefined;
  if (scene.subject) {
    const { animator, source, placement: given } = scene.subject;
    // Built-in avatars: head and shoulders, larger in a portrait frame (the shoulders cropped at its sides).
    const placement = given ?? ('avatarId' in source ? { x: 0.5, bottom: 1, height: height > width ? 0.68 : 0.9 } : 'fill');
    const box =
      placement === 'fill'
        ? { x: 0, y: 0, width, height }
        : (() => {
            const boxHeight = Math.max(2, Math.round((placement.height * height) / 2) * 2);
            const boxWidth = boxHeight;
            return { x: Math.round(placement.x * width - boxWidth / 2), y: Math.round(placement.bottom * height - boxHeight), width: boxWidth, height: boxHeight };
          })();
    const request = {
      source,
      audioFile: scene.audioFile,
      ...(scene.words ? { words: scene.words } : {}),
      ...(scene.subject.language ? { language: scene.subject.language } : {}),
      ...(scene.subject.providerOptions ? { providerOptions: scene.subject.providerOptions } : {}),
      width: box.width,
      height: box.height,
      frameRate,
      ...(signal ? { signal } : {}),
    };
    let stream: HeldFrames;
    let frameSize = { width: box.width, height: box.height };
    if (animator.doAnimateFrames) {
      const animated = await animator.doAnimateFrames(request);
      context.warnings.push(...animated.warnings);
      frameSize = { width: animated.width, height: animated.height };
      stream = new HeldFrames(animated.frames);
    } else {
      // A remote engine: its MP4, decoded to frames of the box's size.
      const { mkdtemp, rm } = await import('node:fs/promises');
      const { tmpdir } = await import('node:os');
      const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-subject-'));
      closers.push(() => rm(dir, { recursive: true, force: true }));
      const outputFile = path.join(dir, 'subject.mp4');
      const result = await animator.doAnimate({ ...request, outputFile });
      context.warnings.push(...result.warnings);
      stream = new HeldFrames(readRawVideoFrames(rgbaVideoFramesArgs({ input: outputFile, width: box.width, height: box.height, frameRate }), box.width * box.height * 4, { signal, readAhead: 2 }));
    }
    closers.unshift(() => stream.close());
    const layer = createCanvas(frameSize.width, frameSize.height);
    const layerCtx = layer.getContext('2d');
    const sameSize = frameSize.width === box.width && frameSize.height === box.height;
    subject = async (ctx) => {
      const pixels = await stream.next();
      if (!pixels) return;
      putFrame(layerCtx, pixels, frameSize.width, frameSize.height);
      if (sameSize) ctx.drawImage(layer, box.x, box.y);
      else {
        // An engine that made another size: its frames cover the box, never stretched.
        ctx.save();
        ctx.translate(box.x, box.y);
        ctx.beginPath();
        ctx.rect(0, 0, box.width, box.height);
        ctx.clip();
        drawCover(ctx, layer, box.width, box.height);
        ctx.restore();
      }
    };
  }

  // Overlays.
  const logo = scene.logo ? { spec: scene.logo, image: await loadImage(scene.logo.file) } : undefined;
  const short = Math.min(width, height);
  const overlays = (ctx: SKRSContext2D, sceneTime: number) => {
    for (const text of scene.texts ?? []) {
      if (sceneTime < (text.startSeconds ?? 0) || sceneTime >= (text.endSeconds ?? Number.POSITIVE_INFINITY)) continue;
      const size = (text.fontSize ?? 0.06) * short;
      ctx.font = fontString(size, text.bold ?? true);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      const x = text.x * width;
      const y = text.y * height;
      if (text.box) {
        const measured = ctx.measureText(text.text).width;
        ctx.fillStyle = text.box;
        ctx.beginPath();
        ctx.roundRect(x - measured / 2 - size * 0.45, y - size * 0.75, measured + size * 0.9, size * 1.5, size * 0.3);
        ctx.fill();
      }
      ctx.fillStyle = text.color ?? '#ffffff';
      ctx.fillText(text.text, x, y);
    }
    if (logo) {
      const logoWidth = logo.spec.width * width;
      const logoHeight = (logoWidth * logo.image.height) / Math.max(1, logo.image.width);
      ctx.globalAlpha = logo.spec.opacity ?? 1;
      ctx.drawImage(logo.image, logo.spec.x * width, logo.spec.y * height, logoWidth, logoHeight);
      ctx.globalAlpha = 1;
    }
  };

  return {
    background,
    subject,
    overlays,
    close: async () => {
      for (const close of closers) await close().catch(() => undefined);
    },
  };
}
