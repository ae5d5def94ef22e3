import { JOB_CANCEL_CHANNEL, JOB_EVENTS_CHANNEL, JOB_NAMES, JOB_POLICIES, type JobChangedEvent, type JobEvents, type JobName, type JobPayload, type JobQueue, type JobService } from '@voxwork/core';
import type { DatabaseHandle, Notifier } from '@voxwork/db';
import { PgBoss, fromPglite } from 'pg-boss';
import type { Logger } from 'pino';

export interface QueueOptions {
  handle: DatabaseHandle;
  notifier: Notifier;
  log: Logger;
  pollIntervalSeconds: number;
  heartbeatSeconds: number;
  concurrency: number;
  /** Per job type, overriding `concurrency`. */
  concurrencyByType?: Readonly<Record<string, number>>;
}

/**
 * How often an idle worker fetches when its queue's NOTIFY reaches it (decision 096). A new job, a
 * waiting job admitted to a slot and a cancel all arrive by NOTIFY at once; what only a clock can
 * tell (a retry whose delay has passed, a job of a process that stopped) waits for this backstop.
 * Polling every `JOB_POLL_INTERVAL_SECONDS` instead meant 19 queues × their local workers each
 * fetching once a second: an idle embedded app spent ~5 % of a core (~9 % at 0.5 s) on it, taken
 * from the engines while jobs ran. Without NOTIFY (a backend that cannot listen) the poll interval applies.
 */
export const NOTIFY_BACKSTOP_SECONDS = 5;

/**
 * pg-boss on the same database as everything else: PGlite in the embedded default (through
 * pg-boss's own `fromPglite` adapter), PostgreSQL when scaled out. One queue per job type; the
 * payload is the job row's id (the first pg-boss job of a row also takes that id).
 */
export async function startPgBoss(options: QueueOptions) {
  const { handle, log, notifier } = options;
  const common = {
    schema: 'pgboss',
    superviseIntervalSeconds: Math.max(options.heartbeatSeconds, 10),
    monitorIntervalSeconds: 30,
    // New jobs wake idle workers at once (NOTIFY); polling stays as the backstop.
    useListenNotify: true,
  };
  const boss =
    handle.kind === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(handle.pglite), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: handle.url, max: 4, application_name: 'voxwork-queue' });
  boss.on('error', (error) => log.error({ err: error }, 'queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'queue warning'));
  await boss.start();

  // A type named in JOB_CONCURRENCY that no queue has (a typo, or a type renamed since) would be ignored silently.
  const unknownTypes = Object.keys(options.concurrencyByType ?? {}).filter((type) => !(JOB_NAMES as readonly string[]).includes(type));
  if (unknownTypes.length) log.warn({ unknownTypes, jobTypes: JOB_NAMES }, 'JOB_CONCURRENCY names job types that do not exist; they are ignored');

  for (const name of JOB_NAMES) {
    const policy = JOB_POLICIES[name];
    const queueOptions = {
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: policy.expireInSeconds,
      heartbeatSeconds: options.heartbeatSeconds,
      notify: true,
    };
    if (await boss.getQueue(name)) await boss.updateQueue(name, queueOptions);
    else await boss.createQueue(name, queueOptions);
  }

  const queue: JobQueue = {
    async send(name, jobId, sendOptions = {}) {
      const priority = sendOptions.priority ?? 0;
      // A re-run of a finished job needs a new queue entry: its first id is taken.
      const id = (await boss.send(name, { jobId } satisfies JobPayload, { id: jobId, priority })) ?? (await boss.send(name, { jobId }, { priority }));
      if (!id) throw new Error(`the queue refused job ${jobId}`);
    },
  };

  const events: JobEvents = {
    changed: (event: JobChangedEvent) => notifier.publish(JOB_EVENTS_CHANNEL, event),
    cancelRequested: (jobId: string) => notifier.publish(JOB_CANCEL_CHANNEL, { jobId }),
  };

  const shutdownController = new AbortController();
  /** Abort controllers of the jobs this process is running, so a cancel from any process reaches them. */
  const running = new Map<string, AbortController>();

  return {
    boss,
    queue,
    events,
    /**
     * After a crash of the single embedded process, jobs it was running are still `active` in
     * pg-boss. Nobody else can be running them (PGlite is single-process), so hand them back to
     * the queue now instead of waiting for the heartbeat to lapse.
     */
    async requeueOrphans(orphans: readonly { id: string; type: string }[]) {
      for (const orphan of orphans) {
        const active = (await boss.findJobs<JobPayload>(orphan.type, { data: { jobId: orphan.id } })).filter((job) => job.state === 'active');
        for (const job of active) await boss.fail(orphan.type, job.id, { message: 'interrupted: the process stopped while this job ran' });
        log.warn({ jobId: orphan.id, type: orphan.type, requeued: active.length }, 'job interrupted by a previous stop, returned to the queue');
      }
    },
    async work(jobs: JobService) {
      await notifier.subscribe(JOB_CANCEL_CHANNEL, (payload) => {
        const jobId = (payload as { jobId?: string }).jobId;
        if (jobId) running.get(jobId)?.abort(new Error('cancelled by the user'));
      });
      for (const name of JOB_NAMES) {
        // Each of `concurrency` local workers takes one job at a time: a long media job never
        // holds other slots idle (a batch would wait for its slowest job). New jobs wake idle
        // workers through NOTIFY; a job's end wakes its queue's workers.
        await boss.work<JobPayload>(
          name,
          {
            localConcurrency: options.concurrencyByType?.[name] ?? options.concurrency,
            pollingIntervalSeconds: options.pollIntervalSeconds,
            notifyPollingIntervalSeconds: Math.max(options.pollIntervalSeconds, NOTIFY_BACKSTOP_SECONDS),
            heartbeatRefreshSeconds: options.heartbeatSeconds / 2,
          },
          async ([job]) => {
            if (!job) return;
            const jobId = job.data.jobId;
            const cancel = new AbortController();
            running.set(jobId, cancel);
            const signal = AbortSignal.any([job.signal, shutdownController.signal, cancel.signal]);
            const started = Date.now();
            try {
              const outcome = await jobs.run(name as JobName, jobId, { signal });
              log.info({ jobId, type: name, outcome: outcome.status, ms: Date.now() - started }, 'job attempt ended');
            } finally {
              running.delete(jobId);
              // The queue's workers fetch again now (this one as it returns): a backlog drains as jobs end, not at the backstop.
              for (const worker of boss.getWipData()) if (worker.name === name) boss.notifyWorker(worker.id);
            }
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
