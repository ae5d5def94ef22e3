export * from './job.repository.ts';
export * from './open-database.ts';
export * from './schema/index.ts';
export * from './database-errors.ts';
export * from './points.repository.ts';
export * from './event.repository.ts';
export * from './feedback.repository.ts';
export * from './billing.repository.ts';
