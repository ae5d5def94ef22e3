import { afterEach, describe, expect, it, vi } from "vitest";
import { pageMessagesJson } from "./catalogues";
import { en } from "./en";
import { zh } from "./zh";

/** Loads `catalogues.browser.ts` afresh in a page whose head holds `json` as its messages script. */
async function browserCatalogues(json: string) {
  vi.resetModules();
  vi.stubGlobal("document", { getElementById: (id: string) => (id === "voxwork-messages" ? { textContent: json } : null) });
  return import("./catalogues.browser");
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("browser catalogues", () => {
  it("a marketing page has the marketing namespaces of its language only, and keeps its JSON as written", async () => {
    const json = pageMessagesJson("zh", "marketing");
    const catalogues = await browserCatalogues(json);
    expect(catalogues.catalogueFor("zh")?.marketing).toEqual(zh.marketing);
    expect(catalogues.catalogueFor("zh")?.accounts).toBeUndefined();
    expect(catalogues.catalogueFor("en")).toBeUndefined();
    expect(catalogues.pageMessagesJson("en", "full")).toBe(json);
  });

  it("loads a whole catalogue when the next page needs more than the page brought", async () => {
    const catalogues = await browserCatalogues(pageMessagesJson("en", "marketing"));
    await catalogues.ensureMessages("en", "marketing"); // already here: nothing to load
    expect(catalogues.catalogueFor("en")?.accounts).toBeUndefined();
    await catalogues.ensureMessages("en", "full");
    expect(catalogues.catalogueFor("en")).toEqual(en);
    await catalogues.ensureMessages("zh", "marketing"); // another language: its whole catalogue
    expect(catalogues.catalogueFor("zh")).toEqual(zh);
  });

  it("a full page's JSON is its language's whole catalogue", async () => {
    const catalogues = await browserCatalogues(pageMessagesJson("zh", "full"));
    expect(catalogues.catalogueFor("zh")).toEqual(zh);
  });

  it("reports a key whose namespace is not loaded, once per namespace", async () => {
    const catalogues = await browserCatalogues(pageMessagesJson("en", "marketing"));
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    catalogues.reportMissingNamespace("en", "accounts.title");
    catalogues.reportMissingNamespace("en", "accounts.other");
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toContain('"accounts.title" is not loaded in en');
  });
});
