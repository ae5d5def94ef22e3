import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { LandingCopy } from "../../lib/marketing/content-types";
import { LandingPage, type LandingTool } from "./landing-page";

const copy: LandingCopy = {
  title: "t",
  description: "d",
  eyebrow: "Eyebrow",
  h1: "Heading",
  lead: "Lead",
  cta: "Translate a video",
  featuresTitle: "Features",
  features: [{ title: "F", body: "B" }],
  stepsTitle: "Steps",
  steps: [{ title: "S", body: "B" }],
  note: { title: "N", body: "B" },
  faqs: [],
  closingTitle: "Close",
  closingLead: "Lead",
  sample: {
    title: "Before and after",
    lead: "l",
    before: { kind: "audio", label: "Before", audio: "/samples/a.mp3" },
    after: { kind: "audio", label: "After", audio: "/samples/b.mp3" },
    caption: "c",
  },
};

function render(path: string, tools: LandingTool[]) {
  return renderToStaticMarkup(
    createElement(MemoryRouter, { initialEntries: [path] }, createElement(LandingPage, { copy, ctaPath: "/workbench/video-translator", labels: { faq: "FAQ", secondary: "Pricing", secondaryPath: "/pricing" }, tools })),
  );
}

describe("LandingPage and the catalogue's status", () => {
  it("a built tool: its button opens the tool, its sample is shown, no notice", () => {
    const html = render("/video-translator", [{ tool: "videoTranslation", built: true }]);
    expect(html).toContain('href="/workbench/video-translator"');
    expect(html).toContain("Translate a video");
    expect(html).toContain('data-testid="product-sample"');
    expect(html).not.toContain('data-testid="tool-not-built"');
  });

  it("a tool not built yet: says so at the top, sells nothing, its buttons lead to the tools that work (en and zh)", () => {
    const en = render("/video-translator", [{ tool: "videoTranslation", built: false }]);
    expect(en).toContain('data-testid="tool-not-built"');
    expect(en).toContain("Video translation is being built");
    expect(en).not.toContain('href="/workbench/video-translator"');
    expect(en).toContain('href="/tools"');
    expect(en).not.toContain("Translate a video");
    expect(en).not.toContain('data-testid="product-sample"');
    const zh = render("/zh/video-translator", [{ tool: "videoTranslation", built: false }]);
    expect(zh).toContain("视频翻译正在开发中");
    expect(zh).toContain('href="/zh/tools"');
  });

  it("a use case lists its tools with the catalogue's word on each", () => {
    const html = render("/short-drama-globalization", [
      { tool: "videoTranslation", built: true },
      { tool: "dubbing", built: false },
    ]);
    expect(html).toMatch(/data-tool="videoTranslation" data-built="true"[^>]*>[\s\S]*?Available now/);
    expect(html).toMatch(/data-tool="dubbing" data-built="false"[^>]*>[\s\S]*?Being built/);
  });
});
