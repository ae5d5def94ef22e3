export * from './avatar.service.ts';
export * from './avatar.pipeline.ts';
