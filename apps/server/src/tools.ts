/**
 * Every tool's part in the server, in one list (decision 053): `areas/index.ts` binds their
 * calls and `areas/rest-v1.area.ts` mounts their REST v1 routes from it (their services are
 * built by core's `createToolServices`, in `services.ts`). The list is generated from the files `tools/<tool>.tool.ts` (`tools.generated.ts`, `npm run generate:tools`, decision 068).
 */
import type { ToolId } from '@voxwork/contract';
import type { CoreToolId } from '@voxwork/core';

import { SERVER_TOOLS } from './tools.generated.ts';

export { SERVER_TOOLS };

// Every tool of the catalogue and of core has its server part, and none is listed that they lack.
type ListedId = (typeof SERVER_TOOLS)[number]['id'];
const _everyToolHasItsServerPart: [ListedId] extends [CoreToolId] ? ([CoreToolId | ToolId] extends [ListedId] ? true : false) : false = true;
void _everyToolHasItsServerPart;
