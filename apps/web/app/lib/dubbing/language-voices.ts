import { MATCH_ORIGINAL_VOICE } from "@voxwork/contract/client";
import type { DubbingCharacter } from "@voxwork/contract/dubbing";

export type VoiceChoice = { key: string; gender: string | null };

/**
 * Voices for languages added to a project: each character without a voice in a new language gets
 * one of that language's library voices, of the gender of the voice it already has where there is
 * one, and different from the other characters' where the library has enough. Pure: the choices
 * come from the caller.
 */
export function voicesForNewLanguages(characters: readonly DubbingCharacter[], added: readonly string[], library: ReadonlyMap<string, readonly VoiceChoice[]>, genderOf: ReadonlyMap<string, string | null>): DubbingCharacter[] {
  const next = characters.map((character) => ({ ...character, voices: { ...character.voices } }));
  for (const language of added) {
    const voices = library.get(language) ?? [];
    const used = new Set(next.map((character) => character.voices[language]).filter(Boolean));
    for (const character of next) {
      if (character.voices[language] || !voices.length) continue;
      const known = Object.values(character.voices).find((key) => key !== MATCH_ORIGINAL_VOICE && genderOf.get(key));
      const gender = known ? genderOf.get(known) : null;
      const pick =
        voices.find((voice) => !used.has(voice.key) && (!gender || voice.gender === gender)) ?? voices.find((voice) => !used.has(voice.key)) ?? voices.find((voice) => !gender || voice.gender === gender) ?? voices[0]!;
      character.voices[language] = pick.key;
      used.add(pick.key);
    }
  }
  return next;
}
