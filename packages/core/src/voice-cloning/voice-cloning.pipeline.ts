import { ErrorCode } from '@voxwork/contract';
import type { SpeechRepository } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { SpeechEngines, VoiceGender, VoiceTarget } from '../engines/speech-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { PipelineDefinition } from '../jobs/pipeline-definition.ts';
import { deliverSpeech, encodeSpeech, fetchRecording, PLAIN_SPEECH, SPEECH_SAMPLE_RATE } from '../pipeline-stages/index.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { storageKeys } from '../storage/storage-keys.ts';
import { previewSentence } from '../voices/preview-sentences.ts';
import { chooseBaseVoice, cloneGender, libraryVoicesBestFirst, LOCAL_VOICE_PROFILER, synthesizeWithTarget } from '../voices/voice-choice.ts';

export interface VoiceCloneJobInput {
  clonedVoiceId: string;
  uploadKey: string;
  name: string;
  language: string;
}

/** What a clone's analysis found: the profile, the local voice it is rendered with, and a remote clone when a remote profiler is selected. */
export interface ClonedVoiceAnalysis {
  profile: Record<string, unknown>;
  speechSeconds: number;
  medianPitchHz: number | null;
  gender: VoiceGender | null;
  /** The library voice the profile is rendered with. */
  baseVoiceKey: string;
  /** A remote engine's clone, when a remote profiler is configured. */
  remote: { engineId: string; voiceId: string } | null;
}

export interface VoiceCloningPipelineDeps {
  engines: SpeechEngines;
  storage: StorageRepository;
  scratch: ScratchFiles;
  speech: SpeechRepository;
}

/** Profiles the reference, picks the base voice, and makes a remote clone as well when a remote profiler is selected (neural quality). */
async function analyseVoice(engines: SpeechEngines, request: { files: string[]; name: string; language: string; signal: AbortSignal }): Promise<ClonedVoiceAnalysis> {
  const { files, name, language, signal } = request;
  const reading = await engines.profileVoice({ engineId: LOCAL_VOICE_PROFILER, files, name, signal });
  const gender = cloneGender(reading.suggestedGender, reading.medianPitchHz);
  const base = chooseBaseVoice({ voices: await libraryVoicesBestFirst(engines), language, gender, suggested: reading.suggestedBaseVoices });
  if (!base) throw new DomainError(ErrorCode.VOICE_LANGUAGE_UNSUPPORTED, { voice: name, language });
  let remote: ClonedVoiceAnalysis['remote'] = null;
  const remoteProfiler = engines.selected('voice-profiler').find((engine) => engine.location === 'remote');
  if (remoteProfiler) {
    const made = await engines.profileVoice({ engineId: remoteProfiler.id, files, name, signal });
    if (made.remoteVoiceId) remote = { engineId: remoteProfiler.id, voiceId: made.remoteVoiceId };
  }
  return { profile: reading.profile, speechSeconds: reading.speechSeconds, medianPitchHz: reading.medianPitchHz, gender, baseVoiceKey: base.key, remote };
}

/** Voice cloning: `prepare` (the checked recording, normalised; its sample stored) → `analyse` (profile, base voice, remote clone) → `preview`. */
export function createVoiceCloningPipeline({ engines, storage, scratch, speech }: VoiceCloningPipelineDeps): PipelineDefinition<VoiceCloneJobInput> {
  return {
    stages: [
      {
        name: 'prepare',
        weight: 1,
        async run({ input, ownerId, files, signal }) {
          const { durationSeconds } = await fetchRecording(storage, scratch, files, { key: input.uploadKey, output: 'reference.wav', normalize: true, signal });
          await encodeSpeech({ input: await files.path('reference.wav'), output: await files.path('sample.mp3'), format: 'mp3', signal });
          const sampleKey = storageKeys.clonedVoiceFile(ownerId!, input.clonedVoiceId, 'sample.mp3');
          await storage.putFile(sampleKey, await files.path('sample.mp3'), { contentType: 'audio/mpeg' });
          await speech.updateClonedVoice(input.clonedVoiceId, { sampleKey });
          return { files: ['reference.wav'], durationSeconds };
        },
      },
      {
        name: 'analyse',
        weight: 3,
        async run({ input, files, signal }) {
          const analysis = await analyseVoice(engines, { files: [await files.path('reference.wav')], name: input.name, language: input.language, signal });
          await speech.updateClonedVoice(input.clonedVoiceId, {
            profile: analysis.profile,
            baseVoiceKey: analysis.baseVoiceKey,
            gender: analysis.gender,
            speechSeconds: analysis.speechSeconds,
            remoteEngineId: analysis.remote?.engineId ?? null,
            remoteVoiceId: analysis.remote?.voiceId ?? null,
          });
          return { ...analysis };
        },
      },
      {
        name: 'preview',
        weight: 1,
        async run(context) {
          const { input, ownerId, files, signal, outputs } = context;
          const analysis = outputs.analyse as unknown as ClonedVoiceAnalysis;
          const target: VoiceTarget = {
            kind: 'cloned',
            voiceKey: `cloned/${input.clonedVoiceId}`,
            clonedVoiceId: input.clonedVoiceId,
            language: input.language,
            profile: analysis.profile,
            baseVoiceKey: analysis.baseVoiceKey,
            remote: analysis.remote,
            qualityTier: analysis.remote ? 'premium' : 'basic',
          };
          const outcome = await synthesizeWithTarget(engines, {
            target,
            text: previewSentence(input.language),
            ...PLAIN_SPEECH,
            outputFile: await files.path('preview.wav'),
            sampleRate: SPEECH_SAMPLE_RATE,
            signal,
          });
          const preview = await deliverSpeech(context, { wav: 'preview.wav', baseName: 'preview', format: 'mp3', durationSeconds: outcome.durationSeconds });
          const previewKey = storageKeys.clonedVoiceFile(ownerId!, input.clonedVoiceId, 'preview.mp3');
          await storage.putFile(previewKey, await files.path(preview.file), { contentType: 'audio/mpeg' });
          await speech.updateClonedVoice(input.clonedVoiceId, { previewKey, status: 'ready' });
          return { files: [preview.file], media: [preview.media], durationSeconds: outcome.durationSeconds };
        },
      },
    ],
    result: (input, outputs) => ({
      media: outputs.preview?.media ?? [],
      voiceKey: `cloned/${input.clonedVoiceId}`,
      medianPitchHz: outputs.analyse?.medianPitchHz ?? null,
      speechSeconds: outputs.analyse?.speechSeconds ?? null,
      baseVoiceKey: outputs.analyse?.baseVoiceKey ?? null,
    }),
    // A clone that failed or was cancelled frees its slot.
    onEnded: async ({ input }) => {
      await speech.updateClonedVoice(input.clonedVoiceId, { status: 'failed' });
    },
  };
}
