export * from './domain-error.ts';
export * from './jobs/job-handlers.ts';
export * from './jobs/job-queue.port.ts';
export * from './jobs/job-types.ts';
export * from './jobs/job.service.ts';
export * from './accounts/account.service.ts';
export * from './accounts/gift-code.service.ts';
export * from './accounts/points-ledger.service.ts';
