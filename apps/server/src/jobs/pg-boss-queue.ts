import { JOB_NAMES, JOB_POLICIES, jobHandlers, type JobName, type JobPayload, type JobQueue, type JobService } from '@voxwork/core';
import type { DatabaseHandle } from '@voxwork/db';
import { PgBoss, fromPglite } from 'pg-boss';
import type { Logger } from 'pino';

export interface QueueOptions {
  handle: DatabaseHandle;
  log: Logger;
  pollIntervalSeconds: number;
  heartbeatSeconds: number;
  concurrency: number;
}

/**
 * pg-boss on the same database as everything else: PGlite in the embedded default (through
 * pg-boss's own `fromPglite` adapter), PostgreSQL when scaled out. One queue per job type;
 * the pg-boss job id is the job row's id, so a row always finds its queue entry.
 */
export async function startPgBoss(options: QueueOptions) {
  const { handle, log } = options;
  const common = {
    schema: 'pgboss',
    superviseIntervalSeconds: Math.max(options.heartbeatSeconds, 10),
    monitorIntervalSeconds: 30,
  };
  const boss =
    handle.kind === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(handle.pglite), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: handle.url, max: 4, application_name: 'voxwork-queue' });
  boss.on('error', (error) => log.error({ err: error }, 'queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'queue warning'));
  await boss.start();

  for (const name of JOB_NAMES) {
    const policy = JOB_POLICIES[name];
    const queueOptions = {
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: policy.expireInSeconds,
      heartbeatSeconds: options.heartbeatSeconds,
    };
    if (await boss.getQueue(name)) await boss.updateQueue(name, queueOptions);
    else await boss.createQueue(name, queueOptions);
  }

  const queue: JobQueue = {
    async send(name, jobId) {
      await boss.send(name, { jobId } satisfies JobPayload, { id: jobId });
    },
  };

  const shutdownController = new AbortController();

  return {
    boss,
    queue,
    /**
     * After a crash of the single embedded process, jobs it was running are still `active` in
     * pg-boss. Nobody else can be running them (PGlite is single-process), so hand them back to
     * the queue now instead of waiting for the heartbeat to lapse.
     */
    async requeueOrphans(orphans: readonly { id: string; type: string }[]) {
      for (const orphan of orphans) {
        await boss.fail(orphan.type, orphan.id, { message: 'interrupted: the process stopped while this job ran' });
        log.warn({ jobId: orphan.id, type: orphan.type }, 'job interrupted by a previous stop, returned to the queue');
      }
    },
    async work(jobs: JobService) {
      for (const name of JOB_NAMES) {
        await boss.work<JobPayload>(
          name,
          {
            localConcurrency: options.concurrency,
            pollingIntervalSeconds: options.pollIntervalSeconds,
            heartbeatRefreshSeconds: options.heartbeatSeconds / 2,
          },
          async ([job]) => {
            if (!job) return;
            const signal = AbortSignal.any([job.signal, shutdownController.signal]);
            const started = Date.now();
            const outcome = await jobs.run(name as JobName, job.data.jobId, jobHandlers, { signal, attempt: job.retryCount });
            log.info({ jobId: job.data.jobId, type: name, outcome: outcome.status, ms: Date.now() - started }, 'job attempt ended');
          },
        );
      }
    },
    /** Stops fetching, lets running jobs finish within the grace period, then cancels them back to the queue. */
    async stop(graceMs: number) {
      const abortTimer = setTimeout(() => shutdownController.abort(new Error('shutting down')), Math.max(graceMs - 1500, 0));
      try {
        await boss.stop({ graceful: true, timeout: graceMs, close: true });
      } finally {
        clearTimeout(abortTimer);
      }
    },
  };
}

export type RunningQueue = Awaited<ReturnType<typeof startPgBoss>>;
