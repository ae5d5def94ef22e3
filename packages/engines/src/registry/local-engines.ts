import type { EngineSettingsByVendor } from './local-engine-settings.ts';
import { createEngineRegistry, type EngineDescriptor, type EngineRegistry } from './engine-registry.ts';
import { ESPEAK_ENGINE_ID, ESPEAK_LANGUAGES } from '../espeak/espeak-voices.ts';

/**
 * Descriptors of the engines that run offline on our machines. Each adapter module is imported
 * only when its engine is first loaded.
 */
export function localEngineDescriptors(settings: EngineSettingsByVendor = {}): EngineDescriptor[] {
  return [
    {
      id: ESPEAK_ENGINE_ID,
      capability: 'speech-synthesizer',
      displayName: 'eSpeak NG',
      languages: ESPEAK_LANGUAGES,
      location: 'local',
      qualityTier: 'basic',
      cost: { unit: 'characters', usdPerThousand: 0 },
      description: 'Formant synthesis: robotic but intelligible in ~100 languages, ~300× faster than real time; approximate word timings',
      load: async () => (await import('../espeak/espeak-speech-synthesizer.ts')).createEspeak(settings.espeak),
    } satisfies EngineDescriptor<'speech-synthesizer'>,
    {
      id: 'silero:vad-v4',
      capability: 'voice-activity-detector',
      displayName: 'Silero VAD v4',
      languages: ['*'],
      location: 'local',
      qualityTier: 'standard',
      cost: { unit: 'audio-seconds', usdPerThousand: 0 },
      description: 'Neural voice activity detection (ONNX, CPU), language-independent',
      load: async () => (await import('../silero/silero-voice-activity-detector.ts')).createSilero(settings.silero),
    } satisfies EngineDescriptor<'voice-activity-detector'>,
  ];
}

export function createLocalEngineRegistry(settings: EngineSettingsByVendor = {}): EngineRegistry {
  return createEngineRegistry(localEngineDescriptors(settings));
}
