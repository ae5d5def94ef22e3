import {
  dubbingCastApplyCall,
  dubbingCastDeleteCall,
  dubbingCastListCall,
  dubbingCastSaveCall,
  dubbingEditCall,
  dubbingExportCall,
  dubbingOptionsCall,
  dubbingProjectCreateCall,
  dubbingProjectDeleteCall,
  dubbingProjectDuplicateCall,
  dubbingProjectGetCall,
  dubbingProjectStateCall,
  dubbingProjectListCall,
  dubbingProjectRenameCall,
  dubbingRecordCall,
  dubbingSynthesizeCall,
  dubbingSynthesizeQuoteCall,
  dubbingTranslateCall,
  dubbingTranslateQuoteCall,
  dubbingVersionListCall,
  dubbingVersionRestoreCall,
  pickLocale,
} from '@voxwork/contract';
import { bindCall, type CallContext } from '../http/contract.plugin.ts';
import { requireUserId, type Area } from './area.ts';

const localeOf = (context: CallContext) => pickLocale(context.request.headers['accept-language']);

/** Dubbing studio and dubbing pro: projects, edit batches, versions, cast bibles; and the jobs (options, create, translate, synthesize, record, export). */
export const dubbingArea: Area = {
  name: 'dubbing',
  calls: ({ services: { dubbing, dubbingJobs } }) => [
    // Projects, edits, versions and casts (dubbing.service.ts).
    bindCall(dubbingProjectListCall, async (body, context) => dubbing.list(requireUserId(context), body.edition)),
    bindCall(dubbingProjectGetCall, async (body, context) => dubbing.get(requireUserId(context), body.projectId, localeOf(context))),
    bindCall(dubbingProjectStateCall, async (body, context) => dubbing.state(requireUserId(context), body.projectId)),
    bindCall(dubbingProjectRenameCall, async (body, context) => dubbing.rename(requireUserId(context), body.projectId, body.title)),
    bindCall(dubbingProjectDuplicateCall, async (body, context) => dubbing.duplicate(requireUserId(context), body.projectId, localeOf(context))),
    bindCall(dubbingProjectDeleteCall, async (body, context) => dubbing.delete(requireUserId(context), body.projectId)),
    bindCall(dubbingEditCall, async (body, context) => dubbing.edit(requireUserId(context), body)),
    bindCall(dubbingVersionListCall, async (body, context) => dubbing.versions(requireUserId(context), body.projectId)),
    bindCall(dubbingVersionRestoreCall, async (body, context) => dubbing.restore(requireUserId(context), body, localeOf(context))),
    bindCall(dubbingCastListCall, async (_body, context) => dubbing.casts(requireUserId(context))),
    bindCall(dubbingCastSaveCall, async (body, context) => dubbing.saveCast(requireUserId(context), body)),
    bindCall(dubbingCastApplyCall, async (body, context) => dubbing.applyCast(requireUserId(context), body, localeOf(context))),
    bindCall(dubbingCastDeleteCall, async (body, context) => dubbing.deleteCast(requireUserId(context), body.castId)),

    // Jobs (dubbing-jobs.service.ts): options, projects/create, translate (+ quote), synthesize (+ quote), record (inline), export.
    bindCall(dubbingOptionsCall, async (_body, context) => dubbingJobs.options(requireUserId(context))),
    bindCall(dubbingProjectCreateCall, async (body, context) => dubbingJobs.create(requireUserId(context), body)),
    bindCall(dubbingTranslateQuoteCall, async (body, context) => dubbingJobs.translateQuote(requireUserId(context), body)),
    bindCall(dubbingTranslateCall, async (body, context) => dubbingJobs.translate(requireUserId(context), body)),
    bindCall(dubbingSynthesizeQuoteCall, async (body, context) => dubbingJobs.synthesizeQuote(requireUserId(context), body)),
    bindCall(dubbingSynthesizeCall, async (body, context) => dubbingJobs.synthesize(requireUserId(context), body)),
    bindCall(dubbingRecordCall, async (body, context) => dubbingJobs.record(requireUserId(context), body)),
    bindCall(dubbingExportCall, async (body, context) => dubbingJobs.export(requireUserId(context), body)),
  ],
};
