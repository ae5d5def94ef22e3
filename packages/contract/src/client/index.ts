export * from './api-client.ts';
export * from './job-stream.ts';
