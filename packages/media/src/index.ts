export * from './ffmpeg-args.ts';
export * from './media-runner.ts';
export * from './work-dir.ts';
