import { describe, expect, it } from 'vitest';
import { FIT_SPEED_CAP, fitAllOps, overrunFixFields, segmentOverruns, peaksFromBase64, peaksToBase64, segmentFit, segmentState, segmentTimesProblem, takeSource, type DubbingCharacter, type DubbingSegment } from './dubbing-model.ts';
import { formatTimecode, parseTimecode } from './timecode.ts';

const character: DubbingCharacter = { id: 'c1', name: 'Ann', voices: { es: 'espeak:espeak-ng/es' }, speed: 1, volume: 1, originalSpeakerId: null };
const segment = (id: string, startMs: number, endMs: number, takeMs?: number, speed = 1): DubbingSegment => ({
  id,
  revision: 3,
  startMs,
  endMs,
  characterId: 'c1',
  sourceText: 'Hello',
  translations: { es: 'Hola' },
  speed,
  volume: 1,
  takes: takeMs === undefined ? {} : { es: { kind: 'synthesized', url: '', durationMs: takeMs, madeFrom: takeSource('Hola', 'espeak:espeak-ng/es', 'es'), peaks: '' } },
});

describe('dubbing model', () => {
  it('sends a take’s peaks as base64 bytes and reads them back', () => {
    const peaks = [0, 1, 127, 128, 254, 255, 300, -4];
    const encoded = peaksToBase64(peaks);
    expect(encoded).toBe(Buffer.from([0, 1, 127, 128, 254, 255, 255, 0]).toString('base64'));
    expect([...peaksFromBase64(encoded)]).toEqual([0, 1, 127, 128, 254, 255, 255, 0]);
    expect(peaksFromBase64('')).toEqual(new Uint8Array(0));
    expect(peaksFromBase64('not base64!')).toEqual(new Uint8Array(0));
  });

  it('reads typed timecodes in every usual form and writes mm:ss.mmm', () => {
    expect(parseTimecode('1:02.5')).toBe(62_500);
    expect(parseTimecode('01:02:03.250')).toBe(3_723_250);
    expect(parseTimecode('62.5')).toBe(62_500);
    expect(parseTimecode('00:01:02,500')).toBe(62_500);
    expect(parseTimecode('1m2s')).toBe(62_000);
    expect(parseTimecode('1:75')).toBeUndefined();
    expect(parseTimecode('abc')).toBeUndefined();
    expect(formatTimecode(62_500)).toBe('01:02.500');
    expect(formatTimecode(3_723_250)).toBe('1:02:03.250');
    expect(parseTimecode(formatTimecode(3_723_250))).toBe(3_723_250);
  });

  it('tells a segment’s state from its text, take and voice', () => {
    expect(segmentState(segment('a', 0, 1000, 800), [character], 'es')).toBe('spoken');
    expect(segmentState({ ...segment('a', 0, 1000, 800), translations: { es: 'Hola, Ana' } }, [character], 'es')).toBe('changed');
    expect(segmentState(segment('a', 0, 1000), [character], 'es')).toBe('translated');
    expect(segmentState({ ...segment('a', 0, 1000), translations: {} }, [character], 'es')).toBe('untranslated');
    expect(segmentState(segment('a', 0, 1000, 800), [{ ...character, voices: { es: 'espeak:espeak-ng/es+f2' } }], 'es')).toBe('changed');
  });

  it('fits overruns by speed within the cap, then by borrowing the silence that follows', () => {
    expect(segmentFit(segment('a', 0, 1000, 1200), 'es')).toMatchObject({ playedMs: 1200, overrunMs: 200, fits: false });
    expect(segmentFit(segment('a', 0, 1000, 1200, 1.2), 'es').fits).toBe(true);
    const segments = [segment('a', 0, 1000, 1200), segment('b', 2000, 3000, 2000), segment('c', 3500, 4000, 900)];
    const { ops, unfitted } = fitAllOps(segments, 'es', 4200);
    expect(ops).toEqual([
      { kind: 'segment.put', segmentId: 'a', baseRevision: 3, fields: { speed: 1.2 } },
      { kind: 'segment.put', segmentId: 'b', baseRevision: 3, fields: { speed: FIT_SPEED_CAP, endMs: 3500 } },
      { kind: 'segment.put', segmentId: 'c', baseRevision: 3, fields: { speed: FIT_SPEED_CAP, endMs: 4192 } },
    ]);
    // b needs 2000 / 1.3 = 1538 ms and gets 1500, up to c (within tolerance); c borrows only the 192 ms it needs.
    expect(unfitted).toEqual([]);
    expect(fitAllOps([segment('d', 0, 500, 2000)], 'es', 600).unfitted).toEqual(['d']);
  });

  it('lists every overrun in time order with the fixes that work: speed within the cap, the pause after it, or neither', () => {
    // a: 1.2 s in 1 s, 1 s of pause after it. b: 3 s in 1 s, runs 1.5 s over c. c: past the end of the media.
    const segments = [segment('c', 5000, 5800, 900), segment('a', 0, 1000, 1200), segment('b', 2000, 3000, 3000), segment('ok', 3500, 4500, 1000)];
    const overruns = segmentOverruns(segments, 'es', 5850);
    expect(overruns).toEqual([
      { segmentId: 'a', number: 1, overrunMs: 200, overlapMs: 0, fitSpeed: 1.2, borrowEndMs: 2000, borrowFits: true, pastMediaEnd: false },
      { segmentId: 'b', number: 2, overrunMs: 2000, overlapMs: 1500, fitSpeed: null, borrowEndMs: 3500, borrowFits: false, pastMediaEnd: false },
      { segmentId: 'c', number: 4, overrunMs: 100, overlapMs: 50, fitSpeed: 1.13, borrowEndMs: 5850, borrowFits: false, pastMediaEnd: true },
    ]);
    const [a] = segments.filter((candidate) => candidate.id === 'a');
    expect(overrunFixFields(a!, overruns[0]!, 'speed', 'es')).toEqual({ speed: 1.2 });
    // Borrowing moves the end only as far as the take needs.
    expect(overrunFixFields(a!, overruns[0]!, 'borrow', 'es')).toEqual({ endMs: 1200 });
    expect(overrunFixFields(segments[2]!, overruns[1]!, 'speed', 'es')).toBeUndefined();
    // A segment sped up to fit no longer counts; one whose take was cut would not either, so none is.
    expect(segmentOverruns([segment('a', 0, 1000, 1200, 1.2)], 'es', 5000)).toEqual([]);
  });

  it('refuses segment times out of order, outside the media or too short', () => {
    expect(segmentTimesProblem(0, 1000, 5000)).toBeUndefined();
    expect(segmentTimesProblem(1000, 1000, 5000)).toBe('order');
    expect(segmentTimesProblem(0, 50, 5000)).toBe('too-short');
    expect(segmentTimesProblem(4000, 5200, 5000)).toBe('outside');
  });
});
