export * from './speech-prices.ts';
export * from './tts-script.ts';
export * from './quality-tiers.ts';
