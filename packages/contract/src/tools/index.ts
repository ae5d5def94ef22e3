export * from './tool-catalogue.ts';
