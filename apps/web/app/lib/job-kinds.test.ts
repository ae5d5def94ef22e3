import { describe, expect, it } from "vitest";
import { t } from "../i18n";
import { jobPagePath, jobToolLabelKey } from "./job-kinds";

const id = "5b7e0c7e-2f4b-4f0e-9a57-1d2c3b4a5f60";

describe("the tool a run is listed under", () => {
  it("a pro video translation is the pro translator (one job type, the edition in its input), in English and Chinese", () => {
    const pro = { type: "video-translation.dub", input: { mode: "pro" } };
    expect(t("en", jobToolLabelKey(pro))).toBe("Video translator Pro");
    expect(t("zh", jobToolLabelKey(pro))).toBe("专业视频翻译");
    expect(t("en", jobToolLabelKey({ type: "video-translation.dub", input: { mode: "quick" } }))).toBe("Video translator");
    expect(t("en", jobToolLabelKey({ type: "audio-separation.separate", input: { mode: "pro" } }))).toBe(t("en", "wbPage.workbenchAudioSeparation"));
  });

  it("a run is found again on its result page, else on its tool's page; operator jobs on none", () => {
    expect(jobPagePath({ id, type: "video-translation.dub", input: { mode: "pro" } })).toBe(`/workbench/video-translator-pro/result/${id}`);
    expect(jobPagePath({ id, type: "subtitle-burn-in.burn", input: {} })).toBe("/workbench/ai-tools/subtitle-burn-in");
    expect(jobPagePath({ id, type: "system.ping", input: {} })).toBeNull();
  });
});
