export * from './audio-separation.service.ts';
export * from './audio-separation.pipeline.ts';
export * from './separator-choice.ts';
export * from './audio-separation-engine-errors.ts';
