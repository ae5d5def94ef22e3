export * from './analytics-report.service.ts';
export * from './china-regions.ts';
export * from './event-ingest.service.ts';
export * from './event-sink.port.ts';
export * from './ip-address.ts';
export * from './ip-location.port.ts';
export * from './ip-location.service.ts';
