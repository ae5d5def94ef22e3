export * from './api-client.ts';
