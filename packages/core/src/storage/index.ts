export * from './storage-keys.ts';
export * from './storage.port.ts';
