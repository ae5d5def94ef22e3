export * from './job.repository.ts';
export * from './open-database.ts';
export * from './schema/index.ts';
