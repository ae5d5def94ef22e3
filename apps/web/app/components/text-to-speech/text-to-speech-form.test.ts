import { describe, expect, it } from "vitest";
import { textToSpeechCost, type VoiceView } from "@voxwork/contract";
import { deriveTts, fitPaste, initialTtsForm, ttsFormReducer, ttsRequest, type TtsFormAction, type TtsFormState } from "./text-to-speech-form";

const voice = (key: string, language: string, qualityTier: VoiceView["qualityTier"] = "basic", languages: string[] = [language]): VoiceView => ({
  key,
  name: key,
  language,
  languages,
  accent: null,
  gender: null,
  age: null,
  style: null,
  useCases: [],
  engineId: "festival:hts",
  engineName: "Festival",
  location: "local",
  qualityTier,
  sound: {} as VoiceView["sound"],
  description: "",
  favorite: false,
  cloned: false,
  status: "ready",
  previewUrl: null,
  createdAt: null,
  medianPitchHz: null,
});

const english = voice("festival/slt", "en");
const mandarin = voice("espeak/cmn", "zh", "basic", ["zh", "cmn"]);
const premium = voice("elevenlabs/rachel", "en", "premium");

const run = (...actions: TtsFormAction[]): TtsFormState => actions.reduce(ttsFormReducer, initialTtsForm);

