import { DomainError, type AudioSeparationEngineOffer, type AudioSeparationEngines } from '@voxwork/core/engines';
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

/** The background stem an engine makes: an isolator's accompaniment, else a denoiser's residual (`noise`). */
const backgroundStem = (descriptor: EngineDescriptor) => (descriptor.stems?.includes('accompaniment') ? 'accompaniment' : descriptor.stems?.includes('noise') ? 'noise' : undefined);

/**
 * Audio separation's engines over the registry (`AudioSeparationEngines`, the port in core): every
 * selected `audio-separator` that makes a voice and a background of some kind — a speech isolator
 * (voice + accompaniment) or a speech denoiser (voice + the residual it removed).
 */
export function createAudioSeparationEngines({ engines }: { engines: ResolvedEngines }): AudioSeparationEngines {
  const usable = () => engines.descriptors('audio-separator').filter((descriptor) => descriptor.stems?.includes('vocals') && backgroundStem(descriptor));
  return {
    separators: () =>
      usable().map(
        (descriptor): AudioSeparationEngineOffer => ({
          id: descriptor.id,
          name: descriptor.displayName,
          location: descriptor.location,
          description: descriptor.description,
          tier: descriptor.location === 'remote' ? 'premium' : descriptor.qualityTier,
          background: backgroundStem(descriptor) === 'accompaniment' ? 'accompaniment' : 'residual',
        }),
      ),

    async separate({ engineId, audioFile, outputVoiceFile, outputBackgroundFile, signal }) {
      const descriptor = usable().find((candidate) => candidate.id === engineId);
      const stem = descriptor && backgroundStem(descriptor);
      if (!stem) throw new DomainError(ErrorCode.AUDIO_SEPARATION_ENGINE_NOT_SET_UP, { engine: engineId });
      try {
        const engine = await engines.getById('audio-separator', engineId);
        const result = await engine.doSeparate({ audioFile, outputs: { vocals: outputVoiceFile, [stem]: outputBackgroundFile }, ...(signal ? { signal } : {}) });
        if (!result.stems.vocals || !result.stems[stem]) throw new DomainError(ErrorCode.AUDIO_SEPARATION_ENGINE_FAILED, { engine: engineId });
        return { warnings: result.warnings.filter((warning) => warning.type !== 'unsupported-option').map(warningText) };
      } catch (error) {
        throw asDomainError(error, engineId);
      }
    },
  };
}
