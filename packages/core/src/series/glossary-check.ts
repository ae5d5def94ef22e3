/**
 * The glossary check of a series (decision 056): after translation, every line whose source has a
 * glossary term must carry the term's target in its translation; the lines that do not are
 * flagged. Pure: the series service stores what it returns per episode and language.
 */

export interface GlossaryTerm {
  source: string;
  target: string;
  /** The target language this term is for; null: every target language. */
  language: string | null;
}

export interface GlossaryMiss {
  lineId: string;
  /** The term found in the source line, and the target the translation lacks. */
  source: string;
  expected: string;
  /** The translated line as it is. */
  text: string;
}

const base = (language: string) => language.toLowerCase().split(/[-_]/)[0] ?? language;

/**
 * The terms that apply to `language`: per source, a term given for exactly that language wins over
 * one for its base language (`es` for `es-MX`), which wins over a term for every language.
 */
export function glossaryFor(glossary: readonly GlossaryTerm[], language: string): Array<{ source: string; target: string }> {
  const wanted = language.toLowerCase();
  const rankOf = (term: GlossaryTerm) => (term.language === null ? 1 : term.language.toLowerCase() === wanted ? 3 : base(term.language) === base(wanted) ? 2 : 0);
  const bySource = new Map<string, { rank: number; term: { source: string; target: string } }>();
  for (const term of glossary) {
    const rank = rankOf(term);
    const key = term.source.toLocaleLowerCase();
    if (rank > (bySource.get(key)?.rank ?? 0)) bySource.set(key, { rank, term: { source: term.source, target: term.target } });
  }
  return [...bySource.values()].map((entry) => entry.term);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const normal = (text: string) => text.normalize('NFKC').replace(/\s+/g, ' ');

/**
 * Whether `term` occurs in `text`, ignoring case and width: as a whole word when the term starts
 * and ends with a letter or digit of a spaced script, anywhere for CJK and other unspaced text.
 */
export function containsTerm(text: string, term: string): boolean {
  const needle = normal(term).trim();
  if (!needle) return false;
  const spaced = (char: string) => /[\p{L}\p{N}]/u.test(char) && !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u.test(char);
  const before = spaced(needle[0]!) ? '(?<![\\p{L}\\p{N}])' : '';
  const after = spaced(needle.at(-1)!) ? '(?![\\p{L}\\p{N}])' : '';
  return new RegExp(`${before}${escape(needle)}${after}`, 'iu').test(normal(text));
}

/**
 * The lines of one target language that miss a glossary term: for each source line containing a
 * term's source, its translation must contain the term's target. A line without a translation is
 * not checked (nothing was translated to miss it).
 */
export function checkGlossary(
  lines: ReadonlyArray<{ id: string; source: string }>,
  translations: ReadonlyArray<{ id: string; text: string }>,
  glossary: readonly GlossaryTerm[],
  language: string,
): GlossaryMiss[] {
  const terms = glossaryFor(glossary, language);
  if (!terms.length) return [];
  const translated = new Map(translations.map((line) => [line.id, line.text]));
  const misses: GlossaryMiss[] = [];
  for (const line of lines) {
    const text = translated.get(line.id);
    if (text === undefined) continue;
    for (const term of terms) {
      if (containsTerm(line.source, term.source) && !containsTerm(text, term.target)) misses.push({ lineId: line.id, source: term.source, expected: term.target, text });
    }
  }
  return misses;
}