describe("text-to-speech form", () => {
  it("keeps a chosen language the voice speaks and resets one it cannot", () => {
    const chinese = run({ type: "voiceChosen", voice: mandarin }, { type: "set", settings: { language: "zh" } });
    expect(chinese.language).toBe("zh");
    expect(ttsFormReducer(chinese, { type: "voiceChosen", voice: voice("espeak/yue", "yue", "basic", ["yue", "zh"]) }).language).toBe("zh");
    const switched = ttsFormReducer(chinese, { type: "voiceChosen", voice: english });
    expect(switched.language).toBe("");
    expect(switched.voice).toBe(english);
    expect(switched.knownVoices).toEqual({ [mandarin.key]: mandarin, [english.key]: english });
  });

  it("takes the library's default voice only while the user has chosen none", () => {
    expect(run({ type: "defaultVoiceFound", voice: english }).voice).toBe(english);
    const chosen = run({ type: "voiceChosen", voice: mandarin }, { type: "defaultVoiceFound", voice: english });
    expect(chosen.voice).toBe(mandarin);
    expect(chosen.knownVoices[english.key]).toBe(english);
    // A missing `?voice=` is cleared by the next voice chosen.
    expect(run({ type: "voiceMissing" }, { type: "voiceChosen", voice: english }).voiceMissing).toBe(false);
  });

  it("forgets a cut paste when the box is emptied, not on other edits", () => {
    const cut = run({ type: "pasted", text: "abc", cut: { kept: 3, cut: 2 } });
    expect(ttsFormReducer(cut, { type: "typed", text: "abcd" }).pasteCut).toEqual({ kept: 3, cut: 2 });
    expect(ttsFormReducer(cut, { type: "typed", text: "" }).pasteCut).toBeNull();
    expect(ttsFormReducer(cut, { type: "pauseInserted", text: "abc [pause 1s]" }).pasteCut).toEqual({ kept: 3, cut: 2 });
  });

  it("uses a detected suggestion: its voice and the detected language, offered once", () => {
    const detected = run({ type: "voiceChosen", voice: english }, { type: "detecting" }, { type: "detected", detection: { language: "zh", confidence: 0.9, suggested: mandarin } });
    expect(detected.detecting).toBe(false);
    const used = ttsFormReducer(detected, { type: "suggestionUsed" });
    expect(used.voice).toBe(mandarin);
    expect(used.language).toBe("zh");
    expect(used.detection).toEqual({ language: "zh", confidence: 0.9, suggested: null });
    expect(ttsFormReducer(used, { type: "suggestionUsed" })).toBe(used);
    // A failed detection keeps what was detected before.
    expect(ttsFormReducer({ ...used, detecting: true }, { type: "detected", detection: null }).detection).toBe(used.detection);
  });

  it("prices a dialogue at the best tier among its speakers' voices, new speakers taking the main voice", () => {
    const dialogue = run({ type: "voiceChosen", voice: english }, { type: "set", settings: { dialogue: true } }, { type: "typed", text: "Anna: Hello there.\nBen: Hi Anna." });
    const basic = deriveTts(dialogue, 5000);
    expect(basic.speakerAssignment).toEqual({ Anna: english.key, Ben: english.key });
    expect(basic.tier).toBe("basic");
    const withPremium = ttsFormReducer(dialogue, { type: "speakerVoiceChosen", speaker: "Ben", voice: premium });
    const derived = deriveTts(withPremium, 5000);
    expect(derived.speakerAssignment).toEqual({ Anna: english.key, Ben: premium.key });
    expect(derived.tier).toBe("premium");
    expect(derived.estimate.cost).toBe(textToSpeechCost(derived.estimate.billableCharacters, "premium"));
    expect(deriveTts(ttsFormReducer(withPremium, { type: "set", settings: { dialogue: false } }), 5000).speakerAssignment).toEqual({});
  });

  it("says why Generate cannot start, in order, and otherwise builds the request", () => {
    const blank = run({ type: "typed", text: "  [pause 1s] " });
    expect(deriveTts(blank, 100).blank).toBe(true);
    expect(ttsRequest(blank, deriveTts(blank, 100), 100)).toEqual({ refusal: { key: "textToSpeech.emptyText" } });
    const noVoice = run({ type: "typed", text: "Hello world." });
    expect(ttsRequest(noVoice, deriveTts(noVoice, 100), 100)).toEqual({ refusal: { key: "voices.voice.chooseVoiceFirst" } });
    const long = ttsFormReducer(noVoice, { type: "voiceChosen", voice: english });
    expect(ttsRequest(long, deriveTts(long, 5), 5)).toEqual({ refusal: { key: "textToSpeech.overLimit", params: { limit: 5 } } });
    const ready = ttsFormReducer(long, { type: "set", settings: { language: "en", speed: 1.25, pitch: -2, volume: 0.8 } });
    expect(ttsRequest(ready, deriveTts(ready, 100), 100)).toEqual({ options: { voiceKey: english.key, dialogue: false, language: "en", speed: 1.25, pitchSemitones: -2, volume: 0.8 } });
    const dialogue = ttsFormReducer(ready, { type: "set", settings: { dialogue: true } });
    const typed = ttsFormReducer(dialogue, { type: "typed", text: "Anna: Hello.\nBen: Hi." });
    expect(ttsRequest(typed, deriveTts(typed, 100), 100)).toMatchObject({ options: { dialogue: true, speakers: { Anna: english.key, Ben: english.key } } });
  });

  it("runs: submitting clears the last preview; the job id and the preview arrive; submitting ends", () => {
    const previewed = run({ type: "previewReady", preview: { audio: "data:a", text: "Hi." } });
    const submitting = ttsFormReducer(previewed, { type: "submitting" });
    expect(submitting).toMatchObject({ submitting: true, preview: null });
    const rest: TtsFormAction[] = [{ type: "started", jobId: "j1" }, { type: "submitted" }, { type: "previewReady", preview: { audio: "data:b", text: "Hello." } }];
    const done = rest.reduce(ttsFormReducer, submitting);
    expect(done).toMatchObject({ submitting: false, jobId: "j1", preview: { audio: "data:b", text: "Hello." } });
  });

  it("fits a paste into the script box without half a surrogate pair", () => {
    expect(fitPaste("abc", 1, 2, "xy", 10)).toBeNull();
    expect(fitPaste("abc", 1, 2, "wxyz", 5)).toEqual({ text: "awxyc", kept: 3, cut: 1, caret: 4 });
    // Room for one code unit, and the paste starts with an emoji (two code units): nothing is kept.
    expect(fitPaste("abcd", 4, 4, "😀b", 5)).toEqual({ text: "abcd", kept: 0, cut: 3, caret: 4 });
  });
});
