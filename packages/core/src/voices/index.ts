export * from '../engines/speech-engines.port.ts';
export * from '../text-to-speech/text-to-speech.pipeline.ts';
export * from '../pipeline-stages/subtitle-cues.ts';
export * from './preview-sentences.ts';
export * from './voices.service.ts';
