/** The checks every `Animator` adapter passes (talking photo, lip sync, built-in avatars). */
import path from 'node:path';
import { probeMedia } from '@voxwork/media';
import { expect } from 'vitest';
import type { AnimateOptions, AnimationSource, Animator } from '../../capabilities/animator.ts';
import type { EngineCallOptions } from '../../capabilities/engine-common.ts';
import { abortCheck, describeConformance, descriptorCheck, expectInputError, notMediaFile, oncePerDir, providerOptionsCheck, unsupportedOptionChecks, type CommonKitOptions, type ConformanceCheck } from './conformance-kit.ts';

export interface AnimatorKitOptions extends CommonKitOptions<'animator'> {
  /** Makes a portrait (in `dir`) the engine can animate. */
  makePortrait(dir: string): Promise<string>;
  /**
   * The source to animate instead of the portrait (an engine of built-in avatars: `{ avatarId }`),
   * and one the engine must refuse with an input error (default: a file that is not a picture).
   */
  source?: { make(dir: string): Promise<AnimationSource>; makeInvalid(dir: string): Promise<AnimationSource> };
  /** Makes a few seconds of speech. */
  makeSpeech(dir: string): Promise<string>;
  /** Makes speech long enough that the engine is still working a few milliseconds after the call. */
  makeLongSpeech(dir: string): Promise<string>;
  /** A size to ask for (even numbers); the output has it, or the engine warns about `width`/`height`. */
  size: { width: number; height: number };
  /** Options this engine does not support: each must produce a warning, not an error. */
  unsupportedOptions: Array<Partial<AnimateOptions>>;
}

export function animatorChecks(options: AnimatorKitOptions): Array<ConformanceCheck<Animator>> {
  const { descriptor } = options;
  const makePortrait = oncePerDir(options.makePortrait);
  const makeSource = async (dir: string): Promise<AnimationSource> => (options.source ? options.source.make(dir) : { imageFile: await makePortrait(dir) });
  const makeSpeech = oncePerDir(options.makeSpeech);
  const makeLongSpeech = oncePerDir(options.makeLongSpeech);
  const animate = async ({ engine, dir }: { engine: Animator; dir: string }, extra: Partial<AnimateOptions> & EngineCallOptions = {}) =>
    engine.doAnimate({ source: await makeSource(dir), audioFile: await makeSpeech(dir), outputFile: path.join(dir, 'animated.mp4'), ...extra });
  return [
    descriptorCheck(descriptor, 'animator'),
    {
      name: 'animates a portrait into a video as long as the speech, with the speech in it, of the size asked',
      run: async ({ engine, dir }) => {
        const audioFile = await makeSpeech(dir);
        const outputFile = path.join(dir, 'animated.mp4');
        const speech = await probeMedia(audioFile);
        const result = await engine.doAnimate({ source: await makeSource(dir), audioFile, outputFile, ...options.size });
        const video = await probeMedia(outputFile);
        expect(video.video, 'a picture').toBeDefined();
        expect(video.audio, 'the speech').toBeDefined();
        expect(result.video.file).toBe(outputFile);
        expect(Math.abs((video.durationSeconds ?? 0) - (speech.durationSeconds ?? 0)), 'as long as the speech').toBeLessThan(0.2);
        expect(Math.abs((video.durationSeconds ?? 0) - result.video.durationSeconds), 'the length reported is the file’s').toBeLessThan(0.2);
        expect({ width: result.video.width, height: result.video.height }, 'the size reported is the file’s').toEqual({ width: video.video?.width, height: video.video?.height });
        const warnedSize = result.warnings.some((warning) => 'option' in warning && (warning.option === 'width' || warning.option === 'height'));
        if (!warnedSize) expect({ width: result.video.width, height: result.video.height }, 'the size asked').toEqual(options.size);
        expect(result.video.frameRate).toBeGreaterThan(0);
        expect(Math.abs(result.video.frameRate - (video.video?.frameRate ?? 0)), 'the frame rate reported is the file’s').toBeLessThan(0.5);
        expect(result.response.engineId).toBe(descriptor.id);
      },
    },
    ...unsupportedOptionChecks<Animator, AnimateOptions>(options.unsupportedOptions, (context, extra) => animate(context, extra)),
    providerOptionsCheck<Animator>(descriptor, (context, providerOptions) => animate(context, { providerOptions })),
    abortCheck<Animator>(
      (context, signal) => animate(context, { signal }),
      async (context) => {
        const audioFile = await makeLongSpeech(context.dir);
        const source = await makeSource(context.dir);
        return (signal) => context.engine.doAnimate({ source, audioFile, outputFile: path.join(context.dir, 'aborted.mp4'), signal });
      },
    ),
    {
      name: 'fails with typed, non-retryable errors for a source that is not a picture or audio that is not audio',
      run: async (context) => {
        await expectInputError(animate(context, { source: options.source ? await options.source.makeInvalid(context.dir) : { imageFile: await notMediaFile(context.dir, 'not-image.png') } }));
        await expectInputError(animate(context, { audioFile: await notMediaFile(context.dir, 'not-audio.wav') }));
        await expectInputError(animate(context, { audioFile: path.join(context.dir, 'missing.wav') }));
        await expectInputError(animate(context, { outputFile: '' }));
      },
    },
  ];
}

export function animatorConformance(options: AnimatorKitOptions): void {
  describeConformance(options.descriptor, 'Animator', animatorChecks(options));
}
