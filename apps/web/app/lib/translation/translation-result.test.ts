import type { JobView } from "@voxwork/contract";
import { describe, expect, it } from "vitest";
import { formatLineTime, JOB_ID_PATTERN, readTranslationResult, sharedFiles, sharedVoices, sourceUploadId, targetFiles, translationResultPath } from "./translation-result";

const file = (name: string): JobView["media"][number] => ({ name, role: "data", contentType: "", bytes: 1, durationSeconds: null, url: `/m/${name}`, downloadUrl: `/d/${name}` });

describe("video translation result", () => {
  it("reads the job's output and leaves out what it does not know", () => {
    const result = readTranslationResult({
      status: "completed",
      output: {
        sourceLanguage: "en",
        textSource: "subtitle-file",
        durationSeconds: 12,
        targets: [
          {
            language: "es",
            voiceKey: "festival/x",
            lines: [{ id: "l0001", startSeconds: 0.6, endSeconds: 2, source: "Welcome.", translation: "Bienvenido.", dubStartSeconds: 0.6, dubEndSeconds: 2.1, speed: 1.15, fit: "sped-up" }, { id: "l0002", fit: "weird" }],
          },
        ],
        warnings: ["es: unknown word", 3],
      },
    });
    expect(result?.targets[0]?.lines[0]).toMatchObject({ translation: "Bienvenido.", speed: 1.15, fit: "sped-up" });
    expect(result?.targets[0]?.lines[1]).toMatchObject({ fit: null, source: "", dubStartSeconds: null });
    expect(result?.warnings).toEqual(["es: unknown word"]);
    expect(readTranslationResult({ status: "running", output: null })).toBeNull();
  });

  it("reads who speaks with which voice, and finds speakers given one voice for want of others", () => {
    const result = readTranslationResult({
      status: "completed",
      output: {
        sourceLanguage: "en",
        speakers: [{ speakerId: "s1", medianPitchHz: 106.5, suggestedGender: "male", totalSeconds: 5 }, { speakerId: "s2", medianPitchHz: 216, suggestedGender: "female" }, { medianPitchHz: 3 }],
        targets: [{ language: "es", speakerVoices: { s1: "espeak:espeak-ng/es+m3", s2: "espeak:espeak-ng/es+f3", s3: 7 }, lines: [] }],
      },
    });
    expect(result?.speakers).toEqual([{ speakerId: "s1", medianPitchHz: 106.5, suggestedGender: "male" }, { speakerId: "s2", medianPitchHz: 216, suggestedGender: "female" }]);
    expect(result?.targets[0]?.speakerVoices).toEqual({ s1: "espeak:espeak-ng/es+m3", s2: "espeak:espeak-ng/es+f3" });
    const summaries = [{ speakerId: "s1", suggestedGender: "male" as const }, { speakerId: "s2", suggestedGender: "female" as const }, { speakerId: "s3", suggestedGender: "male" as const }];
    // Two men, one man's voice in the language: said. The same voice chosen by the person for two speakers: their choice, not said.
    expect(sharedVoices([{ speakerId: "s1", voiceKey: "auto", spokenVoiceKey: "m" }, { speakerId: "s2", voiceKey: "auto", spokenVoiceKey: "f" }, { speakerId: "s3", voiceKey: "auto", spokenVoiceKey: "m" }], summaries)).toEqual([{ voiceKey: "m", speakerIds: ["s1", "s3"], gender: "male" }]);
    expect(sharedVoices([{ speakerId: "s1", voiceKey: "m", spokenVoiceKey: "m" }, { speakerId: "s3", voiceKey: "m", spokenVoiceKey: "m" }], summaries)).toEqual([]);
  });

  it("finds each target's files and the shared ones by name", () => {
    const job = { media: ["es-video.mp4", "es-dubbed-audio.mp3", "es-voice-stem.mp3", "es-subtitles.srt", "es-subtitles.vtt", "background-stem.mp3", "source.srt", "source.vtt"].map(file) };
    expect(targetFiles(job, "es").video?.url).toBe("/m/es-video.mp4");
    expect(targetFiles(job, "es").subtitlesVtt?.name).toBe("es-subtitles.vtt");
    expect(targetFiles(job, "fr").video).toBeUndefined();
    expect(sharedFiles(job).sourceVtt?.name).toBe("source.vtt");
  });

  it("links a run to its result page by mode, and knows its upload", () => {
    const id = "0b7c9a52-3f1e-4e38-9c1d-2a7f5e6b8c90";
    expect(translationResultPath({ id, input: { mode: "quick" } })).toBe(`/workbench/video-translator/details/${id}`);
    expect(translationResultPath({ id, input: { mode: "pro" } })).toBe(`/workbench/video-translator-pro/result/${id}`);
    expect(sourceUploadId({ input: { uploadId: "u1" } })).toBe("u1");
    expect(sourceUploadId({ input: {} })).toBeNull();
    expect(JOB_ID_PATTERN.test(id)).toBe(true);
    expect(JOB_ID_PATTERN.test("no-such-job")).toBe(false);
  });

  it("writes line times with tenths", () => {
    expect(formatLineTime(0.6)).toBe("0:00.6");
    expect(formatLineTime(83.45)).toBe("1:23.5");
    expect(formatLineTime(59.96)).toBe("1:00.0");
  });
});
