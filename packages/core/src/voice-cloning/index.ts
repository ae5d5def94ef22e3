export * from './voice-cloning.service.ts';
export * from './voice-cloning.pipeline.ts';
