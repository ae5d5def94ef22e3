export * from './speech-engines.port.ts';
