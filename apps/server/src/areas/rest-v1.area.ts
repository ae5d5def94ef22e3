import path from 'node:path';
import {
  API_JOB_CALLS,
  apiKeyFromAuthorization,
  ErrorCode,
  fastifyPath,
  isValidIdempotencyKey,
  jsonNestingExceeds,
  pickLocale,
  MAX_BODY_DEPTH,
  jobTypesOfTools,
  REST_V1_PREFIX,
  REST_V1_ROUTES,
  toolOfJob,
  type ApiJobTool,
  type ApiKeyScope,
  type JobStatus,
  type ErrorCodeValue,
  type JobType,
  type Locale,
  type RestV1Route,
  type WebhookEvent,
} from '@voxwork/contract';
import { DomainError, requestFingerprint, type ApiCaller, type EnqueueOptions } from '@voxwork/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { clientClosedRequest, replyClientClosedRequest } from '../http/client-abort.ts';
import { describeIssue, formatBytes, sendDomainError, sendInvalid } from '../http/contract.plugin.ts';
import { sendError } from '../http/envelope-reply.ts';
import { receiveFormUpload } from '../uploads/form-upload.ts';
import { createTusUploads, setUploadUser } from '../uploads/tus-uploads.ts';
import { serveStoredObject } from '../storage/serve-stored-object.ts';
import type { Services } from '../services.ts';
import type { Area } from './area.ts';
import { SERVER_TOOLS } from '../tools.ts';
import type { RestV1Handler, RestV1Kit } from '../tools/server-tool.ts';
import { uploadView } from './uploads.area.ts';

const MB = 1024 * 1024;

/** The HTTP status of a catalogue error on the REST surface (the envelope's `code` says exactly which). */
export function restStatusOf(code: ErrorCodeValue): number {
  switch (code) {
    case ErrorCode.API_KEY_INVALID:
    case ErrorCode.API_KEY_REVOKED:
    case ErrorCode.API_KEY_EXPIRED:
    case ErrorCode.AUTH_REQUIRED:
      return 401;
    case ErrorCode.API_KEY_SCOPE_MISSING:
    case ErrorCode.API_KEY_READ_ONLY:
      return 403;
    case ErrorCode.JOB_NOT_FOUND:
    case ErrorCode.NOT_FOUND:
    case ErrorCode.CALL_NOT_FOUND:
    case ErrorCode.MEDIA_LINK_INVALID:
    case ErrorCode.WEBHOOK_NOT_FOUND:
      return 404;
    case ErrorCode.IDEMPOTENCY_KEY_CONFLICT:
    case ErrorCode.WEBHOOK_DELIVERY_BUSY:
      return 409;
    case ErrorCode.INVALID_PARAMETER:
    case ErrorCode.IDEMPOTENCY_KEY_INVALID:
    case ErrorCode.MALFORMED_JSON:
      return 400;
    case ErrorCode.BODY_TOO_LARGE:
    case ErrorCode.UPLOAD_TOO_LARGE:
    case ErrorCode.STORAGE_QUOTA_EXCEEDED:
      return 413;
    case ErrorCode.UPLOAD_REQUEST_INVALID:
      return 411;
    case ErrorCode.UNSUPPORTED_MEDIA_TYPE:
      return 415;
    case ErrorCode.TOO_MANY_REQUESTS:
      return 429;
    case ErrorCode.INTERNAL_ERROR:
      return 500;
    case ErrorCode.SERVICE_UNAVAILABLE:
      return 503;
    default:
      // A product rule said no (points, plan, queue, voice): the request was understood and refused.
      return 422;
  }
}

/** A service's `EnqueueOptions.idempotency`, present only with a claim. */
const idempotencyOption = (idempotency: { key: string; requestHash: string } | undefined) => (idempotency ? { idempotency } : {});

/**
 * How each tool of `API_JOB_CALLS` creates its job: the workbench's own service (its `apiCreate`
 * in `tools/<tool>.tool.ts`, which a tool of `API_JOB_CALLS` cannot leave out), with the
 * idempotency claim passed to `JobService.enqueue`.
 */
