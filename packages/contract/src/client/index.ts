export * from './api-client.ts';
export * from './job-stream.ts';
export * from './call-handles.ts';
export * from '../tools/index.ts';
