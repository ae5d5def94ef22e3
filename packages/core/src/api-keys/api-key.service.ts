import { API_KEYS_PER_USER, ErrorCode, type ApiKeyScope, type ApiKeyView } from '@voxwork/contract';
import type { ApiKeyRepository, ApiKeyRow, JobRepository } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import { IdempotencyKeyTaken } from '../jobs/job.service.ts';
import type { RateLimiter, RateLimitRule } from '../rate-limits/rate-limiter.ts';
import { generateApiKeySecret, hashApiKeySecret } from './api-key-secret.ts';

export interface ApiKeyServiceDeps {
  keys: ApiKeyRepository;
  jobRecords: Pick<JobRepository, 'findIdempotencyKey' | 'deleteIdempotencyKeysBefore'>;
  rateLimiter: Pick<RateLimiter, 'enforce'>;
  /** Calls one key may make per window (null: no limit). */
  perKeyLimit: Omit<RateLimitRule, 'name'> | null;
  /** Whether the account may still make calls (false for a disabled or deleted account). */
  ownerActive: (userId: string) => Promise<boolean>;
  now?: () => Date;
}

/** The key a call was made with, after it was checked: its owner and what it may do. */
export interface ApiCaller {
  keyId: string;
  userId: string;
  scopes: readonly string[];
  readOnly: boolean;
}

/** How long a replayable `Idempotency-Key` is remembered. */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** `last_used_at` is written at most this often per key. */
const TOUCH_EVERY_MS = 60_000;

export function apiKeyView(row: ApiKeyRow, now: Date): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    readOnly: row.access === 'read-only',
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt <= now ? 'expired' : 'active',
  };
}

/**
 * API keys (issue 19, decision 037): created with a name, scopes and an optional expiry, the
 * secret shown once and kept as its SHA-256; every call made with a key reads its row (no cache:
 * a revoke or an expiry holds on the next call, on every replica), counts against the key's rate
 * limit and stamps its last use. Scope and read-only checks for the REST surface live here too.
 */
export function createApiKeyService(deps: ApiKeyServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const limitRule: RateLimitRule | undefined = deps.perKeyLimit ? { name: 'api:key', ...deps.perKeyLimit } : undefined;

  return {
    async list(ownerId: string): Promise<ApiKeyView[]> {
      const at = now();
      return (await deps.keys.listOf(ownerId)).map((row) => apiKeyView(row, at));
    },

    /** Creates a key; the answer holds the secret, which is never readable again. */
    async create(ownerId: string, request: { name: string; scopes: readonly ApiKeyScope[]; readOnly: boolean; expiresAt?: string | undefined }) {
      const at = now();
      const expiresAt = request.expiresAt ? new Date(request.expiresAt) : null;
      if (expiresAt && expiresAt <= at) throw new DomainError(ErrorCode.INVALID_PARAMETER, { field: 'expiresAt', reason: { en: 'must be in the future', zh: '必须是将来的时间' } });
      if ((await deps.keys.countActive(ownerId)) >= API_KEYS_PER_USER) throw new DomainError(ErrorCode.API_KEY_LIMIT, { limit: API_KEYS_PER_USER });
      const { secret, hash, prefix } = generateApiKeySecret();
      const row = await deps.keys.insert({
        ownerId,
        name: request.name,
        prefix,
        secretHash: hash,
        scopes: [...new Set(request.scopes)],
        access: request.readOnly ? 'read-only' : 'read-write',
        expiresAt,
      });
      return { key: apiKeyView(row, at), secret };
    },

    async revoke(ownerId: string, id: string): Promise<void> {
      if (!(await deps.keys.revoke(id, ownerId, now()))) throw new DomainError(ErrorCode.API_KEY_NOT_FOUND);
    },

    /**
     * The caller of a well-formed secret: API_KEY_INVALID (unknown key or disabled account),
     * API_KEY_REVOKED or API_KEY_EXPIRED otherwise; then the key's rate limit (TOO_MANY_REQUESTS).
     */
    async authenticate(secret: string): Promise<ApiCaller> {
      const row = await deps.keys.findBySecretHash(hashApiKeySecret(secret));
      if (!row) throw new DomainError(ErrorCode.API_KEY_INVALID);
      const at = now();
      if (row.revokedAt) throw new DomainError(ErrorCode.API_KEY_REVOKED);
      if (row.expiresAt && row.expiresAt <= at) throw new DomainError(ErrorCode.API_KEY_EXPIRED);
      if (!(await deps.ownerActive(row.ownerId))) throw new DomainError(ErrorCode.API_KEY_INVALID);
      if (limitRule) await deps.rateLimiter.enforce(limitRule, row.id);
      if (!row.lastUsedAt || at.getTime() - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
        await deps.keys.touch(row.id, at, new Date(at.getTime() - TOUCH_EVERY_MS));
      }
      return { keyId: row.id, userId: row.ownerId, scopes: row.scopes, readOnly: row.access === 'read-only' };
    },

    /** Refuses a write by a read-only key (API_KEY_READ_ONLY) and a tool outside the key's scopes (API_KEY_SCOPE_MISSING). */
    authorize(caller: ApiCaller, need: { write: boolean; tool?: string | null | undefined }): void {
      if (need.write && caller.readOnly) throw new DomainError(ErrorCode.API_KEY_READ_ONLY);
      if (need.tool && !caller.scopes.includes(need.tool)) throw new DomainError(ErrorCode.API_KEY_SCOPE_MISSING, { tool: need.tool });
    },

    /**
     * A create made idempotent by `key`: a replay with the same fingerprint answers the job of
     * the first request (`replayed: true`) and creates nothing; another fingerprint is
     * IDEMPOTENCY_KEY_CONFLICT. `create` must pass the claim to `JobService.enqueue`
     * (`EnqueueOptions.idempotency`), which writes it in the job's own transaction: of two
     * concurrent first requests one creates the job, the other waits on the key and replays it.
     */
    async createIdempotent(
      ownerId: string,
      claim: { key: string; requestHash: string } | undefined,
      create: (idempotency: { key: string; requestHash: string } | undefined) => Promise<{ jobId: string }>,
    ): Promise<{ jobId: string; replayed: boolean }> {
      if (!claim) return { ...(await create(undefined)), replayed: false };
      const replay = async () => {
        const found = await deps.jobRecords.findIdempotencyKey(ownerId, claim.key);
        if (!found) return undefined;
        if (found.requestHash !== claim.requestHash) throw new DomainError(ErrorCode.IDEMPOTENCY_KEY_CONFLICT);
        return { jobId: found.jobId, replayed: true };
      };
      const earlier = await replay();
      if (earlier) return earlier;
      try {
        return { ...(await create(claim)), replayed: false };
      } catch (error) {
        if (!(error instanceof IdempotencyKeyTaken)) throw error;
        const raced = await replay();
        if (!raced) throw error;
        return raced;
      }
    },

    /** Forgets idempotency keys older than a day (run by the worker's sweeper). */
    async sweepIdempotencyKeys(): Promise<number> {
      return deps.jobRecords.deleteIdempotencyKeysBefore(new Date(now().getTime() - IDEMPOTENCY_KEY_HOURS * 3600_000));
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
