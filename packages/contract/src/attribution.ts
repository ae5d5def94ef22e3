/**
 * Who a message or an analytics event is attributed to (issue 20). Guests call with a `guest_…`
 * id (spec §4: `guest_` + a timestamp and a random suffix); a signed-in browser sends its bearer
 * token, which the server verifies.
 */
const GUEST_ID = /^guest_[A-Za-z0-9_-]{1,64}$/;

/** True for an id a guest calls with (`guest_` and up to 64 letters, digits, `_` or `-`). */
export function isGuestId(value: unknown): value is string {
  return typeof value === 'string' && GUEST_ID.test(value);
}

/**
 * The user id to store: the user of a verified token; otherwise the caller's guest id (a guest has
 * no account to speak for); otherwise nobody. An id the caller only claims is never believed.
 */
export function attributedUserId(verifiedUserId: string | undefined, claimedId: unknown): string | null {
  if (verifiedUserId) return verifiedUserId;
  return isGuestId(claimedId) ? claimedId : null;
}
