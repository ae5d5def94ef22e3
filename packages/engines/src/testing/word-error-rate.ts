/**
 * Word error rate, as speech recognition is scored: words compared after normalisation (lower
 * case, punctuation dropped, hyphens split), Levenshtein distance on words over the reference's
 * word count.
 */

/** `"Don't — stop, Mr. Smith!"` → `["don't", "stop", "mr", "smith"]`. */
export function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[-–—/]/g, ' ')
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

export interface WordErrorRate {
  /** (substitutions + deletions + insertions) / reference words. */
  rate: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  referenceWords: number;
}

export function wordErrorRate(reference: string, hypothesis: string): WordErrorRate {
  const ref = normalizeWords(reference);
  const hyp = normalizeWords(hypothesis);
  // cost[i][j] with the operation counts carried along, row by row.
  type Cell = { cost: number; substitutions: number; deletions: number; insertions: number };
  let previous: Cell[] = Array.from({ length: hyp.length + 1 }, (_, j) => ({ cost: j, substitutions: 0, deletions: 0, insertions: j }));
  for (let i = 1; i <= ref.length; i++) {
    const row: Cell[] = [{ cost: i, substitutions: 0, deletions: i, insertions: 0 }];
    for (let j = 1; j <= hyp.length; j++) {
      const same = ref[i - 1] === hyp[j - 1];
      const diagonal = previous[j - 1]!;
      const up = previous[j]!;
      const left = row[j - 1]!;
      const options: Cell[] = [
        { ...diagonal, cost: diagonal.cost + (same ? 0 : 1), substitutions: diagonal.substitutions + (same ? 0 : 1) },
        { ...up, cost: up.cost + 1, deletions: up.deletions + 1 },
        { ...left, cost: left.cost + 1, insertions: left.insertions + 1 },
      ];
      row.push(options.reduce((best, option) => (option.cost < best.cost ? option : best)));
    }
    previous = row;
  }
  const last = previous[hyp.length]!;
  return { rate: ref.length ? last.cost / ref.length : hyp.length ? 1 : 0, substitutions: last.substitutions, deletions: last.deletions, insertions: last.insertions, referenceWords: ref.length };
}
