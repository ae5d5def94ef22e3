export * from './rate-limit-store.port.ts';
export * from './rate-limiter.ts';
