export * from './dubbing-store.port.ts';
export * from './dubbing-edit-rules.ts';
export * from './dubbing.service.ts';
