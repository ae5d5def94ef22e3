import { describe, expect, it } from "vitest";
import type { VoiceView } from "@voxwork/contract";
import { t, type Locale, type Translate } from "../../i18n/index";
import { describeVoice, displayLanguageTag, distinctLanguages, languageName, voiceTagLabel } from "./voice-labels";

const translate = (locale: Locale): Translate => (key, params) => t(locale, key, params);

describe("voice labels", () => {
  it("names engine language tags as people do", () => {
    expect(displayLanguageTag("zh-cmn")).toBe("zh");
    expect(displayLanguageTag("cmn-latn-pinyin")).toBe("zh");
    expect(displayLanguageTag("zh-yue")).toBe("yue");
    expect(displayLanguageTag("en-gb-scotland")).toBe("en-gb");
    expect(displayLanguageTag("en-gb-x-rp")).toBe("en-gb");
    expect(displayLanguageTag("es-419")).toBe("es-419");
    expect(languageName("zh-cmn", "zh")).toBe("中文");
    expect(languageName("zh-yue", "en")).toBe("Cantonese");
    expect(languageName("en-gb-scotland", "zh")).toBe("英国英语");
  });

  it("offers one menu entry per language name", () => {
    expect(distinctLanguages(["zh", "zh", "cmn", "zh-cmn"], "zh")).toEqual(["zh"]);
    expect(distinctLanguages(["en-us", "en", "en-us"], "en")).toEqual(["en-us", "en"]);
  });

  it("translates library tags and keeps unknown ones as written", () => {
    expect(voiceTagLabel(translate("zh"), "accent", "Cantonese (Hong Kong)")).toBe("香港");
    expect(voiceTagLabel(translate("zh"), "useCase", "e-learning")).toBe("在线课程");
    expect(voiceTagLabel(translate("zh"), "useCase", "meditation")).toBe("meditation");
  });

  it("describes a voice by how it sounds and what it suits, without engine notes", () => {
    const voice: Pick<VoiceView, "sound" | "useCases" | "cloned" | "location"> = { sound: "parametric", useCases: ["narration", "e-learning", "audiobook"], cloned: false, location: "local" };
    expect(describeVoice(voice, translate("en"), "en")).toBe("Smooth and clear: the most natural of our own voices. Suits narration, e-learning, and audiobooks.");
    expect(describeVoice(voice, translate("zh"), "zh")).toBe("平滑清晰，是我们自有声音中最自然的。适合旁白、在线课程和有声书。");
    expect(describeVoice({ ...voice, sound: "neural", cloned: true, location: "remote", useCases: [] }, translate("zh"), "zh")).toBe("根据你的录音生成的神经网络克隆声音。");
  });
});
