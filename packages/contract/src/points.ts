/** Kinds of points-ledger entries (mirrors the database enum in packages/db). */
export const POINT_ENTRY_TYPES = ['grant', 'purchase', 'redeem', 'freeze', 'settle', 'release', 'refund', 'expire', 'adjust'] as const;
export type PointEntryKind = (typeof POINT_ENTRY_TYPES)[number];
