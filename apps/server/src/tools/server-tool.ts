/**
 * A tool's part in the server (decision 053): its calls and its REST v1 routes, over the services
 * its core part builds (`packages/core/src/<tool>/<tool>.tool.ts`). Each tool declares it once,
 * in `tools/<tool>.tool.ts`; the areas and the REST v1 surface are derived from `../tools.ts`.
 */
import type { API_JOB_CALLS, ApiJobTool, Locale } from '@voxwork/contract';
import type { ApiCaller, CoreToolId, EnqueueOptions, JobService, ToolServiceDeps } from '@voxwork/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { BoundCall } from '../http/contract.plugin.ts';
import type { AreaContext, HttpServer } from '../areas/area.ts';

/** A REST v1 handler: the caller (authenticated, authorised for the route), the request and its parsed parts. */
export type RestV1Handler = (input: {
  caller: ApiCaller;
  request: FastifyRequest;
  reply: FastifyReply;
  locale: Locale;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}) => Promise<unknown>;

/** What a tool's REST v1 routes are mounted with (`areas/rest-v1.area.ts`). */
export interface RestV1Kit {
  /** Mounts a route of `REST_V1_ROUTES` by its operation id: key, scope, parsed params, query and body, then the handler; the answer enveloped. */
  mount(operationId: string, handler: RestV1Handler): void;
  /**
   * A job created under the request's `Idempotency-Key` (fingerprinted from the route and
   * `fingerprinted`), answered as `{ job, replayed }` with 201, or 200 for a replay.
   */
  createJob(
    input: { caller: ApiCaller; request: FastifyRequest; reply: FastifyReply; locale: Locale },
    operationId: string,
    fingerprinted: unknown,
    start: (options: EnqueueOptions) => Promise<{ jobId: string }>,
  ): Promise<{ job: Awaited<ReturnType<JobService['getOwned']>>; replayed: boolean }>;
}

/** How a tool of `API_JOB_CALLS` creates its job from `POST /api/v1/tools/{tool}/jobs`: its workbench service, with the idempotency claim in `options`. */
export type ApiJobCreator<Id extends ApiJobTool, S> = (services: S, userId: string, body: z.output<(typeof API_JOB_CALLS)[Id]['body']>, options: EnqueueOptions) => Promise<{ jobId: string }>;

interface ServerToolBase<Id extends CoreToolId, S> {
  /** The catalogue's tool id (`system` for operators' jobs). */
  id: Id;
  /** The tool's contract calls, bound to its services (built by its core part). */
  calls: (services: S, context: AreaContext) => readonly BoundCall[];
  /** Its REST v1 routes beyond the job create (a dubbing project's routes, the voice list). */
  rest?: (kit: RestV1Kit, services: S) => void;
  /** HTTP routes of its own beside the calls, outside REST v1 (the season zip's signed link). */
  routes?: (http: HttpServer, services: S, context: AreaContext) => Promise<void>;
}

/** A tool the API creates jobs for must say how (`apiCreate`); a tool that is not one may not. */
type ApiCreatePart<Id extends CoreToolId, S> = Id extends ApiJobTool ? { apiCreate: ApiJobCreator<Id, S> } : { apiCreate?: never };

export type ServerTool<Id extends CoreToolId, S> = ServerToolBase<Id, S> & ApiCreatePart<Id, S>;

/** What a tool's server part says: everything but its id, which comes from its core part. */
export type ServerToolPart<Id extends CoreToolId, S> = Omit<ServerToolBase<Id, S>, 'id'> & ApiCreatePart<Id, S>;

/** Declares a tool's part in the server over its part in core (whose id it takes and whose services its calls receive). */
export function defineServerTool<const Id extends CoreToolId, S extends object>(core: { id: Id; services: (deps: ToolServiceDeps, tools: () => never) => S }, part: ServerToolPart<Id, S>): ServerTool<Id, S> {
  return { id: core.id, ...part } as ServerTool<Id, S>;
}
