import { callHandle } from '../call.ts';
import type * as calls from '../calls/index.ts';

/** The handles of `dubbing`'s calls (`calls/dubbing.calls.ts`) the web app makes. */
export const dubbingOptionsCall = callHandle<typeof calls.dubbingOptionsCall>('/api/dubbing/options');
export const dubbingProjectListCall = callHandle<typeof calls.dubbingProjectListCall>('/api/dubbing/projects/list');
export const dubbingProjectCreateCall = callHandle<typeof calls.dubbingProjectCreateCall>('/api/dubbing/projects/create');
export const dubbingProjectGetCall = callHandle<typeof calls.dubbingProjectGetCall>('/api/dubbing/projects/get');
export const dubbingProjectStateCall = callHandle<typeof calls.dubbingProjectStateCall>('/api/dubbing/projects/state');
export const dubbingProjectRenameCall = callHandle<typeof calls.dubbingProjectRenameCall>('/api/dubbing/projects/rename');
export const dubbingProjectDuplicateCall = callHandle<typeof calls.dubbingProjectDuplicateCall>('/api/dubbing/projects/duplicate');
export const dubbingProjectDeleteCall = callHandle<typeof calls.dubbingProjectDeleteCall>('/api/dubbing/projects/delete');
export const dubbingEditCall = callHandle<typeof calls.dubbingEditCall>('/api/dubbing/edit');
export const dubbingVersionListCall = callHandle<typeof calls.dubbingVersionListCall>('/api/dubbing/versions/list');
export const dubbingVersionRestoreCall = callHandle<typeof calls.dubbingVersionRestoreCall>('/api/dubbing/versions/restore');
export const dubbingTranslateQuoteCall = callHandle<typeof calls.dubbingTranslateQuoteCall>('/api/dubbing/translate/quote');
export const dubbingTranslateCall = callHandle<typeof calls.dubbingTranslateCall>('/api/dubbing/translate');
export const dubbingSynthesizeQuoteCall = callHandle<typeof calls.dubbingSynthesizeQuoteCall>('/api/dubbing/synthesize/quote');
export const dubbingSynthesizeCall = callHandle<typeof calls.dubbingSynthesizeCall>('/api/dubbing/synthesize');
export const dubbingRecordCall = callHandle<typeof calls.dubbingRecordCall>('/api/dubbing/record');
export const dubbingExportCall = callHandle<typeof calls.dubbingExportCall>('/api/dubbing/export');
export const dubbingCastListCall = callHandle<typeof calls.dubbingCastListCall>('/api/dubbing/casts/list');
export const dubbingCastSaveCall = callHandle<typeof calls.dubbingCastSaveCall>('/api/dubbing/casts/save');
export const dubbingCastApplyCall = callHandle<typeof calls.dubbingCastApplyCall>('/api/dubbing/casts/apply');
export const dubbingCastDeleteCall = callHandle<typeof calls.dubbingCastDeleteCall>('/api/dubbing/casts/delete');
