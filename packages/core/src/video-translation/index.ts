export * from './video-translation.service.ts';
export * from './video-translation-job.ts';
export * from './video-translation.pipeline.ts';
export * from './video-translation-review.ts';
export * from './speaker-characters.ts';
