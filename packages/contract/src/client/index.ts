export * from './api-client.ts';
export * from './job-stream.ts';
export * from './call-handles.ts';
