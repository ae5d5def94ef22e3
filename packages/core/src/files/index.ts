export * from './scratch-files.port.ts';
