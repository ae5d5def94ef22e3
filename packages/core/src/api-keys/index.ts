export * from './api-key-secret.ts';
export * from './api-key.service.ts';
