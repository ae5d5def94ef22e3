export * from './job.schema.ts';
