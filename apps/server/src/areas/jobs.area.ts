import { ErrorCode, JOB_EVENTS_PATH, pickLocale, jobCancelCall, jobDeleteCall, jobGetCall, jobListCall, jobRenameCall, jobRerunStageCall, type JobEvent } from '@voxwork/contract';
import { DomainError, JOB_EVENTS_CHANNEL } from '@voxwork/core';
import { bindCall, type CallContext } from '../http/contract.plugin.ts';
import { sendError } from '../http/envelope-reply.ts';
import { userFromHeaders } from '../auth/request-user.ts';
import type { Area } from './area.ts';

const userOf = (context: CallContext) => {
  if (!context.user) throw new DomainError(ErrorCode.AUTH_REQUIRED);
  return context.user.id;
};

/** The caller's language (`Accept-Language`, en or zh): a failed job's error message is given in it. */
const localeOf = (context: CallContext) => pickLocale(context.request.headers['accept-language']);

const HEARTBEAT_MS = 15_000;

/** The content history calls and the live job stream (SSE, fed by LISTEN/NOTIFY so any worker's progress arrives). */
export const jobsArea: Area = {
  name: 'jobs',
  calls: ({ services }) => [
    bindCall(jobListCall, async (body, context) => {
      const page = await services.jobs.list(
        {
          ownerId: userOf(context),
          page: body.pageNum,
          pageSize: body.pageSize,
          ...(body.types ? { types: body.types } : {}),
          ...(body.statuses ? { statuses: body.statuses } : {}),
        },
        localeOf(context),
      );
      return { total: page.total, pageNum: body.pageNum, pageSize: body.pageSize, list: page.items };
    }),
    bindCall(jobGetCall, async (body, context) => services.jobs.getOwned(body.jobId, userOf(context), localeOf(context))),
    bindCall(jobCancelCall, async (body, context) => services.jobs.cancel(body.jobId, userOf(context), localeOf(context))),
    bindCall(jobRenameCall, async (body, context) => {
      await services.jobs.rename(body.jobId, userOf(context), body.title);
      return { ok: true as const };
    }),
    bindCall(jobDeleteCall, async (body, context) => {
      const userId = userOf(context);
      await services.jobs.remove(body.jobId, userId);
      await services.uploads.deleteJobFiles(userId, body.jobId);
      return { ok: true as const };
    }),
    bindCall(jobRerunStageCall, async (body, context) => services.jobs.rerunStage(body.jobId, userOf(context), body.stage, localeOf(context))),
  ],
  routes: async (http, { services, notifier }) => {
    // The process's one LISTEN connection feeds every open stream.
    const streams = new Set<(event: JobEvent) => void>();
    let subscribed: Promise<unknown> | undefined;

    http.get<{ Querystring: { jobId?: string } }>(JOB_EVENTS_PATH, async (request, reply) => {
      const userId = await userFromHeaders(services, request.headers);
      if (!userId) return sendError(request, reply, ErrorCode.AUTH_REQUIRED, { status: 401 });
      const jobId = request.query.jobId;
      if (jobId !== undefined && !/^[0-9a-f-]{36}$/.test(jobId)) return sendError(request, reply, ErrorCode.JOB_NOT_FOUND, { status: 404 });

      subscribed ??= notifier.subscribe(JOB_EVENTS_CHANNEL, (payload) => {
        for (const deliver of streams) deliver(payload as JobEvent);
      });
      await subscribed;

      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      const send = (event: string, data: unknown) => response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const deliver = (event: JobEvent) => {
        if (event.ownerId !== userId || (jobId && event.jobId !== jobId)) return;
        send('job', event);
      };
      streams.add(deliver);
      const heartbeat = setInterval(() => response.write(': ping\n\n'), HEARTBEAT_MS);
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        streams.delete(deliver);
      });

      // The state as of now, so a (re)connected client never misses a final state.
      const locale = pickLocale(request.headers['accept-language']);
      if (jobId) {
        const job = await services.jobs.getOwned(jobId, userId, locale).catch(() => undefined);
        send('snapshot', { jobs: job ? [job] : [] });
      } else {
        const active = await services.jobs.list({ ownerId: userId, statuses: ['queued', 'running'], page: 1, pageSize: 50 }, locale);
        send('snapshot', { jobs: active.items });
      }
    });
  },
};
