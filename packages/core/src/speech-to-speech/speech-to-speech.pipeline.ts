import { ErrorCode } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';
import type { LibraryVoice, SpeechEngines, VoiceTarget } from '../engines/speech-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobFiles, JobMediaFile, PipelineDefinition } from '../jobs/pipeline-definition.ts';
import { audioDuration, checkPricedLength, deliverSpeech, encodeSpeech, fetchRecording, mixSpeechWithBackground, PLAIN_SPEECH, SPEECH_SAMPLE_RATE, type SpeechFormat } from '../pipeline-stages/index.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { converterFor, findLibraryVoice, libraryTarget, LOCAL_VOICE_PROFILER, synthesizeWithTarget } from '../voices/voice-choice.ts';

export interface StsJobInput {
  uploadKey: string;
  sourceDurationSeconds: number;
  target: VoiceTarget;
  denoise: boolean;
  keepBackground: boolean;
  format: SpeechFormat;
}

/** Profiles of library voices (speech to speech into a library voice), measured once per process from a sample of the voice. */
function libraryVoiceProfiles(engines: SpeechEngines) {
  const profiles = new Map<string, Promise<Record<string, unknown>>>();
  return (voice: LibraryVoice, files: JobFiles, signal: AbortSignal): Promise<Record<string, unknown>> => {
    let pending = profiles.get(voice.key);
    if (!pending) {
      pending = (async () => {
        const sample = await files.path('library-voice.wav');
        await synthesizeWithTarget(engines, { target: libraryTarget(voice), text: `${voice.previewText} ${voice.previewText}`, ...PLAIN_SPEECH, outputFile: sample, sampleRate: SPEECH_SAMPLE_RATE, signal });
        return (await engines.profileVoice({ engineId: LOCAL_VOICE_PROFILER, files: [sample], signal })).profile;
      })();
      profiles.set(voice.key, pending);
      pending.catch(() => profiles.delete(voice.key));
    }
    return pending;
  };
}

/** Speech to speech: `prepare` (the recording as speech WAV, the original kept for before/after) → `convert` → `encode`. */
export function createSpeechToSpeechPipeline({ engines, storage, scratch }: { engines: SpeechEngines; storage: StorageRepository; scratch: ScratchFiles }): PipelineDefinition<StsJobInput> {
  const libraryProfile = libraryVoiceProfiles(engines);

  return {
    stages: [
      {
        name: 'prepare',
        weight: 1,
        async run(context) {
          const { input, files, signal } = context;
          const { durationSeconds } = await fetchRecording(storage, scratch, files, { key: input.uploadKey, output: 'source.wav', signal });
          // The decoded recording's length against the one it was priced at (issue 30), before the conversion.
          checkPricedLength(durationSeconds, input.sourceDurationSeconds);
          const original = await deliverSpeech(context, { wav: 'source.wav', baseName: 'original', format: 'mp3', durationSeconds });
          return { files: ['source.wav', original.file], durationSeconds, media: [original.media] };
        },
      },
      {
        name: 'convert',
        weight: 6,
        async run({ input, files, signal }) {
          const warnings: string[] = [];
          let speech = await files.path('source.wav');
          let background: string | undefined;
          if (input.denoise || input.keepBackground) {
            const stems = await engines.separateSpeech({ input: speech, speechOutput: await files.path('vocals.wav'), backgroundOutput: input.keepBackground ? await files.path('background.wav') : undefined, signal });
            if (stems) {
              if (stems.speech) speech = stems.speech;
              background = stems.background;
            } else warnings.push('no noise suppressor is configured: denoise and keep background were skipped');
          }
          const { target } = input;
          let profile: Record<string, unknown>;
          if (target.kind === 'cloned') profile = target.profile;
          else {
            const voice = await findLibraryVoice(engines, target.voiceKey);
            if (!voice) throw new DomainError(ErrorCode.VOICE_NOT_FOUND);
            profile = await libraryProfile(voice, files, signal);
          }
          const converter = converterFor(target, engines);
          const voiceOnly = await files.path('voice.wav');
          const result = await engines.convertVoice({ engineId: converter.engineId, input: speech, output: voiceOnly, to: converter.remoteVoiceId ? { voiceId: converter.remoteVoiceId } : { profile }, signal });
          warnings.push(...result.warnings);
          const output = await files.path('converted.wav');
          if (background) await mixSpeechWithBackground({ speech: voiceOnly, background, mixed: await files.path('mixed.wav'), output, signal });
          else await encodeSpeech({ input: voiceOnly, output, format: 'wav', signal });
          return { files: ['converted.wav'], durationSeconds: await audioDuration(output, signal), warnings };
        },
      },
      {
        name: 'encode',
        weight: 1,
        async run(context) {
          const converted = await deliverSpeech(context, { wav: 'converted.wav', baseName: 'converted', format: context.input.format, durationSeconds: context.outputs.convert?.durationSeconds as number | undefined });
          return { files: [converted.file], media: [converted.media] };
        },
      },
    ],
    // The converted speech first, then the original (before/after players).
    result: (input, outputs) => ({
      media: [...((outputs.encode?.media as JobMediaFile[]) ?? []), ...((outputs.prepare?.media as JobMediaFile[]) ?? [])],
      sourceDurationSeconds: outputs.prepare?.durationSeconds ?? input.sourceDurationSeconds,
      durationSeconds: outputs.convert?.durationSeconds ?? null,
      voiceKey: input.target.voiceKey,
      warnings: outputs.convert?.warnings ?? [],
    }),
  };
}
