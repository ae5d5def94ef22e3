/**
 * Analytics events (3001–3004).
 * Joined with the other areas into the catalogue in `../error-codes.ts`.
 */
import type { ErrorAreaMessages } from './error-area.ts';

export const analyticsErrorCodes = {
  /** An analytics event failed validation. */
  EVENT_INVALID: 3001,
  /** An analytics event is larger than the limit. */
  EVENT_TOO_LARGE: 3002,
  /** Not an IPv4 or IPv6 address. */
  IP_INVALID: 3003,
  /** The event buffer is full (the database is not keeping up); the client may retry later. */
  EVENT_BUFFER_FULL: 3004,
} as const;

export const analyticsErrorMessages: ErrorAreaMessages<typeof analyticsErrorCodes> = {
  en: {
    3001: 'The analytics event is invalid: {reason}',
    3002: 'The analytics event is too large (limit {limit}).',
    3003: 'This is not a valid IP address: {ip}',
    3004: 'Too many analytics events at the moment. Please try again later.',
  },
  zh: {
    3001: '埋点事件无效：{reason}',
    3002: '埋点事件过大（上限 {limit}）。',
    3003: '不是有效的 IP 地址：{ip}',
    3004: '埋点事件过多，请稍后再试。',
  },
};
