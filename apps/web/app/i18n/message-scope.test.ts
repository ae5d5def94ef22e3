// eslint-disable-next-line no-restricted-imports -- a Vitest test, never bundled for the browser
import { readdirSync, readFileSync, statSync } from "node:fs";
// eslint-disable-next-line no-restricted-imports -- a Vitest test, never bundled for the browser
import path from "node:path";
// eslint-disable-next-line no-restricted-imports -- a Vitest test, never bundled for the browser
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { messageScope } from "../lib/route-meta";
import { pageMessagesJson } from "./catalogues";
import { en } from "./en";
import { MARKETING_NAMESPACES, type PageMessages } from "./message-scope";

const APP_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Files rendered on marketing pages with only the marketing namespaces loaded (decision 011). */
const MARKETING_SOURCES = [
  "routes/_marketing",
  "components/marketing",
  "routes/_boundary.tsx",
  "routes/not-found.tsx",
  "components/route-error.tsx",
  "components/not-found-page.tsx",
  "components/language-switcher.tsx",
  "components/version-check.tsx",
  "root.tsx",
];

function sourceFiles(entry: string): string[] {
  if (!statSync(entry).isDirectory()) return /\.(ts|tsx)$/.test(entry) && !/\.(test|server)\.ts$/.test(entry) ? [entry] : [];
  return readdirSync(entry).flatMap((name) => sourceFiles(path.join(entry, name)));
}

/** First segment of every catalogue key in `t("a.b")`, `t(locale, "a.b")`, t(`a.${x}`) and `key: "a.b"`. */
function namespacesUsedIn(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found = new Set<string>();
  const call = /\bt\(\s*(?:[a-zA-Z.]+\s*,\s*)?(["'`])([a-zA-Z0-9_]+)\.[a-zA-Z0-9_.${}-]+\1/g;
  const keyProperty = /\b(?:key|title|titleKey|descriptionKey|labelKey)\s*:\s*(["'`])([a-zA-Z0-9_]+)\.[a-zA-Z0-9_.${}-]+\1/g;
  for (const regex of [call, keyProperty]) {
    for (const match of text.matchAll(regex)) if (match[2]! in en) found.add(match[2]!);
  }
  return [...found];
}

describe("message scope", () => {
  it("marketing pages use only the marketing namespaces", () => {
    const files = MARKETING_SOURCES.flatMap((entry) => sourceFiles(path.join(APP_DIR, entry)));
    expect(files.length).toBeGreaterThan(15);
    const outside = files.flatMap((file) =>
      namespacesUsedIn(file)
        .filter((namespace) => !(MARKETING_NAMESPACES as readonly string[]).includes(namespace))
        .map((namespace) => `${path.relative(APP_DIR, file)}: ${namespace}`),
    );
    expect(outside, "add the namespace to MARKETING_NAMESPACES, or the page gets the key itself").toEqual([]);
  });

  it("auth, status and workbench pages get the whole catalogue; marketing pages and unknown paths the marketing part", () => {
    for (const pathname of ["/login", "/zh/register", "/500", "/workbench", "/zh/workbench/home", "/workbench/made-up"]) expect(messageScope(pathname), pathname).toBe("full");
    for (const pathname of ["/", "/zh", "/pricing", "/zh/blog/some-article", "/mobile", "/made-up"]) expect(messageScope(pathname), pathname).toBe("marketing");
  });

  it("the page JSON holds the scope's namespaces in one language, with no '<' to close its script", () => {
    const marketing = JSON.parse(pageMessagesJson("zh", "marketing")) as PageMessages;
    expect(marketing.locale).toBe("zh");
    expect(Object.keys(marketing.messages).sort()).toEqual([...MARKETING_NAMESPACES].sort());
    const full = JSON.parse(pageMessagesJson("en", "full")) as PageMessages;
    expect(Object.keys(full.messages).sort()).toEqual(Object.keys(en).sort());
    expect(pageMessagesJson("en", "full")).not.toContain("<");
  });
});
