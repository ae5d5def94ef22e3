// eslint-disable-next-line no-restricted-imports -- a Vitest test, never bundled for the browser
import { existsSync } from "node:fs";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../routes";
import { jobKind, JOB_KINDS, jobTypesOf, toolLabelKey, toolsWithJobs } from "./job-kinds";
import { findRouteMeta, toolPageKey } from "./route-meta";
import { WORKBENCH_NAV } from "./workbench-nav";

describe("workbench navigation from the tool catalogue", () => {
  it("shows the shell's pages and every tool and hub page, grouped, in order, with the icons of the tools' web parts", () => {
    expect(WORKBENCH_NAV.map((group) => [group.labelKey, group.items.map((item) => `${item.path} ${item.icon.displayName}`)])).toEqual([
      ["shell.groupCreate", ["/workbench/home House", "/workbench/text-to-speech Type", "/workbench/speech-to-speech Speech"]],
      ["shell.groupVoices", ["/workbench/voice-cloning Mic", "/workbench/voice-library Library"]],
      [
        "shell.groupVideo",
        [
          "/workbench/video-translator Languages",
          "/workbench/video-translator-pro FileHeadphone",
          "/workbench/dubbing-studio AudioLines",
          "/workbench/dubbing-pro Users",
          "/workbench/ai-avatar-video ScanFace",
          "/workbench/ai-tools Sparkles",
          "/workbench/ai-tools/video-erasure Eraser",
          "/workbench/series LibraryBig",
        ],
      ],
      ["shell.groupAccount", ["/workbench/my-plan Crown", "/workbench/pricing BadgeDollarSign", "/workbench/account CircleUser"]],
    ]);
    for (const item of WORKBENCH_NAV.flatMap((group) => group.items)) expect(findRouteMeta(item.path)?.meta.titleKey).toBe(`routes.${item.page}.title`);
  });

  it("mounts every catalogue page on a route module that exists (built tools: the module named after the page)", () => {
    const files: Record<string, string> = {};
    const walk = (entries: readonly RouteConfigEntry[]) => {
      for (const entry of entries) {
        if (entry.id?.startsWith("wb-")) files[entry.id] = entry.file;
        walk(entry.children ?? []);
      }
    };
    walk(routes);
    expect(files["wb-text-to-speech"]).toBe("routes/workbench/text-to-speech.tsx");
    expect(files["wb-voice-library"]).toBe("routes/workbench/voice-library.tsx");
    expect(files["wb-audio-separation"]).toBe("routes/workbench/audio-separation.tsx");
    expect(files["wb-dubbing-studio"]).toBe("routes/workbench/dubbing-studio.tsx");
    expect(files["wb-dubbing-studio-details"]).toBe("routes/workbench/dubbing-studio-details.tsx");
    expect(files["wb-dubbing-pro-details"]).toBe("routes/workbench/dubbing-pro-details.tsx");
    for (const [id, file] of Object.entries(files)) expect(existsSync(new URL(`../${file}`, import.meta.url)), `${id}: ${file}`).toBe(true);
  });

  it("names tool pages after their catalogue id", () => {
    expect(toolPageKey("voice-library")).toBe("workbenchVoiceLibrary");
    expect(toolPageKey("video-translator-pro-result")).toBe("workbenchVideoTranslatorProResult");
    expect(findRouteMeta("/zh/workbench/video-translator-pro/result/x")?.meta.titleKey).toBe("routes.workbenchVideoTranslatorProResult.title");
  });
});

describe("job kinds", () => {
  it("labels every job type; operators' job types show as system and are never a filter choice", () => {
    expect(jobKind("text-to-speech.synthesize")).toEqual({ tool: "text-to-speech", labelKey: "history.kinds.textToSpeechSynthesize", output: "audio" });
    expect(jobKind("system.selfCheck")).toEqual({ tool: "system", labelKey: "history.kinds.selfCheck", output: "audio" });
    expect(jobKind("video.translate").labelKey).toBe("history.kinds.unknown");
    expect(Object.keys(JOB_KINDS).sort()).toEqual(["audio-separation.separate", "avatar.faces", "avatar.preview", "avatar.render", "dubbing.export", "dubbing.prepare", "dubbing.synthesize", "dubbing.translate", "speech-to-speech.convert", "subtitle-burn-in.burn", "subtitle-extraction.extract", "system.ping", "system.selfCheck", "text-to-speech.synthesize", "video-erasure.detect", "video-erasure.erase", "video-erasure.preview", "video-translation.dub", "voice-cloning.clone"]);
    expect(toolsWithJobs()).toEqual(["text-to-speech", "speech-to-speech", "voice-cloning", "video-translation", "dubbing", "avatar", "video-erasure", "subtitle-extraction", "audio-separation", "subtitle-burn-in"]);
    expect(jobTypesOf(["voice-cloning"])).toEqual(["voice-cloning.clone"]);
    expect(toolLabelKey("voices")).toBe("wbPage.workbenchVoiceLibrary");
    expect(toolLabelKey("video-erasure")).toBe("wbPage.workbenchVideoErasure");
    expect(toolLabelKey("subtitle-extraction")).toBe("wbPage.workbenchSubtitleExtraction");
    expect(toolLabelKey("system")).toBe("history.tools.system");
  });
});
