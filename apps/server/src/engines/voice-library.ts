import type { VoiceSound } from '@voxwork/contract';
import type { LibraryVoice, VoiceAge } from '@voxwork/core/engines';
import { previewSentence } from '@voxwork/core';
import type { EngineDescriptor, SynthesisVoice } from '@voxwork/engines';

/**
 * The voice library as people see it: each engine voice with a name, accent, gender, age, style
 * and use cases. eSpeak NG has ~130 languages × ~100 variants; the library curates two voices per
 * well-supported language (plus a few styled English ones) instead of listing 13,000 combinations.
 * Voices of other engines (festival, flite, remote) are all listed; local ones are named below.
 */

interface Persona {
  voiceId: string;
  name: string;
  accent: string;
  gender: 'female' | 'male';
  age?: VoiceAge;
  style?: string;
  useCases: string[];
}

const NARRATION = ['narration', 'education', 'e-learning'];
const SOCIAL = ['social media', 'e-commerce', 'advertising'];
const STORY = ['audiobook', 'storytelling', 'podcast'];
const ASSIST = ['assistant', 'announcements', 'dialogue'];

const pair = (language: string, accent: string, female: string, male: string, femaleUse = NARRATION, maleUse = SOCIAL): Persona[] => [
  { voiceId: `${language}+f3`, name: female, accent, gender: 'female', useCases: femaleUse },
  { voiceId: `${language}+m3`, name: male, accent, gender: 'male', useCases: maleUse },
];

/** The curated eSpeak NG voices (voice id = `<language>+<variant>`). */
export const ESPEAK_PERSONAS: readonly Persona[] = [
  ...pair('en-us', 'American', 'Emma', 'James', NARRATION, ASSIST),
  ...pair('en-gb', 'British', 'Olivia', 'Oliver', STORY, NARRATION),
  { voiceId: 'en-gb-scotland+m1', name: 'Callum', accent: 'Scottish', gender: 'male', useCases: STORY },
  { voiceId: 'en-us+whisperf', name: 'Wren', accent: 'American', gender: 'female', style: 'whisper', useCases: ['ASMR', 'storytelling'] },
  { voiceId: 'en-us+grandpa', name: 'Walter', accent: 'American', gender: 'male', age: 'senior', style: 'warm', useCases: ['storytelling', 'audiobook'] },
  { voiceId: 'en-us+klatt', name: 'Kit', accent: 'American', gender: 'male', style: 'robotic', useCases: ['games', 'announcements'] },
  ...pair('cmn', 'Standard Mandarin', 'Xiaomei 小美', 'Zhiwei 志伟', NARRATION, SOCIAL),
  ...pair('yue', 'Cantonese (Hong Kong)', 'Kaman 嘉敏', 'Wingkit 永杰', SOCIAL, STORY),
  ...pair('es', 'Castilian (Spain)', 'Lucía', 'Mateo'),
  ...pair('es-419', 'Latin American', 'Valentina', 'Santiago', SOCIAL, NARRATION),
  ...pair('fr-fr', 'France', 'Camille', 'Louis', STORY, NARRATION),
  ...pair('de', 'Germany', 'Hannah', 'Lukas', NARRATION, ASSIST),
  ...pair('it', 'Italy', 'Giulia', 'Marco', SOCIAL, STORY),
  ...pair('pt-br', 'Brazilian', 'Ana', 'Pedro', SOCIAL, NARRATION),
  ...pair('pt', 'European Portuguese', 'Inês', 'Tiago', NARRATION, STORY),
  ...pair('ru', 'Russia', 'Anna', 'Dmitri', NARRATION, STORY),
  ...pair('ko', 'Seoul', 'Jiwoo', 'Minjun', SOCIAL, ASSIST),
  ...pair('hi', 'India', 'Priya', 'Arjun', NARRATION, SOCIAL),
  ...pair('ar', 'Modern Standard', 'Layla', 'Omar', NARRATION, ASSIST),
  ...pair('vi', 'Northern (Hanoi)', 'Linh', 'Minh', SOCIAL, NARRATION),
  ...pair('id', 'Indonesia', 'Putri', 'Budi', SOCIAL, NARRATION),
  ...pair('tr', 'Turkey', 'Elif', 'Emre', NARRATION, SOCIAL),
  ...pair('nl', 'Netherlands', 'Sanne', 'Daan', NARRATION, ASSIST),
  ...pair('pl', 'Poland', 'Zofia', 'Jakub', STORY, NARRATION),
  ...pair('sv', 'Sweden', 'Elsa', 'Erik', NARRATION, STORY),
  ...pair('uk', 'Ukraine', 'Oksana', 'Taras', NARRATION, STORY),
  ...pair('el', 'Greece', 'Eleni', 'Giorgos', NARRATION, STORY),
  ...pair('ms', 'Malaysia', 'Aisyah', 'Hafiz', SOCIAL, NARRATION),
];

