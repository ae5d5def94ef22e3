/**
 * Dubbing's job calls (options, create, translate and synthesis with their quotes, record, export),
 * for `dubbing.area.ts` to list beside the project and edit calls; and the jobs service built from
 * what `services.ts` already has plus the dubbing store.
 */
import {
  dubbingExportCall,
  dubbingOptionsCall,
  dubbingProjectCreateCall,
  dubbingRecordCall,
  dubbingSynthesizeCall,
  dubbingSynthesizeQuoteCall,
  dubbingTranslateCall,
  dubbingTranslateQuoteCall,
} from '@voxwork/contract';
import { createDubbingJobsService, type DubbingJobsService, type DubbingJobsServiceDeps } from '@voxwork/core';
import { bindCall, type BoundCall } from '../http/contract.plugin.ts';
import { requireUserId } from './area.ts';

/** The jobs service of the dubbing area (`services.ts`: `dubbingJobs: createDubbingJobs({ … })`). */
export function createDubbingJobs(deps: DubbingJobsServiceDeps): DubbingJobsService {
  return createDubbingJobsService(deps);
}

/** The calls that queue dubbing's jobs (or record a take inline), bound to the service. */
export function dubbingJobCalls(dubbingJobs: DubbingJobsService): BoundCall[] {
  return [
    bindCall(dubbingOptionsCall, async (_body, context) => dubbingJobs.options(requireUserId(context))),
    bindCall(dubbingProjectCreateCall, async (body, context) => dubbingJobs.create(requireUserId(context), body)),
    bindCall(dubbingTranslateQuoteCall, async (body, context) => dubbingJobs.translateQuote(requireUserId(context), body)),
    bindCall(dubbingTranslateCall, async (body, context) => dubbingJobs.translate(requireUserId(context), body)),
    bindCall(dubbingSynthesizeQuoteCall, async (body, context) => dubbingJobs.synthesizeQuote(requireUserId(context), body)),
    bindCall(dubbingSynthesizeCall, async (body, context) => dubbingJobs.synthesize(requireUserId(context), body)),
    bindCall(dubbingRecordCall, async (body, context) => dubbingJobs.record(requireUserId(context), body)),
    bindCall(dubbingExportCall, async (body, context) => dubbingJobs.export(requireUserId(context), body)),
  ];
}
