import type { SynthesisVoice } from '../capabilities/speech-synthesizer.ts';

export const FLITE_ENGINE_ID = 'flite:flite';
export const FLITE_LANGUAGES = ['en-us', 'en', 'en-gb-scotland'] as const;

export interface FliteVoiceFacts {
  name: string;
  languages: string[];
  gender: 'female' | 'male' | undefined;
  quality: string;
}

/** Debian's flite 2.2 voices (`flite -lv`), best first. */
export const KNOWN_FLITE_VOICES: Record<string, FliteVoiceFacts> = {
  slt: { name: 'SLT (US English, clustergen)', languages: ['en-us', 'en'], gender: 'female', quality: 'statistical parametric (clustergen): clear, buzzy' },
  rms: { name: 'RMS (US English, clustergen)', languages: ['en-us', 'en'], gender: 'male', quality: 'statistical parametric (clustergen)' },
  awb: { name: 'AWB (Scottish English, clustergen)', languages: ['en-gb-scotland', 'en'], gender: 'male', quality: 'statistical parametric (clustergen), Scottish accent with a US lexicon' },
  kal16: { name: 'Kal (US English, diphone, 16 kHz)', languages: ['en-us', 'en'], gender: 'male', quality: 'diphone: robotic' },
  kal: { name: 'Kal (US English, diphone, 8 kHz)', languages: ['en-us', 'en'], gender: 'male', quality: 'diphone at telephone quality: robotic' },
};

/** Limited-domain voices that can say one kind of sentence only (`awb_time` speaks the time of day). */
const LIMITED_DOMAIN = new Set(['awb_time']);

/** Parses `flite -lv` (`Voices available: kal awb_time kal16 awb rms slt`): general voices, best first. */
export function parseFliteVoiceList(stdout: string): string[] {
  const names = (stdout.split(':')[1] ?? '').trim().split(/\s+/).filter((name) => /^[A-Za-z0-9_]+$/.test(name) && !LIMITED_DOMAIN.has(name));
  const order = Object.keys(KNOWN_FLITE_VOICES);
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return [...new Set(names)].sort((a, b) => rank(a) - rank(b));
}

export function toFliteSynthesisVoice(id: string): SynthesisVoice {
  const facts = KNOWN_FLITE_VOICES[id];
  return { id, name: facts?.name ?? id, languages: facts?.languages ?? ['en-us', 'en'], gender: facts?.gender, variant: undefined, engineId: FLITE_ENGINE_ID, ...(facts ? { description: `Flite: ${facts.quality}` } : {}) };
}
