import { hash, timingSafeEqual } from 'node:crypto';
import {
  CONTRACT_HEADERS,
  ErrorCode,
  invalidReasonText,
  isInvalidReason,
  jsonNestingExceeds,
  MAX_BODY_DEPTH,
  ok,
  pickLocale,
  verifySignature,
  WEB_CHANNEL,
  type CallDefinition,
} from '@voxwork/contract';
import { DomainError } from '@voxwork/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type z } from 'zod';
import { clientClosedRequest, replyClientClosedRequest } from './client-abort.ts';
import { sendError } from './envelope-reply.ts';

export interface CallContext {
  request: FastifyRequest;
  /** The caller's user id header and bearer token, as sent (identity is checked by the accounts layer). */
  identity: { userId: string | undefined; token: string | undefined };
  /** The signed-in user, for `user` calls (checked against the token before the handler runs). */
  user: { id: string; email: string } | undefined;
}

/** Resolves a bearer token to its user; undefined when the token is unknown or expired. */
export type Authenticate = (token: string) => Promise<{ id: string; email: string; disabled: boolean } | undefined>;

export type CallHandler<C extends CallDefinition> = (
  body: z.output<C['body']>,
  context: CallContext,
) => Promise<z.input<C['data']>>;

export interface BoundCall {
  definition: CallDefinition;
  handler: (body: never, context: CallContext) => Promise<unknown>;
}

export function bindCall<C extends CallDefinition>(definition: C, handler: CallHandler<C>): BoundCall {
  return { definition, handler: handler as BoundCall['handler'] };
}

export type RateLimitCheck = (request: FastifyRequest, caller: { token: string | undefined; user: CallContext['user'] }) => Promise<void>;

export interface ContractOptions {
  signSecret: string;
  signWindowMs: number;
  bodyLimit: number;
  operatorToken: string | undefined;
  authenticate?: Authenticate;
  calls: readonly BoundCall[];
  /**
   * A call's rate limit, asked once per call when its route is made (undefined: the call has none):
   * counts a valid call against its limits (after access and validation); throws TOO_MANY_REQUESTS
   * (HTTP 429) when over.
   */
  rateLimitFor?: (definition: CallDefinition) => RateLimitCheck | undefined;
  now?: () => number;
}

const OTHER_METHODS = ['GET', 'PUT', 'DELETE', 'PATCH'] as const;

/** Node's one-shot MD5 (native, no Hash object per call) for the signature check. */
export const nodeMd5 = (text: string): string => hash('md5', text);

/**
 * The call contract of spec §7–§8 at the HTTP edge: POST + JSON, signed query, channel header,
 * zod-validated body, `{code, message, data}` envelope, catalogue errors (never a stack trace).
 */
export async function contractPlugin(app: FastifyInstance, options: ContractOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: options.bodyLimit }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    // Parsing is iterative, but much that walks a value later is not (serializers, structured clone):
    // a body nested deeper than any call needs is refused before it is parsed.
    if (jsonNestingExceeds(text, MAX_BODY_DEPTH)) return done(Object.assign(new Error('body nested too deeply'), { code: BODY_TOO_DEEP, statusCode: 400 }));
    defaultJsonParser(request, text, done);
  });

  // Signature and channel are checked before the body is read, so a bad request costs nothing.
  // A synchronous hook per call (no promise per call; the call's path is in its closure, not read
  // from routeOptions on each request); an early answer is sent without calling done().
  const checkSignature = (path: string) => (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const query = request.query as Record<string, string | undefined>;
    const check = verifySignature({
      path,
      secret: options.signSecret,
      timestamp: query.timestamp,
      signature: query.signature,
      now: now(),
      windowMs: options.signWindowMs,
      md5: nodeMd5,
    });
    if (!check.ok) {
      const code = {
        missing: ErrorCode.SIGNATURE_MISSING,
        invalid: ErrorCode.SIGNATURE_INVALID,
        stale: ErrorCode.TIMESTAMP_OUT_OF_WINDOW,
      }[check.reason];
      request.log.warn({ reason: check.reason, path }, 'rejected call signature');
      sendError(request, reply, code, { data: code === ErrorCode.TIMESTAMP_OUT_OF_WINDOW ? { serverTime: now() } : undefined });
      return;
    }
    if (request.headers[CONTRACT_HEADERS.channel] !== WEB_CHANNEL) {
      sendError(request, reply, ErrorCode.CHANNEL_INVALID);
      return;
    }
    done();
  };

  app.setErrorHandler((caught: FastifyError | DomainError, request, reply) => {
    if (clientClosedRequest(request)) return replyClientClosedRequest(request, reply, caught);
    if (caught instanceof DomainError) return sendDomainError(request, reply, caught);
    const error = caught as FastifyError;
    switch (error.code) {
      case BODY_TOO_DEEP:
        return sendInvalid(request, reply, '(body)', 'too_deep');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(request, reply, ErrorCode.BODY_TOO_LARGE, { status: 413, params: { limit: formatBytes(options.bodyLimit) } });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(request, reply, ErrorCode.UNSUPPORTED_MEDIA_TYPE, { status: 415 });
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(request, reply, ErrorCode.MALFORMED_JSON, { status: 400 });
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return sendError(request, reply, ErrorCode.MALFORMED_JSON, { status: 400 });
    }
    request.log.error({ err: error }, 'call failed');
    return sendError(request, reply, ErrorCode.INTERNAL_ERROR, { status: 500 });
  });

  for (const call of options.calls) {
    const { definition } = call;
    // Most calls have no limit of their own: they then pay nothing for it per request.
    const rateLimit = options.rateLimitFor?.(definition);
    app.post(definition.path, { onRequest: checkSignature(definition.path) }, async (request, reply) => {
      const identity = readIdentity(request);
      let user: CallContext['user'];
      if (definition.access === 'operator') {
        if (!options.operatorToken) return sendError(request, reply, ErrorCode.OPERATOR_NOT_CONFIGURED);
        if (!identity.token || !safeEqual(identity.token, options.operatorToken)) return sendError(request, reply, ErrorCode.OPERATOR_ONLY);
      } else if (definition.access === 'user') {
        const found = identity.token && options.authenticate ? await options.authenticate(identity.token) : undefined;
        if (!found) return sendError(request, reply, ErrorCode.AUTH_REQUIRED);
        if (identity.userId && identity.userId !== found.id) return sendError(request, reply, ErrorCode.USER_MISMATCH);
        if (found.disabled) return sendError(request, reply, ErrorCode.ACCOUNT_DISABLED);
        user = { id: found.id, email: found.email };
      }
      const parsed = definition.body.safeParse(request.body ?? {}, { reportInput: true });
      if (!parsed.success) {
        const { path, reason } = describeIssue(parsed.error.issues[0]!);
        return sendInvalid(request, reply, path.length ? path.map(String).join('.') : '(body)', reason);
      }
      // Only a valid write counts against its limits; a malformed one is refused above at no cost.
      if (rateLimit) await rateLimit(request, { token: identity.token, user });
      const data = await call.handler(parsed.data as never, { request, identity, user });
      return reply.send(ok(data));
    });
    app.route({
      method: [...OTHER_METHODS],
      url: definition.path,
      handler: (request, reply) => sendError(request, reply, ErrorCode.METHOD_NOT_ALLOWED, { status: 405 }),
    });
  }
}

