import { describe, expect, it } from "vitest";
import { encodeWav, mixToMono } from "./wav-encoder";

describe("encodeWav", () => {
  it("writes a mono 16-bit PCM header and little-endian samples", () => {
    const wav = new DataView(encodeWav(Float32Array.from([0, 1, -1, 0.5, 2]), 24_000));
    const text = (offset: number, length: number) => String.fromCharCode(...new Uint8Array(wav.buffer, offset, length));
    expect(text(0, 4)).toBe("RIFF");
    expect(wav.getUint32(4, true)).toBe(36 + 10);
    expect(text(8, 8)).toBe("WAVEfmt ");
    expect(wav.getUint16(20, true)).toBe(1);
    expect(wav.getUint16(22, true)).toBe(1);
    expect(wav.getUint32(24, true)).toBe(24_000);
    expect(wav.getUint32(28, true)).toBe(48_000);
    expect(wav.getUint16(34, true)).toBe(16);
    expect(text(36, 4)).toBe("data");
    expect(wav.getUint32(40, true)).toBe(10);
    expect([0, 1, 2, 3, 4].map((index) => wav.getInt16(44 + index * 2, true))).toEqual([0, 32767, -32768, 16384, 32767]);
  });

  it("mixes channels to mono by averaging", () => {
    expect(Array.from(mixToMono([Float32Array.from([1, 0, 0.5]), Float32Array.from([0, 0, 0.5, 9])]))).toEqual([0.5, 0, 0.5]);
    const only = Float32Array.from([0.25]);
    expect(mixToMono([only])).toBe(only);
    expect(mixToMono([]).length).toBe(0);
  });
});
