import { describe, expect, it } from "vitest";
import { EMPTY_STYLE, styleRows, subtitleStylesForSave } from "./drawn-style";

describe("subtitle styles", () => {
  it("reads a series' styles as rows and saves only what is set, for the target languages, in the contract's units", () => {
    const rows = styleRows({ subtitleStyles: { es: { color: "#FFD400CC", fontSize: 40, marginBottom: 0.075 }, fr: { outlineColor: "#101010" } } });
    expect(rows).toEqual({
      es: { color: "#ffd400", outlineColor: "", fontSize: "40", marginPercent: "7.5" },
      fr: { color: "", outlineColor: "#101010", fontSize: "", marginPercent: "" },
    });
    // French is no target any more; Catalan has nothing set.
    expect(subtitleStylesForSave({ ...rows, ca: { ...EMPTY_STYLE } }, ["es", "ca"])).toEqual({ es: { color: "#ffd400", fontSize: 40, marginBottom: 0.075 } });
  });

  it("refuses a size or a margin out of range", () => {
    expect(subtitleStylesForSave({ es: { ...EMPTY_STYLE, fontSize: "4" } }, ["es"])).toBeNull();
    expect(subtitleStylesForSave({ es: { ...EMPTY_STYLE, marginPercent: "60" } }, ["es"])).toBeNull();
    expect(subtitleStylesForSave({ es: { ...EMPTY_STYLE, fontSize: "abc" } }, ["es"])).toBeNull();
    expect(subtitleStylesForSave({ es: { ...EMPTY_STYLE, marginPercent: "0" } }, ["es"])).toEqual({ es: { marginBottom: 0 } });
  });
});
