export * from './voices.service.ts';
export * from './voice-choice.ts';
export * from './preview-sentences.ts';
export * from './voice-library.ts';
