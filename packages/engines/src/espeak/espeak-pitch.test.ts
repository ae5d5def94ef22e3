import { describe, expect, it } from 'vitest';
import { espeakPitchParameter } from './espeak-pitch.ts';

describe('espeakPitchParameter', () => {
  it('maps semitones through the measured calibration and says when a shift is out of reach', () => {
    expect(espeakPitchParameter(0)).toEqual({ parameter: 50, clamped: false });
    expect(espeakPitchParameter(4.79)).toEqual({ parameter: 75, clamped: false });
    expect(espeakPitchParameter(-1)).toEqual({ parameter: 45, clamped: false });
    expect(espeakPitchParameter(12)).toEqual({ parameter: 99, clamped: true });
    expect(espeakPitchParameter(-12)).toEqual({ parameter: 10, clamped: true });
  });
});
