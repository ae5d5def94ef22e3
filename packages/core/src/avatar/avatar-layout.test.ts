import { describe, expect, it } from 'vitest';
import { animatorTier, logoBox, subjectPlacement, titleAt } from './avatar-layout.ts';

describe('avatar layout', () => {
  it('stands an avatar in its own framing, moved left or right; a photo as a bust; fill fills', () => {
    const framing = { x: 0.45, bottom: 0.98, height: 0.8 };
    expect(subjectPlacement('center', { kind: 'illustrated', framing })).toEqual(framing);
    expect(subjectPlacement('left', { kind: 'illustrated', framing })).toEqual({ ...framing, x: 0.3 });
    expect(subjectPlacement('right', { kind: 'illustrated', framing: undefined })).toEqual({ x: 0.7, bottom: 1, height: 0.85 });
    expect(subjectPlacement('center', { kind: 'photo' })).toEqual({ x: 0.5, bottom: 1, height: 0.9 });
    expect(subjectPlacement('fill', { kind: 'photo' })).toBe('fill');
  });

  it('puts a logo 14 % wide in its corner, 3 % from the side; a title on the side the captions leave free', () => {
    expect(logoBox('top-left')).toEqual({ x: 0.03, y: 0.04, width: 0.14 });
    expect(logoBox('bottom-right')).toEqual({ x: 1 - 0.03 - 0.14, y: 0.84, width: 0.14 });
    expect(titleAt('Hello', 'bottom')).toEqual({ text: 'Hello', x: 0.5, y: 0.1 });
    expect(titleAt('Hello', 'top')).toEqual({ text: 'Hello', x: 0.5, y: 0.88 });
  });

  it('prices a remote animator at premium, a local one at basic', () => {
    expect(animatorTier({ location: 'remote' })).toBe('premium');
    expect(animatorTier({ location: 'local' })).toBe('basic');
    expect(animatorTier(undefined)).toBe('basic');
  });
});
