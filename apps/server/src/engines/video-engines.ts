import type { EngineOffer, TimedLine, TrackedLine, TranslatorOffer, VideoEngines } from '@voxwork/core/engines';
import { EngineFailure } from '@voxwork/core/engines';
import { findSpeakers, type EngineDescriptor, type EngineWarning, type ResolvedEngines } from '@voxwork/engines';
import { separatorEngineOf } from './audio-separation-engines.ts';
import { engineCall } from './engine-failure.ts';
import { subtitleTrackOf } from './subtitle-tracks.ts';

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
      const engine = await engineCall(engineId, () => engines.getById('speech-recognizer', engineId));
      const result = await engineCall(engineId, () => engine.doRecognize({ audioFile, language, ...(signal ? { signal } : {}) }));
      const lines: TimedLine[] = result.segments.map((segment) => ({ startSeconds: segment.startSeconds, endSeconds: segment.endSeconds, text: segment.text }));
      return { language: result.language, lines, warnings: result.warnings.map(warningText) };
    },

    async readSubtitles({ engineId, videoFile, languages, subtitleTrack, signal, onProgress }) {
      const engine = await engineCall(engineId, () => engines.getById('text-detector', engineId));
      const result = await engineCall(engineId, () => engine.doDetect({ input: { videoFile }, languages, ...(subtitleTrack ? { subtitleTrack } : {}), ...(signal ? { signal } : {}), ...(onProgress ? { onProgress } : {}) }));
      const lines: TrackedLine[] = result.boxes.map((box) => ({ startSeconds: box.startSeconds, endSeconds: box.endSeconds, text: box.text, ...(box.track !== undefined ? { track: box.track } : {}) }));
      return { lines, tracks: (result.subtitleTracks ?? []).map(subtitleTrackOf), warnings: result.warnings.map(warningText) };
    },

    async translate({ engineId, sourceLanguage, targetLanguage, lines, glossary, context, signal }) {
      const engine = await engineCall(engineId, () => engines.getById('translator', engineId));
      const result = await engineCall(engineId, () =>
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
      const vad = engines.descriptors('voice-activity-detector').length ? await engineCall(engineId, () => engines.get('voice-activity-detector')) : undefined;
      const result = await engineCall(engineId, () => findSpeakers(audioFile, { ...(speakerCount !== undefined ? { speakerCount } : {}), ...(utterances ? { utterances } : {}), ...(vad ? { vad } : {}), ...(signal ? { signal } : {}) }));
      return {
        segments: result.segments.map(({ startSeconds, endSeconds, speakerId, medianPitchHz }) => ({ startSeconds, endSeconds, speakerId, medianPitchHz })),
        speakers: result.speakers.map(({ speakerId, medianPitchHz, suggestedGender, totalSeconds }) => ({ speakerId, medianPitchHz, suggestedGender, totalSeconds })),
        warnings: result.warnings,
      };
    },

    separationEngines: () => engines.descriptors('audio-separator').map(separatorEngineOf),

    async separate({ engineId, audioFile, outputVoiceFile, outputBackgroundFile, signal }) {
      const engine = await engineCall(engineId, () => engines.getById('audio-separator', engineId));
      const result = await engineCall(engineId, () => engine.doSeparate({ audioFile, outputs: { vocals: outputVoiceFile, accompaniment: outputBackgroundFile }, ...(signal ? { signal } : {}) }));
      if (!result.stems.vocals || !result.stems.accompaniment) throw new EngineFailure(`${engineId} wrote no accompaniment stem`, { reason: 'engine-failed', engineId, isRetryable: false });
      return { warnings: result.warnings.filter((warning) => warning.type !== 'unsupported-option').map(warningText) };
    },
  };
}
