export * from './speech-to-speech.service.ts';
export * from './speech-to-speech.pipeline.ts';
