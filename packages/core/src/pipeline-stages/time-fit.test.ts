import { describe, expect, it } from 'vitest';
import { characterBudget, linesTooLong, planTimeFit } from './time-fit.ts';

describe('time fit', () => {
  it('keeps lines that fit, borrows silence, speeds up to 1.3× and flags what still overruns', () => {
    const placements = planTimeFit(
      [
        { id: 'fits', startSeconds: 1, endSeconds: 3, naturalSeconds: 1.5 },
        { id: 'borrow', startSeconds: 4, endSeconds: 5, naturalSeconds: 1.2 },
        { id: 'faster', startSeconds: 6, endSeconds: 7, naturalSeconds: 1.5 },
        { id: 'over', startSeconds: 8, endSeconds: 8.5, naturalSeconds: 2 },
        { id: 'pushed', startSeconds: 9, endSeconds: 10, naturalSeconds: 0.5 },
      ],
      12,
      { maxSpeed: 1.3, maxBorrowSeconds: 0.3, minGapSeconds: 0.05 },
    );
    expect(placements).toEqual([
      { id: 'fits', startSeconds: 1, endSeconds: 2.5, speed: 1, status: 'fits', overrunSeconds: 0 },
      { id: 'borrow', startSeconds: 4, endSeconds: 5.2, speed: 1, status: 'borrowed', overrunSeconds: 0 },
      { id: 'faster', startSeconds: 6, endSeconds: 7.3, speed: 1.154, status: 'sped-up', overrunSeconds: 0 },
      { id: 'over', startSeconds: 8, endSeconds: 9.538, speed: 1.3, status: 'overrun', overrunSeconds: 0.738 },
      // Pushed back just past the overrun: it now ends in the silence after its slot.
      { id: 'pushed', startSeconds: 9.588, endSeconds: 10.088, speed: 1, status: 'borrowed', overrunSeconds: 0 },
    ]);
  });

  it('a line over its window by less than a thousandth is borrowed, not "sped up ×1.000"', () => {
    const rules = { maxSpeed: 1.3, maxBorrowSeconds: 0.3, minGapSeconds: 0.05 };
    const [barely] = planTimeFit([{ id: 'barely', startSeconds: 0, endSeconds: 2, naturalSeconds: 2.3008 }], 10, rules);
    expect(barely).toMatchObject({ status: 'borrowed', speed: 1 });
    const [faster] = planTimeFit([{ id: 'faster', startSeconds: 0, endSeconds: 2, naturalSeconds: 2.31 }], 10, rules);
    expect(faster).toMatchObject({ status: 'sped-up', speed: 1.004 });
  });

  it('never borrows into the next line or past the end of the video', () => {
    const [first, second] = planTimeFit(
      [
        { id: 'a', startSeconds: 0, endSeconds: 1, naturalSeconds: 1.2 },
        { id: 'b', startSeconds: 1.1, endSeconds: 1.9, naturalSeconds: 1 },
      ],
      2,
    );
    expect(first).toMatchObject({ status: 'sped-up', endSeconds: 1.05 });
    expect(second!.endSeconds).toBeLessThanOrEqual(2);
  });

  it('a line too long for its slot: the owner may give it the whole pause after it, or let it play over the next line, which keeps its time', () => {
    const rules = { maxSpeed: 1.3, maxBorrowSeconds: 0.15, minGapSeconds: 0.05 };
    const lines = [
      { id: 'long', startSeconds: 0, endSeconds: 1, naturalSeconds: 3 },
      { id: 'next', startSeconds: 2.5, endSeconds: 3.5, naturalSeconds: 0.8 },
    ];
    // As the rules go: 1.3×, and the next line pushed back past it.
    const [auto, pushed] = planTimeFit(lines, 10, rules);
    expect(auto).toMatchObject({ status: 'overrun', speed: 1.3, endSeconds: 2.308 });
    expect(pushed).toMatchObject({ startSeconds: 2.5 });
    // The pause up to the next line (2.45 s): 3 s fit at 1.224×, nothing pushed.
    const [borrowed, after] = planTimeFit([{ ...lines[0]!, choice: 'borrow' }, lines[1]!], 10, rules);
    expect(borrowed).toMatchObject({ status: 'sped-up', speed: 1.224, endSeconds: 2.45, overrunSeconds: 0 });
    expect(after).toMatchObject({ startSeconds: 2.5, status: 'fits' });
    // Let overlap: a line that would push the next one plays over it instead; the next keeps its own start.
    const crowded = [
      { id: 'long', startSeconds: 0, endSeconds: 1, naturalSeconds: 3, choice: 'overlap' as const },
      { id: 'next', startSeconds: 1.5, endSeconds: 2.5, naturalSeconds: 0.8 },
    ];
    const [overlapping, kept] = planTimeFit(crowded, 10, rules);
    expect(overlapping).toMatchObject({ status: 'overlaps', speed: 1.3, startSeconds: 0, endSeconds: 2.308 });
    expect(kept).toMatchObject({ startSeconds: 1.5, status: 'fits' });
  });

  it('never cuts speech at the end of the video: the last line starts earlier, in the silence before it', () => {
    const rules = { maxSpeed: 1.3, maxBorrowSeconds: 0.15, minGapSeconds: 0.05 };
    // 2.6 s of speech at 1.3× is 2 s; the slot starts 1 s before the end: it starts 1 s earlier, after the line before.
    const [first, last] = planTimeFit(
      [
        { id: 'a', startSeconds: 0, endSeconds: 1, naturalSeconds: 0.8 },
        { id: 'z', startSeconds: 8, endSeconds: 9, naturalSeconds: 2.6 },
      ],
      9,
      rules,
    );
    expect(first).toMatchObject({ endSeconds: 0.8 });
    expect(last).toMatchObject({ startSeconds: 7, endSeconds: 9, speed: 1.3, status: 'overrun' });
    // No silence before it to use: what is left past the end is said, not cut unseen.
    const [crammed] = planTimeFit([{ id: 'z', startSeconds: 0, endSeconds: 1, naturalSeconds: 2.6 }], 1, rules);
    expect(crammed).toMatchObject({ startSeconds: 0, endSeconds: 2, overrunSeconds: 1 });
  });

  it('budgets characters by language: fewer for Chinese than for Spanish in the same time', () => {
    expect(characterBudget(2, 'zh')).toBeLessThan(characterBudget(2, 'es'));
    expect(characterBudget(0, 'en')).toBeGreaterThanOrEqual(4);
  });

  it('names only the lines too long for their own slot at 1.3×, not the neighbours they push', () => {
    const tooLong = linesTooLong(
      [
        { id: 'long', startSeconds: 0, endSeconds: 2, naturalSeconds: 6 },
        { id: 'pushed', startSeconds: 2.5, endSeconds: 4, naturalSeconds: 1.4 },
        { id: 'tight', startSeconds: 5, endSeconds: 6, naturalSeconds: 1.4 },
      ],
      10,
    );
    expect([...tooLong.keys()]).toEqual(['long']);
    // 2.15 s × 1.3 of 6 s fits.
    expect(tooLong.get('long')).toBeCloseTo((2.15 * 1.3) / 6, 3);
  });
});
