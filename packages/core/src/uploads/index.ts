export * from './media-inspector.port.ts';
export * from './upload-name.ts';
export * from './upload-rules.ts';
export * from './upload.service.ts';
export * from './video-source.ts';
