/**
 * Accounts, points holds, orders and payments (4001–4008).
 * Joined with the other areas into the catalogue in `../error-codes.ts`.
 */
import type { ErrorAreaMessages } from './error-area.ts';

export const accountErrorCodes = {
  ACCOUNT_NOT_FOUND: 4001,
  ACCOUNT_DISABLED: 4002,
  POINTS_HOLD_NOT_FOUND: 4003,
  POINTS_HOLD_CONFLICT: 4004,
  ORDER_NOT_FOUND: 4005,
  PAYMENT_PROVIDER_ERROR: 4006,
  WEBHOOK_INVALID: 4007,
  NICKNAME_INVALID: 4008,
} as const;

export const accountErrorMessages: ErrorAreaMessages<typeof accountErrorCodes> = {
  en: {
    4001: 'This account does not exist.',
    4002: 'This account is disabled. Contact support if you think this is a mistake.',
    4003: 'No points are frozen for this job.',
    4004: 'Points for this job are already frozen for another account.',
    4005: 'That order does not exist.',
    4006: 'The payment service could not start the checkout. Please try again in a moment.',
    4007: 'The payment notification could not be verified.',
    4008: 'Choose a nickname of 1–40 characters without <, >, {, }, ;, backslashes or code.',
  },
  zh: {
    4001: '该账号不存在。',
    4002: '该账号已被停用。如有疑问，请联系客服。',
    4003: '此任务没有冻结的积分。',
    4004: '此任务的积分已被其他账号冻结。',
    4005: '订单不存在。',
    4006: '支付服务暂时无法发起结算，请稍后再试。',
    4007: '无法验证支付通知。',
    4008: '昵称需为 1–40 个字符，且不能包含 <、>、{、}、;、反斜杠或代码。',
  },
};
