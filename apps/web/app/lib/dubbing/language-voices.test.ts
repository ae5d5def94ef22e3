import { describe, expect, it } from "vitest";
import { MATCH_ORIGINAL_VOICE } from "@voxwork/contract/client";
import { voicesForNewLanguages } from "./language-voices";
import { ann, bob } from "./test-fixtures";

const genders = new Map([
  ["espeak:espeak-ng/es", "female"],
  ["espeak:espeak-ng/es+m3", "male"],
]);

describe("voicesForNewLanguages", () => {
  it("gives each character a voice of the added language, of its gender and unlike the others', and keeps the old languages", () => {
    const library = new Map([["ca", [{ key: "ca/m1", gender: "male" }, { key: "ca/f1", gender: "female" }, { key: "ca/f2", gender: "female" }]]]);
    const next = voicesForNewLanguages([ann, bob], ["ca"], library, genders);
    expect(next.map((character) => character.voices)).toEqual([
      { es: "espeak:espeak-ng/es", ca: "ca/f1" },
      { es: "espeak:espeak-ng/es+m3", ca: "ca/m1" },
    ]);
    // The characters given are not changed.
    expect(ann.voices).toEqual({ es: "espeak:espeak-ng/es" });
  });

  it("shares a voice when the language has too few, keeps a voice already chosen, and leaves a language without voices unset", () => {
    const library = new Map([["cs", [{ key: "cs/m1", gender: "male" }]], ["xx", []]]);
    const chosen = { ...bob, voices: { ...bob.voices, cs: "cs/mine" } };
    const next = voicesForNewLanguages([ann, chosen, { ...ann, id: "c3", voices: { es: MATCH_ORIGINAL_VOICE } }], ["cs", "xx"], library, genders);
    expect(next.map((character) => character.voices.cs)).toEqual(["cs/m1", "cs/mine", "cs/m1"]);
    expect(next.every((character) => character.voices.xx === undefined)).toBe(true);
  });
});
