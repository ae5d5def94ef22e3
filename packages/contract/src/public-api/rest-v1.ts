import { z } from 'zod';
import { apiKeyScopeSchema, type ApiKeyScope } from '../calls/api-keys.calls.ts';
import { jobStatusSchema, jobViewSchema } from '../calls/system.calls.ts';
import { dubbingExportCall, dubbingProjectCreateCall, dubbingProjectGetCall, dubbingProjectListCall, dubbingSynthesizeCall, dubbingTranslateCall } from '../calls/dubbing.calls.ts';
import { uploadViewSchema } from '../calls/upload.calls.ts';
import { voiceListCall } from '../calls/voices.calls.ts';
import {
  webhookCreateBodySchema,
  webhookCreatedSchema,
  webhookDeliveryViewSchema,
  webhookEndpointViewSchema,
  webhookUpdateBodySchema,
} from '../calls/webhooks.calls.ts';
import { API_JOB_CALLS, API_JOB_EXAMPLES, API_JOB_SUMMARIES_ZH, toolRestRoutes } from '../calls/tool-calls.generated.ts';
import { EXAMPLE_UPLOAD_ID } from './api-job.ts';
import { TOOL_CATALOGUE } from '../tools/tool-catalogue.ts';

/**
 * The public REST surface `/api/v1/…` (issue 19, decision 037): authenticated by
 * `Authorization: Bearer vx_live_…`, answered in the same `{code, message, data}` envelope as the
 * calls, with HTTP statuses that say what happened (`restStatusOf` in the server). Job creation is
 * derived from the tool catalogue: every built tool listed in `API_JOB_CALLS` gets
 * `POST /api/v1/tools/{tool}/jobs`, whose body is the workbench call's own zod schema.
 */
export const REST_V1_PREFIX = '/api/v1';

/**
 * `API_JOB_CALLS` (from the generated `calls/tool-calls.generated.ts`): the workbench call whose body a
 * tool's REST create accepts (and whose service it goes through, so plan limits and points are
 * exactly the workbench's). A tool joins the API by exporting `<tool>ApiJob` (`public-api/api-job.ts`:
 * the call and an example body) from its calls file and its `apiCreate` in the server's
 * `tools/<tool>.tool.ts` (typecheck holds both).
 */
export type ApiJobTool = keyof typeof API_JOB_CALLS;

export interface RestV1Route {
  operationId: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** OpenAPI style (`/api/v1/jobs/{jobId}`); the server mounts it with `:jobId`. */
  path: string;
  summary: string;
  tag: string;
  /** `read`: any valid key. `write`: a read-write key (and the tool's scope when `tool` is set). */
  access: 'read' | 'write';
  /** The key needs this tool in its scopes. */
  tool?: ApiKeyScope;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The envelope's `data`; absent for a file download. */
  data?: z.ZodType;
  /** Takes `Idempotency-Key`. */
  idempotent?: boolean;
  /** The body is a file (raw bytes with `X-File-Name`, or `multipart/form-data`), not JSON. */
  upload?: boolean;
  example?: { body?: unknown; data?: unknown };
}

const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const jobIdParams = z.object({ jobId: z.uuid() }).strict();

/** What a create answers: the job, and whether this answer replays an earlier request with the same `Idempotency-Key`. */
export const restJobCreatedSchema = z.object({ job: jobViewSchema, replayed: z.boolean() });

export const restJobListSchema = z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), list: z.array(jobViewSchema) });

export const restBalanceSchema = z.object({
  planId: z.enum(['free', 'pro', 'business']),
  availablePoints: z.number().int(),
  frozenPoints: z.number().int(),
  totalPoints: z.number().int(),
});

const EXAMPLE_JOB_ID = '3f2a7c1e-8d4b-4e6a-9b1c-2d3e4f5a6b7c';
const exampleJob = {
  id: EXAMPLE_JOB_ID,
  type: 'text-to-speech.synthesize',
  title: 'Our new kettle boils in ninety seconds.',
  status: 'queued',
  waitingForSlot: false,
  progress: 0,
  currentStage: null,
  stages: [{ name: 'synthesize', status: 'pending', progress: 0, attempts: 0, output: null, error: null }],
  cost: { estimated: 1, frozen: 1, settled: null },
  attempts: 0,
  completions: 0,
  input: {},
  output: null,
  error: null,
  media: [],
  createdAt: '2026-11-27T08:00:00.000Z',
  startedAt: null,
  finishedAt: null,
};

