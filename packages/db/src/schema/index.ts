export * from './job.schema.ts';
export * from './account.schema.ts';
export * from './analytics.schema.ts';
export * from './auth.schema.ts';
export * from './feedback.schema.ts';
export * from './billing.schema.ts';
export * from './upload.schema.ts';
