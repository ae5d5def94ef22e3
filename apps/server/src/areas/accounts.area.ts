import {
  authProvidersCall,
  ErrorCode,
  getUserAccountCall,
  giftCodesCreateCall,
  messageFor,
  pickLocale,
  giftCodesDisableCall,
  giftCodesListCall,
  passwordPolicyCall,
  pointPageListCall,
  pointsAdjustCall,
  redeemCodeCall,
  type GiftCodeView,
} from '@voxwork/contract';
import { DomainError } from '@voxwork/core';
import type { GiftCodeRow } from '@voxwork/db';
import { configuredProviders, nicknameViolation, passwordPolicyFrom, passwordPolicyViolations } from '../auth/auth.ts';
import { sendFetchResponse, toFetchRequest } from '../http/fetch-bridge.ts';
import { bindCall, type CallContext } from '../http/contract.plugin.ts';
import type { Area } from './area.ts';

const signedInUser = (context: CallContext) => {
  if (!context.user) throw new DomainError(ErrorCode.AUTH_REQUIRED);
  return context.user.id;
};

const giftCodeView = (row: GiftCodeRow): GiftCodeView => ({
  ...row,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** Better Auth's answers to a request from an origin it does not trust. */
const ORIGIN_REFUSALS = new Set(['INVALID_ORIGIN', 'MISSING_OR_NULL_ORIGIN']);

/**
 * An origin refusal with what a person needs to fix it: the address the page was opened at
 * (`origin`) and the one sign-in is accepted at (`acceptedOrigin`, PUBLIC_URL's origin). The web
 * app words it in the page's language; undefined for any other 403.
 */
async function explainRefusedOrigin(response: Response, origin: string | undefined, publicUrl: string) {
  const body = (await response.clone().json().catch(() => undefined)) as { code?: unknown } | undefined;
  if (typeof body?.code !== 'string' || !ORIGIN_REFUSALS.has(body.code)) return undefined;
  const acceptedOrigin = new URL(publicUrl).origin;
  const seen = origin && origin !== 'null' ? origin : null;
  return {
    code: body.code,
    message: `Sign-in is not accepted from ${seen ?? 'a page without an origin'}: this server accepts it at ${acceptedOrigin} (PUBLIC_URL) and at its own addresses. Open the app at ${acceptedOrigin}, or set PUBLIC_URL to the address you use.`,
    origin: seen,
    acceptedOrigin,
  };
}

/** Identity (Better Auth under /api/auth), the account calls of spec §7, and operator tools for codes and points. */
export const accountsArea: Area = {
  name: 'accounts',
  calls: ({ services, config }) => [
    bindCall(getUserAccountCall, async (body, context) => {
      const userId = signedInUser(context);
      if (body.userId !== userId) throw new DomainError(ErrorCode.USER_MISMATCH);
      return services.accounts.getAccountInfo(userId);
    }),
    bindCall(pointPageListCall, async (body, context) => {
      const userId = signedInUser(context);
      const page = await services.accounts.history(userId, {
        page: body.pageNum,
        pageSize: body.pageSize,
        ...(body.types ? { types: body.types } : {}),
        ...(body.startTime ? { from: new Date(body.startTime) } : {}),
        ...(body.endTime ? { to: new Date(body.endTime) } : {}),
      });
      return {
        total: page.total,
        pageNum: body.pageNum,
        pageSize: body.pageSize,
        list: page.items.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
      };
    }),
    bindCall(redeemCodeCall, async (body, context) => services.giftCodes.redeem(signedInUser(context), body.redeemCode)),
    bindCall(passwordPolicyCall, async () => passwordPolicyFrom(config)),
    bindCall(authProvidersCall, async () => ({ providers: configuredProviders(config) })),
    bindCall(giftCodesCreateCall, async (body) => {
      const { batchId, codes } = await services.giftCodes.createBatch({
        count: body.count,
        points: body.points,
        planId: body.planId ?? null,
        vipDays: body.vipDays ?? 0,
        ...(body.maxRedemptions ? { maxRedemptions: body.maxRedemptions } : {}),
        ...(body.perUserLimit ? { perUserLimit: body.perUserLimit } : {}),
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        note: body.note ?? null,
        ...(body.code ? { code: body.code } : {}),
      });
      return { batchId, codes: codes.map(giftCodeView) };
    }),
    bindCall(giftCodesListCall, async (body) => ({ codes: (await services.giftCodes.list(body.batchId ? { batchId: body.batchId } : {})).map(giftCodeView) })),
    bindCall(giftCodesDisableCall, async (body) => ({
      disabled: await services.giftCodes.disable({ ...(body.codes ? { codes: body.codes } : {}), ...(body.batchId ? { batchId: body.batchId } : {}) }),
    })),
    bindCall(pointsAdjustCall, async (body) => {
      if (!(await services.points.findAccount(body.userId))) throw new DomainError(ErrorCode.ACCOUNT_NOT_FOUND);
      const { entry, duplicate } = await services.ledger.credit({
        userId: body.userId,
        type: 'adjust',
        points: body.points,
        idempotencyKey: `adjust:${body.requestId}`,
        reason: body.reason,
      });
      return { availablePoint: entry.availableAfter, freezePoint: entry.freezeAfter, duplicate };
    }),
  ],
  routes: async (http, { services, config }) => {
    const policy = passwordPolicyFrom(config);
    await http.register(async (scope) => {
      // JSON is read as text (checked here, passed on unchanged); anything else (form posts from OAuth providers) streams through.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      scope.route({
        method: ['GET', 'POST'],
        url: '/api/auth/*',
        handler: async (request, reply) => {
          if (typeof request.body === 'string') {
            let parsed: unknown;
            try {
              parsed = JSON.parse(request.body);
            } catch {
              return reply.code(400).send({ code: 'INVALID_JSON', message: 'The request body is not valid JSON.' });
            }
            const path = request.url.split('?')[0]!;
            const badName = nicknameViolation(path, parsed);
            if (badName) {
              return reply.code(400).send({ code: 'INVALID_NICKNAME', message: messageFor(pickLocale(request.headers['accept-language']), ErrorCode.NICKNAME_INVALID), reason: badName });
            }
            const broken = passwordPolicyViolations(policy, path, parsed);
            if (broken.length) return reply.code(400).send({ code: 'PASSWORD_POLICY', message: `The password breaks: ${broken.join(', ')}`, rules: broken });
          }
          const fetchRequest = toFetchRequest(request, reply);
          // The client address as the edge sees it (rate limiting); never the caller's own header.
          fetchRequest.headers.set('x-forwarded-for', request.ip);
          const response = await services.auth.handler(fetchRequest);
          if (response.status === 403) {
            const refused = await explainRefusedOrigin(response, request.headers.origin, config.publicUrl);
            if (refused) {
              request.log.warn({ origin: refused.origin, acceptedOrigin: refused.acceptedOrigin }, 'sign-in refused from an address this server does not answer at: open the app at PUBLIC_URL, or set PUBLIC_URL to that address');
              return reply.code(403).send(refused);
            }
          }
          return sendFetchResponse(reply, response);
        },
      });
    });
  },
};
