export * from './video-erasure.service.ts';
export * from './video-erasure.pipeline.ts';
