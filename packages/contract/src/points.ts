/** Kinds of points-ledger entries (mirrors the database enum in packages/db). */
export const POINT_ENTRY_TYPES = ['grant', 'purchase', 'redeem', 'freeze', 'settle', 'release', 'refund', 'expire', 'adjust'] as const;
export type PointEntryKind = (typeof POINT_ENTRY_TYPES)[number];

/**
 * What a ledger entry's `reason` says, as data: the server writes a note key (`plan-grant:free:2026-11`,
 * `video-translation.regenerate:3`, a product id) and each page says it in its own language. Notes
 * written before keys existed ("free plan, 2026-11") are read too; anything else is shown as written.
 */
export type LedgerNote =
  | { kind: 'plan-grant'; planId: 'free' | 'pro' | 'business'; year: number; month: number }
  | { kind: 'regenerated-lines'; lines: number }
  | { kind: 'plan-purchase'; planId: 'pro' | 'business'; period: 'month' | 'year' }
  | { kind: 'points-purchase'; points: number };

/** The note of a plan's monthly points: `plan-grant:<plan>:<YYYY-MM>`. */
export const planGrantNote = (planId: string, monthKey: string) => `plan-grant:${planId}:${monthKey}`;

export function parseLedgerNote(reason: string | null | undefined): LedgerNote | null {
  if (!reason) return null;
  const grant = reason.match(/^plan-grant:(free|pro|business):(\d{4})-(\d{2})$/) ?? reason.match(/^(free|pro|business) plan, (\d{4})-(\d{2})$/);
  if (grant) return { kind: 'plan-grant', planId: grant[1] as 'free' | 'pro' | 'business', year: Number(grant[2]), month: Number(grant[3]) };
  const regenerated = reason.match(/^video-translation\.regenerate:(\d+)$/);
  if (regenerated) return { kind: 'regenerated-lines', lines: Number(regenerated[1]) };
  const plan = reason.match(/^(pro|business):(month|year)$/);
  if (plan) return { kind: 'plan-purchase', planId: plan[1] as 'pro' | 'business', period: plan[2] as 'month' | 'year' };
  const pack = reason.match(/^points-(\d+)$/);
  if (pack) return { kind: 'points-purchase', points: Number(pack[1]) };
  return null;
}
