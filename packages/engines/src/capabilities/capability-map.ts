import type { Animator } from './animator.ts';
import type { AudioSeparator } from './audio-separator.ts';
import type { FaceTracker } from './face-tracker.ts';
import type { Inpainter } from './inpainter.ts';
import type { LanguageIdentifier } from './language-identifier.ts';
import type { SpeechRecognizer } from './speech-recognizer.ts';
import type { SpeechSynthesizer } from './speech-synthesizer.ts';
import type { TextDetector } from './text-detector.ts';
import type { Translator } from './translator.ts';
import type { VoiceActivityDetector } from './voice-activity-detector.ts';
import type { VoiceConverter } from './voice-converter.ts';
import type { VoiceProfiler } from './voice-profiler.ts';

/** Capability name → the interface an engine of that capability implements. */
export interface CapabilityMap {
  'speech-synthesizer': SpeechSynthesizer;
  'speech-recognizer': SpeechRecognizer;
  translator: Translator;
  'voice-converter': VoiceConverter;
  'voice-profiler': VoiceProfiler;
  'audio-separator': AudioSeparator;
  'text-detector': TextDetector;
  'face-tracker': FaceTracker;
  animator: Animator;
  inpainter: Inpainter;
  'voice-activity-detector': VoiceActivityDetector;
  'language-identifier': LanguageIdentifier;
}

export type Capability = keyof CapabilityMap;

export const CAPABILITIES = [
  'speech-synthesizer',
  'speech-recognizer',
  'translator',
  'voice-converter',
  'voice-profiler',
  'audio-separator',
  'text-detector',
  'face-tracker',
  'animator',
  'inpainter',
  'voice-activity-detector',
  'language-identifier',
] as const satisfies readonly Capability[];

// Compile-time check that CAPABILITIES names every capability of the map.
type MissingCapability = Exclude<Capability, (typeof CAPABILITIES)[number]>;
const _capabilitiesAreComplete: [MissingCapability] extends [never] ? true : never = true;
