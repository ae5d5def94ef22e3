import type { EngineOffer, SeparatorOffer, TimedLine, TranslatorOffer, VideoEngines } from '@voxwork/core/engines';
import { DomainError, LOCAL_BACKGROUND_METHODS } from '@voxwork/core/engines';
import { ErrorCode } from '@voxwork/contract';
import { EngineError, EngineInputError, findSpeakers, type EngineDescriptor, type EngineWarning, type ResolvedEngines } from '@voxwork/engines';

/** Engine failures the user cannot fix become catalogue errors; retryable ones stay retryable; cancellation stays cancellation. */
function asDomainError(error: unknown, engineId: string): unknown {
  if (error instanceof DomainError) return error;
  if (error instanceof EngineError) {
    if (error.code === 'aborted') return error;
    if (error instanceof EngineInputError && (error.reason === 'not-readable' || error.reason === 'no-picture')) return new DomainError(ErrorCode.VIDEO_NOT_READABLE, {}, { cause: error });
    return new DomainError(ErrorCode.ENGINE_UNAVAILABLE, { engine: engineId }, { isRetryable: error.isRetryable, cause: error });
  }
  return error;
}
const asEngine = <T>(engineId: string, call: () => Promise<T>): Promise<T> => call().catch((error: unknown) => Promise.reject(asDomainError(error, engineId)));

const warningText = (warning: EngineWarning) =>
  warning.type === 'other' ? warning.message : `${'option' in warning ? warning.option : warning.output}: ${'details' in warning ? (warning.details ?? warning.type) : warning.type}`;

const offer = (descriptor: EngineDescriptor): EngineOffer => ({ id: descriptor.id, location: descriptor.location, name: descriptor.displayName, languages: [...descriptor.languages] });

/**
 * The video tools' engines over the engine registry (`VideoEngines`, the port in core): speech
 * recognition, OCR of burned-in subtitles, translation and speech isolation, each called by the
 * engine id core chose; speech segments and speakers by the engines' signal processing
 * (`findSpeakers`, local and always there).
 */
export function createVideoEngines({ engines }: { engines: ResolvedEngines }): VideoEngines {
  let translatorPairs: Promise<TranslatorOffer[]> | undefined;
  return {
    recognizers: () => engines.descriptors('speech-recognizer').map(offer),
    textReaders: () => engines.descriptors('text-detector').map(offer),
    translators() {
      translatorPairs ??= Promise.all(
        engines.descriptors('translator').map(async (descriptor) => {
          try {
            const engine = await engines.getById('translator', descriptor.id);
            return [{ id: descriptor.id, location: descriptor.location, name: descriptor.displayName, pairs: engine.languagePairs.map((pair) => ({ source: pair.source, target: pair.target })) }];
          } catch {
            // An engine that does not load (Apertium not installed) offers no pair.
            return [];
          }
        }),
      ).then((lists) => lists.flat());
      translatorPairs.catch(() => (translatorPairs = undefined));
      return translatorPairs;
    },

    async recognizeSpeech({ engineId, audioFile, language, signal }) {
      const engine = await asEngine(engineId, () => engines.getById('speech-recognizer', engineId));
      const result = await asEngine(engineId, () => engine.doRecognize({ audioFile, language, ...(signal ? { signal } : {}) }));
      const lines: TimedLine[] = result.segments.map((segment) => ({ startSeconds: segment.startSeconds, endSeconds: segment.endSeconds, text: segment.text }));
      return { language: result.language, lines, warnings: result.warnings.map(warningText) };
    },

    async readSubtitles({ engineId, videoFile, languages, signal, onProgress }) {
      const engine = await asEngine(engineId, () => engines.getById('text-detector', engineId));
      const result = await asEngine(engineId, () => engine.doDetect({ input: { videoFile }, languages, ...(signal ? { signal } : {}), ...(onProgress ? { onProgress } : {}) }));
      const lines: TimedLine[] = result.boxes.map((box) => ({ startSeconds: box.startSeconds, endSeconds: box.endSeconds, text: box.text }));
      return { lines, warnings: result.warnings.map(warningText) };
    },

    async translate({ engineId, sourceLanguage, targetLanguage, lines, glossary, context, signal }) {
      const engine = await asEngine(engineId, () => engines.getById('translator', engineId));
      const result = await asEngine(engineId, () =>
        engine.doTranslate({
          sourceLanguage,
          targetLanguage,
          segments: lines.map((line) => ({ id: line.id, text: line.text, ...(line.speaker ? { speaker: line.speaker } : {}), ...(line.maxCharacters ? { maxCharacters: line.maxCharacters } : {}) })),
          ...(glossary?.length ? { glossary: glossary.map((entry) => ({ ...entry })) } : {}),
          ...(context ? { context } : {}),
          ...(signal ? { signal } : {}),
        }),
      );
      // Warnings about options an engine cannot take (a length budget for Apertium) are expected, not news.
      const warnings = result.warnings.filter((warning) => warning.type !== 'unsupported-option').map(warningText);
      return { lines: result.segments.map((segment) => ({ id: segment.id, text: segment.text, unknownWords: segment.unknownWords })), warnings };
    },
  
    async findSpeakers({ audioFile, speakerCount, utterances, signal }) {
      const engineId = 'dsp:speakers';
      // The selected VAD (silero by default) gates the spectral segmentation: drums and other transients stop counting as speech.
      const vad = engines.descriptors('voice-activity-detector').length ? await asEngine(engineId, () => engines.get('voice-activity-detector')) : undefined;
      const result = await asEngine(engineId, () => findSpeakers(audioFile, { ...(speakerCount !== undefined ? { speakerCount } : {}), ...(utterances ? { utterances } : {}), ...(vad ? { vad } : {}), ...(signal ? { signal } : {}) }));
      return {
        segments: result.segments.map(({ startSeconds, endSeconds, speakerId, medianPitchHz }) => ({ startSeconds, endSeconds, speakerId, medianPitchHz })),
        speakers: result.speakers.map(({ speakerId, medianPitchHz, suggestedGender, totalSeconds }) => ({ speakerId, medianPitchHz, suggestedGender, totalSeconds })),
        warnings: result.warnings,
      };
    },

    separators(): SeparatorOffer[] {
      // Only separators that make a background (speech isolation); a denoiser's residual is not one.
      const engineOffers = engines
        .descriptors('audio-separator')
        .filter((descriptor) => descriptor.stems?.includes('accompaniment'))
        .map((descriptor): SeparatorOffer => ({ id: descriptor.id, method: 'separator', location: descriptor.location, name: descriptor.displayName, description: descriptor.description }));
      return [...LOCAL_BACKGROUND_METHODS, ...engineOffers];
    },

    async separate({ engineId, audioFile, outputVoiceFile, outputBackgroundFile, signal }) {
      const engine = await asEngine(engineId, () => engines.getById('audio-separator', engineId));
      const result = await asEngine(engineId, () => engine.doSeparate({ audioFile, outputs: { vocals: outputVoiceFile, accompaniment: outputBackgroundFile }, ...(signal ? { signal } : {}) }));
      if (!result.stems.vocals || !result.stems.accompaniment) throw new DomainError(ErrorCode.ENGINE_UNAVAILABLE, { engine: engineId });
      return { warnings: result.warnings.filter((warning) => warning.type !== 'unsupported-option').map(warningText) };
    },
  };
}
