import { describe, expect, it } from "vitest";
import { en } from "./en";
import { tPlural } from "./index";
import { zh } from "./zh";

/** Every `{ one, other }` object of a catalogue, by dotted key. */
function pluralEntries(node: unknown, prefix = ""): Array<[string, Record<string, string>]> {
  if (!node || typeof node !== "object") return [];
  const entries = Object.entries(node as Record<string, unknown>);
  if (entries.length && entries.every(([key, value]) => (key === "one" || key === "other") && typeof value === "string")) return [[prefix.slice(0, -1), node as Record<string, string>]];
  return entries.flatMap(([key, value]) => pluralEntries(value, `${prefix}${key}.`));
}

describe("plural messages", () => {
  it("chooses English one/other by Intl.PluralRules and formats the count", () => {
    expect(tPlural("en", "accounts.pricing.cloneSlots", 1)).toBe("1 cloned voice");
    expect(tPlural("en", "accounts.pricing.cloneSlots", 10)).toBe("10 cloned voices");
    expect(tPlural("en", "accounts.pricing.concurrent", 1)).toBe("1 job at a time");
    expect(tPlural("en", "accounts.pricing.concurrent", 0)).toBe("0 jobs at a time");
    expect(tPlural("en", "voices.voice.showing", 1200, { shown: 24 })).toBe("24 of 1,200 voices");
  });

  it("counts in Chinese with measure words and no plural", () => {
    expect(tPlural("zh", "accounts.pricing.cloneSlots", 1)).toBe("1 个克隆声音");
    expect(tPlural("zh", "accounts.pricing.cloneSlots", 50)).toBe("50 个克隆声音");
  });

  it("has both forms with {count} in every plural message of both catalogues", () => {
    const english = pluralEntries(en);
    expect(english.length).toBeGreaterThan(5);
    expect(pluralEntries(zh).map(([key]) => key)).toEqual(english.map(([key]) => key));
    for (const [key, forms] of [...english, ...pluralEntries(zh)]) {
      expect(Object.keys(forms).sort(), key).toEqual(["one", "other"]);
      expect(forms.one, key).toContain("{count}");
      expect(forms.other, key).toContain("{count}");
    }
  });

  it("leaves no English count next to a plural noun written for many", () => {
    const leaves = (node: unknown, prefix = ""): Array<[string, string]> =>
      typeof node === "string" ? [[prefix, node]] : node && typeof node === "object" ? Object.entries(node).flatMap(([key, value]) => leaves(value, `${prefix}.${key}`)) : [];
    // "{count} lines" as a plain string reads "1 lines" for one: such messages must be plural objects.
    const suspicious = leaves(en).filter(([key, text]) => !/\.(one|other)$/.test(key) && /\{(count|slots|jobs)\} (?!min\b|s\b|pts\b|\/)[a-z]+s\b/.test(text));
    expect(suspicious).toEqual([]);
  });
});
