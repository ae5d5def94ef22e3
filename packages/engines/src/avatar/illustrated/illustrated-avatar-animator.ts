/**
 * `voxwork:illustrated-avatar`: the built-in illustrated avatars speaking. The mouth follows
 * `mouthTrack` (opening from the loudness, shape from the words' visemes), the avatar blinks,
 * sways and breathes; frames are drawn with Skia (`@napi-rs/canvas`) one at a time and either
 * streamed to a compositor (`doAnimateFrames`, transparent around the avatar) or into ffmpeg
 * (`doAnimate`, on the avatar's backdrop colour). See docs/decisions/035-illustrated-avatars-and-compositor.md.
 */
import { MediaAbortedError, pipeIntoMediaTool, probeMedia } from '@voxwork/media';
import { z } from 'zod';
import type { AnimatedFrames, AnimateOptions, AnimateResult, Animator } from '../../capabilities/animator.ts';
import { parseOptions } from '../../capabilities/call-options.ts';
import type { EngineWarning } from '../../capabilities/engine-common.ts';
import { animateOptionsSchema } from '../../capabilities/option-schemas.ts';
import { EngineAbortedError, EngineInputError, throwIfAborted, toEngineError } from '../../engine-errors.ts';
import { encodeRgbaFramesArgs } from '../frame-encoding.ts';
import { mouthTrack } from '../mouth-track.ts';
import { AVATAR_EXPRESSIONS, findIllustratedAvatar, ILLUSTRATED_AVATARS, type AvatarExpression, type IllustratedAvatar } from './avatar-catalog.ts';
import { avatarPoses, AvatarRenderer } from './avatar-renderer.ts';

import { ILLUSTRATED_AVATAR_ENGINE_ID } from './illustrated-avatar-engine-id.ts';

export { ILLUSTRATED_AVATAR_ENGINE_ID };

const providerSchema = z.object({
  /** The MP4's background (CSS colour; default the avatar's backdrop). Frames for a compositor are always transparent. */
  background: z.string().min(1).optional(),
});

const DEFAULT_SIZE = 512;
const MAX_SIDE = 4096;
const DEFAULT_FRAME_RATE = 25;

interface Prepared {
  avatar: IllustratedAvatar;
  width: number;
  height: number;
  frameRate: number;
  frameCount: number;
  durationSeconds: number;
  warnings: EngineWarning[];
  pose: ReturnType<typeof avatarPoses>;
  background: string | undefined;
}

export function createIllustratedAvatarAnimator(): Animator {
  return new IllustratedAvatarAnimator();
}

class IllustratedAvatarAnimator implements Animator {
  readonly specificationVersion = 'v1';
  readonly engineId = ILLUSTRATED_AVATAR_ENGINE_ID;

  async doAnimateFrames(options: Omit<AnimateOptions, 'outputFile'>): Promise<AnimatedFrames> {
    try {
      const prepared = await this.#prepare(options);
      const renderer = new AvatarRenderer(prepared.avatar, prepared.width, prepared.height);
      return {
        width: prepared.width,
        height: prepared.height,
        frameRate: prepared.frameRate,
        frameCount: prepared.frameCount,
        frames: this.#frames(renderer, prepared, options.signal),
        warnings: prepared.warnings,
      };
    } catch (error) {
      throw toEngineError(error, this.engineId, 'animating an avatar');
    }
  }

