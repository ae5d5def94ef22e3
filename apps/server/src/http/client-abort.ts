import type { FastifyReply, FastifyRequest } from 'fastify';

/** The status logged for a request its client closed before it was complete (nginx's "client closed request"): not a server fault, never a 5xx. */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * Whether the client went away before it had sent its whole request (an abandoned upload, a body
 * cut off): whatever failed reading it is the client's doing. A request that was complete is not
 * one of these, even if its client left while it was being answered: a failure then is the server's.
 */
export function clientClosedRequest(request: FastifyRequest): boolean {
  const raw = request.raw;
  return raw.readableAborted || (raw.destroyed && !raw.complete);
}

/**
 * Logs a request the client abandoned as a warning (no stack: nothing in the server is wrong) with
 * status 499, and ends the reply with that status (nobody reads it; the access log does).
 */
export function replyClientClosedRequest(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const cause = error as { message?: unknown; code?: unknown } | null | undefined;
  request.log.warn(
    { statusCode: CLIENT_CLOSED_REQUEST, method: request.method, url: request.url, reason: typeof cause?.message === 'string' ? cause.message : undefined, code: typeof cause?.code === 'string' ? cause.code : undefined },
    'the client closed the request before it was complete',
  );
  return reply.code(CLIENT_CLOSED_REQUEST).header('connection', 'close').send();
}
