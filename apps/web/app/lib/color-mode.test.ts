import { afterEach, describe, expect, it, vi } from "vitest";
import { effectiveForcedMode } from "./color-mode";

describe("forced colour mode (spec §2)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("forces light or dark", () => {
    expect(effectiveForcedMode("dark")).toBe("dark");
    expect(effectiveForcedMode("light")).toBe("light");
    expect(effectiveForcedMode(undefined)).toBeUndefined();
  });

  it("refuses to force 'system' and only warns", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(effectiveForcedMode("system")).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/cannot force the 'system' colour mode/);
  });
});
