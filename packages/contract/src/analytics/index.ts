export * from './event.ts';
export * from './traffic-source.ts';
