import { CaptionsIcon } from "lucide-react";
import { describe, expect, it } from "vitest";
import { defineWebTool } from "./web-tool";
import { WEB_TOOLS } from "./web-tools";

// What the web part's types refuse, checked by the web's typecheck: each `@ts-expect-error` fails
// typecheck the day its line compiles.
const label = "history.kinds.subtitleBurnInBurn" as const;
const hubCard = { hint: "subtitleBurnIn.hubHint" } as const;
const dubbingLabels = {
  "dubbing.prepare": "history.kinds.dubbingPrepare",
  "dubbing.translate": "history.kinds.dubbingTranslate",
  "dubbing.synthesize": "history.kinds.dubbingSynthesize",
  "dubbing.export": "history.kinds.dubbingExport",
} as const;
const refused = [
  // @ts-expect-error a job type without its history label
  () => defineWebTool({ id: "subtitle-burn-in", icons: { "subtitle-burn-in": CaptionsIcon }, jobLabels: {}, hubCard }),
  // @ts-expect-error a sidebar page without its icon
  () => defineWebTool({ id: "subtitle-burn-in", icons: {}, jobLabels: { "subtitle-burn-in.burn": label }, hubCard }),
  // @ts-expect-error a tool the catalogue puts in the AI tools hub, without its card
  () => defineWebTool({ id: "subtitle-burn-in", icons: { "subtitle-burn-in": CaptionsIcon }, jobLabels: { "subtitle-burn-in.burn": label } }),
  // @ts-expect-error an icon for a page the sidebar does not show (a project's details)
  () => defineWebTool({ id: "dubbing", icons: { "dubbing-studio": CaptionsIcon, "dubbing-pro": CaptionsIcon, "dubbing-studio-details": CaptionsIcon }, jobLabels: dubbingLabels }),
];

describe("web parts of the tools", () => {
  it("has one per catalogue tool, under its own id", () => {
    expect(refused).toHaveLength(4);
    for (const [id, part] of Object.entries(WEB_TOOLS)) expect(part.id).toBe(id);
  });
});
