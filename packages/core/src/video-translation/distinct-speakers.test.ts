import { describe, expect, it } from 'vitest';
import { distinctSpeakers } from './video-translation-job.ts';

/** The speakers stage's checkpoint for lines alternating between the given speakers. */
function outputsOf(speakers: Array<{ speakerId: string; medianPitchHz: number | null; suggestedGender: 'female' | 'male' | null }>) {
  const lines = speakers.flatMap((speaker, index) => [0, 1].map((turn) => ({ lineId: `l${index}${turn}`, speakerId: speaker.speakerId, speechStartSeconds: null, speechEndSeconds: null, speechSeconds: 2, medianPitchHz: speaker.medianPitchHz })));
  return { speakers: { assignment: { lines, speakers: speakers.map((speaker) => ({ ...speaker, totalSeconds: 4 })) } } };
}

describe('distinctSpeakers', () => {
  it('tells apart a man and a woman, and two voices of one gender in different registers', () => {
    expect([...distinctSpeakers({}, outputsOf([{ speakerId: 's1', medianPitchHz: 106, suggestedGender: 'male' }, { speakerId: 's2', medianPitchHz: 213, suggestedGender: 'female' }]))]).toEqual(['s1', 's2']);
    expect([...distinctSpeakers({}, outputsOf([{ speakerId: 's1', medianPitchHz: 100, suggestedGender: 'male' }, { speakerId: 's2', medianPitchHz: 130, suggestedGender: 'male' }]))]).toEqual(['s1', 's2']);
  });

  it('keeps one voice split in two together (same gender, same register), unless the user said how many speak', () => {
    const split = outputsOf([{ speakerId: 's1', medianPitchHz: 165, suggestedGender: 'female' }, { speakerId: 's2', medianPitchHz: 172, suggestedGender: 'female' }]);
    expect([...distinctSpeakers({}, split)]).toEqual([]);
    expect([...distinctSpeakers({ speakerCount: 2 }, split)]).toEqual(['s1', 's2']);
    expect([...distinctSpeakers({}, outputsOf([{ speakerId: 's1', medianPitchHz: null, suggestedGender: null }, { speakerId: 's2', medianPitchHz: 213, suggestedGender: 'female' }]))]).toEqual([]);
  });
});