/**
 * People's names and descriptions for the voices of the other local engines, by `<engine id>/<voice
 * id>`: each name is given once in the library (festival and flite both have a "slt" and a "kal"
 * voice: they are different voices and get different names). `sound` is how the voice sounds; the
 * web app turns it and the use cases into a description in the page's language.
 */
interface KnownVoice {
  name: string;
  accent: string;
  age?: VoiceAge;
  style?: string;
  sound: VoiceSound;
  useCases: string[];
}

export const KNOWN_LOCAL_VOICES: Readonly<Record<string, KnownVoice>> = {
  'festival:festival/cmu_us_slt_arctic_hts': { name: 'Sloane', accent: 'American', style: 'clear', sound: 'parametric', useCases: ['narration', 'e-learning', 'audiobook'] },
  'festival:festival/kal_diphone': { name: 'Kal', accent: 'American', sound: 'diphone', useCases: ['announcements', 'assistant'] },
  'festival:festival/ked_diphone': { name: 'Ked', accent: 'American', sound: 'diphone', useCases: ['announcements'] },
  'festival:festival/upc_ca_ona_hts': { name: 'Ona', accent: 'Catalonia', style: 'clear', sound: 'parametric', useCases: ['narration', 'e-learning'] },
  'festival:festival/lp_diphone': { name: 'Lucia', accent: 'Italy', sound: 'diphone', useCases: ['narration', 'announcements'] },
  'festival:festival/pc_diphone': { name: 'Piero', accent: 'Italy', sound: 'diphone', useCases: ['narration', 'announcements'] },
  'festival:festival/msu_ru_nsh_clunits': { name: 'Nikolai', accent: 'Russia', sound: 'unit-selection', useCases: ['narration', 'storytelling'] },
  'festival:festival/czech_dita': { name: 'Dita', accent: 'Czechia', sound: 'diphone', useCases: ['narration', 'announcements'] },
  'festival:festival/czech_ph': { name: 'Pavel', accent: 'Czechia', sound: 'diphone', useCases: ['narration', 'announcements'] },
  'festival:festival/suo_fi_lj_diphone': { name: 'Liisa', accent: 'Finland', sound: 'diphone', useCases: ['narration', 'announcements'] },
  'festival:festival/hy_fi_mv_diphone': { name: 'Mikko', accent: 'Finland', sound: 'diphone', useCases: ['narration', 'announcements'] },
  'festival:festival/hindi_NSK_diphone': { name: 'Nitin', accent: 'India', sound: 'diphone', useCases: ['narration'] },
  'flite:flite/slt': { name: 'Stella', accent: 'American', sound: 'clustergen', useCases: ['narration', 'e-learning'] },
  'flite:flite/rms': { name: 'Rick', accent: 'American', sound: 'clustergen', useCases: ['narration', 'podcast'] },
  'flite:flite/awb': { name: 'Alan', accent: 'Scottish', sound: 'clustergen', useCases: ['storytelling', 'narration'] },
  'flite:flite/kal16': { name: 'Keith', accent: 'American', sound: 'diphone', useCases: ['announcements', 'assistant'] },
  'flite:flite/kal': { name: 'Ken', accent: 'American', style: 'telephone', sound: 'diphone', useCases: ['announcements', 'games'] },
};

