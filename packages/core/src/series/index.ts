export * from './glossary-check.ts';
export * from './series.service.ts';
export * from './series.tool.ts';
export * from './series-episode-end.ts';
export * from './series-signals.ts';
