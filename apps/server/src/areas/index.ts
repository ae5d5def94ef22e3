import type { Area } from './area.ts';
import { accountsArea } from './accounts.area.ts';
import { paymentsArea } from './payments.area.ts';
import { jobsArea } from './jobs.area.ts';
import { analyticsArea } from './analytics.area.ts';
import { feedbackArea } from './feedback.area.ts';
import { uploadsArea } from './uploads.area.ts';
import { mediaArea } from './media.area.ts';
import { shareArea } from './share.area.ts';
import { apiKeysArea } from './api-keys.area.ts';
import { webhooksArea } from './webhooks.area.ts';
import { restV1Area } from './rest-v1.area.ts';
import { SERVER_TOOLS } from '../tools.ts';
import type { ServerTool } from '../tools/server-tool.ts';
import type { CoreToolId } from '@voxwork/core';

/** A tool's calls and routes as an area: the tool's own services (the context's services hold every tool's). */
const toolArea = (tool: ServerTool<CoreToolId, object>): Area => ({
  name: tool.id,
  calls: (context) => tool.calls(context.services, context),
  ...(tool.routes ? { routes: (http, context) => tool.routes!(http, context.services, context) } : {}),
});

/** Every area of the API role, in registration order: the shell's, then one per tool (`../tools.ts`), then the REST surface. */
export const areas: readonly Area[] = [
  accountsArea,
  paymentsArea,
  jobsArea,
  feedbackArea,
  analyticsArea,
  uploadsArea,
  mediaArea,
  shareArea,
  ...SERVER_TOOLS.map((tool) => toolArea(tool as unknown as ServerTool<CoreToolId, object>)),
  apiKeysArea,
  webhooksArea,
  restV1Area,
];
