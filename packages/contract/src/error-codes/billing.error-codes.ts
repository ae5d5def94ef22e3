/**
 * Points, plans and gift codes (10078, 10091, 11048–11058): all returned raw, so the caller can offer a top-up, an upgrade or another code.
 * Joined with the other areas into the catalogue in `../error-codes.ts`.
 */
import type { ErrorAreaMessages } from './error-area.ts';

export const billingErrorCodes = {
  /** Not enough available points for this action. Returned raw so the caller can offer a top-up. */
  POINTS_INSUFFICIENT: 10078,
  /** The action needs a higher plan (or the plan's limit for the period is used up). Returned raw so the caller can offer an upgrade. */
  PLAN_REQUIRED: 10091,
  /** Gift code unknown (or disabled). */
  REDEEM_CODE_UNKNOWN: 11048,
  /** Gift code already used up. */
  REDEEM_CODE_USED: 11049,
  /** Gift code expired. */
  REDEEM_CODE_EXPIRED: 11053,
  /** This user has reached the code's per-user limit. */
  REDEEM_CODE_USER_LIMIT: 11058,
} as const;

export const billingErrorMessages: ErrorAreaMessages<typeof billingErrorCodes> = {
  en: {
    10078: 'Not enough points. Top up or upgrade your plan to continue.',
    10091: 'Your plan does not include this, or its limit for this period is used up. Upgrade to continue.',
    11048: 'This gift code does not exist.',
    11049: 'This gift code has already been used.',
    11053: 'This gift code has expired.',
    11058: 'You have already redeemed this gift code the maximum number of times.',
  },
  zh: {
    10078: '积分不足，请充值或升级套餐后继续。',
    10091: '你的套餐不包含此功能，或本周期额度已用完，请升级后继续。',
    11048: '兑换码不存在。',
    11049: '兑换码已被使用。',
    11053: '兑换码已过期。',
    11058: '你兑换此兑换码的次数已达上限。',
  },
};