function readIdentity(request: FastifyRequest): CallContext['identity'] {
  const userId = request.headers[CONTRACT_HEADERS.userId];
  const authorization = request.headers[CONTRACT_HEADERS.authorization];
  const token = typeof authorization === 'string' ? authorization.replace(/^Bearer\s+/i, '').trim() || undefined : undefined;
  return { userId: typeof userId === 'string' && userId ? userId : undefined, token };
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const BODY_TOO_DEEP = 'VOX_BODY_TOO_DEEP';
const FIELD_MAX_LENGTH = 100;

/** INVALID_PARAMETER naming the field (made printable and short: it may echo a key the caller sent) and the reason. */
export function sendInvalid(request: FastifyRequest, reply: FastifyReply, field: string, reason: string, status?: number): FastifyReply {
  const shown = printableField(field);
  return sendError(request, reply, ErrorCode.INVALID_PARAMETER, {
    ...(status ? { status } : {}),
    params: { field: shown, reason: invalidReasonText(pickLocale(request.headers['accept-language']), reason) },
    data: { errorCode: ErrorCode.INVALID_PARAMETER, field: shown, reason },
  });
}

/**
 * The field and reason key of a validation issue. A record key or array element that failed
 * carries its own issues: the innermost one says why. A refinement of the input primitives names
 * its reason (`params.reason`, e.g. `control_character`).
 */
export function describeIssue(issue: z.core.$ZodIssue, prefix: PropertyKey[] = []): { path: PropertyKey[]; reason: string } {
  const path = [...prefix, ...issue.path];
  if ((issue.code === 'invalid_key' || issue.code === 'invalid_element') && issue.issues[0]) return describeIssue(issue.issues[0], path);
  if (issue.code === 'unrecognized_keys') return { path: [...path, issue.keys[0] ?? ''], reason: issue.code };
  if (issue.code === 'invalid_type' && issue.input === undefined) return { path, reason: 'required' };
  if (issue.code === 'invalid_union') return { path, reason: 'invalid_value' };
  if (issue.code === 'custom' && typeof issue.params?.reason === 'string') return { path, reason: issue.params.reason };
  return { path, reason: issue.code };
}

function printableField(field: string): string {
  const short = field.length > FIELD_MAX_LENGTH ? `${field.slice(0, FIELD_MAX_LENGTH)}…` : field;
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  return short.toWellFormed().replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd');
}

/**
 * A domain error as its envelope. An INVALID_PARAMETER reason that is a catalogue key
 * (`invalid_value`) is put in the caller's language in the message; `data.reason` keeps the key.
 */
export function sendDomainError(request: FastifyRequest, reply: FastifyReply, error: DomainError, status?: number): FastifyReply {
  const reason = error.params.reason;
  if (error.code !== ErrorCode.INVALID_PARAMETER || typeof reason !== 'string' || !isInvalidReason(reason)) {
    return sendError(request, reply, error.code, { params: error.params, ...(status ? { status } : {}) });
  }
  return sendError(request, reply, error.code, {
    ...(status ? { status } : {}),
    params: { ...error.params, reason: invalidReasonText(pickLocale(request.headers['accept-language']), reason) },
    data: { errorCode: error.code, ...error.params },
  });
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

export type { FastifyReply };
