export * from './video-translation.service.ts';
export * from './video-translation.pipeline.ts';
export * from './engine-choice.ts';
export * from './time-fit.ts';
export * from './video-translation-review.ts';
export * from './speakers.ts';
export * from './source-text.ts';
export * from './speaker-characters.ts';
