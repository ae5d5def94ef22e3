import { describe, expect, it } from "vitest";
import { addTags } from "./tags-input-logic";

describe("addTags", () => {
  it("splits on a comma by default and trims", () => {
    expect(addTags([], " a, b ,,c")).toEqual({ tags: ["a", "b", "c"], refused: [] });
  });
  it("refuses duplicates unless allowed", () => {
    expect(addTags(["a"], "a,b")).toEqual({ tags: ["a", "b"], refused: ["a"] });
    expect(addTags(["a"], "a", { allowDuplicates: true }).tags).toEqual(["a", "a"]);
  });
  it("refuses values beyond the maximum", () => {
    expect(addTags(["a"], "b,c", { max: 2 })).toEqual({ tags: ["a", "b"], refused: ["c"] });
  });
  it("uses a custom delimiter", () => {
    expect(addTags([], "a;b", { delimiter: ";" }).tags).toEqual(["a", "b"]);
  });
});
