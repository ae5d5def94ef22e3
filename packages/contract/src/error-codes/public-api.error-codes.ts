/**
 * Public API keys, idempotency and webhooks (2200–2229, decisions 037 and 038).
 * Joined with the other areas into the catalogue in `../error-codes.ts`.
 */
import type { ErrorAreaMessages } from './error-area.ts';

export const publicApiErrorCodes = {
  /** Public API (2200–2219, decision 037). The `Authorization: Bearer` key is missing, malformed or unknown: HTTP 401. */
  API_KEY_INVALID: 2200,
  /** The API key was revoked by its owner: HTTP 401. */
  API_KEY_REVOKED: 2201,
  /** The API key's expiry date has passed: HTTP 401. */
  API_KEY_EXPIRED: 2202,
  /** The API key has no scope for this tool: HTTP 403; `tool`. */
  API_KEY_SCOPE_MISSING: 2203,
  /** The API key is read-only and the call creates or changes something: HTTP 403. */
  API_KEY_READ_ONLY: 2204,
  /** An `Idempotency-Key` already used with another request body or path: HTTP 409. */
  IDEMPOTENCY_KEY_CONFLICT: 2205,
  /** The `Idempotency-Key` header is empty, too long or has characters other than printable ASCII: HTTP 400. */
  IDEMPOTENCY_KEY_INVALID: 2206,
  /** No such API key of this user (or it is already revoked). */
  API_KEY_NOT_FOUND: 2207,
  /** The user has the maximum number of active API keys; `limit`. */
  API_KEY_LIMIT: 2208,
  /** This tool's jobs cannot be created through the API (yet); `tool`. */
  API_TOOL_NOT_AVAILABLE: 2209,
  /** Webhooks (2220–2229, decision 038). The endpoint (or delivery) is unknown or not the caller's: HTTP 404. */
  WEBHOOK_NOT_FOUND: 2220,
  /** The user has the maximum number of webhook endpoints; `limit`. */
  WEBHOOK_LIMIT: 2221,
  /** The URL's host resolves to a private, loopback or link-local address and the operator does not allow those; `address`. */
  WEBHOOK_URL_FORBIDDEN: 2222,
  /** The URL's host does not resolve; `host`. */
  WEBHOOK_URL_UNRESOLVABLE: 2223,
  /** A worker is sending this delivery right now (send again a moment later). */
  WEBHOOK_DELIVERY_BUSY: 2224,
} as const;

export const publicApiErrorMessages: ErrorAreaMessages<typeof publicApiErrorCodes> = {
  en: {
    2200: 'The API key is missing or not valid. Send it as “Authorization: Bearer vx_live_…”.',
    2201: 'This API key has been revoked. Create a new key in your account settings.',
    2202: 'This API key has expired. Create a new key in your account settings.',
    2203: 'This API key may not use “{tool}”. Create a key with that tool in its scopes.',
    2204: 'This API key is read-only: it cannot create or change anything.',
    2205: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
    2206: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
    2207: 'This API key does not exist or has already been revoked.',
    2208: 'You already have {limit} active API keys. Revoke one first.',
    2209: 'Jobs of “{tool}” cannot be created through the API yet.',
    2220: 'This webhook endpoint does not exist.',
    2221: 'You already have {limit} webhook endpoints. Delete one first.',
    2222: 'Webhooks cannot be sent to {address}: it is a private, loopback or link-local address.',
    2223: 'The host “{host}” of this webhook URL could not be found.',
    2224: 'This delivery is being sent right now. Try again in a moment.',
  },
  zh: {
    2200: 'API 密钥缺失或无效。请以“Authorization: Bearer vx_live_…”的形式发送。',
    2201: '此 API 密钥已被撤销。请在账号设置中创建新密钥。',
    2202: '此 API 密钥已过期。请在账号设置中创建新密钥。',
    2203: '此 API 密钥无权使用“{tool}”。请创建一个权限范围包含该工具的密钥。',
    2204: '此 API 密钥为只读：不能创建或修改任何内容。',
    2205: '此 Idempotency-Key 已用于另一个不同的请求。新请求请使用新的键。',
    2206: 'Idempotency-Key 请求头须为 1 到 255 个可打印 ASCII 字符。',
    2207: '此 API 密钥不存在或已被撤销。',
    2208: '你已有 {limit} 个有效的 API 密钥。请先撤销一个。',
    2209: '暂不能通过 API 创建“{tool}”的任务。',
    2220: '此 Webhook 端点不存在。',
    2221: '你已有 {limit} 个 Webhook 端点。请先删除一个。',
    2222: '不能向 {address} 发送 Webhook：它是私有、本机回环或链路本地地址。',
    2223: '找不到此 Webhook 地址的主机“{host}”。',
    2224: '此投递正在发送中，请稍后再试。',
  },
};
