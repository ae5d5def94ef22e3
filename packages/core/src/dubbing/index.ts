export * from './dubbing-store.port.ts';
export * from './dubbing-edit-rules.ts';
export * from './dubbing.service.ts';
export * from './dubbing.pipeline.ts';
export * from './dubbing-jobs.service.ts';
export * from './dubbing-media.ts';
