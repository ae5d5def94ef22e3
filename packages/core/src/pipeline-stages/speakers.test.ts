import { describe, expect, it } from 'vitest';
import type { SpeakerSegment } from '../engines/video-engines.port.ts';
import { assignSpeakersToLines, mergeSpeakers, moveLineToSpeaker, newSpeakerId, splitLinesAtSpeakerChanges } from './speakers.ts';

const segment = (startSeconds: number, endSeconds: number, speakerId: string, medianPitchHz: number | null): SpeakerSegment => ({ startSeconds, endSeconds, speakerId, medianPitchHz });

const SEGMENTS = [segment(0.9, 3.1, 's1', 200), segment(3.6, 5.4, 's2', 110), segment(6.1, 8.0, 's1', 190), segment(8.4, 9.0, 's2', 120), segment(9.1, 10.2, 's3', 130)];
const LINES = [
  { id: 'l0001', startSeconds: 1.0, endSeconds: 3.0 },
  { id: 'l0002', startSeconds: 3.5, endSeconds: 5.5 },
  { id: 'l0003', startSeconds: 6.0, endSeconds: 8.2 },
  // Two voices inside one subtitle: the one with more speech in it wins.
  { id: 'l0004', startSeconds: 8.3, endSeconds: 10.0 },
  // Nothing overlaps and nothing is near.
  { id: 'l0005', startSeconds: 12.0, endSeconds: 13.0 },
];

describe('speakers of lines', () => {
  it('gives each line the speaker with most speech in it, its speech region and seconds, and sums per speaker', () => {
    const assignment = assignSpeakersToLines(LINES, SEGMENTS);
    expect(assignment.lines.map((line) => line.speakerId)).toEqual(['s1', 's2', 's1', 's3', null]);
    // The first line's speech starts before its subtitle: the region reaches out (not past halfway to the next line).
    expect(assignment.lines[0]).toMatchObject({ speechStartSeconds: 0.9, speechEndSeconds: 3.1, speechSeconds: 2.2, medianPitchHz: 200 });
    expect(assignment.lines[3]).toMatchObject({ speechStartSeconds: 8.4, speechEndSeconds: 10.2, speechSeconds: 1.1, medianPitchHz: 130 });
    expect(assignment.lines[4]).toMatchObject({ speakerId: null, speechStartSeconds: null, speechSeconds: 0 });
    expect(assignment.speakers).toEqual([
      { speakerId: 's1', medianPitchHz: 200, suggestedGender: 'female', totalSeconds: 4.1 },
      { speakerId: 's2', medianPitchHz: 110, suggestedGender: 'male', totalSeconds: 1.8 },
      { speakerId: 's3', medianPitchHz: 130, suggestedGender: 'male', totalSeconds: 1.1 },
    ]);
  });

  it('takes the nearest segment within 0.5 s when a subtitle shows outside its speech', () => {
    const assignment = assignSpeakersToLines([{ id: 'a', startSeconds: 3.3, endSeconds: 3.5 }], SEGMENTS);
    expect(assignment.lines[0]).toMatchObject({ speakerId: 's2' });
  });

  it('merges a speaker into another and moves a line to another or a new speaker, summaries following', () => {
    const assignment = assignSpeakersToLines(LINES, SEGMENTS);
    const merged = mergeSpeakers(assignment, { from: 's3', into: 's2' });
    expect(merged.lines.map((line) => line.speakerId)).toEqual(['s1', 's2', 's1', 's2', null]);
    expect(merged.speakers.map((speaker) => [speaker.speakerId, speaker.totalSeconds])).toEqual([
      ['s1', 4.1],
      ['s2', 2.9],
    ]);
    expect(mergeSpeakers(assignment, { from: 's2', into: 's2' })).toBe(assignment);

    const moved = moveLineToSpeaker(merged, { lineId: 'l0003', speakerId: 's2' });
    expect(moved.lines.map((line) => line.speakerId)).toEqual(['s1', 's2', 's2', 's2', null]);
    expect(moved.speakers[0]).toMatchObject({ speakerId: 's1', totalSeconds: 2.2 });

    // Split off: a new speaker of its own, the next free id.
    expect(newSpeakerId(merged)).toBe('s3');
    const split = moveLineToSpeaker(merged, { lineId: 'l0001' });
    expect(split.lines[0]).toMatchObject({ speakerId: 's3' });
    expect(split.speakers.map((speaker) => speaker.speakerId)).toEqual(['s3', 's2', 's1']);
  });

  it('refuses unknown speakers and lines as invalid parameters', () => {
    const assignment = assignSpeakersToLines(LINES, SEGMENTS);
    expect(() => mergeSpeakers(assignment, { from: 's9', into: 's1' })).toThrow(expect.objectContaining({ params: { field: 'from', reason: 'invalid_value' } }));
    expect(() => moveLineToSpeaker(assignment, { lineId: 'nope', speakerId: 's1' })).toThrow(expect.objectContaining({ params: { field: 'lineId', reason: 'invalid_value' } }));
    expect(() => moveLineToSpeaker(assignment, { lineId: 'l0001', speakerId: 's9' })).toThrow(expect.objectContaining({ params: { field: 'speakerId', reason: 'invalid_value' } }));
  });
});

describe('lines heard by speech recognition, cut where the speaker changes', () => {
  const segments = [segment(0.5, 2.4, 's1', 200), segment(2.8, 4.6, 's2', 110), segment(4.7, 4.9, 's1', 200), segment(6.0, 7.0, 's2', 110)];

  it('cuts at the words when the recogniser gave them, halfway through the pause', () => {
    const words = [
      { text: 'Are', startSeconds: 0.5, endSeconds: 0.8 },
      { text: 'you', startSeconds: 0.8, endSeconds: 1.1 },
      { text: 'ready?', startSeconds: 1.2, endSeconds: 2.3 },
      { text: 'Yes,', startSeconds: 2.9, endSeconds: 3.3 },
      { text: 'almost.', startSeconds: 3.4, endSeconds: 4.5 },
    ];
    expect(splitLinesAtSpeakerChanges([{ startSeconds: 0.5, endSeconds: 4.6, text: 'Are you ready? Yes, almost.', words }], segments)).toEqual([
      { startSeconds: 0.5, endSeconds: 2.6, text: 'Are you ready?' },
      { startSeconds: 2.6, endSeconds: 4.6, text: 'Yes, almost.' },
    ]);
  });

  it('cuts the text in proportion to each part without words (characters for Chinese); short interjections and one-speaker lines stay whole', () => {
    expect(splitLinesAtSpeakerChanges([{ startSeconds: 0.5, endSeconds: 4.9, text: 'one two three four five six seven eight' }], segments)).toEqual([
      { startSeconds: 0.5, endSeconds: 2.6, text: 'one two three four' },
      { startSeconds: 2.6, endSeconds: 4.9, text: 'five six seven eight' },
    ]);
    expect(splitLinesAtSpeakerChanges([{ startSeconds: 0.5, endSeconds: 4.6, text: '你好吗我很好' }], segments).map((line) => line.text)).toEqual(['你好吗', '我很好']);
    // s1's 0.2 s at 4.7 s is an interjection: the second line is s2's alone.
    const whole = { startSeconds: 2.8, endSeconds: 7.0, text: 'Yes, almost. Wait for me.' };
    expect(splitLinesAtSpeakerChanges([whole], segments)).toEqual([whole]);
  });
});
