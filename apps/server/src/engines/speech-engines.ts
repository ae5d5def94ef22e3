import type { ClonedVoiceAnalysis, LibraryVoice, RecordingMeasurements, SpeechRuntime, SynthesisOutcome, SynthesisRequest, VoiceTarget } from '@voxwork/core';
import { sameLanguage } from '@voxwork/core';
import { assessRecording, EngineError, synthesizeWithProfile, type ResolvedEngines, type SpeechSynthesizer, type SynthesizeResult, type VoiceProfile } from '@voxwork/engines';
import { convertWavToMono, encodeMp3Args, loudnormArgs, probeMedia, resampleArgs, runFfmpeg, withWorkDir } from '@voxwork/media';
import { DomainError } from '@voxwork/core';
import { ErrorCode } from '@voxwork/contract';
import type { Logger } from 'pino';
import { libraryVoicesOf } from './voice-library.ts';

const TIMEOUT_MS = 10 * 60_000;

/** Engine failures the user cannot fix become catalogue errors; retryable ones stay retryable. */
function asDomainError(error: unknown, engineId: string): unknown {
  if (error instanceof DomainError) return error;
  if (error instanceof EngineError) {
    if (error.code === 'aborted') return error;
    return new DomainError(ErrorCode.ENGINE_UNAVAILABLE, { engine: engineId }, { isRetryable: error.isRetryable, cause: error });
  }
  return error;
}

/**
 * The speech tools' engine runtime over the engine registry: library voices from every selected
 * synthesizer, synthesis (library voices directly; cloned voices as a profile applied to a base
 * voice, or a remote clone), recording measurements, voice analysis, conversion, language id.
 */

