import { UI_DEFAULTS } from "../../lib/ui-defaults";

export interface TagsRules {
  delimiter?: string;
  allowDuplicates?: boolean;
  max?: number;
}

/**
 * Adds the tags typed in `input` (split on the delimiter, trimmed, empties dropped) to `tags`.
 * Duplicates are refused unless allowed; values beyond `max` are refused.
 * Returns the new list and the parts that were refused.
 */
export function addTags(tags: readonly string[], input: string, rules: TagsRules = {}): { tags: string[]; refused: string[] } {
  const delimiter = rules.delimiter ?? UI_DEFAULTS.tagsInput.delimiter;
  const next = [...tags];
  const refused: string[] = [];
  for (const raw of input.split(delimiter)) {
    const value = raw.trim();
    if (!value) continue;
    const duplicate = !rules.allowDuplicates && next.includes(value);
    const full = rules.max !== undefined && next.length >= rules.max;
    if (duplicate || full) refused.push(value);
    else next.push(value);
  }
  return { tags: next, refused };
}