  async doAnimate(options: AnimateOptions): Promise<AnimateResult> {
    const startedAt = performance.now();
    try {
      const prepared = await this.#prepare(options);
      const renderer = new AvatarRenderer(prepared.avatar, prepared.width, prepared.height, { background: prepared.background ?? prepared.avatar.look.backdrop });
      await pipeIntoMediaTool(
        'ffmpeg',
        encodeRgbaFramesArgs({ width: prepared.width, height: prepared.height, frameRate: prepared.frameRate, audioFile: options.audioFile, durationSeconds: prepared.durationSeconds, output: options.outputFile }),
        this.#frames(renderer, prepared, options.signal),
        { signal: options.signal },
      );
      return {
        video: { file: options.outputFile, width: prepared.width, height: prepared.height, durationSeconds: prepared.durationSeconds, frameRate: prepared.frameRate },
        warnings: prepared.warnings,
        timings: { totalMs: performance.now() - startedAt },
        response: { engineId: this.engineId },
      };
    } catch (error) {
      throw toEngineError(error, this.engineId, 'animating an avatar');
    }
  }

  async *#frames(renderer: AvatarRenderer, prepared: Prepared, signal: AbortSignal | undefined): AsyncGenerator<Uint8Array> {
    for (let frame = 0; frame < prepared.frameCount; frame++) {
      throwIfAborted(signal, this.engineId);
      yield renderer.render(prepared.pose(frame));
    }
  }

  async #prepare(options: Omit<AnimateOptions, 'outputFile'> & { outputFile?: string }): Promise<Prepared> {
    const { warnings, provider } = parseOptions({ ...options, outputFile: options.outputFile ?? 'frames' } as AnimateOptions, {
      engineId: this.engineId,
      request: animateOptionsSchema,
      vendor: 'voxwork',
      schema: providerSchema,
    });
    const source = options.source;
    if (!('avatarId' in source)) throw new EngineInputError(`${this.engineId} animates its built-in avatars only (source.avatarId: ${ILLUSTRATED_AVATARS.map((avatar) => avatar.id).join(', ')})`, { engineId: this.engineId });
    const avatar = findIllustratedAvatar(source.avatarId);
    if (!avatar) throw new EngineInputError(`no built-in avatar "${source.avatarId}" (there are: ${ILLUSTRATED_AVATARS.map((entry) => entry.id).join(', ')})`, { engineId: this.engineId });
    let expression: AvatarExpression = 'neutral';
    if (source.expression !== undefined) {
      if ((AVATAR_EXPRESSIONS as readonly string[]).includes(source.expression)) expression = source.expression as AvatarExpression;
      else warnings.push({ type: 'unsupported-option', option: 'source.expression', details: `expressions are ${AVATAR_EXPRESSIONS.join(', ')}: neutral used` });
    }
    const even = (value: number | undefined, name: 'width' | 'height') => {
      if (value === undefined) return DEFAULT_SIZE;
      const used = Math.min(MAX_SIDE, Math.max(16, Math.round(value / 2) * 2));
      if (used !== value) warnings.push({ type: 'approximated-option', option: name, details: `${used} (even, 16–${MAX_SIDE})` });
      return used;
    };
    const width = even(options.width, 'width');
    const height = even(options.height ?? (options.width === undefined ? undefined : width), 'height');
    const frameRate = options.frameRate ?? DEFAULT_FRAME_RATE;
    const audio = await probeMedia(options.audioFile, { signal: options.signal, timeoutMs: 60_000 }).catch((cause: unknown) => {
      if (cause instanceof MediaAbortedError || options.signal?.aborted) throw new EngineAbortedError(this.engineId, cause);
      throw new EngineInputError(`the audio could not be read: ${cause instanceof Error ? cause.message : String(cause)}`, { engineId: this.engineId, cause });
    });
    if (!audio.audio || !audio.durationSeconds) throw new EngineInputError('the audio file has no audio stream', { engineId: this.engineId, reason: 'no-audio' });
    const track = await mouthTrack({ audioFile: options.audioFile, frameRate, words: options.words, signal: options.signal });
    const frameCount = Math.max(1, track.poses.length);
    return {
      avatar,
      width,
      height,
      frameRate,
      frameCount,
      durationSeconds: frameCount / frameRate,
      warnings,
      pose: avatarPoses(avatar.id, track, expression),
      background: provider.background,
    };
  }
}
