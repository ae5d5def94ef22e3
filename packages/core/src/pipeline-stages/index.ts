export * from './speech-audio.ts';
export * from './fetch-stored-file.ts';
export * from './synthesize-segments.ts';
export * from './assemble-speech.ts';
export * from './deliver-audio.ts';
export * from './subtitle-cues.ts';
export * from './burn-in-script.ts';
export * from './subtitle-readings.ts';
