export * from './text-to-speech.service.ts';
export * from './text-to-speech.pipeline.ts';
export * from './pronunciation-dictionary.ts';
