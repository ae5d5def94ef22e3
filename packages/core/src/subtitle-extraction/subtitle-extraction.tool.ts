import { defineTool } from '../jobs/define-tool.ts';
import { createSubtitleExtractionService } from './subtitle-extraction.service.ts';
import { createSubtitleExtractionPipeline } from './subtitle-extraction.pipeline.ts';

export const subtitleExtractionTool = defineTool({
  id: 'subtitle-extraction',
  services: ({ jobs, videoEngines, findUpload, planOf }) => ({ subtitleExtraction: createSubtitleExtractionService({ jobs, videoEngines, findUpload, planOf }) }),
  jobs: {
    /**
     * Subtitle extraction: a video's burned-in subtitles read into timed lines, SRT, VTT and a transcript.
     * Reading subtitles took 0.37–0.85× the video's length on two shared cores: a plan's longest video well within the two hours.
     */
    'subtitle-extraction.extract': { policy: { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 2 * 60 * 60, usesPlanSlot: true }, pipeline: createSubtitleExtractionPipeline },
  },
});
