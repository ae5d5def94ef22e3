/**
 * Which character of a series each speaker of an episode is (decision 060): the speakers found in
 * one episode are numbered afresh (`s1` is whoever speaks first), so the same person must be
 * recognised again from what is measured of them — their voice's register (median pitch, the
 * "voiceprint" kept on the character after the episode it was first heard in) and its gender.
 * Pure and deterministic: the same speakers and characters always give the same answer.
 */
import type { SpeakerSummary } from '../engines/video-engines.port.ts';

/** A character as a run knows it: its gender and, once heard in an earlier episode, its voice's median pitch. */
export interface EpisodeCharacter {
  id: string;
  gender: 'female' | 'male' | 'unknown';
  /** The voiceprint: median pitch of the character's speech where it was first heard, Hz; null until then. */
  medianPitchHz: number | null;
}

/**
 * A speaker this close in median pitch to a character's voiceprint is that character. One
 * person's median moves by about a semitone from one recording to another; two voices of one
 * gender are often 3–6 semitones apart (flite's slt and a light male voice, 5).
 */
export const SAME_VOICE_SEMITONES = 2.5;

const semitonesApart = (a: number, b: number) => Math.abs(12 * Math.log2(a / b));
const fits = (character: EpisodeCharacter, gender: SpeakerSummary['suggestedGender']) => character.gender === 'unknown' || gender === null || character.gender === gender;

/**
 * Each speaker (in order of first appearance) gets a character:
 * 1. the character whose voiceprint is nearest in pitch, when within `SAME_VOICE_SEMITONES` and of a
 *    compatible gender (one person split in two by the clustering gets one character twice);
 * 2. else the first character of the list of the speaker's gender (then of unknown gender) not yet
 *    heard in any episode and not yet given in this one — the first woman who speaks is the first
 *    woman of the cast;
 * 3. else, of the characters of a compatible gender already heard (in an earlier episode or given
 *    in this one), the nearest in pitch however far: a cast with one man has one man (a voice split
 *    in two on its first episode, or measured off its register, stays that man);
 * otherwise none (the run's own rules voice them). A speaker with no measured pitch gets none.
 */
export function assignSpeakerCharacters(speakers: readonly SpeakerSummary[], characters: readonly EpisodeCharacter[]): Record<string, string> {
  const assigned: Record<string, string> = {};
  /** The pitch each character was given at in this episode (for rule 3). */
  const heardHere = new Map<string, number>();
  for (const speaker of speakers) {
    const pitch = speaker.medianPitchHz;
    if (pitch === null || pitch <= 0) continue;
    const gender = speaker.suggestedGender;
    const nearest = (candidates: ReadonlyArray<{ character: EpisodeCharacter; pitch: number }>) =>
      candidates.reduce<{ character: EpisodeCharacter; distance: number } | undefined>((best, candidate) => {
        const distance = semitonesApart(pitch, candidate.pitch);
        return !best || distance < best.distance ? { character: candidate.character, distance } : best;
      }, undefined);
    const known = nearest(characters.filter((character) => character.medianPitchHz !== null && character.medianPitchHz > 0 && fits(character, gender)).map((character) => ({ character, pitch: character.medianPitchHz! })));
    let chosen: EpisodeCharacter | undefined = known && known.distance <= SAME_VOICE_SEMITONES ? known.character : undefined;
    if (!chosen) {
      const fresh = characters.filter((character) => character.medianPitchHz === null && !heardHere.has(character.id));
      chosen = fresh.find((character) => gender !== null && character.gender === gender) ?? fresh.find((character) => character.gender === 'unknown');
    }
    if (!chosen) {
      const heard = characters.flatMap((character) => {
        const at = character.medianPitchHz !== null && character.medianPitchHz > 0 ? character.medianPitchHz : heardHere.get(character.id);
        return at !== undefined && fits(character, gender) ? [{ character, pitch: at }] : [];
      });
      chosen = nearest(heard)?.character;
    }
    if (!chosen) continue;
    assigned[speaker.speakerId] = chosen.id;
    if (!heardHere.has(chosen.id)) heardHere.set(chosen.id, pitch);
  }
  return assigned;
}
