import { defineTool, type JobPipelineDeps } from '../jobs/define-tool.ts';
import { createDubbingService } from './dubbing.service.ts';
import { createDubbingJobsService } from './dubbing-jobs.service.ts';
import { createDubbingPipelines } from './dubbing.pipeline.ts';

/**
 * Dubbing: a project's media, lines, characters and stems prepared (free); segments translated and
 * spoken (charged); an export (free). The four pipelines share one factory's helpers; each job
 * builds it once per process (it holds no state).
 */
export const dubbingTool = defineTool({
  id: 'dubbing',
  services: ({ dubbingStore, jobs, jobRecords, voices, speechEngines, videoEngines, storage, scratch, findUpload, planOf, log }) => ({
    dubbing: createDubbingService({
      store: dubbingStore,
      activeJobs: (ownerId, projectId) => jobRecords.unfinishedOfProject(ownerId, 'dubbing.', projectId),
      signedUrl: (key) => storage.signedUrl(key, { expiresInSeconds: 6 * 3600 }),
      deleteFile: (key) => storage.delete(key),
      onFileError: (key, error) => log?.warn({ err: error, key }, 'dubbing: a file of a deleted project could not be deleted'),
    }),
    dubbingJobs: createDubbingJobsService({ store: dubbingStore, jobs, jobRecords, voices, engines: speechEngines, videoEngines, storage, scratch, findUpload, planOf }),
  }),
  jobs: {
    // Preparing reads the words as video translation's first stages do (OCR ≈ 0.4–0.9× the length); retries resume at the stage that failed.
    'dubbing.prepare': { policy: { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 3 * 60 * 60, usesPlanSlot: true }, pipeline: (deps: JobPipelineDeps) => createDubbingPipelines(deps).prepare },
    // Charged: a retry resumes (translation is one call; synthesis keeps every take already stored).
    'dubbing.translate': { policy: { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 60 * 60, usesPlanSlot: true }, pipeline: (deps: JobPipelineDeps) => createDubbingPipelines(deps).translate },
    'dubbing.synthesize': { policy: { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 2 * 60 * 60, usesPlanSlot: true }, pipeline: (deps: JobPipelineDeps) => createDubbingPipelines(deps).synthesize },
    'dubbing.export': { policy: { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 2 * 60 * 60, usesPlanSlot: true }, pipeline: (deps: JobPipelineDeps) => createDubbingPipelines(deps).export },
  },
});