/** Library order: premium (remote neural) voices, then standard (HTS), then basic ones. */
const TIER_ORDER: Record<LibraryVoice['qualityTier'], number> = { basic: 0, standard: 1, premium: 2 };
export function createSpeechRuntime({ engines, log }: { engines: ResolvedEngines; log?: Logger }): SpeechRuntime {
  let library: Promise<LibraryVoice[]> | undefined;
  /** Profiles of library voices (for speech to speech into a library voice), measured once. */
  const libraryProfiles = new Map<string, Promise<VoiceProfile>>();

  const synthesizers = () => engines.descriptors('speech-synthesizer');

  async function loadLibrary(): Promise<LibraryVoice[]> {
    const lists = await Promise.all(
      synthesizers().map(async (descriptor) => {
        try {
          const engine = await engines.getById('speech-synthesizer', descriptor.id);
          return libraryVoicesOf(descriptor, await engine.listVoices());
        } catch (error) {
          log?.warn({ err: error, engineId: descriptor.id }, 'speech engine left out of the voice library');
          return [];
        }
      }),
    );
    // Best first: within each tier the engines keep their order (and espeak-ng its curated order).
    return lists.flat().sort((a, b) => TIER_ORDER[b.qualityTier] - TIER_ORDER[a.qualityTier]);
  }

  const toWav = async (input: string, output: string, sampleRate: number, signal?: AbortSignal) => {
    await runFfmpeg(resampleArgs({ input, output, sampleRate, channels: 1 }), { signal, timeoutMs: TIMEOUT_MS });
  };

  const outcomeOf = (result: SynthesizeResult): Omit<SynthesisOutcome, 'durationSeconds'> => ({
    words: result.words.map((word) => ({ text: word.text, startSeconds: word.startSeconds, endSeconds: word.endSeconds })),
    wordTimingsApproximate: result.wordTimingsApproximate,
    warnings: result.warnings.map((warning) => ('message' in warning ? warning.message : `${warning.type}: ${'option' in warning ? warning.option : warning.output}`)),
  });

  async function synthesizerFor(engineId: string): Promise<SpeechSynthesizer> {
    try {
      return await engines.getById('speech-synthesizer', engineId);
    } catch (error) {
      throw asDomainError(error, engineId);
    }
  }

  /** A selected synthesizer of the same vendor as a remote clone (elevenlabs:ivc → elevenlabs:eleven-…). */
  const remoteSynthesizerId = (remoteEngineId: string) => synthesizers().find((descriptor) => descriptor.location === 'remote' && descriptor.id.split(':')[0] === remoteEngineId.split(':')[0])?.id;

  async function synthesize(request: SynthesisRequest): Promise<SynthesisOutcome> {
    const { target } = request;
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
      let result: SynthesizeResult;
      let engineId: string;
      if (target.kind === 'library') {
        engineId = target.engineId;
        const engine = await synthesizerFor(engineId);
        result = await engine.doSynthesize({ ...common, voice: target.voiceId }).catch((error: unknown) => Promise.reject(asDomainError(error, engineId)));
      } else if (target.remote && remoteSynthesizerId(target.remote.engineId)) {
        engineId = remoteSynthesizerId(target.remote.engineId)!;
        const engine = await synthesizerFor(engineId);
        result = await engine.doSynthesize({ ...common, voice: target.remote.voiceId }).catch((error: unknown) => Promise.reject(asDomainError(error, engineId)));
      } else {
        const base = (await runtime.libraryVoices()).find((voice) => voice.key === target.baseVoiceKey);
        if (!base) throw new DomainError(ErrorCode.ENGINE_UNAVAILABLE, { engine: target.baseVoiceKey.split('/')[0] ?? target.baseVoiceKey });
        engineId = base.engineId;
        const engine = await synthesizerFor(engineId);
        result = await synthesizeWithProfile({ ...common, synthesizer: engine, baseVoice: base.voiceId, profile: target.profile as unknown as VoiceProfile }).catch((error: unknown) =>
          Promise.reject(asDomainError(error, engineId)),
        );
      }
      // In process: a sentence needs no ffmpeg start-up to reach the job's rate.
      const { durationSeconds } = await convertWavToMono(raw, request.outputFile, request.sampleRate);
      return { durationSeconds, ...outcomeOf(result) };
    });
  }

  async function libraryProfile(voice: LibraryVoice, signal?: AbortSignal): Promise<VoiceProfile> {
    let pending = libraryProfiles.get(voice.key);
    if (!pending) {
      pending = withWorkDir('library-profile', async (_dir, file) => {
        const target: VoiceTarget = { kind: 'library', voiceKey: voice.key, engineId: voice.engineId, voiceId: voice.voiceId, language: voice.language, qualityTier: voice.qualityTier };
        await synthesize({ target, text: `${voice.previewText} ${voice.previewText}`, speed: 1, pitchSemitones: 0, volume: 1, outputFile: file('voice.wav'), sampleRate: 24_000, signal });
        const profiler = await engines.getById('voice-profiler', 'dsp:voice-profile');
        return (await profiler.doProfile({ audioFiles: [file('voice.wav')], ...(signal ? { signal } : {}) })).profile;
      });
      libraryProfiles.set(voice.key, pending);
      pending.catch(() => libraryProfiles.delete(voice.key));
    }
    return pending;
  }

  const runtime: SpeechRuntime = {
    libraryVoices() {
      library ??= loadLibrary();
      library.catch(() => (library = undefined));
      return library;
    },

    synthesize,

    async identifyLanguage(text) {
      const selected = engines.descriptors('language-identifier');
      if (!selected.length) return undefined;
      const identifier = await engines.get('language-identifier');
      const { languages } = await identifier.doIdentify({ text, maxLanguages: 1 });
      return languages[0];
    },

    async decodeAudio({ input, output, sampleRate, normalize, signal }) {
      if (normalize) await runFfmpeg(loudnormArgs({ input, output, sampleRate }), { signal, timeoutMs: TIMEOUT_MS });
      else await toWav(input, output, sampleRate, signal);
      const info = await probeMedia(output, { signal });
      return { durationSeconds: info.durationSeconds ?? 0 };
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
        medianPitchHz: null,
      };
    },

    async analyseVoice({ files, name, language, signal }): Promise<ClonedVoiceAnalysis> {
      const profiler = await engines.getById('voice-profiler', 'dsp:voice-profile').catch((error: unknown) => Promise.reject(asDomainError(error, 'dsp:voice-profile')));
      const { profile, speechSeconds } = await profiler.doProfile({ audioFiles: files, name, ...(signal ? { signal } : {}) });
      const suggestion = (profile.data as { baseVoice?: { gender: 'female' | 'male'; voices: Record<string, string> } }).baseVoice;
      const gender = suggestion?.gender ?? (profile.medianPitchHz !== undefined && profile.medianPitchHz >= 165 ? 'female' : 'male');
      const voices = await runtime.libraryVoices();
      // The base voice: for English the best local engine's suggested voice; otherwise a voice of the language and gender.
      const suggestedKeys = Object.entries(suggestion?.voices ?? {}).map(([vendor, voiceId]) => voices.find((voice) => voice.engineId.startsWith(`${vendor}:`) && voice.voiceId === voiceId)?.key);
      const tierRank = { premium: 2, standard: 1, basic: 0 } as const;
      const sameLang = voices.filter((voice) => voice.location === 'local' && voice.languages.some((spoken) => sameLanguage(spoken, language)));
      const byQuality = [...sameLang].sort((a, b) => tierRank[b.qualityTier] - tierRank[a.qualityTier]);
      const suggestedForLanguage = suggestedKeys.map((key) => sameLang.find((voice) => voice.key === key)).filter(Boolean) as LibraryVoice[];
      const base =
        suggestedForLanguage.sort((a, b) => tierRank[b.qualityTier] - tierRank[a.qualityTier])[0] ??
        byQuality.find((voice) => voice.gender === gender && voice.style !== 'whisper' && voice.style !== 'robotic') ??
        byQuality[0];
      if (!base) throw new DomainError(ErrorCode.VOICE_LANGUAGE_UNSUPPORTED, { voice: name, language });

      // A remote clone as well, when a remote profiler is selected (neural quality).
      let remote: ClonedVoiceAnalysis['remote'] = null;
      const remoteProfiler = engines.descriptors('voice-profiler').find((descriptor) => descriptor.location === 'remote');
      if (remoteProfiler) {
        const engine = await engines.getById('voice-profiler', remoteProfiler.id);
        const made = await engine.doProfile({ audioFiles: files, name, ...(signal ? { signal } : {}) }).catch((error: unknown) => Promise.reject(asDomainError(error, remoteProfiler.id)));
        if (made.profile.remoteVoiceId) remote = { engineId: remoteProfiler.id, voiceId: made.profile.remoteVoiceId };
      }
      return {
        profile: profile as unknown as Record<string, unknown>,
        speechSeconds,
        medianPitchHz: profile.medianPitchHz ?? null,
        gender,
        baseVoiceKey: base.key,
        remote,
      };
    },

    async deleteRemoteVoice(remote) {
      const engine = (await engines.getById('voice-profiler', remote.engineId)) as { deleteRemoteVoice?: (voiceId: string) => Promise<void> };
      await engine.deleteRemoteVoice?.(remote.voiceId);
    },

    async convert({ input, output, sampleRate, target, denoise, keepBackground, signal }) {
      return withWorkDir('convert', async (_dir, file) => {
        const warnings: string[] = [];
        let speech = input;
        let background: string | undefined;
        if (denoise || keepBackground) {
          const separator = engines.descriptors('audio-separator').length ? await engines.get('audio-separator') : undefined;
          if (separator) {
            const stems = await separator.doSeparate({ audioFile: input, outputs: { vocals: file('vocals.wav'), ...(keepBackground ? { noise: file('background.wav') } : {}) }, ...(signal ? { signal } : {}) });
            if (stems.stems.vocals) speech = stems.stems.vocals.file;
            background = stems.stems.noise?.file;
          } else warnings.push('no noise suppressor is configured: denoise and keep background were skipped');
        }
        let profile: VoiceProfile;
        if (target.kind === 'cloned') profile = target.profile as unknown as VoiceProfile;
        else {
          const voice = (await runtime.libraryVoices()).find((entry) => entry.key === target.voiceKey);
          if (!voice) throw new DomainError(ErrorCode.VOICE_NOT_FOUND);
          profile = await libraryProfile(voice, signal);
        }
        // A remote converter takes remote voices (remote clones, remote library voices) directly.
        const remoteVoice = target.kind === 'cloned' ? target.remote?.voiceId : target.engineId.includes(':') && synthesizers().find((d) => d.id === target.engineId)?.location === 'remote' ? target.voiceId : undefined;
        const remoteConverter = remoteVoice ? engines.descriptors('voice-converter').find((descriptor) => descriptor.location === 'remote') : undefined;
        const converterId = remoteConverter?.id ?? 'dsp:voice-match';
        const converter = await engines.getById('voice-converter', converterId).catch((error: unknown) => Promise.reject(asDomainError(error, converterId)));
        const converted = file('converted.wav');
        const result = await converter
          .doConvert({ audioFile: speech, target: remoteConverter && remoteVoice ? { voice: remoteVoice } : { profile }, outputFile: converted, preserveTiming: true, ...(signal ? { signal } : {}) })
          .catch((error: unknown) => Promise.reject(asDomainError(error, converterId)));
        warnings.push(...result.warnings.map((warning) => ('message' in warning ? warning.message : warning.type)));
        if (background) {
          await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', converted, '-i', background, '-filter_complex', '[0:a][1:a]amix=inputs=2:duration=first:normalize=0[out]', '-map', '[out]', file('mixed.wav')], { signal, timeoutMs: TIMEOUT_MS });
          await toWav(file('mixed.wav'), output, sampleRate, signal);
        } else await toWav(converted, output, sampleRate, signal);
        const info = await probeMedia(output, { signal });
        return { durationSeconds: info.durationSeconds ?? 0, warnings };
      });
    },

    async encode({ input, output, format, signal }) {
      if (format === 'wav') await toWav(input, output, 24_000, signal);
      else await runFfmpeg(encodeMp3Args({ input, output, sampleRate: 24_000, bitrateKbps: 96 }), { signal, timeoutMs: TIMEOUT_MS });
    },
  };
  return runtime;
}
