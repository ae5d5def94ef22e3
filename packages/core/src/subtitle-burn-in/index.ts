export * from './subtitle-burn-in.service.ts';
export * from './subtitle-burn-in.pipeline.ts';
