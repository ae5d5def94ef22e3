export * from './speech-engines.port.ts';
export * from './video-engines.port.ts';
export * from './video-erasure-engines.port.ts';
export * from './avatar-engines.port.ts';
export * from './audio-separation-engines.port.ts';
export * from './engine-failure.ts';
