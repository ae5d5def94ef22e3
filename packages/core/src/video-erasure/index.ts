export * from './video-erasure.service.ts';
export * from './video-erasure.pipeline.ts';
export * from './erasure-regions.ts';
