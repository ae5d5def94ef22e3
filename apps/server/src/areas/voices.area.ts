import {
  ErrorCode,
  pronunciationDeleteCall,
  pronunciationListCall,
  pronunciationSaveCall,
  stsCreateCall,
  ttsCreateCall,
  ttsDetectLanguageCall,
  ttsPreviewCall,
  voiceCloneCheckCall,
  voiceCloneCreateCall,
  voiceCloneDeleteCall,
  voiceCloneRenameCall,
  voiceFavoriteCall,
  voiceGetCall,
  voiceListCall,
  voicePreviewCall,
} from '@voxwork/contract';
import { DomainError } from '@voxwork/core';
import { bindCall, type CallContext } from '../http/contract.plugin.ts';
import type { Area } from './area.ts';

const userOf = (context: CallContext) => {
  if (!context.user) throw new DomainError(ErrorCode.AUTH_REQUIRED);
  return context.user.id;
};

/** The speech tools: voice library, text to speech, pronunciation dictionaries, voice cloning, speech to speech. */
export const speechArea: Area = {
  name: 'speech',
  calls: ({ services: { speech } }) => [
    bindCall(voiceListCall, async (body, context) => speech.listVoices(userOf(context), body)),
    bindCall(voiceGetCall, async (body, context) => speech.getVoice(userOf(context), body.voiceKey)),
    bindCall(voiceFavoriteCall, async (body, context) => {
      await speech.setFavorite(userOf(context), body.voiceKey, body.favorite);
      return { ok: true as const };
    }),
    bindCall(voicePreviewCall, async (body, context) => speech.voicePreview(userOf(context), body.voiceKey)),
    bindCall(ttsCreateCall, async (body, context) => speech.createTts(userOf(context), body)),
    bindCall(ttsPreviewCall, async (body, context) => speech.previewTts(userOf(context), body)),
    bindCall(ttsDetectLanguageCall, async (body, context) => speech.detectLanguage(userOf(context), body.text)),
    bindCall(pronunciationListCall, async (body, context) => speech.pronunciations(userOf(context), body.language)),
    bindCall(pronunciationSaveCall, async (body, context) => speech.savePronunciation(userOf(context), body)),
    bindCall(pronunciationDeleteCall, async (body, context) => {
      await speech.deletePronunciation(userOf(context), body.id);
      return { ok: true as const };
    }),
    bindCall(voiceCloneCheckCall, async (body, context) => speech.checkRecording(userOf(context), body.uploadId)),
    bindCall(voiceCloneCreateCall, async (body, context) => speech.createClone(userOf(context), body)),
    bindCall(voiceCloneRenameCall, async (body, context) => speech.renameClone(userOf(context), body.id, body.name)),
    bindCall(voiceCloneDeleteCall, async (body, context) => {
      await speech.deleteClone(userOf(context), body.id);
      return { ok: true as const };
    }),
    bindCall(stsCreateCall, async (body, context) => speech.createSts(userOf(context), body)),
  ],
};
