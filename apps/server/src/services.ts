import { planByVipLevel } from '@voxwork/contract';
import { createJobPipelines, createJobService, createRateLimiter, createSpeechService, type JobEvents, type JobQueue } from '@voxwork/core';
import { createFeedbackRepository, createJobRepository, createRateLimitRepository, createSpeechRepository, type DatabaseHandle } from '@voxwork/db';
import { createEngineRegistryFromEnv, engineSelectionFromEnv, resolveEngines, type ResolvedEngines } from '@voxwork/engines';
import { createSpeechRuntime } from './speech/speech-runtime.ts';
import pino, { type Logger } from 'pino';
import { createAccountServices } from './auth/account-services.ts';
import { createPaymentServices } from './payments/payment-services.ts';
import { createStorageServices } from './storage/storage-services.ts';
import { localJobFiles } from './jobs/job-files.ts';
import { loadConfig, type Config } from './config.ts';
import { createAnalyticsServices } from './analytics/analytics-services.ts';
import { createShareServices } from './sharing/share-services.ts';

/** The services of every area, wired to their repositories and adapters once per process. */
export function createServices({
  database,
  queue,
  events,
  config,
  log,
  engines,
}: {
  database: DatabaseHandle;
  queue: JobQueue;
  events?: JobEvents;
  /** The process config; defaults (as with an empty environment) when absent. */
  config?: Config;
  log?: Logger;
  /** The engines (default: local engines plus remote ones configured in the environment, `ENGINES_*` selecting). */
  engines?: ResolvedEngines;
}) {
  const appConfig = config ?? loadConfig({});
  const jobRepository = createJobRepository(database.db);
  const speechRepository = createSpeechRepository(database.db);
  // One limiter for every rate limit, counted in the database so all replicas share it (issue 20).
  const rateLimiter = createRateLimiter({
    store: createRateLimitRepository(database.db),
    onStoreError: (error) => log?.warn({ err: error }, 'rate limits: the counters could not be read, the request was let through'),
    onSweepError: (error) => log?.warn({ err: error }, 'could not delete expired rate-limit counters'),
  });
  const resolvedEngines = engines ?? resolveEngines(createEngineRegistryFromEnv(process.env), engineSelectionFromEnv(process.env));
  const speechRuntime = createSpeechRuntime({ engines: resolvedEngines, ...(log ? { log } : {}) });
  const accountServices = createAccountServices({ database, config: appConfig, log: log ?? pino({ level: 'silent' }) });
  const storageServices = createStorageServices({ database, config: appConfig, accounts: accountServices.accounts });
  // A deleted account takes its files with it.
  accountServices.onUserDeleted((userId) => storageServices.uploads.deleteUserFiles(userId));
  const jobs = createJobService({
    jobs: jobRepository,
    queue,
    ...(events ? { events } : {}),
    pipelines: createJobPipelines({ runtime: speechRuntime, storage: storageServices.storage, speech: speechRepository }),
    files: localJobFiles(appConfig.dataDir),
    storage: storageServices.storage,
    // Paid plans go first when workers are busy.
    priorityOf: async (ownerId) => planByVipLevel((await accountServices.points.findAccount(ownerId))?.vipLevel ?? 0).comboDetail.queuePriority,
    // The plan's run slots; more of a user's jobs wait for a free one, up to its waiting jobs (decision 021).
    slotsOf: async (ownerId) => {
      const plan = planByVipLevel((await accountServices.points.findAccount(ownerId))?.vipLevel ?? 0).comboDetail;
      return { running: plan.concurrentJobs, waiting: plan.waitingJobs };
    },
  });
  accountServices.onUserDeleted((userId) => speechRepository.deleteAllOf(userId));
  return {
    jobRepository,
    jobs,
    engines: resolvedEngines,
    /** Stops what the engines created here hold (festival's server); engines passed in belong to the caller. */
    closeEngines: engines ? async () => undefined : () => resolvedEngines.close(),
    speechRuntime,
    rateLimiter,
    speech: createSpeechService({
      runtime: speechRuntime,
      rateLimiter,
      speech: speechRepository,
      jobs,
      storage: storageServices.storage,
      findUpload: (userId, uploadId) => storageServices.uploads.get(userId, uploadId),
      planOf: async (userId) => (await accountServices.accounts.getAccountInfo(userId)).comboDetail,
    }),
    analytics: createAnalyticsServices(database, config, log),
    feedback: createFeedbackRepository(database.db),
    ...accountServices,
    ...storageServices,
    ...createPaymentServices({ database, config: appConfig }),
    ...createShareServices({ database, config: appConfig, jobs: jobRepository }),
  };
}

export type Services = ReturnType<typeof createServices>;
