import { defineTool } from '../jobs/define-tool.ts';

/** The voice library queues no job: its calls read and mark voices (the service is shared by every speaking tool). */
export const voicesTool = defineTool({ id: 'voices', jobs: {} });
