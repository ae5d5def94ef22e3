export * from './capabilities/engine-common.ts';
export * from './capabilities/capability-map.ts';
export * from './capabilities/voice-key.ts';
export type * from './capabilities/speech-synthesizer.ts';
export type * from './capabilities/speech-recognizer.ts';
export type * from './capabilities/translator.ts';
export { translatesPair } from './capabilities/translator.ts';
export type * from './capabilities/voice-converter.ts';
export type * from './capabilities/voice-profiler.ts';
export type * from './capabilities/audio-separator.ts';
export type * from './capabilities/text-detector.ts';
export type * from './capabilities/face-tracker.ts';
export type * from './capabilities/animator.ts';
export type * from './capabilities/inpainter.ts';
export type * from './capabilities/voice-activity-detector.ts';
export type * from './capabilities/language-identifier.ts';
export * from './engine-errors.ts';
export * from './registry/engine-registry.ts';
export * from './registry/engine-resolver.ts';
export * from './registry/local-engines.ts';
export type * from './registry/local-engine-settings.ts';
// Factories for direct use; the registry imports them on first load. Both are light to import:
// silero imports onnxruntime-node and reads its model on the first detection only.
export { createEspeak, type EspeakSettings, type EspeakSpeechSynthesizer } from './espeak/espeak-speech-synthesizer.ts';
export { createSilero, defaultSileroModelPath, type SileroSettings, type SileroVoiceActivityDetector } from './silero/silero-voice-activity-detector.ts';
export { ESPEAK_ENGINE_ID, ESPEAK_LANGUAGES } from './espeak/espeak-voices.ts';
export { createFestival, type FestivalSettings, type FestivalSpeechSynthesizer } from './festival/festival-speech-synthesizer.ts';
export { FESTIVAL_ENGINE_ID, FESTIVAL_LANGUAGES } from './festival/festival-voices.ts';
export { createFlite, type FliteSettings, type FliteSpeechSynthesizer } from './flite/flite-speech-synthesizer.ts';
export { FLITE_ENGINE_ID, FLITE_LANGUAGES } from './flite/flite-voices.ts';
export { createPocketsphinx, type PocketsphinxSettings, type PocketsphinxSpeechRecognizer } from './pocketsphinx/pocketsphinx-speech-recognizer.ts';
export { POCKETSPHINX_ENGINE_ID, POCKETSPHINX_LANGUAGES } from './pocketsphinx/pocketsphinx-output.ts';
export { createApertium, type ApertiumSettings, type ApertiumTranslator } from './apertium/apertium-translator.ts';
export { APERTIUM_ENGINE_ID, APERTIUM_LANGUAGES, APERTIUM_MODES } from './apertium/apertium-pairs.ts';
// Voice matching by signal processing (profiles, speech to speech, profile-driven synthesis), denoise, language id.
export { createDspVoiceProfiler, type DspVoiceProfiler, type DspVoiceProfilerSettings } from './dsp/dsp-voice-profiler.ts';
export { createDspVoiceConverter, planVoiceMatch, type DspVoiceConverter, type DspVoiceMatchOptions } from './dsp/dsp-voice-converter.ts';
export { assessRecording, RECORDING_LIMITS, type AssessRecordingOptions, type RecordingAssessment, type RecordingLimits, type RecordingProblem, type RecordingProblemCode } from './dsp/recording-assessment.ts';
export { synthesizeWithProfile, type ProfileSynthesisResult, type SynthesizeWithProfileOptions } from './dsp/profile-voice-synthesis.ts';
export { DSP_CONVERTER_ENGINE_ID, DSP_PROFILER_ENGINE_ID, espeakBaseVoiceFor, measureVoiceInFiles, readDspProfileData, suggestBaseVoice, type BaseVoiceSuggestion, type DspVoiceProfileData, type VoiceFeatures } from './dsp/voice-features.ts';
export { pitchStatistics, trackPitch, trackPitchAsync, type PitchStatistics, type PitchTrack } from './audio/pitch-tracker.ts';
// Burned-in text (subtitles, all text on screen): PP-OCRv4 on onnxruntime-node; the models load on the first call.
export { createPpocr, PpocrTextDetector, type PpocrSettings } from './ppocr/ppocr-text-detector.ts';
export { PPOCR_ENGINE_ID, PPOCR_LANGUAGES } from './ppocr/ppocr-languages.ts';
export { createRnnoise, RNNOISE_ENGINE_ID, type RnnoiseAudioSeparator } from './rnnoise/rnnoise-audio-separator.ts';
export { createFasttext, FASTTEXT_ENGINE_ID, type FasttextLanguageIdentifier, type FasttextSettings } from './fasttext/fasttext-language-identifier.ts';
export { FASTTEXT_LANGUAGES } from './fasttext/fasttext-languages.ts';
// Remote engines (registered only when configured by env; see registry/remote-engines.ts).
export * from './registry/remote-engines.ts';
export { createOpenAISpeech, openAIEngineId, type OpenAISpeechSettings, type OpenAISpeechSynthesizer, type OpenAIVoiceSetting } from './openai/openai-speech-synthesizer.ts';
export { OPENAI_BUILT_IN_VOICES, OPENAI_SPEECH_LANGUAGES } from './openai/openai-speech-api.ts';
export { createOpenAIChatTranslator, type OpenAIChatTranslator, type OpenAIChatTranslatorSettings } from './openai/openai-chat-translator.ts';
export { createOpenAITranscription, type OpenAITranscriptionRecognizer, type OpenAITranscriptionSettings } from './openai/openai-transcription-recognizer.ts';
export { createElevenLabsSpeech, elevenLabsEngineId, type ElevenLabsSpeechSettings, type ElevenLabsSpeechSynthesizer } from './elevenlabs/elevenlabs-speech-synthesizer.ts';
export { createElevenLabsVoiceConverter, type ElevenLabsVoiceConverter, type ElevenLabsVoiceConverterSettings } from './elevenlabs/elevenlabs-voice-converter.ts';
export { createElevenLabsVoiceProfiler, ELEVENLABS_IVC_ENGINE_ID, type ElevenLabsVoiceProfiler, type ElevenLabsVoiceProfilerSettings } from './elevenlabs/elevenlabs-voice-profiler.ts';
export type { ElevenLabsSettings } from './elevenlabs/elevenlabs-client.ts';
