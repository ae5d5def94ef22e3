import { defineTool } from '../jobs/define-tool.ts';

/** The voice library queues no job: its calls read and mark voices (its service is shared by every speaking tool). */
export const voicesTool = defineTool({
  id: 'voices',
  jobs: {},
  // Built before the tools, since every speaking tool uses it.
  services: ({ voices }) => ({ voices }),
});
