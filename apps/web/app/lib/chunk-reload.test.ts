import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_STORAGE_KEY, claimChunkReload } from "./chunk-reload";

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
}

describe("chunk reload guard", () => {
  it("allows one reload, then refuses for 10 seconds", () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, 1_000)).toBe(true);
    expect(storage.values.get(CHUNK_RELOAD_STORAGE_KEY)).toBe("1000");
    expect(claimChunkReload(storage, 5_000)).toBe(false);
    expect(claimChunkReload(storage, 10_999)).toBe(false);
    expect(claimChunkReload(storage, 11_000)).toBe(true);
  });
});
