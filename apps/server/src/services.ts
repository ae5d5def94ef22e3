import {
  createJobPipelines,
  createJobService,
  createRateLimiter,
  createApiKeyService,
  createWebhookService,
  dubbingEditRules,
  type DubbingStore,
  createVoicesService,
  createToolServices,
  audioSeparationEngineErrors,
  avatarEngineErrors,
  mapEngineFailures,
  videoEngineErrors,
  planJobRules,
  toolsJobEndedIn,
  speechEnginesOver,
  type ToolServiceDeps,
  type JobEvents,
  type JobQueue,
} from '@voxwork/core';
import { createSeriesRepository, createApiKeyRepository, createWebhookRepository, createDubbingRepository, createFeedbackRepository, createJobRepository, createRateLimitRepository, createSpeechRepository, type DatabaseHandle } from '@voxwork/db';
import { createEngineRegistryFromEnv, engineSelectionFromEnv, resolveEngines, type ResolvedEngines } from '@voxwork/engines';
import { createSpeechEngines } from './engines/speech-engines.ts';
import { createVideoEngines } from './engines/video-engines.ts';
import { createVideoErasureEngines } from './engines/video-erasure-engines.ts';
import { createAudioSeparationEngines } from './engines/audio-separation-engines.ts';
import { createAvatarEngines } from './engines/avatar-engines.ts';
import pino, { type Logger } from 'pino';
import { createAccountServices } from './auth/account-services.ts';
import { createPaymentServices } from './payments/payment-services.ts';
import { createStorageServices } from './storage/storage-services.ts';
import { localJobFiles } from './jobs/job-files.ts';
import { localScratchFiles } from './files/local-scratch-files.ts';
import type { Config } from './config.ts';
import { createAnalyticsServices } from './analytics/analytics-services.ts';
import { createShareServices } from './sharing/share-services.ts';
import { createWebhookTransport } from './webhooks/webhook-transport.ts';

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
  /** The process config, AUTH_SECRET resolved (`resolveAuthSecret`). */
  config: Config;
  log?: Logger;
  /** The engines (default: local engines plus remote ones configured in the environment, `ENGINES_*` selecting). */
  engines?: ResolvedEngines;
}) {
  const jobRepository = createJobRepository(database.db);
  const speechRepository = createSpeechRepository(database.db);
  // One limiter for every rate limit, counted in the database so all replicas share it (issue 20).
  const rateLimiter = createRateLimiter({
    store: createRateLimitRepository(database.db),
    onStoreError: (error) => log?.warn({ err: error }, 'rate limits: the counters could not be read, the request was let through'),
    onSweepError: (error) => log?.warn({ err: error }, 'could not delete expired rate-limit counters'),
  });
  const resolvedEngines = engines ?? resolveEngines(createEngineRegistryFromEnv(process.env), engineSelectionFromEnv(process.env));
  const scratch = localScratchFiles();
  // The engine adapters over the registry, their failures mapped to catalogue errors by core's rules
  // (`mapEngineFailures`); the speech engines' voice lists become core's voice library (`speechEnginesOver`).
  const speechEngines = speechEnginesOver(createSpeechEngines({ engines: resolvedEngines, ...(log ? { log } : {}) }));
  const videoEngines = mapEngineFailures(createVideoEngines({ engines: resolvedEngines }), videoEngineErrors);
  const erasureEngines = mapEngineFailures(createVideoErasureEngines({ engines: resolvedEngines }), videoEngineErrors);
  const separationEngines = mapEngineFailures(createAudioSeparationEngines({ engines: resolvedEngines }), audioSeparationEngineErrors);
  const avatarEngines = mapEngineFailures(createAvatarEngines({ engines: resolvedEngines }), avatarEngineErrors);
  const accountServices = createAccountServices({ database, config: config, log: log ?? pino({ level: 'silent' }), rateLimiter });
  const storageServices = createStorageServices({ database, config: config, accounts: accountServices.accounts });
  // A deleted account takes its files with it.
  accountServices.onUserDeleted((userId) => storageServices.uploads.deleteUserFiles(userId));
  // Dubbing projects and cast bibles (the edit rules are core's; the store is also the dubbing pipelines').
  const dubbingStore = createDubbingRepository(database.db, { rules: dubbingEditRules }) satisfies DubbingStore;
  // Webhooks (decision 038): their deliveries are written in the transaction that ends a job.
  const webhookRepository = createWebhookRepository(database.db);
  accountServices.onUserDeleted((userId) => webhookRepository.deleteAllOf(userId));
  const webhooks = createWebhookService({
    webhooks: webhookRepository,
    transport: createWebhookTransport({ allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE ?? config.NODE_ENV !== 'production', timeoutMs: config.WEBHOOKS_TIMEOUT_SECONDS * 1000 }),
    publicUrl: config.publicUrl,
    retry: { baseSeconds: config.WEBHOOKS_RETRY_BASE_SECONDS, maxSeconds: config.WEBHOOKS_RETRY_MAX_SECONDS, giveUpHours: config.WEBHOOKS_GIVE_UP_HOURS },
    leaseSeconds: config.WEBHOOKS_TIMEOUT_SECONDS + 50,
    pointsLowThreshold: config.WEBHOOKS_POINTS_LOW_THRESHOLD,
    onError: (error, deliveryId) => log?.warn({ err: error, deliveryId }, 'webhooks: an attempt could not be recorded; it will be sent again'),
  });
  const jobs = createJobService({
    jobs: jobRepository,
    onEndedIn: async (tx, ended) => {
      await webhooks.jobEndedIn(tx, ended);
      // Tools that watch job ends (a series episode's event when its last run ends, decision 061).
      const ownerId = ended.job.ownerId;
      if (ownerId) await toolsJobEndedIn({ tx, job: { ...ended.job, ownerId }, outcome: ended.outcome, emit: (type, data) => webhooks.eventIn(tx, ownerId, type, data) });
    },
    queue,
    ...(events ? { events } : {}),
    pipelines: createJobPipelines({ engines: speechEngines, videoEngines, erasureEngines, separationEngines, avatarEngines, storage: storageServices.storage, speech: speechRepository, scratch, dubbing: dubbingStore, jobRecords: jobRepository,
      // The series' service is built below with the other tools'; a run's speakers stage reads a series' cast through it (decision 069).
      seriesCast: (ownerId, seriesId) => toolServices.series.castOf(ownerId, seriesId),
      seriesSubtitleBand: (ownerId, seriesId) => toolServices.series.subtitleBandOf(ownerId, seriesId),
    }),
    files: localJobFiles(config.dataDir),
    storage: storageServices.storage,
    // The queue priority and run slots of the owner's plan (core's rules, decision 023).
    ...planJobRules(async (ownerId) => (await accountServices.points.findAccount(ownerId))?.vipLevel),
  });
  accountServices.onUserDeleted((userId) => speechRepository.deleteAllOf(userId));
  accountServices.onUserDeleted((userId) => dubbingStore.deleteAllOf(userId));
  const voices = createVoicesService({ engines: speechEngines, speech: speechRepository, storage: storageServices.storage, scratch, rateLimiter });
  const apiKeyRepository = createApiKeyRepository(database.db);
  accountServices.onUserDeleted((userId) => apiKeyRepository.deleteAllOf(userId));
  const apiKeys = createApiKeyService({
    keys: apiKeyRepository,
    jobRecords: jobRepository,
    rateLimiter,
    perKeyLimit: config.RATE_LIMIT_API_PER_KEY,
    ownerActive: async (userId) => !(await accountServices.accounts.isDisabled(userId)),
  });
  // Each tool's services, built from the same deps (core's `<tool>/<tool>.tool.ts` picks what it needs).
  const toolDeps: ToolServiceDeps = {
    jobs,
    jobRecords: jobRepository,
    voices,
    speech: speechRepository,
    storage: storageServices.storage,
    scratch,
    dubbingStore,
    seriesStore: createSeriesRepository(database.db),
    speechEngines,
    videoEngines,
    erasureEngines,
    separationEngines,
    avatarEngines,
    findUpload: (userId, uploadId) => storageServices.uploads.get(userId, uploadId),
    planOf: async (userId) => (await accountServices.accounts.getAccountInfo(userId)).comboDetail,
    accountOf: (userId) => accountServices.accounts.getAccountInfo(userId),
    accountExists: async (userId) => Boolean(await accountServices.points.findAccount(userId)),
    log,
  };
  const toolServices = createToolServices(toolDeps);
  return {
    jobRepository,
    jobs,
    engines: resolvedEngines,
    /** Stops what the engines created here hold (festival's server); engines passed in belong to the caller. */
    closeEngines: engines ? async () => undefined : () => resolvedEngines.close(),
    speechEngines,
    rateLimiter,
    apiKeys,
    webhooks,
    dubbingStore,
    ...toolServices,
    analytics: createAnalyticsServices(database, config, log),
    feedback: createFeedbackRepository(database.db),
    ...accountServices,
    ...storageServices,
    ...createPaymentServices({ database, config: config }),
    ...createShareServices({ database, config: config, jobs: jobRepository }),
  };
}

export type Services = ReturnType<typeof createServices>;
