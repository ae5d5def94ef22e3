import type { ApertiumSettings } from '../apertium/apertium-translator.ts';
import type { DspVoiceProfilerSettings } from '../dsp/dsp-voice-profiler.ts';
import type { EspeakSettings } from '../espeak/espeak-speech-synthesizer.ts';
import type { FasttextSettings } from '../fasttext/fasttext-language-identifier.ts';
import type { FestivalSettings } from '../festival/festival-speech-synthesizer.ts';
import type { FliteSettings } from '../flite/flite-speech-synthesizer.ts';
import type { PocketsphinxSettings } from '../pocketsphinx/pocketsphinx-speech-recognizer.ts';
import type { PpocrSettings } from '../ppocr/ppocr-text-detector.ts';
import type { SileroSettings } from '../silero/silero-voice-activity-detector.ts';

/** Settings passed to each vendor's factory when the registry loads its engine. */
export interface EngineSettingsByVendor {
  espeak?: EspeakSettings;
  silero?: SileroSettings;
  /** `dsp:voice-profile` (its VAD; silero settings above apply to the default one). */
  dsp?: Omit<DspVoiceProfilerSettings, 'silero'>;
  fasttext?: FasttextSettings;
  festival?: FestivalSettings;
  flite?: FliteSettings;
  pocketsphinx?: PocketsphinxSettings;
  apertium?: ApertiumSettings;
  ppocr?: PpocrSettings;
}
