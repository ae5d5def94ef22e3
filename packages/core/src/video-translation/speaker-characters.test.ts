import { describe, expect, it } from 'vitest';
import { assignSpeakerCharacters, type EpisodeCharacter } from './speaker-characters.ts';

const speaker = (speakerId: string, medianPitchHz: number | null, totalSeconds = 3) => ({
  speakerId,
  medianPitchHz,
  suggestedGender: medianPitchHz === null ? null : medianPitchHz >= 155 ? ('female' as const) : ('male' as const),
  totalSeconds,
});

const fresh: EpisodeCharacter[] = [
  { id: 'lin', gender: 'male', medianPitchHz: null },
  { id: 'mei', gender: 'female', medianPitchHz: null },
  { id: 'bo', gender: 'male', medianPitchHz: null },
];

describe('which character each speaker of an episode is', () => {
  it('first episode: by gender, in the order of the cast, whoever speaks first', () => {
    expect(assignSpeakerCharacters([speaker('s1', 190), speaker('s2', 110), speaker('s3', 95)], fresh)).toEqual({ s1: 'mei', s2: 'lin', s3: 'bo' });
    // A woman's voice split in two by the clustering stays one character (no woman is left in the cast).
    expect(assignSpeakerCharacters([speaker('s1', 190), speaker('s2', 196)], fresh)).toEqual({ s1: 'mei', s2: 'mei' });
    // No pitch measured: no character.
    expect(assignSpeakerCharacters([speaker('s1', null)], fresh)).toEqual({});
  });

  it('later episodes: by voiceprint, whatever order they speak in; a voice far from every print takes a character not heard yet', () => {
    const learned: EpisodeCharacter[] = [
      { id: 'lin', gender: 'male', medianPitchHz: 120 },
      { id: 'mei', gender: 'female', medianPitchHz: 200 },
      { id: 'bo', gender: 'male', medianPitchHz: 90 },
    ];
    // Bo speaks first in this episode, then Lin: the prints tell them apart although both are men.
    expect(assignSpeakerCharacters([speaker('s1', 92), speaker('s2', 124), speaker('s3', 204)], learned)).toEqual({ s1: 'bo', s2: 'lin', s3: 'mei' });
    const partly: EpisodeCharacter[] = [{ id: 'lin', gender: 'male', medianPitchHz: 120 }, { id: 'bo', gender: 'male', medianPitchHz: null }, { id: 'mei', gender: 'female', medianPitchHz: null }];
    // 90 Hz is 5.0 semitones below Lin: Bo, whom no episode had heard yet.
    expect(assignSpeakerCharacters([speaker('s1', 90), speaker('s2', 121)], partly)).toEqual({ s1: 'bo', s2: 'lin' });
    // Nobody left to be: the nearest man already heard.
    expect(assignSpeakerCharacters([speaker('s1', 100)], [{ id: 'lin', gender: 'male', medianPitchHz: 120 }, { id: 'mei', gender: 'female', medianPitchHz: 200 }])).toEqual({ s1: 'lin' });
  });

  it('is deterministic: the same speakers and cast give the same answer', () => {
    const speakers = [speaker('s1', 150), speaker('s2', 160), speaker('s3', 100)];
    const first = assignSpeakerCharacters(speakers, fresh);
    for (let run = 0; run < 3; run++) expect(assignSpeakerCharacters(speakers, fresh)).toEqual(first);
  });
});