/** The operation id of a tool's REST v1 create (`v1_create_text_to_speech_job`). */
export function restV1CreateOperationId(tool: ApiJobTool): string {
  return `v1_create_${tool.replace(/-/g, '_')}_job`;
}

/** The Chinese summaries of the REST v1 creates by operation id (each from its tool's `<tool>ApiJob`), for the API reference's Chinese page. */
export const REST_V1_CREATE_SUMMARIES_ZH: Readonly<Record<string, string>> = Object.fromEntries(
  (Object.keys(API_JOB_SUMMARIES_ZH) as ApiJobTool[]).map((tool) => [restV1CreateOperationId(tool), API_JOB_SUMMARIES_ZH[tool]]),
);

/** The job-creating routes, one per built tool of the catalogue that the API can create jobs for. */
export const REST_V1_CREATE_ROUTES: readonly RestV1Route[] = TOOL_CATALOGUE.filter((tool) => tool.status === 'built' && tool.id in API_JOB_CALLS).map((tool) => {
  const id = tool.id as ApiJobTool;
  return {
    operationId: restV1CreateOperationId(id),
    method: 'POST',
    path: `${REST_V1_PREFIX}/tools/${id}/jobs`,
    summary: `Create a ${id} job (the body of the workbench's \`${API_JOB_CALLS[id].path}\`): points are frozen as in the workbench and charged on success. Needs a read-write key with the \`${id}\` scope.`,
    tag: id,
    access: 'write',
    tool: id,
    body: API_JOB_CALLS[id].body,
    data: restJobCreatedSchema,
    idempotent: true,
    example: { body: API_JOB_EXAMPLES[id], data: { job: exampleJob, replayed: false } },
  } satisfies RestV1Route;
});

