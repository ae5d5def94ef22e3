export * from './api-client.ts';
export * from './job-stream.ts';
export * from './call-handles.ts';
export { MATCH_ORIGINAL_VOICE } from '../video-translation/match-original.ts';
export { API_EXAMPLES, API_EXAMPLE_VOICE } from '../public-api/api-examples.ts';
