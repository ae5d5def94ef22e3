/**
 * espeak-ng's `-p` (0–99, default 50) against the median pitch it produces, in semitones from the
 * default: measured on `en-us` (autocorrelation F0 of a sustained vowel, Debian espeak-ng 1.51).
 * Below -p 10 the pitch no longer falls.
 */
export const ESPEAK_PITCH_CALIBRATION: ReadonlyArray<readonly [parameter: number, semitones: number]> = [
  [10, -6.95],
  [25, -4.66],
  [40, -1.93],
  [50, 0],
  [60, 1.74],
  [75, 4.79],
  [90, 7.71],
  [99, 9.81],
];

/** The `-p` value for a pitch shift in semitones, and whether the shift was out of reach (clamped). */
export function espeakPitchParameter(semitones: number): { parameter: number; clamped: boolean } {
  const first = ESPEAK_PITCH_CALIBRATION[0]!;
  const last = ESPEAK_PITCH_CALIBRATION.at(-1)!;
  if (semitones <= first[1]) return { parameter: first[0], clamped: semitones < first[1] };
  if (semitones >= last[1]) return { parameter: last[0], clamped: semitones > last[1] };
  for (let index = 1; index < ESPEAK_PITCH_CALIBRATION.length; index++) {
    const [p1, s1] = ESPEAK_PITCH_CALIBRATION[index]!;
    const [p0, s0] = ESPEAK_PITCH_CALIBRATION[index - 1]!;
    if (semitones <= s1) return { parameter: Math.round(p0 + ((semitones - s0) * (p1 - p0)) / (s1 - s0)), clamped: false };
  }
  return { parameter: last[0], clamped: false };
}
