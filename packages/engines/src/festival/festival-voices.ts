import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SynthesisVoice } from '../capabilities/speech-synthesizer.ts';
import type { ByteTextEncoding } from '../text/byte-text.ts';

export const FESTIVAL_ENGINE_ID = 'festival:festival';
export const DEFAULT_FESTIVAL_VOICES_DIR = '/usr/share/festival/voices';

/** How a voice changes its speaking rate. */
export type FestivalSpeedMethod =
  /** HTS voices: the engine's own `-r` (durations are re-modelled; word times follow). */
  | 'hts'
  /** Diphone voices: `Duration_Stretch`. */
  | 'duration-stretch'
  /** Unit-selection (clunits) voices ignore both: rubberband changes the tempo afterwards. */
  | 'rubberband';

export interface FestivalVoiceFacts {
  name: string;
  languages: string[];
  gender: 'female' | 'male' | undefined;
  /** What the voice's lexicon reads: festival works on bytes. */
  encoding: ByteTextEncoding;
  speedMethod: FestivalSpeedMethod;
  /** Listed first in its language: the voice to offer by default. */
  preferred?: boolean;
  quality: string;
}

/**
 * What we know of the voices Debian packages (checked on our machines: encodings by speaking
 * accented text, speed methods by timing `Duration_Stretch` and HTS `-r`). Voices found on disk
 * but not listed here still work, with facts guessed from their folder.
 */
export const KNOWN_FESTIVAL_VOICES: Record<string, FestivalVoiceFacts> = {
  cmu_us_slt_arctic_hts: {
    name: 'SLT (US English, HTS)',
    languages: ['en-us', 'en'],
    gender: 'female',
    encoding: 'utf-8',
    speedMethod: 'hts',
    preferred: true,
    quality: 'HTS statistical parametric voice: clear but synthetic, the most natural English voice here; 11.6 % WER through pocketsphinx on our test sentences (the kal diphone voice: 3.9 %)',
  },
  kal_diphone: { name: 'Kal (US English, diphone)', languages: ['en-us', 'en'], gender: 'male', encoding: 'utf-8', speedMethod: 'duration-stretch', quality: 'diphone voice: older, robotic' },
  ked_diphone: { name: 'Ked (US English, diphone)', languages: ['en-us', 'en'], gender: 'male', encoding: 'utf-8', speedMethod: 'duration-stretch', quality: 'diphone voice: older, robotic' },
  upc_ca_ona_hts: { name: 'Ona (Catalan, HTS)', languages: ['ca'], gender: 'female', encoding: 'latin1', speedMethod: 'hts', preferred: true, quality: 'HTS statistical parametric voice' },
  lp_diphone: { name: 'Lp (Italian, diphone)', languages: ['it'], gender: 'female', encoding: 'latin1', speedMethod: 'duration-stretch', preferred: true, quality: 'diphone voice: older, robotic' },
  pc_diphone: { name: 'Pc (Italian, diphone)', languages: ['it'], gender: 'male', encoding: 'latin1', speedMethod: 'duration-stretch', quality: 'diphone voice: older, robotic' },
  msu_ru_nsh_clunits: { name: 'Nsh (Russian, unit selection)', languages: ['ru'], gender: 'male', encoding: 'utf-8', speedMethod: 'rubberband', preferred: true, quality: 'unit selection from recordings: natural in places, uneven joins' },
  czech_dita: { name: 'Dita (Czech, diphone)', languages: ['cs'], gender: 'female', encoding: 'iso-8859-2', speedMethod: 'duration-stretch', preferred: true, quality: 'diphone voice: older, robotic' },
  czech_ph: { name: 'Ph (Czech, diphone)', languages: ['cs'], gender: 'male', encoding: 'iso-8859-2', speedMethod: 'duration-stretch', quality: 'diphone voice: older, robotic' },
  // Suopuhe's two Finnish voices; the package does not say lj's gender (its voice file copies mv's description).
  suo_fi_lj_diphone: { name: 'Lj (Finnish, diphone)', languages: ['fi'], gender: undefined, encoding: 'latin1', speedMethod: 'duration-stretch', quality: 'diphone voice: older, robotic' },
  hy_fi_mv_diphone: { name: 'Mv (Finnish, diphone)', languages: ['fi'], gender: 'male', encoding: 'latin1', speedMethod: 'duration-stretch', preferred: true, quality: 'diphone voice: older, robotic' },
  hindi_NSK_diphone: { name: 'NSK (Hindi, diphone)', languages: ['hi'], gender: 'male', encoding: 'utf-8', speedMethod: 'duration-stretch', preferred: true, quality: 'diphone voice: older, robotic' },
};

