/** Header names of the call contract (spec §7). HTTP header names are case-insensitive. */
export const CONTRACT_HEADERS = {
  channel: 'channel',
  userId: 'user-id',
  authorization: 'authorization',
  language: 'accept-language',
  requestId: 'x-request-id',
} as const;

/** The web channel (spec §7). */
export const WEB_CHANNEL = '100';
