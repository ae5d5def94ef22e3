export * from './speech-engines.port.ts';
export * from './video-engines.port.ts';
