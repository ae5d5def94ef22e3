import type { ToolDefinition } from './tool-catalogue.ts';
import type { ToolJobsDefinition } from './tool-jobs.ts';
import { landing, page } from './tool-pages.ts';

/** `speech-to-speech` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`). */
export const speechToSpeechEntry = {
  id: 'speech-to-speech',
  status: 'built',
  navGroup: 'create',
  pages: [page('speech-to-speech', '/workbench/speech-to-speech', 'tool')],
  marketing: landing('/speech-to-speech'),
} as const satisfies ToolDefinition;

/** What `speech-to-speech` queues and charges (`TOOL_JOBS`, `tool-jobs.ts`). */
export const speechToSpeechJobs = { jobs: { 'speech-to-speech.convert': 'audio' }, outputs: ['audio'], priceKeys: ['speechToSpeechPerMinute'] } as const satisfies ToolJobsDefinition;