const jobCreatorOf = (tool: ApiJobTool) => {
  const found = SERVER_TOOLS.find((candidate) => candidate.id === tool);
  if (!found?.apiCreate) throw new Error(`no REST v1 job creator for ${tool}`);
  return found.apiCreate as (services: Services, userId: string, body: never, options: EnqueueOptions) => Promise<{ jobId: string }>;
};

function routeOf(operationId: string): RestV1Route {
  const route = REST_V1_ROUTES.find((candidate) => candidate.operationId === operationId);
  if (!route) throw new Error(`no REST v1 route ${operationId}`);
  return route;
}

/**
 * The public REST surface `/api/v1/…` (issue 19, decision 037), in its own Fastify scope: no
 * signature, `Authorization: Bearer vx_live_…` instead, checked against the database on every
 * call (a revoke holds at once on every replica), then the key's rate limit, read-only flag and
 * tool scopes. Errors are the calls' envelope with an HTTP status that says what happened.
 */
export const restV1Area: Area = {
  name: 'rest-v1',
  routes: async (http, context) => {
    const { services, config, log } = context;
    // Resumable uploads by key (tus 1.0, as the web app's own): the same checks and limits, files of their own folder.
    const tusByKey = await createTusUploads({
      path: `${REST_V1_PREFIX}/uploads/tus`,
      directory: path.join(services.uploadWorkDir, 'tus-api'),
      uploads: services.uploads,
      view: (row) => uploadView(context, row),
      expireAfterMs: config.UPLOAD_INCOMPLETE_TTL_HOURS * 3600 * 1000,
      log,
    });
    http.addHook('onClose', async () => tusByKey.stop());
    await http.register(
      async (scope) => {
        // JSON only, as the calls read it: an empty body is `{}` (a bare `POST …/cancel`), deep nesting is refused before parsing.
        const defaultJsonParser = scope.getDefaultJsonParser('error', 'error');
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: config.API_BODY_LIMIT_BYTES }, (request, body, done) => {
          const text = typeof body === 'string' ? body : body.toString('utf8');
          if (text.trim() === '') return done(null, {});
          if (jsonNestingExceeds(text, MAX_BODY_DEPTH)) return done(new DomainError(ErrorCode.INVALID_PARAMETER, { field: '(body)', reason: 'too_deep' }));
          defaultJsonParser(request, text, done);
        });

        scope.setErrorHandler((thrown: FastifyError | DomainError, request, reply) => {
          if (clientClosedRequest(request)) return replyClientClosedRequest(request, reply, thrown);
          if (thrown instanceof DomainError) return sendDomainError(request, reply, thrown, restStatusOf(thrown.code));
          const caught = thrown as FastifyError;
          if (caught.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(request, reply, ErrorCode.BODY_TOO_LARGE, { status: 413, params: { limit: formatBytes(config.API_BODY_LIMIT_BYTES) } });
          if (caught.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendError(request, reply, ErrorCode.UNSUPPORTED_MEDIA_TYPE, { status: 415 });
          if (caught instanceof SyntaxError || caught.statusCode === 400) return sendError(request, reply, ErrorCode.MALFORMED_JSON, { status: 400 });
          request.log.error({ err: caught }, 'REST v1 call failed');
          return sendError(request, reply, ErrorCode.INTERNAL_ERROR, { status: 500 });
        });

        const mount = (operationId: string, handler: RestV1Handler, target = scope) => {
          const route = routeOf(operationId);
          target.route({
            method: route.method,
            url: fastifyPath(route.path),
            handler: async (request, reply) => {
              const key = apiKeyFromAuthorization(request.headers.authorization);
              if (!key) return sendError(request, reply, ErrorCode.API_KEY_INVALID, { status: 401 });
              const caller = await services.apiKeys.authenticate(key);
              services.apiKeys.authorize(caller, { write: route.access === 'write', tool: route.tool });
              const parsed: { params: Record<string, string>; query: Record<string, unknown>; body: unknown } = { params: {}, query: {}, body: undefined };
              for (const [part, schema, value] of [
                ['params', route.params, request.params],
                ['query', route.query, request.query],
                ['body', route.body, request.body ?? {}],
              ] as const) {
                if (!schema) continue;
                const result = schema.safeParse(value, { reportInput: true });
                if (!result.success) {
                  const { path, reason } = describeIssue(result.error.issues[0]!);
                  return sendInvalid(request, reply, path.length ? path.map(String).join('.') : `(${part})`, reason, 400);
                }
                parsed[part] = result.data as never;
              }
              // The caller's language for what the answer says in words (a failed job's error message).
              const data = await handler({ caller, request, reply, locale: pickLocale(request.headers['accept-language']), ...parsed });
              if (reply.sent) return reply;
              return reply.send({ code: ErrorCode.OK, message: 'Success.', data });
            },
          });
        };

        /** The `Idempotency-Key` claim of a create: the key and a fingerprint of the route and what it would create. */
        const claimOf = (request: FastifyRequest, routePath: string, fingerprinted: unknown) => {
          const header = request.headers['idempotency-key'];
          if (header === undefined) return undefined;
          if (typeof header !== 'string' || !isValidIdempotencyKey(header)) throw new DomainError(ErrorCode.IDEMPOTENCY_KEY_INVALID);
          return { key: header, requestHash: requestFingerprint(routePath, fingerprinted) };
        };
        /** A job made (or replayed) under its claim, answered as `{ job, replayed }` with 201 or 200. */
        const answerCreated = async (caller: ApiCaller, reply: FastifyReply, locale: Locale, created: { jobId: string; replayed: boolean }) => {
          const job = await services.jobs.getOwned(created.jobId, caller.userId, locale);
          reply.code(created.replayed ? 200 : 201);
          if (created.replayed) reply.header('idempotent-replayed', 'true');
          return { job, replayed: created.replayed };
        };

        /** A job made (or replayed) under the request's claim, answered as `{ job, replayed }` (what a tool's REST routes create jobs with). */
        const createJob: RestV1Kit['createJob'] = async ({ caller, request, reply, locale }, operationId, fingerprinted, start) => {
          const claim = claimOf(request, routeOf(operationId).path, fingerprinted);
          return answerCreated(caller, reply, locale, await services.apiKeys.createIdempotent(caller.userId, claim, (idempotency) => start(idempotencyOption(idempotency))));
        };

        for (const tool of Object.keys(API_JOB_CALLS) as ApiJobTool[]) {
          const create = jobCreatorOf(tool);
          mount(`v1_create_${tool.replace(/-/g, '_')}_job`, async ({ caller, request, reply, locale, body }) =>
            createJob({ caller, request, reply, locale }, `v1_create_${tool.replace(/-/g, '_')}_job`, body, (options) => create(services, caller.userId, body as never, options)),
          );
        }

        // Each tool's own routes (a dubbing project's, the voice list).
        const kit: RestV1Kit = { mount: (operationId, handler) => mount(operationId, handler), createJob };
        for (const tool of SERVER_TOOLS) (tool.rest as ((kit: RestV1Kit, services: Services) => void) | undefined)?.(kit, services);

        // One-request uploads (the web app's `/api/upload/file`, by key): the body is streamed to disk by the handler, never parsed here.
        await scope.register(async (uploads) => {
          uploads.removeAllContentTypeParsers();
          uploads.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
          mount(
            'v1_create_upload',
            async ({ caller, request, reply }) => {
              const limits = await services.uploads.limitsOf(caller.userId);
              try {
                const row = await receiveFormUpload({
                  userId: caller.userId,
                  body: request.raw,
                  headers: request.headers,
                  tempDir: path.join(services.uploadWorkDir, 'small'),
                  maxBytes: Math.min(limits.maxBytes, config.UPLOAD_SMALL_FILE_MAX_MB * MB),
                  uploads: services.uploads,
                });
                reply.code(201);
                return uploadView(context, row);
              } catch (error) {
                // The client may still be sending: answer, then close the connection.
                if (error instanceof DomainError) reply.header('connection', 'close');
                throw error;
              }
            },
            uploads,
          );

          // tus by key: every request carries the key (a revoke stops an upload at its next PATCH); each upload belongs to the key's owner.
          const tusHandler = async (request: FastifyRequest, reply: FastifyReply) => {
            if (request.method !== 'OPTIONS') {
              const key = apiKeyFromAuthorization(request.headers.authorization);
              if (!key) return sendError(request, reply, ErrorCode.API_KEY_INVALID, { status: 401 });
              const caller = await services.apiKeys.authenticate(key);
              services.apiKeys.authorize(caller, { write: true });
              setUploadUser(request.raw, caller.userId);
            }
            reply.hijack();
            await tusByKey.server.handle(request.raw, reply.raw);
          };
          for (const url of [`${REST_V1_PREFIX}/uploads/tus`, `${REST_V1_PREFIX}/uploads/tus/*`]) {
            uploads.route({ method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'], url, handler: tusHandler });
          }
        });

        mount('v1_get_job', async ({ caller, locale, params }) => services.jobs.getOwned(params.jobId!, caller.userId, locale));

        mount('v1_list_jobs', async ({ caller, locale, query }) => {
          const { page, pageSize, tool, status } = query as { page: number; pageSize: number; tool?: ApiKeyScope; status?: JobStatus };
          const types = tool ? jobTypesOfTools([tool]) : undefined;
          // A tool without job types (the voice library) has no jobs; an empty filter would mean "all".
          if (types?.length === 0) return { total: 0, page, pageSize, list: [] };
          const listed = await services.jobs.list(
            {
              ownerId: caller.userId,
              page,
              pageSize,
              ...(types ? { types } : {}),
              ...(status ? { statuses: [status] } : {}),
            },
            locale,
          );
          return { total: listed.total, page, pageSize, list: listed.items };
        });

        mount('v1_cancel_job', async ({ caller, locale, params }) => {
          const job = await services.jobs.getOwned(params.jobId!, caller.userId);
          services.apiKeys.authorize(caller, { write: true, tool: toolOfJob(job.type as JobType) });
          return services.jobs.cancel(job.id, caller.userId, locale);
        });

        mount('v1_download_job_file', async ({ caller, request, reply, params }) => {
          const file = await services.jobs.resultFile(params.jobId!, caller.userId, params.name!);
          return serveStoredObject(request, reply, services.storage, file.key, { download: file.name, cacheControl: 'private, no-store' });
        });

        mount('v1_get_balance', async ({ caller }) => {
          const account = await services.accounts.getAccountInfo(caller.userId);
          return { planId: account.planId, availablePoints: account.availablePoint, frozenPoints: account.freezePoint, totalPoints: account.totalPoint };
        });

        // Webhook endpoints and their deliveries (decision 038).
        mount('v1_list_webhooks', async ({ caller }) => ({ list: await services.webhooks.list(caller.userId) }));
        mount('v1_create_webhook', async ({ caller, reply, body }) => {
          const created = await services.webhooks.create(caller.userId, body as { url: string; events: WebhookEvent[] });
          reply.code(201);
          return created;
        });
        mount('v1_update_webhook', async ({ caller, params, body }) => services.webhooks.setEnabled(caller.userId, params.webhookId!, (body as { enabled: boolean }).enabled));
        mount('v1_delete_webhook', async ({ caller, params }) => {
          await services.webhooks.remove(caller.userId, params.webhookId!);
          return { ok: true as const };
        });
        mount('v1_list_webhook_deliveries', async ({ caller, params }) => ({ list: await services.webhooks.deliveries(caller.userId, params.webhookId!) }));
        mount('v1_test_webhook', async ({ caller, params }) => services.webhooks.sendTest(caller.userId, params.webhookId!));
        mount('v1_redeliver_webhook', async ({ caller, params }) => services.webhooks.redeliver(caller.userId, params.deliveryId!));

        // Anything else under /api/v1 is an enveloped 404, whoever asks.
        scope.all(`${REST_V1_PREFIX}/*`, async (request, reply) => sendError(request, reply, ErrorCode.CALL_NOT_FOUND, { status: 404, params: { path: request.url.split('?')[0] ?? '' } }));
      },
    );
  },
};
