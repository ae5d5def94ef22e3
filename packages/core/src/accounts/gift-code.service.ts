import { ErrorCode, planById } from '@voxwork/contract';
import type { GiftCodeRow, PointsRepository } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';

/** Unambiguous alphabet: no 0/O, 1/I/L. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Upper case, letters and digits only: `abcd-efgh-jk23` → `ABCDEFGHJK23`. */
export function normalizeGiftCode(raw: string): string {
  return raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** `ABCDEFGHJK23` → `ABCD-EFGH-JK23` for display. */
export function formatGiftCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

export function generateGiftCode(length = 12): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

export interface GiftCodeBatchInput {
  count: number;
  points: number;
  planId?: 'pro' | 'business' | null;
  vipDays?: number;
  maxRedemptions?: number;
  perUserLimit?: number;
  expiresAt?: Date | null;
  note?: string | null;
  /** A chosen code (count must be 1), e.g. `WELCOME2026`. */
  code?: string;
}

export interface RedeemResult {
  code: string;
  points: number;
  vipDays: number;
  planId: string | null;
  expireTime: string | null;
}

/** Gift codes: operators create batches; users redeem them for points and/or plan days. */
export function createGiftCodeService({ points, now = () => new Date() }: { points: PointsRepository; now?: () => Date }) {
  return {
    async createBatch(input: GiftCodeBatchInput): Promise<{ batchId: string; codes: GiftCodeRow[] }> {
      const vipDays = input.vipDays ?? 0;
      // Operator input: the reasons are shown as they are (English), with the field they concern.
      const invalid = (field: string, reason: string) => new DomainError(ErrorCode.INVALID_PARAMETER, { field, reason });
      if (!Number.isInteger(input.count) || input.count < 1 || input.count > 10_000) throw invalid('count', 'count must be 1–10000');
      if (!Number.isInteger(input.points) || input.points < 0) throw invalid('points', 'points must be a whole number ≥ 0');
      if (input.points === 0 && vipDays === 0) throw invalid('points', 'a gift code must grant points or VIP days');
      if (vipDays > 0 && !input.planId) throw invalid('planId', 'VIP days need a plan (pro or business)');
      if (input.code && input.count !== 1) throw invalid('count', 'a chosen code makes a batch of one');
      const batchId = `B${now().toISOString().slice(0, 10).replace(/-/g, '')}-${generateGiftCode(6)}`;
      const codes = new Set<string>();
      if (input.code) {
        const code = normalizeGiftCode(input.code);
        if (!/^[A-Z0-9]{4,32}$/.test(code)) throw invalid('code', 'a chosen code has 4–32 letters or digits');
        if (await points.lockGiftCode(code)) throw invalid('code', 'this code already exists');
        codes.add(code);
      }
      while (codes.size < input.count) codes.add(generateGiftCode());
      const rows = [...codes].map((code) => ({
        code,
        batchId,
        points: input.points,
        planId: input.planId ?? null,
        vipDays,
        maxRedemptions: input.maxRedemptions ?? 1,
        perUserLimit: input.perUserLimit ?? 1,
        expiresAt: input.expiresAt ?? null,
        note: input.note ?? null,
      }));
      await points.insertGiftCodes(rows);
      return { batchId, codes: await points.listGiftCodes({ batchId }) };
    },

    list: (filter: { batchId?: string }) => points.listGiftCodes(filter),
    disable: (filter: { codes?: string[]; batchId?: string }) =>
      points.disableGiftCodes({ ...filter, codes: filter.codes?.map(normalizeGiftCode) }),

    /**
     * Redeems a code for a user, atomically: the code row is locked, so of many simultaneous
     * redemptions of a single-use code exactly one succeeds. Errors are the raw codes of spec §8.
     */
    async redeem(userId: string, rawCode: string): Promise<RedeemResult> {
      const code = normalizeGiftCode(rawCode);
      if (!/^[A-Z0-9]{4,32}$/.test(code)) throw new DomainError(ErrorCode.REDEEM_CODE_UNKNOWN);
      return points.transaction(async (tx) => {
        const account = await tx.lockAccount(userId);
        if (!account) throw new DomainError(ErrorCode.ACCOUNT_NOT_FOUND);
        if (account.status === 'disabled') throw new DomainError(ErrorCode.ACCOUNT_DISABLED);
        const gift = await tx.lockGiftCode(code);
        const at = now();
        if (!gift || gift.disabledAt) throw new DomainError(ErrorCode.REDEEM_CODE_UNKNOWN);
        if (gift.expiresAt && gift.expiresAt <= at) throw new DomainError(ErrorCode.REDEEM_CODE_EXPIRED);
        if (gift.redemptions >= gift.maxRedemptions) throw new DomainError(ErrorCode.REDEEM_CODE_USED);
        if ((await tx.countRedemptions(code, userId)) >= gift.perUserLimit) throw new DomainError(ErrorCode.REDEEM_CODE_USER_LIMIT);

        const redemptionId = await tx.recordRedemption({ code, userId, grant: { points: gift.points, planId: gift.planId, vipDays: gift.vipDays } });
        if (gift.points > 0) {
          const entry = await tx.applyEntry({ userId, type: 'redeem', availableDelta: gift.points, idempotencyKey: `redeem:${redemptionId}`, reference: code });
          if (!entry) throw new Error('could not credit a gift code');
        }
        let expireTime = account.expireTime;
        if (gift.vipDays > 0 && gift.planId) {
          const giftPlan = planById(gift.planId);
          const keepCurrent = account.vipLevel > giftPlan.vipLevel && account.expireTime && account.expireTime > at;
          const base = account.expireTime && account.expireTime > at ? account.expireTime : at;
          expireTime = new Date(base.getTime() + gift.vipDays * DAY_MS);
          await tx.updatePlan(userId, {
            planId: keepCurrent ? account.planId : giftPlan.id,
            vipLevel: keepCurrent ? account.vipLevel : giftPlan.vipLevel,
            expireTime,
          });
        }
        return { code: formatGiftCode(code), points: gift.points, vipDays: gift.vipDays, planId: gift.planId, expireTime: expireTime?.toISOString() ?? null };
      });
    },
  };
}

export type GiftCodeService = ReturnType<typeof createGiftCodeService>;