/** Festival's voice folders are grouped by language name. */
const FOLDER_LANGUAGES: Record<string, string[]> = {
  us: ['en-us', 'en'],
  english: ['en'],
  british: ['en-gb', 'en'],
  catalan: ['ca'],
  czech: ['cs'],
  finnish: ['fi'],
  hindi: ['hi'],
  italian: ['it'],
  russian: ['ru'],
  spanish: ['es'],
  welsh: ['cy'],
  german: ['de'],
  french: ['fr'],
  marathi: ['mr'],
  telugu: ['te'],
};

/**
 * The languages of Debian's festival voices, declared without scanning; the conformance test checks
 * them. Hindi is not here: Debian's festvox-hi-nsk misses its phone set (hindi_phones.scm), so the
 * voice cannot load (the catalogue leaves out every voice festival cannot load).
 */
export const FESTIVAL_LANGUAGES = ['en-us', 'en', 'ca', 'it', 'ru', 'cs', 'fi'] as const;

/** Voice names go into a Scheme call (`(voice_<name>)`), so only these characters are accepted. */
export const FESTIVAL_VOICE_NAME = /^[A-Za-z0-9_]+$/;

export interface FestivalVoiceEntry {
  /** Festival's name: `(voice_<id>)`. */
  id: string;
  folder: string;
  facts: FestivalVoiceFacts;
}

export function festivalVoiceFacts(id: string, folder: string): FestivalVoiceFacts {
  const known = KNOWN_FESTIVAL_VOICES[id];
  if (known) return known;
  return {
    name: id,
    languages: FOLDER_LANGUAGES[folder] ?? [folder],
    gender: undefined,
    encoding: 'utf-8',
    speedMethod: /_hts$/.test(id) ? 'hts' : /clunits|multisyn/.test(id) ? 'rubberband' : 'duration-stretch',
    quality: 'festival voice not described here',
  };
}

const exists = (file: string) => stat(file).then(() => true, () => false);

/**
 * The voices installed under festival's voice folder (`<language>/<voice>/festvox/<voice>.scm`,
 * where festival itself looks for them): the preferred voice of each language first, English first.
 */
export async function scanFestivalVoices(voicesDir: string): Promise<FestivalVoiceEntry[]> {
  const entries: FestivalVoiceEntry[] = [];
  const folders = await readdir(voicesDir, { withFileTypes: true }).catch(() => []);
  for (const folder of folders.filter((entry) => entry.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const voices = await readdir(path.join(voicesDir, folder.name), { withFileTypes: true });
    for (const voice of voices.filter((entry) => entry.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
      if (!FESTIVAL_VOICE_NAME.test(voice.name)) continue;
      if (!(await exists(path.join(voicesDir, folder.name, voice.name, 'festvox', `${voice.name}.scm`)))) continue;
      entries.push({ id: voice.name, folder: folder.name, facts: festivalVoiceFacts(voice.name, folder.name) });
    }
  }
  const rank = (entry: FestivalVoiceEntry) => (entry.facts.preferred ? 0 : 2) + (entry.facts.languages.includes('en') ? 0 : 1);
  return entries.sort((a, b) => rank(a) - rank(b));
}

export function toFestivalSynthesisVoice(entry: FestivalVoiceEntry): SynthesisVoice {
  return { id: entry.id, name: entry.facts.name, languages: entry.facts.languages, gender: entry.facts.gender, variant: undefined, engineId: FESTIVAL_ENGINE_ID, description: `Festival: ${entry.facts.quality}` };
}
