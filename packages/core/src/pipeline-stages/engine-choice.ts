/**
 * Which engine gets the words and which translates, decided when a job is accepted so that a
 * pair or a language nothing here can handle fails before anything is charged (users' complaint:
 * tools that fail late). Rules: a subtitle file is the source when given; `auto` reads burned-in
 * subtitles first where a reader knows the language (exact words, exact times: the strong path for
 * short dramas) and falls back to speech recognition; a translator is the first selected one that
 * has the pair (the operator's order, so a configured remote engine can come before Apertium).
 */
import { ErrorCode, localizedLanguageList, localizedLanguageName, type LocalizedText } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';
import type { EngineOffer, SeparatorOffer, TranslatorOffer, VideoEngines } from '../engines/video-engines.port.ts';

export type TextSourceChoice = 'auto' | 'speech' | 'subtitles' | 'subtitle-file';

const base = (language: string) => language.toLowerCase().split(/[-_]/)[0] ?? language;
const knows = (offer: EngineOffer, language: string) => offer.languages.includes('*') || offer.languages.some((known) => base(known) === base(language));

export function translatorFor(translators: readonly TranslatorOffer[], source: string, target: string): TranslatorOffer | undefined {
  return translators.find((offer) => offer.pairs.some((pair) => (pair.source === '*' || pair.source === base(source)) && (pair.target === '*' || pair.target === base(target))));
}

/** Pairs that work without a remote engine, for messages and the options call (`en → es`). */
export function offlinePairs(translators: readonly TranslatorOffer[]): string[] {
  return translators.filter((offer) => offer.location === 'local').flatMap((offer) => offer.pairs.map((pair) => `${pair.source} → ${pair.target}`));
}

/** The engines that can get `language` text from the video, in the order `choice` tries them. */
export function textSourcesFor(engines: Pick<VideoEngines, 'recognizers' | 'textReaders'>, choice: Exclude<TextSourceChoice, 'subtitle-file'>, language: string) {
  const reader = engines.textReaders().find((offer) => knows(offer, language));
  const recognizer = engines.recognizers().find((offer) => knows(offer, language));
  const sources: Array<{ kind: 'subtitles' | 'speech'; engineId: string; location: 'local' | 'remote' }> = [];
  if ((choice === 'auto' || choice === 'subtitles') && reader) sources.push({ kind: 'subtitles', engineId: reader.id, location: reader.location });
  if ((choice === 'auto' || choice === 'speech') && recognizer) sources.push({ kind: 'speech', engineId: recognizer.id, location: recognizer.location });
  if (!sources.length) throw new DomainError(ErrorCode.SOURCE_TEXT_UNAVAILABLE, { language: localizedLanguageName(language), source: SOURCE_NAMES[choice] });
  return sources;
}

/** Where text is read from, as the refusal names it. */
const SOURCE_NAMES: Record<Exclude<TextSourceChoice, 'subtitle-file'>, LocalizedText> = {
  speech: { en: 'the speech', zh: '语音' },
  subtitles: { en: 'the burned-in subtitles', zh: '硬字幕' },
  auto: { en: 'the speech or the burned-in subtitles', zh: '语音或硬字幕' },
};

/**
 * The languages `source` translates into without a remote engine, by name. Only pairs from the
 * source itself: listing every offline pair (the form once did, for a source with none) showed a
 * Chinese speaker Apertium's Serbo-Croatian → English as "sh → en".
 */
export function offlineTargetsFrom(translators: readonly TranslatorOffer[], source: string): LocalizedText {
  const targets = translators.filter((offer) => offer.location === 'local').flatMap((offer) => offer.pairs.filter((pair) => pair.source === base(source)).map((pair) => pair.target));
  return localizedLanguageList([...new Set(targets)], { en: 'none', zh: '无' });
}

/** The translator of a pair, or the refusal (language names, what works offline from the source, and the ways through). */
export function requireTranslator(translators: readonly TranslatorOffer[], source: string, target: string): TranslatorOffer {
  const offer = translatorFor(translators, source, target);
  if (!offer) throw new DomainError(ErrorCode.TRANSLATION_PAIR_UNAVAILABLE, { source: localizedLanguageName(source), target: localizedLanguageName(target), offline: offlineTargetsFrom(translators, source) });
  return offer;
}

/**
 * The "translator" of a run whose subtitle file is already the translation: its lines are spoken
 * as written, no engine translates them (and nothing asks it for a shorter line).
 */
export const GIVEN_TRANSLATION = 'subtitle-file:given-translation' as const;

/** The base languages some voice speaks, once each: Mandarin voices tagged `cmn` count as Chinese (`zh`) when `zh` voices exist too, so Chinese is not offered twice. */
export function voiceLanguagesOf(voices: ReadonlyArray<{ languages: readonly string[] }>): string[] {
  const found = new Set(voices.flatMap((voice) => voice.languages.map((language) => language.toLowerCase().split(/[-_]/)[0] ?? language)));
  if (found.has('zh')) found.delete('cmn');
  return [...found].sort();
}

/** The local methods, always offered (the mix stage does them with ffmpeg). */
export const LOCAL_BACKGROUND_METHODS: readonly SeparatorOffer[] = [
  {
    id: 'centre-cancel',
    method: 'centre-cancel',
    location: 'local',
    name: 'Centre-channel cancellation',
    description: 'Stereo sources: the centre (where dialogue is mixed) is removed under the original speech; music panned wide is kept; a mono source would go silent, so it is ducked instead',
  },
  {
    id: 'duck',
    method: 'duck',
    location: 'local',
    name: 'Ducking under speech',
    description: 'The original soundtrack lowered by 18 dB where the original speech was and kept at full level elsewhere: the old voice stays faintly audible under the dub',
  },
];

/**
 * How the background under the dub can be made: the local methods first, then the selected
 * separation engines that make one (a speech isolator's accompaniment; a denoiser's residual is no
 * music bed), the default first.
 */
export function backgroundMethods(engines: Pick<VideoEngines, 'separationEngines'>): SeparatorOffer[] {
  const isolators = engines
    .separationEngines()
    .filter((engine) => engine.stems.includes('accompaniment'))
    .map((engine): SeparatorOffer => ({ id: engine.id, method: 'separator', location: engine.location, name: engine.name, description: engine.description }));
  return [...LOCAL_BACKGROUND_METHODS, ...isolators];
}
