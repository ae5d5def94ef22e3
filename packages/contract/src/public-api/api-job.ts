import type { CallDefinition } from '../call.ts';

/** The upload id the REST v1 examples use (`POST /api/v1/uploads` answers such an id). */
export const EXAMPLE_UPLOAD_ID = '9b8e2d4c-1a3f-4c5e-8d7b-6a5f4e3d2c1b';

/**
 * A tool's REST v1 create (`POST /api/v1/tools/{tool}/jobs`), declared in its calls file as
 * `<tool>ApiJob`: the workbench call whose body it takes (and whose service it goes through, so plan
 * limits and points are exactly the workbench's), an example body for the OpenAPI document and the
 * route's summary on the Chinese API reference page (the English one is written from the call).
 * `API_JOB_CALLS`, `API_JOB_EXAMPLES` and `API_JOB_SUMMARIES_ZH` are generated from them (decision 068).
 */
export interface ApiJobDefinition {
  call: CallDefinition;
  example: unknown;
  summaryZh: string;
}
