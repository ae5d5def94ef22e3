import type { EspeakSettings } from '../espeak/espeak-speech-synthesizer.ts';
import type { FestivalSettings } from '../festival/festival-speech-synthesizer.ts';
import type { FliteSettings } from '../flite/flite-speech-synthesizer.ts';
import type { SileroSettings } from '../silero/silero-voice-activity-detector.ts';

/** Settings passed to each vendor's factory when the registry loads its engine. */
export interface EngineSettingsByVendor {
  espeak?: EspeakSettings;
  silero?: SileroSettings;
  festival?: FestivalSettings;
  flite?: FliteSettings;
}
