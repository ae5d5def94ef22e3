export * from './call.ts';
export * from './calls/index.ts';
export * from './envelope.ts';
export * from './error-codes.ts';
export * from './headers.ts';
export * from './openapi.ts';
export * from './signature.ts';
export * from './plans.ts';
