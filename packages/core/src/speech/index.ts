export * from './speech-runtime.port.ts';
export * from './speech-jobs.ts';
export * from './subtitle-cues.ts';
export * from './preview-sentences.ts';
export * from './speech.service.ts';
