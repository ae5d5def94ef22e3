export * from './avatar.service.ts';
export * from './avatar.pipeline.ts';
export * from './avatar-engine-errors.ts';
