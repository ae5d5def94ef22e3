export * from './subtitle-extraction.service.ts';
export * from './subtitle-extraction.pipeline.ts';
export * from './subtitle-scripts.ts';
