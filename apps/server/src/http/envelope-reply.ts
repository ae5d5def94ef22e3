import { ErrorCode, messageFor, pickLocale, type Envelope, type ErrorCodeValue, type MessageParams } from '@voxwork/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends a catalogue error as an envelope, with the message in the caller's language.
 * TOO_MANY_REQUESTS is HTTP 429 with `Retry-After` (its `seconds`), for proxies and scripts (decision 002).
 */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCodeValue,
  options: { status?: number; params?: MessageParams; data?: Record<string, unknown> } = {},
): FastifyReply {
  const locale = pickLocale(request.headers['accept-language']);
  const params = options.params ?? {};
  const message = messageFor(locale, code, params) ?? messageFor(locale, ErrorCode.UNKNOWN)!;
  const body: Envelope<Record<string, unknown> | null> = {
    code,
    message,
    data: options.data ?? (Object.keys(params).length ? { errorCode: code, ...params } : null),
  };
  const tooMany = code === ErrorCode.TOO_MANY_REQUESTS;
  if (tooMany) reply.header('retry-after', String(Math.max(1, Math.ceil(Number(params.seconds) || 1))));
  return reply.code(options.status ?? (tooMany ? 429 : 200)).header('content-type', 'application/json; charset=utf-8').send(body);
}
