export * from './glossary-check.ts';
export * from './series.service.ts';
