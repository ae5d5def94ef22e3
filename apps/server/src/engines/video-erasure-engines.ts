import { EngineFailure, type VideoErasureEngines } from '@voxwork/core/engines';
import type { EngineWarning, ResolvedEngines } from '@voxwork/engines';
import { asEngineFailure } from './engine-failure.ts';
import { subtitleTrackOf } from './subtitle-tracks.ts';

const warningText = (warning: EngineWarning) =>
  warning.type === 'other' ? warning.message : `${'option' in warning ? warning.option : warning.output}: ${'details' in warning ? (warning.details ?? warning.type) : warning.type}`;

/**
 * Video erasure's engines over the registry (`VideoErasureEngines`, the port in core): the first
 * selected text detector finds the text, the first selected inpainter erases.
 */
export function createVideoErasureEngines({ engines }: { engines: ResolvedEngines }): VideoErasureEngines {
  const first = (capability: 'text-detector' | 'inpainter') => {
    const descriptor = engines.descriptors(capability)[0];
    if (!descriptor) throw new EngineFailure(`no ${capability} is selected`, { reason: 'engine-failed', engineId: capability, isRetryable: false });
    return descriptor.id;
  };
  return {
    async findText({ videoFile, mode, subtitleTrack, searchFirst, signal, onProgress }) {
      const engineId = first('text-detector');
      try {
        const engine = await engines.getById('text-detector', engineId);
        const result = await engine.doDetect({
          input: { videoFile },
          mode,
          languages: ['zh', 'en'],
          ...(subtitleTrack ? { subtitleTrack } : {}),
          ...(searchFirst ? { searchFirst: { band: { ...searchFirst.band }, frameWidth: searchFirst.frameWidth, frameHeight: searchFirst.frameHeight } } : {}),
          ...(signal ? { signal } : {}),
          ...(onProgress ? { onProgress } : {}),
        });
        return {
          texts: result.boxes.map((box) => ({ box: { ...box.box }, startSeconds: box.startSeconds, endSeconds: box.endSeconds, text: box.text, ...(box.track !== undefined ? { track: box.track } : {}) })),
          width: result.frameWidth,
          height: result.frameHeight,
          ...(result.subtitleBand ? { band: { ...result.subtitleBand } } : {}),
          tracks: (result.subtitleTracks ?? []).map(subtitleTrackOf),
          warnings: result.warnings.map(warningText),
        };
      } catch (error) {
        throw asEngineFailure(error, engineId);
      }
    },
    async readFrames({ frames, region, signal }) {
      const engineId = first('text-detector');
      try {
        const engine = await engines.getById('text-detector', engineId);
        const read = [];
        // One frame at a time: each frame's boxes are its own, whatever times the engine gives them.
        for (const frame of frames) {
          const result = await engine.doDetect({ input: { frames: [{ imageFile: frame.imageFile, timeSeconds: frame.timeSeconds }] }, mode: 'all-text', languages: ['zh', 'en'], ...(region ? { region } : {}), ...(signal ? { signal } : {}) });
          read.push({ timeSeconds: frame.timeSeconds, texts: result.boxes.filter((box) => box.text.trim()).map((box) => ({ text: box.text, box: { ...box.box } })) });
        }
        return { frames: read };
      } catch (error) {
        throw asEngineFailure(error, engineId);
      }
    },
    async erase({ videoFile, outputFile, masks, fill, drawOver, keepFrames, signal, onProgress }) {
      const engineId = first('inpainter');
      try {
        const engine = await engines.getById('inpainter', engineId);
        const result = await engine.doInpaint({
          videoFile,
          outputFile,
          masks: masks.map((mask) => ({ ...mask, box: { ...mask.box } })),
          fill,
          ...(drawOver ? { drawOver } : {}),
          ...(keepFrames ? { keepFrames } : {}),
          ...(signal ? { signal } : {}),
          ...(onProgress ? { onProgress } : {}),
        });
        return {
          durationSeconds: result.video.durationSeconds,
          warnings: result.warnings.map(warningText),
          stats: result.stats ? { pixelsMasked: result.stats.pixelsMasked, pixelsFromNeighbours: result.stats.pixelsFromNeighbours, pixelsInpainted: result.stats.pixelsInpainted } : undefined,
          keptFrames: result.keptFrames,
        };
      } catch (error) {
        throw asEngineFailure(error, engineId);
      }
    },
  };
}
