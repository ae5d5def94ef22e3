/**
 * A library tag's key in the `voices.tags` catalogue: `e-learning` → `eLearning`, `Cantonese (Hong
 * Kong)` → `cantoneseHongKong`. No imports: the server's test checks that every tag it writes has one.
 */
export function tagKey(value: string): string {
  const words = value
    .replace(/[^A-Za-z0-9]+/g, " ")
    .trim()
    .toLowerCase()
    .split(" ")
    .filter(Boolean);
  return words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join("");
}
