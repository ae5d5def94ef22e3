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
import type { DubbingEdition } from '@voxwork/contract/dubbing';
import { dubbingTool, type DubbingCreateRequest } from '@voxwork/core';
import { bindCall, type CallContext } from '../http/contract.plugin.ts';
import { requireUserId } from '../areas/area.ts';
import { defineServerTool } from './server-tool.ts';

const localeOf = (context: CallContext) => pickLocale(context.request.headers['accept-language']);

/** Dubbing studio and dubbing pro: projects, edit batches, versions, cast bibles; and the jobs (options, create, translate, synthesize, record, export). */
export const dubbingServerTool = defineServerTool(dubbingTool, {
  calls: ({ dubbing, dubbingJobs }) => [
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
  // Dubbing projects by key: a project (prepared by a job), read, then translate / synthesize / export jobs.
  rest: ({ mount, createJob }, { dubbing, dubbingJobs }) => {
    mount('v1_create_dubbing_project', async ({ caller, request, reply, locale, body }) => {
      const wanted = body as DubbingCreateRequest;
      const { job, replayed } = await createJob({ caller, request, reply, locale }, 'v1_create_dubbing_project', body, async (options) => ({
        jobId: (await dubbingJobs.create(caller.userId, wanted, options)).prepareJobId,
      }));
      // Worked out from the request, so a replay answers the same notices.
      const notices = wanted.from.kind === 'upload' ? await dubbingJobs.translationNotices(wanted.from.sourceLanguage, wanted.targetLanguages) : [];
      return { projectId: String((job.input as { projectId?: unknown }).projectId ?? ''), prepareJob: job, replayed, notices };
    });
    mount('v1_list_dubbing_projects', async ({ caller, query }) => dubbing.list(caller.userId, (query as { edition: DubbingEdition }).edition));
    mount('v1_get_dubbing_project', async ({ caller, locale, params }) => dubbing.get(caller.userId, params.projectId!, locale));
    const projectJobs = {
      v1_translate_dubbing_project: dubbingJobs.translate,
      v1_synthesize_dubbing_project: dubbingJobs.synthesize,
      v1_export_dubbing_project: dubbingJobs.export,
    };
    for (const [operationId, start] of Object.entries(projectJobs)) {
      mount(operationId, async ({ caller, request, reply, locale, params, body }) => {
        // The project is part of what the key fingerprints: one key on two projects is a conflict, not a replay.
        const withProject = { ...(body as object), projectId: params.projectId! };
        return createJob({ caller, request, reply, locale }, operationId, withProject, (options) => start(caller.userId, withProject as never, options));
      });
    }
  },
});
