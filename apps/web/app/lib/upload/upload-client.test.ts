import { describe, expect, it } from "vitest";
import { readUploadEnvelope, UploadError } from "./upload-client";

describe("upload responses", () => {
  it("returns the upload on success", () => {
    expect(readUploadEnvelope(JSON.stringify({ code: 0, message: "Success.", data: { id: "a", name: "x.mp4" } }), 200, "en")).toEqual({ id: "a", name: "x.mp4" });
  });

  it("turns refusals and broken answers into catalogue errors", () => {
    const refused = () => readUploadEnvelope(JSON.stringify({ code: 5003, message: "", data: null }), 413, "zh");
    expect(refused).toThrow(UploadError);
    expect(refused).toThrow(/套餐上限/);
    expect(() => readUploadEnvelope("<html>", 502, "en")).toThrow("Something went wrong on our side. Please try again.");
    expect(() => readUploadEnvelope("", 0, "en")).toThrow(/Network error/);
  });
});
