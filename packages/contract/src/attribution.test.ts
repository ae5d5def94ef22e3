import { describe, expect, it } from 'vitest';
import { attributedUserId, isGuestId } from './attribution.ts';

describe('attribution (issue 20)', () => {
  it('believes a verified token first, then a guest id, never a claimed user id', () => {
    expect(attributedUserId('user-1', 'user-2')).toBe('user-1');
    expect(attributedUserId('user-1', 'guest_1795000000000abcdef')).toBe('user-1');
    expect(attributedUserId(undefined, 'guest_1795000000000abcdef')).toBe('guest_1795000000000abcdef');
    expect(attributedUserId(undefined, 'HzWbo8bPB1IhnsM3n5zDzQB0AkfIZbsT')).toBeNull();
    expect(attributedUserId(undefined, undefined)).toBeNull();
  });

  it('knows a guest id by its prefix and a short, plain suffix', () => {
    expect(isGuestId('guest_1795000000000abcdef')).toBe(true);
    expect(isGuestId('guest_123')).toBe(true);
    for (const value of ['guest_', 'Guest_123', 'guest_a b', `guest_${'x'.repeat(65)}`, 'guest_\u0000', 'user_123', 42, null]) {
      expect(isGuestId(value)).toBe(false);
    }
  });
});
