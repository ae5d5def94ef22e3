import { describe, expect, it } from 'vitest';
import { assessPortrait, type PortraitMeasures } from './portrait-check.ts';

const GOOD: PortraitMeasures = { faceShare: 0.4, faceWidthPixels: 220, rollDegrees: 2, yawDegrees: 4, mouthOpen: 0, brightness: 128, contrast: 40 };
const verdictOf = (patch: Partial<PortraitMeasures>, kind: string) => assessPortrait({ ...GOOD, ...patch }).checks.find((check) => check.kind === kind)!;

describe('assessPortrait', () => {
  it('a good portrait: every check ok, with advice in both languages', () => {
    const assessment = assessPortrait(GOOD);
    expect(assessment.verdict).toBe('ok');
    expect(assessment.checks.map((check) => check.kind)).toEqual(['face-size', 'tilt', 'turn', 'mouth', 'lighting']);
    for (const check of assessment.checks) {
      expect(check.advice.en).toMatch(/\w/);
      expect(check.advice.zh).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('only a face far too small blocks; tilt, turn, parted lips and poor light warn, with the measured value', () => {
    expect(assessPortrait({ ...GOOD, faceShare: 0.03 }).verdict).toBe('block');
    expect(assessPortrait({ ...GOOD, faceWidthPixels: 30 }).verdict).toBe('block');
    expect(verdictOf({ faceShare: 0.1 }, 'face-size').verdict).toBe('warn');
    const tilt = verdictOf({ rollDegrees: -18.4 }, 'tilt');
    expect(tilt).toMatchObject({ verdict: 'warn', value: -18 });
    expect(tilt.advice.en).toContain('18°');
    expect(tilt.advice.zh).toContain('18°');
    expect(verdictOf({ rollDegrees: 8 }, 'tilt').verdict).toBe('ok');
    expect(verdictOf({ yawDegrees: 35 }, 'turn').verdict).toBe('warn');
    expect(verdictOf({ mouthOpen: 0.11 }, 'mouth')).toMatchObject({ verdict: 'warn', value: 11 });
    expect(verdictOf({ brightness: 35 }, 'lighting').advice.en).toMatch(/dark/);
    expect(verdictOf({ brightness: 220 }, 'lighting').advice.en).toMatch(/overexposed/);
    expect(verdictOf({ contrast: 8 }, 'lighting').verdict).toBe('warn');
    expect(assessPortrait({ ...GOOD, rollDegrees: 25, mouthOpen: 0.2, brightness: 30, yawDegrees: 40, faceShare: 0.1 }).verdict).toBe('warn');
  });
});
