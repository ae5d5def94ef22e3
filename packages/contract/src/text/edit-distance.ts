/**
 * Levenshtein distance between two sequences (insertions, deletions and substitutions cost 1).
 * A string compares UTF-16 units; pass `[...text]` to compare characters (code points).
 */
export function editDistance<T>(a: ArrayLike<T>, b: ArrayLike<T>): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}