export const REST_V1_ROUTES: readonly RestV1Route[] = [
  ...REST_V1_CREATE_ROUTES,
  {
    operationId: 'v1_create_upload',
    method: 'POST',
    path: `${REST_V1_PREFIX}/uploads`,
    summary:
      'Upload a file in one request: either the raw bytes with `Content-Type` and `X-File-Name` (percent-encoded UTF-8), or `multipart/form-data` with one file part. `Content-Length` is required; the plan’s upload size limit applies, as in the web app. The answer’s `id` is the `uploadId` a tool’s create takes. Needs a read-write key. For large files or unsteady connections, upload resumably with tus 1.0 at `/api/v1/uploads/tus` instead (the same key as Bearer; `Upload-Metadata: filename <base64>`; after a dropped chunk, `HEAD` tells the offset to go on from): the final `PATCH` answers this same upload in the envelope (`uploadResumable` in the client).',
    tag: 'uploads',
    access: 'write',
    upload: true,
    data: uploadViewSchema,
    example: {
      data: {
        id: EXAMPLE_UPLOAD_ID,
        name: 'product-demo.mp4',
        kind: 'video',
        mime: 'video/mp4',
        bytes: 1843200,
        durationSeconds: 12.5,
        width: 1080,
        height: 1920,
        hasAudio: true,
        url: '/media/…',
        createdAt: '2026-11-27T08:00:00.000Z',
      },
    },
  },
  {
    operationId: 'v1_get_job',
    method: 'GET',
    path: `${REST_V1_PREFIX}/jobs/{jobId}`,
    summary: 'One of the key owner’s jobs: status, progress, stages, cost and, once completed, its result files; a failed job’s `error` has the catalogue `code`, its `params` and the `message` in the `Accept-Language` asked (en or zh).',
    tag: 'jobs',
    access: 'read',
    params: jobIdParams,
    data: jobViewSchema,
    example: { data: { ...exampleJob, status: 'completed', progress: 100 } },
  },
  {
    operationId: 'v1_list_jobs',
    method: 'GET',
    path: `${REST_V1_PREFIX}/jobs`,
    summary: 'A page of the key owner’s jobs, newest first, filtered by tool and status.',
    tag: 'jobs',
    access: 'read',
    query: z.object({ ...pageQuery, tool: apiKeyScopeSchema.optional(), status: jobStatusSchema.optional() }).strict(),
    data: restJobListSchema,
    example: { data: { total: 1, page: 1, pageSize: 20, list: [exampleJob] } },
  },
  {
    operationId: 'v1_cancel_job',
    method: 'POST',
    path: `${REST_V1_PREFIX}/jobs/{jobId}/cancel`,
    summary: 'Cancel a queued or running job; its frozen points are released. Needs a read-write key with the job’s tool in its scopes.',
    tag: 'jobs',
    access: 'write',
    params: jobIdParams,
    data: jobViewSchema,
    example: { data: { ...exampleJob, status: 'cancelled' } },
  },
  {
    operationId: 'v1_download_job_file',
    method: 'GET',
    path: `${REST_V1_PREFIX}/jobs/{jobId}/files/{name}`,
    summary: 'A result file of a completed job (its `media[].name`), as bytes; HTTP Range supported.',
    tag: 'jobs',
    access: 'read',
    params: z.object({ jobId: z.uuid(), name: z.string().min(1).max(200) }).strict(),
  },
  {
    operationId: 'v1_list_voices',
    method: 'GET',
    path: `${REST_V1_PREFIX}/voices`,
    summary: 'The voice library (every engine’s voices and the key owner’s cloned voices), searchable; `voiceKey` is what a create takes.',
    tag: 'voices',
    access: 'read',
    query: z
      .object({
        ...pageQuery,
        query: voiceListCall.body.shape.query,
        language: voiceListCall.body.shape.language,
        gender: voiceListCall.body.shape.gender,
        tab: voiceListCall.body.shape.tab,
      })
      .strict(),
    data: voiceListCall.data,
  },
  {
    operationId: 'v1_get_balance',
    method: 'GET',
    path: `${REST_V1_PREFIX}/account/balance`,
    summary: 'The key owner’s plan and points: available, frozen by running jobs, and their total.',
    tag: 'account',
    access: 'read',
    data: restBalanceSchema,
    example: { data: { planId: 'free', availablePoints: 97, frozenPoints: 3, totalPoints: 100 } },
  },
  ...DUBBING_ROUTES(),
  // The tools' own routes (`<tool>RestRoutes` in their calls files: the series').
  ...toolRestRoutes(REST_V1_PREFIX),
  ...WEBHOOK_ROUTES(),
];

/**
 * Dubbing by key: a dubbing project is edited line by line (in the editor, or by these calls), so
 * it has routes of its own instead of one create: make a project (its preparation is a job),
 * read it, translate and speak its segments, export it. Each of those is a job, polled and
 * downloaded like any other; all take `Idempotency-Key`.
 */
