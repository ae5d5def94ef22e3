import { ErrorCode, messageFor, pickLocale, type Envelope, type ErrorCodeValue } from '@voxwork/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Sends a catalogue error as an envelope, with the message in the caller's language. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCodeValue,
  options: { status?: number; params?: Record<string, string | number>; data?: Record<string, unknown> } = {},
): FastifyReply {
  const locale = pickLocale(request.headers['accept-language']);
  const params = options.params ?? {};
  const message = messageFor(locale, code, params) ?? messageFor(locale, ErrorCode.UNKNOWN)!;
  const body: Envelope<Record<string, unknown> | null> = {
    code,
    message,
    data: options.data ?? (Object.keys(params).length ? { errorCode: code, ...params } : null),
  };
  return reply.code(options.status ?? 200).header('content-type', 'application/json; charset=utf-8').send(body);
}
