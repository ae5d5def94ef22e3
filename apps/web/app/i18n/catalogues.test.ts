// eslint-disable-next-line no-restricted-imports -- a Vitest test, never bundled for the browser
import { readdirSync, readFileSync, statSync } from "node:fs";
// eslint-disable-next-line no-restricted-imports -- a Vitest test, never bundled for the browser
import path from "node:path";
// eslint-disable-next-line no-restricted-imports -- a Vitest test, never bundled for the browser
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { en } from "./en";
import { zh } from "./zh";

/** Every dotted leaf key of a catalogue. */
function leafKeys(node: unknown, prefix = ""): string[] {
  if (typeof node === "string") return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => leafKeys(value, prefix ? `${prefix}.${key}` : key));
}

const APP_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".test.ts") ? [full] : [];
  });
}

/**
 * Keys used in code: `t("a.b")`, `t(locale, "a.b")`, `translate(locale, "a.b")`, `titleKey: "a.b"`
 * and template keys such as t(`tools.${id}.name`) (matched as patterns: at least one key must fit).
 */
function usedKeys(): { literal: Set<string>; patterns: Set<string> } {
  const literal = new Set<string>();
  const patterns = new Set<string>();
  const call = /\b(?:t|translate)\(\s*(?:locale\s*,\s*|[a-zA-Z.]+\s*,\s*)?(["'`])([a-zA-Z0-9_.${}-]+)\1/g;
  // Plural messages (`tp(key, count)`, `tPlural(locale, key, count)`) name the object of forms: its `other` form must exist.
  const pluralCall = /\b(?:tp|tPlural)\(\s*(?:locale\s*,\s*)?(["'`])([a-zA-Z0-9_.${}-]+)\1/g;
  const metaKey = /\b(?:titleKey|descriptionKey|labelKey)\s*:\s*(["'`])([a-zA-Z0-9_.${}-]+)\1/g;
  for (const file of sourceFiles(APP_DIR)) {
    const text = readFileSync(file, "utf8");
    for (const regex of [call, metaKey, pluralCall]) {
      for (const match of text.matchAll(regex)) {
        const key = regex === pluralCall ? `${match[2]!}.other` : match[2]!;
        if (!key.includes(".")) continue; // not a catalogue key (e.g. t("x") in unrelated code)
        (key.includes("${") ? patterns : literal).add(key);
      }
    }
  }
  return { literal, patterns };
}

describe("message catalogues", () => {
  const enKeys = leafKeys(en).sort();
  const zhKeys = leafKeys(zh).sort();

  it("en and zh have exactly the same keys", () => {
    expect(zhKeys.filter((key) => !enKeys.includes(key)), "keys only in zh").toEqual([]);
    expect(enKeys.filter((key) => !zhKeys.includes(key)), "keys only in en").toEqual([]);
  });

  it("no message is empty in either language", () => {
    const empty = [...leafKeys(en).map((key) => ["en", key] as const), ...leafKeys(zh).map((key) => ["zh", key] as const)].filter(([locale, key]) => {
      const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale === "en" ? en : zh);
      return typeof value !== "string" || value.trim() === "";
    });
    expect(empty).toEqual([]);
  });

  it("every key used in code exists", () => {
    const { literal, patterns } = usedKeys();
    expect(literal.size).toBeGreaterThan(50);
    expect([...literal].filter((key) => !enKeys.includes(key)), "literal keys missing from the catalogue").toEqual([]);
    const unmatched = [...patterns].filter((pattern) => {
      const regex = new RegExp(`^${pattern.replace(/\./g, "\\.").replace(/\$\{[^}]+\}/g, "[^.]+(?:\\.[^.]+)*")}$`);
      return !enKeys.some((key) => regex.test(key));
    });
    expect(unmatched, "template keys matching no catalogue key").toEqual([]);
  });
});
