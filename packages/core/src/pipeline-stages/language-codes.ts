/** ISO 639-2 of a language tag, for track metadata (players show it); `und` when unknown. */
export function iso6392(language: string): string {
  const base = language.toLowerCase().split('-')[0] ?? language;
  const codes: Record<string, string> = { en: 'eng', es: 'spa', zh: 'chi', cmn: 'chi', yue: 'chi', ja: 'jpn', ko: 'kor', fr: 'fre', de: 'ger', it: 'ita', pt: 'por', ru: 'rus', ca: 'cat', gl: 'glg', eo: 'epo', eu: 'baq', is: 'ice', mk: 'mac', ar: 'ara', hi: 'hin', id: 'ind', th: 'tha', vi: 'vie' };
  return codes[base] ?? 'und';
}
