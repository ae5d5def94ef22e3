import { ErrorCode, planById, planByVipLevel, planGrantNote, type ComboDetail, type PlanId } from '@voxwork/contract';
import type { PointsRepository, UserAccountRow } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { PointsLedger } from './points-ledger.service.ts';

/** The account info of spec §3 (`getUserAccount`). */
export interface AccountInfo {
  userId: string;
  planId: PlanId;
  vipLevel: number;
  status: 'active' | 'disabled';
  totalPoint: number;
  availablePoint: number;
  freezePoint: number;
  expireTime: string | null;
  comboDetail: ComboDetail;
  vtUseLimit: number;
  vtUsed: number;
}

const monthKey = (date: Date) => date.toISOString().slice(0, 7);
/** Users whose month's grant a process remembers at most (a few MB). */
const GRANTED_MONTHS_KEPT = 50_000;

/**
 * Accounts: creation with the free plan, plan expiry (a lapsed paid plan falls back to free) and the
 * monthly points grant of the current plan. Both are applied lazily whenever the account is read,
 * keyed by month, so they happen once per month however often it is read. The grant is idempotent
 * (its ledger key names the user and the month); this process remembers which users it has seen
 * granted this month, so that a read then costs one query instead of five (the grant's transaction
 * and a second read of the account). Another process, or this one after a restart, checks again.
 */
export function createAccountService({ points, ledger, now = () => new Date() }: { points: PointsRepository; ledger: PointsLedger; now?: () => Date }) {
  /** User id → the month (`2026-11`) whose grant this process has seen in the ledger (written now or before). */
  const grantedMonth = new Map<string, string>();

  /** Credits this month's grant of the account's plan unless the ledger has it; whether it was written now. */
  async function grantMonthly(account: UserAccountRow, at: Date): Promise<boolean> {
    const plan = planById(account.planId);
    const { duplicate } = await ledger.credit({
      userId: account.userId,
      type: 'grant',
      points: plan.comboDetail.pointsPerMonth,
      idempotencyKey: `grant:monthly:${account.userId}:${monthKey(at)}`,
      // A note key, said in each page's language (rows written before were "free plan, 2026-11": still read).
      reason: planGrantNote(plan.id, monthKey(at)),
    });
    return !duplicate;
  }

  /** The account with its plan's expiry and this month's grant applied; read again only when either changed it. */
  async function refresh(userId: string): Promise<UserAccountRow> {
    const account = await points.findAccount(userId);
    if (!account) throw new DomainError(ErrorCode.ACCOUNT_NOT_FOUND);
    const at = now();
    let changed = false;
    if (account.expireTime && account.expireTime <= at && account.planId !== 'free') {
      await points.updatePlan(userId, { planId: 'free', vipLevel: 0, expireTime: null });
      changed = true;
    }
    const month = monthKey(at);
    if (grantedMonth.get(userId) !== month) {
      if (await grantMonthly(account, at)) changed = true;
      // Bounded: a process serving more users than this forgets them all and checks each once more.
      if (grantedMonth.size >= GRANTED_MONTHS_KEPT) grantedMonth.clear();
      grantedMonth.set(userId, month);
    }
    return changed ? (await points.findAccount(userId))! : account;
  }

  return {
    /** Creates the account of a new user (free plan and this month's free points); safe to call again. */
    async ensureAccount(userId: string): Promise<void> {
      if (await points.insertAccountIfMissing({ userId, planId: 'free', vipLevel: 0 })) await grantMonthly((await points.findAccount(userId))!, now());
    },

    async getAccountInfo(userId: string): Promise<AccountInfo> {
      const account = await refresh(userId);
      const plan = planByVipLevel(account.vipLevel);
      return {
        userId: account.userId,
        planId: plan.id,
        vipLevel: account.vipLevel,
        status: account.status,
        totalPoint: account.totalPoint,
        availablePoint: account.availablePoint,
        freezePoint: account.freezePoint,
        expireTime: account.expireTime?.toISOString() ?? null,
        comboDetail: plan.comboDetail,
        vtUseLimit: plan.vtUseLimit,
        vtUsed: account.vtUsed,
      };
    },

    /** Whether the account exists and is disabled (a disabled user cannot sign in). */
    async isDisabled(userId: string): Promise<boolean> {
      return (await points.findAccount(userId))?.status === 'disabled';
    },

    async history(userId: string, filter: Parameters<PointsRepository['listEntries']>[1]) {
      return points.listEntries(userId, filter);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
