/**
 * Which engine gets the words and which translates, decided when a job is accepted so that a
 * pair or a language nothing here can handle fails before anything is charged (users' complaint:
 * tools that fail late). Rules: a subtitle file is the source when given; `auto` reads burned-in
 * subtitles first where a reader knows the language (exact words, exact times: the strong path for
 * short dramas) and falls back to speech recognition; a translator is the first selected one that
 * has the pair (the operator's order, so a configured remote engine can come before Apertium).
 */
import { ErrorCode } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';
import type { EngineOffer, TranslatorOffer, VideoEngines } from '../engines/video-engines.port.ts';

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
  if (!sources.length) throw new DomainError(ErrorCode.SOURCE_TEXT_UNAVAILABLE, { language, source: choice === 'speech' ? 'speech' : choice === 'subtitles' ? 'subtitles' : 'speech or subtitles' });
  return sources;
}

export function requireTranslator(translators: readonly TranslatorOffer[], source: string, target: string): TranslatorOffer {
  const offer = translatorFor(translators, source, target);
  if (!offer) throw new DomainError(ErrorCode.TRANSLATION_PAIR_UNAVAILABLE, { source, target, offline: offlinePairs(translators).join(', ') || 'none' });
  return offer;
}

/** The base languages some voice speaks, once each: Mandarin voices tagged `cmn` count as Chinese (`zh`) when `zh` voices exist too, so Chinese is not offered twice. */
export function voiceLanguagesOf(voices: ReadonlyArray<{ languages: readonly string[] }>): string[] {
  const found = new Set(voices.flatMap((voice) => voice.languages.map((language) => language.toLowerCase().split(/[-_]/)[0] ?? language)));
  if (found.has('zh')) found.delete('cmn');
  return [...found].sort();
}
