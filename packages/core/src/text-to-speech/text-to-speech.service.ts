import { bestTier, bestVoicesFirst, ErrorCode, parseTtsScript, textToSpeechCost, type ComboDetail } from '@voxwork/contract';
import type { SpeechRepository } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { SpeechEngines, SpeechSettings } from '../engines/speech-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { EnqueueOptions, JobService } from '../jobs/job.service.ts';
import type { SpeechFormat } from '../pipeline-stages/speech-audio.ts';
import { spokenText } from '../pipeline-stages/spoken-text.ts';
import { roundTo } from '../rounding.ts';
import { sameLanguage } from '../voices/preview-sentences.ts';
import { synthesizeWithTarget } from '../voices/voice-choice.ts';
import type { VoicesService } from '../voices/voices.service.ts';
import { createPronunciationDictionary } from './pronunciation-dictionary.ts';
import { voiceForSpeaker, type ScriptVoices } from './text-to-speech.pipeline.ts';

export interface TextToSpeechServiceDeps {
  engines: SpeechEngines;
  speech: SpeechRepository;
  jobs: JobService;
  voices: VoicesService;
  scratch: ScratchFiles;
  planOf: (userId: string) => Promise<Pick<ComboDetail, 'maxTtsCharacters'>>;
}

export interface TtsRequest extends SpeechSettings {
  text: string;
  voiceKey: string;
  dialogue: boolean;
  speakers?: Record<string, string> | undefined;
}

/** Text to speech: scripts checked against the plan and priced, jobs accepted, the first sentence spoken at once, language detection, the pronunciation dictionary. */
export function createTextToSpeechService(deps: TextToSpeechServiceDeps) {
  const { engines, voices, scratch } = deps;
  const dictionary = createPronunciationDictionary({ speech: deps.speech });

  async function prepareTts(ownerId: string, request: TtsRequest, options: { enforcePlan: boolean }) {
    const parsed = parseTtsScript(request.text, { dialogue: request.dialogue });
    if (parsed.billableCharacters === 0) throw new DomainError(ErrorCode.TTS_TEXT_EMPTY);
    if (options.enforcePlan) {
      const plan = await deps.planOf(ownerId);
      if (parsed.billableCharacters > plan.maxTtsCharacters) {
        throw new DomainError(ErrorCode.TTS_TEXT_TOO_LONG, { count: parsed.billableCharacters, limit: plan.maxTtsCharacters });
      }
    }
    const scriptVoices: ScriptVoices = { default: await voices.resolveTarget(ownerId, request.voiceKey, request.language), bySpeaker: {} };
    if (request.dialogue) {
      for (const speaker of parsed.speakers) {
        const key = request.speakers?.[speaker];
        if (!key) throw new DomainError(ErrorCode.DIALOGUE_SPEAKER_UNASSIGNED, { speaker });
        scriptVoices.bySpeaker[speaker] = await voices.resolveTarget(ownerId, key, request.language);
      }
    }
    // A script is priced at the best tier of the voices it uses.
    const tier = bestTier([scriptVoices.default, ...Object.values(scriptVoices.bySpeaker)].map((target) => target.qualityTier));
    return { parsed, voices: scriptVoices, tier };
  }

  return {
    /**
     * Accepts a text-to-speech job: checks text, plan and voices, freezes the points, starts the
     * job. The REST surface passes its `Idempotency-Key` claim through (`EnqueueOptions.idempotency`).
     */
    async createTts(ownerId: string, request: TtsRequest & { format: SpeechFormat; title?: string | undefined }, options: Pick<EnqueueOptions, 'idempotency'> = {}) {
      const { parsed, voices: scriptVoices, tier } = await prepareTts(ownerId, request, { enforcePlan: true });
      const language = request.language ?? scriptVoices.default.language;
      const pronunciations = (await dictionary.entries(ownerId)).filter((entry) => sameLanguage(entry.language, language) || Object.values(scriptVoices.bySpeaker).some((target) => sameLanguage(entry.language, target.language)));
      const cost = textToSpeechCost(parsed.billableCharacters, tier);
      const title = request.title || request.text.replace(/\[pause[^\]]*\]|<break[^>]*>/gi, ' ').replace(/\s+/g, ' ').trim().slice(0, 60);
      const job = await deps.jobs.enqueue(
        'text-to-speech.synthesize',
        {
          text: request.text,
          dialogue: request.dialogue,
          voices: scriptVoices,
          language: request.language,
          speed: request.speed,
          pitchSemitones: request.pitchSemitones,
          volume: request.volume,
          format: request.format,
          pronunciations,
          billableCharacters: parsed.billableCharacters,
        },
        { ownerId, cost, title, ...(options.idempotency ? { idempotency: options.idempotency } : {}) },
      );
      return { jobId: job.id, cost, billableCharacters: parsed.billableCharacters };
    },

    /** The first sentence, spoken now with the job's settings (free; rate-limited). */
    async previewTts(ownerId: string, request: TtsRequest) {
      await voices.limitPreviews(ownerId);
      const { parsed, voices: scriptVoices } = await prepareTts(ownerId, request, { enforcePlan: false });
      const first = parsed.parts.find((part) => part.kind === 'speech')!;
      const target = voiceForSpeaker(scriptVoices, first.speaker);
      const spoken = spokenText(first.text, await dictionary.entries(ownerId), request.language ?? target.language);
      return scratch.inScratchFolder('tts-preview', async (file) => {
        const outcome = await synthesizeWithTarget(engines, {
          target,
          text: spoken,
          language: request.language,
          speed: request.speed,
          pitchSemitones: request.pitchSemitones,
          volume: request.volume,
          outputFile: file('first.wav'),
        });
        // WAV at the engine's own rate, not MP3: no resampling and no encoder start-up before the first sentence plays.
        const audio = await scratch.dataUrl(file('first.wav'), 'audio/wav');
        return { text: first.text, audio, durationSeconds: roundTo(outcome.durationSeconds, 3), words: outcome.words };
      });
    },

    /** The language of a script and the best voice for it. */
    async detectLanguage(text: string) {
      const sample = text.replace(/\[pause[^\]]*\]|<[^>]+>/gi, ' ').slice(0, 2000);
      const found = sample.trim() ? await engines.identifyLanguage(sample) : undefined;
      if (!found) return { language: null, confidence: 0, suggestedVoiceKey: null };
      const speaking = (await engines.libraryVoices()).filter((voice) => voice.languages.some((language) => sameLanguage(language, found.language)));
      const best = bestVoicesFirst(speaking)[0];
      return { language: found.language, confidence: roundTo(found.confidence, 3), suggestedVoiceKey: best?.key ?? null };
    },

    pronunciations: dictionary.list,
    savePronunciation: dictionary.save,
    deletePronunciation: dictionary.delete,
  };
}

export type TextToSpeechService = ReturnType<typeof createTextToSpeechService>;
