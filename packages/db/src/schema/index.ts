export * from './job.schema.ts';
export * from './account.schema.ts';
