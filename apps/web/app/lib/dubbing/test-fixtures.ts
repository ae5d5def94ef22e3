/** Small documents for the editor's unit tests. */
import type { DubbingCharacter, DubbingSegment } from "@voxwork/contract/dubbing";
import type { DubbingDoc } from "./editor-state";

export const ann: DubbingCharacter = { id: "c1", name: "Ann", voices: { es: "espeak:espeak-ng/es" }, speed: 1, volume: 1, originalSpeakerId: "s1" };
export const bob: DubbingCharacter = { id: "c2", name: "Bob", voices: { es: "espeak:espeak-ng/es+m3" }, speed: 1.1, volume: 0.9, originalSpeakerId: "s2" };

export function seg(id: string, startMs: number, endMs: number, extra: Partial<DubbingSegment> = {}): DubbingSegment {
  return { id, revision: 1, startMs, endMs, characterId: "c1", sourceText: `source ${id}`, translations: { es: `texto ${id}` }, speed: 1, volume: 1, takes: {}, ...extra };
}

export function doc(segments: DubbingSegment[], extra: Partial<DubbingDoc> = {}): DubbingDoc {
  return { revision: 10, settingsRevision: 2, characters: [ann, bob], glossary: [], pronunciations: [], targetLanguages: ["es"], segments, ...extra };
}
