import type { RecordingMeasurements, SpeechCapability, SpeechEngineAdapter, SynthesisOutcome, SynthesisRequest, SynthesizerDescription, VoiceProfileReading } from '@voxwork/core/engines';
import { assessRecording, synthesizeWithProfile, type EngineDescriptor, type ResolvedEngines, type SynthesizeResult, type VoiceProfile } from '@voxwork/engines';
import { convertWavToMono, withWorkDir } from '@voxwork/media';
import type { Logger } from 'pino';
import { engineCall } from './engine-failure.ts';

const warningText = (warning: { type: string; message?: string }) => warning.message ?? warning.type;

/** A synthesizer as core's voice library reads it. */
export const synthesizerOf = (descriptor: EngineDescriptor<'speech-synthesizer'>): SynthesizerDescription => ({
  id: descriptor.id,
  name: descriptor.displayName,
  location: descriptor.location,
  description: descriptor.description,
  qualityTier: descriptor.qualityTier,
});

/**
 * The speech tools' engines over the engine registry (`SpeechEngineAdapter`, the port in core): the
 * voices every selected synthesizer lists, and each capability called by engine id. It wires
 * engines only; which engine, voice or converter to use is decided in core
 * (`voices/voice-choice.ts`), and so is the voice library made of the lists (`speechEnginesOver`).
 */
export function createSpeechEngines({ engines, log }: { engines: ResolvedEngines; log?: Logger }): SpeechEngineAdapter {
  async function synthesizerVoices() {
    const lists = await Promise.all(
      engines.descriptors('speech-synthesizer').map(async (descriptor) => {
        try {
          const engine = await engines.getById('speech-synthesizer', descriptor.id);
          return [{ synthesizer: synthesizerOf(descriptor), voices: await engine.listVoices() }];
        } catch (error) {
          log?.warn({ err: error, engineId: descriptor.id }, 'speech engine left out of the voice library');
          return [];
        }
      }),
    );
    // Engines in their configured order (espeak-ng in its curated order).
    return lists.flat();
  }

  const outcomeOf = (result: SynthesizeResult): Omit<SynthesisOutcome, 'durationSeconds'> => ({
    words: result.words.map((word) => ({ text: word.text, startSeconds: word.startSeconds, endSeconds: word.endSeconds })),
    wordTimingsApproximate: result.wordTimingsApproximate,
    warnings: result.warnings.map((warning) => ('message' in warning ? warning.message : `${warning.type}: ${'option' in warning ? warning.option : warning.output}`)),
  });

  async function synthesize(request: SynthesisRequest): Promise<SynthesisOutcome> {
    const { engineId } = request;
    return withWorkDir('synthesize', async (_dir, file) => {
      const raw = file('raw.wav');
      const common = {
        text: request.text,
        ...(request.language ? { language: request.language } : {}),
        speed: request.speed,
        pitchSemitones: request.pitchSemitones,
        volume: request.volume,
        outputFile: raw,
        outputFormat: 'wav' as const,
        ...(request.signal ? { signal: request.signal } : {}),
      };
      const engine = await engineCall(engineId, () => engines.getById('speech-synthesizer', engineId));
      const result = await engineCall(engineId, () =>
        request.profile
          ? synthesizeWithProfile({ ...common, synthesizer: engine, baseVoice: request.voiceId, profile: request.profile as unknown as VoiceProfile })
          : engine.doSynthesize({ ...common, voice: request.voiceId }),
      );
      // In process: a sentence needs no ffmpeg start-up to reach the job's rate.
      const { durationSeconds } = await convertWavToMono(raw, request.outputFile, request.sampleRate);
      return { durationSeconds, ...outcomeOf(result) };
    });
  }

  return {
    selected: (capability: SpeechCapability) => engines.descriptors(capability).map((descriptor) => ({ id: descriptor.id, location: descriptor.location })),

    synthesizerVoices,

    synthesize,

    async identifyLanguage(text) {
      const selected = engines.descriptors('language-identifier');
      if (!selected.length) return undefined;
      const identifier = await engines.get('language-identifier');
      const { languages } = await identifier.doIdentify({ text, maxLanguages: 1 });
      return languages[0];
    },

    async measureRecording(file, signal): Promise<RecordingMeasurements> {
      const vad = engines.descriptors('voice-activity-detector').length ? await engines.get('voice-activity-detector') : undefined;
      const assessed = await assessRecording(file, { ...(vad ? { vad } : {}), ...(signal ? { signal } : {}) });
      if (assessed.problems.some((problem) => problem.code === 'not-audio')) {
        return { hasAudio: false, durationSeconds: 0, speechSeconds: 0, loudnessLufs: null, clippingRatio: 0, medianPitchHz: null };
      }
      return {
        hasAudio: true,
        durationSeconds: assessed.durationSeconds,
        speechSeconds: assessed.speechSeconds,
        loudnessLufs: assessed.integratedLufs ?? null,
        clippingRatio: assessed.clippingRatio,
        medianPitchHz: assessed.medianPitchHz ?? null,
      };
    },

    async profileVoice({ engineId, files, name, signal }): Promise<VoiceProfileReading> {
      const profiler = await engineCall(engineId, () => engines.getById('voice-profiler', engineId));
      const remote = engines.descriptors('voice-profiler').find((descriptor) => descriptor.id === engineId)?.location === 'remote';
      const run = () => profiler.doProfile({ audioFiles: files, ...(name ? { name } : {}), ...(signal ? { signal } : {}) });
      // A local profiler's failure is about the recording (the job fails as it is); a vendor's is the vendor's (an EngineFailure).
      const { profile, speechSeconds } = await (remote ? engineCall(engineId, run) : run());
      const suggestion = (profile.data as { baseVoice?: { gender: 'female' | 'male'; voices: Record<string, string> } } | undefined)?.baseVoice;
      return {
        profile: profile as unknown as Record<string, unknown>,
        speechSeconds,
        medianPitchHz: profile.medianPitchHz ?? null,
        suggestedGender: suggestion?.gender ?? null,
        suggestedBaseVoices: Object.entries(suggestion?.voices ?? {}).map(([vendor, voiceId]) => ({ vendor, voiceId })),
        remoteVoiceId: profile.remoteVoiceId ?? null,
      };
    },

    async deleteRemoteVoice(remote) {
      const engine = (await engines.getById('voice-profiler', remote.engineId)) as { deleteRemoteVoice?: (voiceId: string) => Promise<void> };
      await engine.deleteRemoteVoice?.(remote.voiceId);
    },

    async separateSpeech({ input, speechOutput, backgroundOutput, signal }) {
      if (!engines.descriptors('audio-separator').length) return undefined;
      const separator = await engines.get('audio-separator');
      const { stems } = await separator.doSeparate({ audioFile: input, outputs: { vocals: speechOutput, ...(backgroundOutput ? { noise: backgroundOutput } : {}) }, ...(signal ? { signal } : {}) });
      return { speech: stems.vocals?.file, background: stems.noise?.file };
    },

    async convertVoice({ engineId, input, output, to, signal }) {
      const converter = await engineCall(engineId, () => engines.getById('voice-converter', engineId));
      const target = 'voiceId' in to ? { voice: to.voiceId } : { profile: to.profile as unknown as VoiceProfile };
      const result = await engineCall(engineId, () => converter.doConvert({ audioFile: input, target, outputFile: output, preserveTiming: true, ...(signal ? { signal } : {}) }));
      return { warnings: result.warnings.map(warningText) };
    },
  };
}
