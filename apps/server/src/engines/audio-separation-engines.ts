import { DomainError, type AudioSeparationEngines, type AudioSeparatorEngine } from '@voxwork/core';
import { ErrorCode } from '@voxwork/contract';
import { EngineError, EngineInputError, type EngineDescriptor, type EngineWarning, type ResolvedEngines } from '@voxwork/engines';

/** Engine failures become catalogue errors: a file the engine cannot decode is the user's to fix; the rest are the engine's (retryable ones stay retryable); cancellation stays cancellation. */
function asDomainError(error: unknown, engineId: string): unknown {
  if (error instanceof DomainError) return error;
  if (error instanceof EngineError) {
    if (error.code === 'aborted') return error;
    if (error instanceof EngineInputError && error.reason === 'no-audio') return new DomainError(ErrorCode.AUDIO_SEPARATION_NO_AUDIO_TRACK, {}, { cause: error });
    if (error instanceof EngineInputError && error.reason === 'not-readable') return new DomainError(ErrorCode.AUDIO_SEPARATION_NOT_READABLE, {}, { cause: error });
    return new DomainError(ErrorCode.AUDIO_SEPARATION_ENGINE_FAILED, { engine: engineId }, { isRetryable: error.isRetryable, cause: error });
  }
  return error;
}

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
        if (!result.stems.vocals || !result.stems[backgroundStem]) throw new DomainError(ErrorCode.AUDIO_SEPARATION_ENGINE_FAILED, { engine: engineId });
        return { warnings: result.warnings.filter((warning) => warning.type !== 'unsupported-option').map(warningText) };
      } catch (error) {
        throw asDomainError(error, engineId);
      }
    },
  };
}
