import { describe, expect, it } from "vitest";
import { TOOL_CATALOGUE } from "@voxwork/contract/tools";
import { TOOL_IDS } from "../catalog";
import { marketingToolStatus, marketingToolStatuses, type CatalogueEntryLike } from "./tool-status";

describe("marketingToolStatus", () => {
  it("reads every marketing tool's status from the tool catalogue", () => {
    for (const tool of TOOL_IDS) {
      const status = marketingToolStatus(tool);
      expect(["built", "not-yet"]).toContain(status);
    }
    // Today every tool is built; the marketing pages say "Available now" for each.
    expect(marketingToolStatuses(TOOL_IDS).filter(({ built }) => !built)).toEqual([]);
  });

  it("follows the catalogue: a tool the catalogue marks not-yet is not built on the marketing pages", () => {
    const catalogue: CatalogueEntryLike[] = TOOL_CATALOGUE.map((entry) =>
      entry.id === "video-translation" ? { ...entry, status: "not-yet" } : entry,
    );
    expect(marketingToolStatus("videoTranslation", catalogue)).toBe("not-yet");
    expect(marketingToolStatus("textToSpeech", catalogue)).toBe("built");
    expect(marketingToolStatuses(["videoTranslation", "dubbing"], catalogue)).toEqual([
      { tool: "videoTranslation", built: false },
      { tool: "dubbing", built: true },
    ]);
  });

  it("fails loudly when a marketing tool's workbench page is in no catalogue entry", () => {
    expect(() => marketingToolStatus("videoErasure", [])).toThrow(/no catalogue tool has the page \/workbench\/ai-tools\/video-erasure/);
  });
});

describe("marketing copy and the catalogue", () => {
  it("no landing or use-case page says by hand that a tool is coming: the catalogue's status says it (and stops when it lands)", async () => {
    const { TOOL_LANDING_COPY } = await import("./content/landing-content.server");
    const { USE_CASE_COPY } = await import("./content/use-case-content.server");
    const text = JSON.stringify([TOOL_LANDING_COPY, USE_CASE_COPY]);
    for (const phrase of [/being built/i, /coming soon/i, /is coming/i, /are coming/i, /正在开发/, /即将推出/, /敬请期待/]) {
      expect(text, String(phrase)).not.toMatch(phrase);
    }
  });
});