/** Vendors describe age in words of their own ("young", "middle aged", "old"). */
function ageOf(value: string | undefined): VoiceAge | undefined {
  if (!value) return undefined;
  if (/child|kid/i.test(value)) return 'child';
  if (/young/i.test(value)) return 'young';
  if (/old|senior|elder/i.test(value)) return 'senior';
  return 'adult';
}

const HAN_NAMES = /[\u4e00-\u9fff]/;

function describeOther(voice: SynthesisVoice, descriptor: EngineDescriptor<'speech-synthesizer'>): Omit<LibraryVoice, 'previewText'> {
  const key = `${descriptor.id}/${voice.id}`;
  const known = descriptor.location === 'local' ? KNOWN_LOCAL_VOICES[key] : undefined;
  const language = voice.languages[0] ?? 'en';
  return {
    key,
    engineId: descriptor.id,
    voiceId: voice.id,
    name: known ? known.name : voice.name,
    language,
    languages: voice.languages,
    accent: voice.accent ?? known?.accent ?? null,
    gender: voice.gender ?? null,
    age: ageOf(voice.age) ?? known?.age ?? 'adult',
    style: voice.style ?? known?.style ?? null,
    useCases: voice.useCases?.length ? voice.useCases : (known?.useCases ?? ['narration']),
    engineName: descriptor.displayName,
    location: descriptor.location,
    // A known voice's tier follows how it sounds (festival's tier is its HTS voice's; its diphone voices are basic).
    qualityTier: known ? (known.sound === 'parametric' ? descriptor.qualityTier : 'basic') : /hts/i.test(voice.id) || descriptor.location === 'remote' ? descriptor.qualityTier : descriptor.location === 'local' && descriptor.qualityTier === 'premium' ? 'standard' : /diphone|clunits|kal|ked/.test(voice.id) ? 'basic' : descriptor.qualityTier,
    sound: known?.sound ?? (descriptor.location === 'remote' ? 'neural' : 'synthetic'),
    description: voice.description ?? descriptor.description,
  };
}

/** Library entries for one synthesizer's voices. */
export function libraryVoicesOf(descriptor: EngineDescriptor<'speech-synthesizer'>, voices: readonly SynthesisVoice[]): LibraryVoice[] {
  const withPreview = (voice: Omit<LibraryVoice, 'previewText'>): LibraryVoice => ({ ...voice, previewText: previewSentence(voice.language) });
  if (descriptor.id !== 'espeak:espeak-ng') return voices.map((voice) => withPreview(describeOther(voice, descriptor)));
  const byId = new Map(voices.map((voice) => [voice.id, voice]));
  return ESPEAK_PERSONAS.flatMap((persona) => {
    const base = byId.get(persona.voiceId.split('+')[0]!);
    if (!base) return [];
    const language = base.languages[0] === 'cmn' || base.languages[0] === 'cmn-latn-pinyin' ? 'zh' : base.languages[0]!;
    return [
      withPreview({
        key: `${descriptor.id}/${persona.voiceId}`,
        engineId: descriptor.id,
        voiceId: persona.voiceId,
        name: persona.name,
        language,
        languages: [...new Set([language, ...base.languages])],
        accent: persona.accent,
        gender: persona.gender,
        age: persona.age ?? (HAN_NAMES.test(persona.name) ? 'young' : 'adult'),
        style: persona.style ?? 'neutral',
        useCases: persona.useCases,
        engineName: descriptor.displayName,
        location: descriptor.location,
        qualityTier: descriptor.qualityTier,
        sound: 'formant',
        description: descriptor.description,
      }),
    ];
  });
}