function DUBBING_ROUTES(): RestV1Route[] {
  const projectIdParams = z.object({ projectId: z.uuid() }).strict();
  const projectJob = restJobCreatedSchema;
  const exampleProjectId = '6d1f0c9e-2b7a-4f3e-9c8d-1a2b3c4d5e6f';
  return [
    {
      operationId: 'v1_create_dubbing_project',
      method: 'POST',
      path: `${REST_V1_PREFIX}/dubbing/projects`,
      summary:
        'Create a dubbing project from an upload (video or audio) or from a finished video translation. Its lines, characters and background are prepared by a free job (`prepareJob`); the project is ready when that job completes. Needs a read-write key with the `dubbing` scope.',
      tag: 'dubbing',
      access: 'write',
      tool: 'dubbing',
      body: dubbingProjectCreateCall.body,
      data: z.object({
        projectId: z.string(),
        prepareJob: jobViewSchema,
        replayed: z.boolean(),
        /** In English and Chinese: each target language no engine here translates into (its translations are typed by hand). */
        notices: z.array(z.object({ en: z.string(), zh: z.string() })),
      }),
      idempotent: true,
      example: {
        body: { edition: 'studio', from: { kind: 'upload', uploadId: EXAMPLE_UPLOAD_ID, sourceLanguage: 'en', textSource: 'auto' }, targetLanguages: ['es'] },
        data: { projectId: exampleProjectId, prepareJob: { ...exampleJob, type: 'dubbing.prepare', title: 'Episode 1', cost: { estimated: 0, frozen: 0, settled: null } }, replayed: false, notices: [] },
      },
    },
    {
      operationId: 'v1_list_dubbing_projects',
      method: 'GET',
      path: `${REST_V1_PREFIX}/dubbing/projects`,
      summary: 'The key owner’s dubbing projects of one edition (`studio` or `pro`), newest first.',
      tag: 'dubbing',
      access: 'read',
      tool: 'dubbing',
      query: dubbingProjectListCall.body,
      data: dubbingProjectListCall.data,
    },
    {
      operationId: 'v1_get_dubbing_project',
      method: 'GET',
      path: `${REST_V1_PREFIX}/dubbing/projects/{projectId}`,
      summary: 'A whole dubbing project: media, characters, glossary, every segment with its translations and takes, revisions and running jobs.',
      tag: 'dubbing',
      access: 'read',
      tool: 'dubbing',
      params: projectIdParams,
      data: dubbingProjectGetCall.data,
    },
    {
      operationId: 'v1_translate_dubbing_project',
      method: 'POST',
      path: `${REST_V1_PREFIX}/dubbing/projects/{projectId}/translate`,
      summary: 'Translate segments of the project into one of its languages (`all`, `changed`: those without a translation yet, or `selected`): points per 1,000 characters, frozen now and charged for what was translated.',
      tag: 'dubbing',
      access: 'write',
      tool: 'dubbing',
      params: projectIdParams,
      body: dubbingTranslateCall.body.omit({ projectId: true }),
      data: projectJob,
      idempotent: true,
      example: { body: { language: 'es', segments: { kind: 'all' } }, data: { job: { ...exampleJob, type: 'dubbing.translate' }, replayed: false } },
    },
    {
      operationId: 'v1_synthesize_dubbing_project',
      method: 'POST',
      path: `${REST_V1_PREFIX}/dubbing/projects/{projectId}/synthesize`,
      summary: 'Speak segments of one language with their characters’ voices (`all`, `changed`: those whose text, voice or speed changed since their take, or `selected`): points per 1,000 characters, frozen now and charged for what was spoken.',
      tag: 'dubbing',
      access: 'write',
      tool: 'dubbing',
      params: projectIdParams,
      body: dubbingSynthesizeCall.body.omit({ projectId: true }),
      data: projectJob,
      idempotent: true,
      example: { body: { language: 'es', segments: { kind: 'changed' } }, data: { job: { ...exampleJob, type: 'dubbing.synthesize' }, replayed: false } },
    },
    {
      operationId: 'v1_export_dubbing_project',
      method: 'POST',
      path: `${REST_V1_PREFIX}/dubbing/projects/{projectId}/export`,
      summary: 'Export languages of the project as it is when the job runs (free): `video` (mp4), `audio`, `stems` (dialogue and background), `subtitles` (SRT and VTT), `project` (JSON). The files are the job’s results.',
      tag: 'dubbing',
      access: 'write',
      tool: 'dubbing',
      params: projectIdParams,
      body: dubbingExportCall.body.omit({ projectId: true }),
      data: projectJob,
      idempotent: true,
      example: { body: { languages: ['es'], formats: ['video', 'subtitles'] }, data: { job: { ...exampleJob, type: 'dubbing.export', cost: { estimated: 0, frozen: 0, settled: null } }, replayed: false } },
    },
  ];
}

