import { describe, expect, it } from "vitest";
import { webTool } from "../../lib/web-tools";
import { HUB_TOOLS } from "./hub-tools";

describe("AI tools hub", () => {
  it("shows the catalogue's hub tools, then the tools that offer a card besides their sidebar entry, each with its own line", () => {
    expect(HUB_TOOLS.map((tool) => tool.id)).toEqual(["video-erasure", "subtitle-extraction", "audio-separation", "subtitle-burn-in", "avatar"]);
    expect(HUB_TOOLS.map((tool) => webTool(tool.id).hubCard?.hint)).toEqual(["videoErasure.hubHint", "subtitleExtraction.hubHint", "audioSeparation.hubHint", "subtitleBurnIn.hubHint", "avatar.hub.hint"]);
    expect(webTool("avatar").hubCard).toMatchObject({ title: "avatar.hub.title", search: "?speaker=photo" });
  });
});
