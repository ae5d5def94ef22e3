import { EngineFailure, type AudioSeparationEngines, type AudioSeparatorEngine } from '@voxwork/core/engines';
import type { EngineDescriptor, EngineWarning, ResolvedEngines } from '@voxwork/engines';
import { asEngineFailure } from './engine-failure.ts';

const warningText = (warning: EngineWarning) =>
  warning.type === 'other' ? warning.message : `${'option' in warning ? warning.option : warning.output}: ${'details' in warning ? (warning.details ?? warning.type) : warning.type}`;

/** A selected `audio-separator` as core reads it (audio separation's and video translation's ports). */
export const separatorEngineOf = (descriptor: EngineDescriptor<'audio-separator'>): AudioSeparatorEngine => ({
  id: descriptor.id,
  name: descriptor.displayName,
  location: descriptor.location,
  description: descriptor.description,
  qualityTier: descriptor.qualityTier,
  stems: descriptor.stems ?? [],
});

/**
 * Audio separation's engines over the registry (`AudioSeparationEngines`, the port in core): every
 * selected `audio-separator` as the registry describes it, and a split into the voice and the
 * background stem core chose (`separatorChoices`).
 */
export function createAudioSeparationEngines({ engines }: { engines: ResolvedEngines }): AudioSeparationEngines {
  return {
    separators: () => engines.descriptors('audio-separator').map(separatorEngineOf),

    async separate({ engineId, audioFile, outputVoiceFile, backgroundStem, outputBackgroundFile, signal }) {
      try {
        const engine = await engines.getById('audio-separator', engineId);
        const result = await engine.doSeparate({ audioFile, outputs: { vocals: outputVoiceFile, [backgroundStem]: outputBackgroundFile }, ...(signal ? { signal } : {}) });
        if (!result.stems.vocals || !result.stems[backgroundStem]) throw new EngineFailure(`${engineId} wrote no ${backgroundStem} stem`, { reason: 'engine-failed', engineId, isRetryable: false });
        return { warnings: result.warnings.filter((warning) => warning.type !== 'unsupported-option').map(warningText) };
      } catch (error) {
        throw asEngineFailure(error, engineId);
      }
    },
  };
}