function WEBHOOK_ROUTES(): RestV1Route[] {
  const webhookId = z.object({ webhookId: z.uuid() }).strict();
  const endpoint = { id: '9b0f5a52-3c1d-4f7e-8a2b-6c5d4e3f2a1b', url: 'https://example.com/hooks/voxwork', events: ['job.succeeded', 'job.failed'], enabled: true, createdAt: '2026-11-27T08:00:00.000Z' };
  const delivery = {
    id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
    eventId: 'evt_5f3c9d2a7b1e4c6f8a0d2b4c',
    type: 'job.succeeded',
    status: 'delivered',
    attempts: 1,
    nextAttemptAt: null,
    createdAt: '2026-11-27T08:01:00.000Z',
    attemptLog: [{ number: 1, at: '2026-11-27T08:01:00.120Z', durationMs: 84, responseStatus: 200, error: null }],
  };
  return [
    {
      operationId: 'v1_list_webhooks',
      method: 'GET',
      path: `${REST_V1_PREFIX}/webhooks`,
      summary: 'The key owner’s webhook endpoints (at most five). Secrets are never returned.',
      tag: 'webhooks',
      access: 'read',
      data: z.object({ list: z.array(webhookEndpointViewSchema) }),
      example: { data: { list: [endpoint] } },
    },
    {
      operationId: 'v1_create_webhook',
      method: 'POST',
      path: `${REST_V1_PREFIX}/webhooks`,
      summary:
        'Add a webhook endpoint for `job.succeeded`, `job.failed`, `points.low`, `series.episode.completed` and/or `series.episode.failed`. The answer holds its signing secret (`whsec_…`) once: each delivery carries `Voxwork-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. Needs a read-write key.',
      tag: 'webhooks',
      access: 'write',
      body: webhookCreateBodySchema,
      data: webhookCreatedSchema,
      example: { body: { url: endpoint.url, events: endpoint.events }, data: { endpoint, secret: 'whsec_2jT0bQ4nX8vYkq3pZ6rW1uLmA9sDfGhJ' } },
    },
    {
      operationId: 'v1_update_webhook',
      method: 'PATCH',
      path: `${REST_V1_PREFIX}/webhooks/{webhookId}`,
      summary: 'Turn an endpoint on or off: a disabled endpoint gets no new deliveries.',
      tag: 'webhooks',
      access: 'write',
      params: webhookId,
      body: webhookUpdateBodySchema,
      data: webhookEndpointViewSchema,
      example: { body: { enabled: false }, data: { ...endpoint, enabled: false } },
    },
    {
      operationId: 'v1_delete_webhook',
      method: 'DELETE',
      path: `${REST_V1_PREFIX}/webhooks/{webhookId}`,
      summary: 'Delete an endpoint and its delivery log.',
      tag: 'webhooks',
      access: 'write',
      params: webhookId,
      data: z.object({ ok: z.literal(true) }),
    },
    {
      operationId: 'v1_list_webhook_deliveries',
      method: 'GET',
      path: `${REST_V1_PREFIX}/webhooks/{webhookId}/deliveries`,
      summary: 'The endpoint’s latest 20 deliveries, newest first, with every attempt (time, duration, HTTP status or network error).',
      tag: 'webhooks',
      access: 'read',
      params: webhookId,
      data: z.object({ list: z.array(webhookDeliveryViewSchema) }),
      example: { data: { list: [delivery] } },
    },
    {
      operationId: 'v1_test_webhook',
      method: 'POST',
      path: `${REST_V1_PREFIX}/webhooks/{webhookId}/test`,
      summary: 'Send a `test` event to the endpoint now; the answer is the delivery with its first attempt.',
      tag: 'webhooks',
      access: 'write',
      params: webhookId,
      data: webhookDeliveryViewSchema,
      example: { data: { ...delivery, type: 'test' } },
    },
    {
      operationId: 'v1_redeliver_webhook',
      method: 'POST',
      path: `${REST_V1_PREFIX}/webhooks/deliveries/{deliveryId}/redeliver`,
      summary: 'Send a delivery again now: one more attempt, logged with the others.',
      tag: 'webhooks',
      access: 'write',
      params: z.object({ deliveryId: z.uuid() }).strict(),
      data: webhookDeliveryViewSchema,
      example: { data: { ...delivery, attempts: 2 } },
    },
  ];
}

/** Fastify's form of a route path (`{jobId}` → `:jobId`). */
export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
