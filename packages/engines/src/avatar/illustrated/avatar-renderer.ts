/**
 * An illustrated avatar drawn at any size into RGBA frames (transparent around it), its idle life
 * (blinks, a head moving with the speech's loudness, breathing) and the picker's thumbnails.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { MouthTrack } from '../mouth-track.ts';
import { findIllustratedAvatar, type AvatarExpression, type IllustratedAvatar } from './avatar-catalog.ts';
import { DESIGN_SIZE, drawAvatar, RESTING_POSE, type AvatarPose } from './draw-avatar.ts';

/** Draws one avatar into frames of `width × height`: the 1000-unit design square fitted inside, centred, resting on the bottom edge. */
export class AvatarRenderer {
  readonly width: number;
  readonly height: number;
  readonly #canvas: Canvas;
  readonly #ctx: SKRSContext2D;
  readonly #avatar: IllustratedAvatar;
  readonly #background: string | undefined;

  constructor(avatar: IllustratedAvatar, width: number, height: number, options: { background?: string } = {}) {
    this.width = width;
    this.height = height;
    this.#avatar = avatar;
    this.#background = options.background;
    this.#canvas = createCanvas(width, height);
    this.#ctx = this.#canvas.getContext('2d');
  }

  /** The avatar in `pose` as straight-alpha RGBA (`width × height × 4` bytes), a fresh buffer. */
  render(pose: AvatarPose): Uint8Array {
    this.draw(pose);
    const image = this.#ctx.getImageData(0, 0, this.width, this.height);
    return new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  }

  /** Draws `pose` on the renderer's own canvas (for callers that draw it onward). */
  draw(pose: AvatarPose): Canvas {
    const ctx = this.#ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (this.#background) {
      ctx.fillStyle = this.#background;
      ctx.fillRect(0, 0, this.width, this.height);
    } else ctx.clearRect(0, 0, this.width, this.height);
    const scale = Math.min(this.width, this.height) / DESIGN_SIZE;
    ctx.translate((this.width - DESIGN_SIZE * scale) / 2, this.height - DESIGN_SIZE * scale);
    ctx.scale(scale, scale);
    drawAvatar(ctx, this.#avatar, pose);
    return this.#canvas;
  }
}

/** A small deterministic random sequence (mulberry32), seeded by the avatar, so renders repeat. */
function seededRandom(seedText: string): () => number {
  let seed = 2166136261;
  for (const character of seedText) seed = Math.imul(seed ^ character.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Blink times (seconds): every 3–5 s with jitter, now and then a double blink. */
export function blinkTimes(seedText: string, durationSeconds: number): number[] {
  const random = seededRandom(seedText);
  const times: number[] = [];
  for (let time = 0.8 + random() * 1.6; time < durationSeconds; time += 3 + random() * 2) {
    times.push(time);
    if (random() < 0.15) times.push(time + 0.32);
  }
  return times;
}

const BLINK_CLOSE = 0.06;
const BLINK_HOLD = 0.04;
const BLINK_OPEN = 0.09;

function blinkAmount(time: number, blinks: readonly number[]): number {
  let amount = 0;
  for (const start of blinks) {
    const t = time - start;
    if (t < 0 || t > BLINK_CLOSE + BLINK_HOLD + BLINK_OPEN) continue;
    if (t < BLINK_CLOSE) amount = Math.max(amount, t / BLINK_CLOSE);
    else if (t < BLINK_CLOSE + BLINK_HOLD) amount = 1;
    else amount = Math.max(amount, 1 - (t - BLINK_CLOSE - BLINK_HOLD) / BLINK_OPEN);
  }
  return amount;
}

/**
 * The avatar's pose for every frame of a mouth track: the mouth from the track; blinks every 3–5 s;
 * the head tilting and lifting a little more while the speech is loud (its loudness smoothed over
 * ~0.4 s) and swaying slowly always; breathing every ~4 s.
 */
export function avatarPoses(avatarId: string, track: MouthTrack, expression: AvatarExpression = 'neutral'): (frame: number) => AvatarPose {
  const frameRate = track.frameRate;
  const duration = track.poses.length / frameRate;
  const blinks = blinkTimes(avatarId, duration);
  const random = seededRandom(`${avatarId}:sway`);
  const phase = [random() * 6, random() * 6, random() * 6];
  // Loudness smoothed both ways (no lag), slow for the sway and quicker for the emphasis.
  const smooth = (values: readonly number[], seconds: number) => {
    const alpha = 1 - Math.exp(-1 / (seconds * frameRate));
    const forward: number[] = [];
    let state = 0;
    for (const value of values) forward.push((state += alpha * (value - state)));
    const out = new Array<number>(values.length);
    state = forward.at(-1) ?? 0;
    for (let index = values.length - 1; index >= 0; index--) out[index] = state += alpha * (forward[index]! - state);
    return out;
  };
  const slow = smooth(track.energy, 0.8);
  const quick = smooth(track.energy, 0.15);
  return (frame: number) => {
    const index = Math.min(Math.max(0, frame), track.poses.length - 1);
    const time = frame / frameRate;
    const loud = slow[index] ?? 0;
    const emphasis = quick[index] ?? 0;
    return {
      mouth: track.poses[index] ?? RESTING_POSE.mouth,
      expression,
      blink: blinkAmount(time, blinks),
      tilt: (0.8 + 2.2 * loud) * Math.sin((2 * Math.PI * time) / 5.3 + phase[0]!) + 1.2 * loud * Math.sin((2 * Math.PI * time) / 1.9 + phase[1]!),
      nod: -10 * emphasis + 3 * Math.sin((2 * Math.PI * time) / 3.7 + phase[2]!),
      breath: Math.sin((2 * Math.PI * time) / 4.2),
    };
  };
}

/** The picker's thumbnail: the avatar smiling on its backdrop circle, a PNG `size` pixels square. */
export async function avatarThumbnailPng(avatarId: string, size = 256, options: { expression?: AvatarExpression; backdrop?: boolean } = {}): Promise<Buffer> {
  const avatar = findIllustratedAvatar(avatarId);
  if (!avatar) throw new RangeError(`no illustrated avatar "${avatarId}"`);
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  if (options.backdrop !== false) {
    ctx.fillStyle = avatar.look.backdrop;
    ctx.beginPath();
    ctx.arc(size / 2, size / 2, size / 2, 0, Math.PI * 2);
    ctx.fill();
    ctx.beginPath();
    ctx.arc(size / 2, size / 2, size / 2, 0, Math.PI * 2);
    ctx.clip();
  }
  // The head and shoulders, closer than a scene's framing: the head a little above the middle.
  const scale = size / 800;
  ctx.translate(size / 2 - 500 * scale, size * 0.5 - 430 * scale);
  ctx.scale(scale, scale);
  drawAvatar(ctx, avatar, { ...RESTING_POSE, expression: options.expression ?? 'happy' });
  return canvas.encode('png');
}
