import { copyFile } from 'node:fs/promises';
import { probeMedia, runFfmpeg } from '@voxwork/media';
import { describe } from 'vitest';
import { parseOptions } from '../../capabilities/call-options.ts';
import type { Inpainter, InpaintOptions, InpaintResult } from '../../capabilities/inpainter.ts';
import { inpaintOptionsSchema } from '../../capabilities/option-schemas.ts';
import { EngineInputError, toEngineError } from '../../engine-errors.ts';
import { makeTestVideo } from '../generated-media.ts';
import { inpainterChecks, inpainterConformance, type InpainterKitOptions } from './inpainter-conformance.ts';
import { describeWrongAdapters, fakeDescriptor, wrongAdapters } from './kit-self-test.ts';

/**
 * A fake inpainter that paints each mask grey while it lasts (ffmpeg `drawbox`), sound copied. It
 * exists to test the conformance kit itself (apart from any real engine): it must pass the
 * kit, and the wrong adapters made from it must fail it.
 */
function createFakeInpainter(): Inpainter {
  const engineId = 'fake:inpainter';
  return {
    specificationVersion: 'v1',
    engineId,
    async doInpaint(options: InpaintOptions): Promise<InpaintResult> {
      const { warnings } = parseOptions(options, { engineId, request: inpaintOptionsSchema, vendor: 'fake' });
      const input = await probeMedia(options.videoFile, { signal: options.signal }).catch((error: unknown) => {
        if (options.signal?.aborted) throw toEngineError(error, engineId, 'reading the video');
        return undefined;
      });
      if (!input?.video) throw new EngineInputError(`${options.videoFile} is not a video`, { engineId, reason: 'not-readable' });
      const boxes = options.masks.map(({ box, startSeconds, endSeconds }) => `drawbox=x=${box.x}:y=${box.y}:w=${box.width}:h=${box.height}:color=gray:t=fill:enable='between(t,${startSeconds},${endSeconds})'`);
      try {
        await runFfmpeg(
          ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', options.videoFile, ...(boxes.length ? ['-vf', boxes.join(',')] : []), '-c:v', 'mpeg4', '-q:v', '3', '-c:a', 'copy', options.outputFile],
          { signal: options.signal },
        );
        const output = await probeMedia(options.outputFile, { signal: options.signal });
        return { video: { file: options.outputFile, durationSeconds: output.durationSeconds ?? 0 }, warnings, response: { engineId } };
      } catch (error) {
        throw toEngineError(error, engineId, 'painting the masks');
      }
    },
  };
}

const fake = createFakeInpainter();
const options: InpainterKitOptions = {
  descriptor: fakeDescriptor('inpainter', fake, ['*']),
  makeVideo: (dir) => makeTestVideo(dir, 'input.mp4', 2, { withAudio: true }),
  // Any video is long enough here: the fake is still probing or running ffmpeg 5 ms into the call.
  makeLongVideo: (dir) => makeTestVideo(dir, 'long.mp4', 2),
};

describe('inpainter conformance kit', () => {
  inpainterConformance(options);
  describeWrongAdapters(
    'inpainter',
    // Generic faults: only untyped errors here (a bad-input check of its own); the shared abort, warning and
    // provider-option checks are shown failing their wrong adapters by the translator kit's test.
    wrongAdapters<Inpainter, InpaintResult>(fake, 'doInpaint', [
      {
        fault: 'leaves the masked area as it was',
        wrong: async (result, call) => {
          await copyFile(call.videoFile as string, result.video.file);
          return result;
        },
        mustFail: /^writes a video/,
      },
    ], ['throws untyped errors']),
    inpainterChecks(options),
  );
});
