import type { Area } from './area.ts';
import { accountsArea } from './accounts.area.ts';
import { paymentsArea } from './payments.area.ts';
import { jobsArea } from './jobs.area.ts';
import { systemArea } from './system.area.ts';
import { analyticsArea } from './analytics.area.ts';
import { feedbackArea } from './feedback.area.ts';
import { uploadsArea } from './uploads.area.ts';
import { mediaArea } from './media.area.ts';
import { shareArea } from './share.area.ts';
import { voicesArea } from './voices.area.ts';
import { textToSpeechArea } from './text-to-speech.area.ts';
import { voiceCloningArea } from './voice-cloning.area.ts';
import { speechToSpeechArea } from './speech-to-speech.area.ts';
import { videoTranslationArea } from './video-translation.area.ts';
import { videoErasureArea } from './video-erasure.area.ts';
import { subtitleExtractionArea } from './subtitle-extraction.area.ts';
import { subtitleBurnInArea } from './subtitle-burn-in.area.ts';
import { audioSeparationArea } from './audio-separation.area.ts';
import { avatarArea } from './avatar.area.ts';
import { dubbingArea } from './dubbing.area.ts';
import { apiKeysArea } from './api-keys.area.ts';
import { webhooksArea } from './webhooks.area.ts';
import { seriesArea } from './series.area.ts';
import { restV1Area } from './rest-v1.area.ts';

/** Every area of the API role, in registration order. */
export const areas: readonly Area[] = [systemArea, accountsArea, paymentsArea, jobsArea, feedbackArea, analyticsArea, uploadsArea, mediaArea, shareArea, voicesArea, textToSpeechArea, voiceCloningArea, speechToSpeechArea, videoTranslationArea, videoErasureArea, subtitleExtractionArea, audioSeparationArea, subtitleBurnInArea, avatarArea, dubbingArea, seriesArea, apiKeysArea, webhooksArea, restV1Area];
