import { probeMedia, runFfmpeg } from '@voxwork/media';
import { describe } from 'vitest';
import type { AnimateOptions, AnimateResult, Animator } from '../../capabilities/animator.ts';
import { clampOption, parseOptions } from '../../capabilities/call-options.ts';
import { animateOptionsSchema } from '../../capabilities/option-schemas.ts';
import { EngineInputError, throwIfAborted, toEngineError } from '../../engine-errors.ts';
import { makeTestImage, makeTone } from '../generated-media.ts';
import { animatorChecks, animatorConformance, type AnimatorKitOptions } from './animator-conformance.ts';
import { describeWrongAdapters, fakeDescriptor, wrongAdapters } from './kit-self-test.ts';

const FRAME_RATE = 12;
const MAX_SIDE = 640;

/**
 * A fake animator that shows the still portrait for as long as the speech lasts (ffmpeg, nothing
 * moves). It exists to test the conformance kit itself (no animator is built yet): it must pass the
 * kit, and the wrong adapters made from it must fail it.
 */
function createFakeAnimator(): Animator {
  const engineId = 'fake:animator';
  return {
    specificationVersion: 'v1',
    engineId,
    async doAnimate(options: AnimateOptions): Promise<AnimateResult> {
      const { warnings } = parseOptions(options, { engineId, request: animateOptionsSchema, vendor: 'fake' });
      if (!('imageFile' in options.source)) throw new EngineInputError('animates portraits only', { engineId });
      try {
        const [portrait, speech] = await Promise.all([probeMedia(options.source.imageFile, { signal: options.signal }).catch(() => undefined), probeMedia(options.audioFile, { signal: options.signal }).catch(() => undefined)]);
        throwIfAborted(options.signal, engineId);
        if (!portrait?.video?.width || !portrait.video.height) throw new EngineInputError(`${options.source.imageFile} is not a picture`, { engineId, reason: 'not-readable' });
        if (!speech?.audio) throw new EngineInputError(`${options.audioFile} is not audio`, { engineId });
        const even = (value: number) => Math.round(value / 2) * 2;
        const width = even(clampOption(warnings, 'width', options.width ?? portrait.video.width, [16, MAX_SIDE], (used) => `${MAX_SIDE} pixels at most; used ${used}`));
        const height = even(clampOption(warnings, 'height', options.height ?? portrait.video.height, [16, MAX_SIDE], (used) => `${MAX_SIDE} pixels at most; used ${used}`));
        await runFfmpeg(
          ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-loop', '1', '-i', options.source.imageFile, '-i', options.audioFile,
            '-vf', `scale=${width}:${height}`, '-r', String(FRAME_RATE), '-c:v', 'mpeg4', '-q:v', '5', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', options.outputFile],
          { signal: options.signal },
        );
        const output = await probeMedia(options.outputFile, { signal: options.signal });
        return { video: { file: options.outputFile, width, height, durationSeconds: output.durationSeconds ?? 0, frameRate: FRAME_RATE }, warnings, response: { engineId } };
      } catch (error) {
        throw toEngineError(error, engineId, 'animating');
      }
    },
  };
}

const fake = createFakeAnimator();
const options: AnimatorKitOptions = {
  descriptor: fakeDescriptor('animator', fake, ['*']),
  makePortrait: (dir) => makeTestImage(dir, 'portrait.png'),
  makeSpeech: (dir) => makeTone(dir, 'speech.wav', 1.5),
  // Any speech is long enough here: the fake is still probing or running ffmpeg 5 ms into the call.
  makeLongSpeech: (dir) => makeTone(dir, 'long-speech.wav', 3),
  size: { width: 96, height: 64 },
  unsupportedOptions: [{ width: 4000, height: 4000 }],
};

describe('animator conformance kit', () => {
  animatorConformance(options);
  describeWrongAdapters(
    'animator',
    // Generic faults: only untyped errors here (a bad-input check of its own); the shared abort, warning and
    // provider-option checks are shown failing their wrong adapters by the translator kit's test.
    wrongAdapters<Animator, AnimateResult>(fake, 'doAnimate', [
      { fault: 'reports another length', wrong: (result) => ({ ...result, video: { ...result.video, durationSeconds: result.video.durationSeconds * 2 } }), mustFail: /^animates/ },
      { fault: 'reports another frame rate', wrong: (result) => ({ ...result, video: { ...result.video, frameRate: 25 } }), mustFail: /^animates/ },
    ], ['throws untyped errors']),
    animatorChecks(options),
  );
});
