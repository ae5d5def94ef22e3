import { API_KEYS_PER_USER, ErrorCode } from '@voxwork/contract';
import type { ApiIdempotencyKeyRow, ApiKeyRepository, ApiKeyRow } from '@voxwork/db';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error.ts';
import { IdempotencyKeyTaken } from '../jobs/job.service.ts';
import { createApiKeyService } from './api-key.service.ts';
import { hashApiKeySecret } from './api-key-secret.ts';

/** In-memory keys and idempotency rows: the unit is the service's rules. */
function setup(options: { disabled?: Set<string>; limitRefuses?: boolean } = {}) {
  let clock = new Date('2026-11-27T08:00:00Z');
  const rows: ApiKeyRow[] = [];
  const touches: Date[] = [];
  const idempotency = new Map<string, ApiIdempotencyKeyRow>();
  const counted: string[] = [];
  const keys = {
    async insert(values) {
      const row: ApiKeyRow = { id: `key-${rows.length + 1}`, createdAt: clock, lastUsedAt: null, revokedAt: null, ...values };
      rows.push(row);
      return row;
    },
    async findBySecretHash(hash) {
      return rows.find((row) => row.secretHash === hash);
    },
    async listOf(ownerId) {
      return rows.filter((row) => row.ownerId === ownerId).reverse();
    },
    async countActive(ownerId) {
      return rows.filter((row) => row.ownerId === ownerId && !row.revokedAt).length;
    },
    async revoke(id, ownerId, at) {
      const row = rows.find((candidate) => candidate.id === id && candidate.ownerId === ownerId && !candidate.revokedAt);
      if (row) row.revokedAt = at;
      return !!row;
    },
    async touch(id, at) {
      touches.push(at);
      rows.find((row) => row.id === id)!.lastUsedAt = at;
    },
    async deleteAllOf() {},
  } satisfies ApiKeyRepository;
  const service = createApiKeyService({
    keys,
    jobRecords: {
      findIdempotencyKey: async (ownerId, key) => idempotency.get(`${ownerId}:${key}`),
      deleteIdempotencyKeysBefore: async () => 0,
    },
    rateLimiter: {
      enforce: async (rule, subject) => {
        counted.push(`${rule.name}:${subject}`);
        if (options.limitRefuses) throw new DomainError(ErrorCode.TOO_MANY_REQUESTS, { seconds: 3 });
      },
    },
    perKeyLimit: { limit: 10, windowSeconds: 60 },
    ownerActive: async (userId) => !options.disabled?.has(userId),
    now: () => clock,
  });
  return {
    service,
    rows,
    touches,
    counted,
    idempotency,
    advance: (ms: number) => (clock = new Date(clock.getTime() + ms)),
  };
}

const codeOf = async (promise: Promise<unknown>) => promise.then(() => 'no error', (error: unknown) => (error as DomainError).code);

describe('API key service', () => {
  it('stores only the hash and prefix, and shows the secret once', async () => {
    const { service, rows } = setup();
    const { key, secret } = await service.create('u1', { name: 'Robot', scopes: ['text-to-speech', 'text-to-speech'], readOnly: false });
    expect(rows[0]!.secretHash).toBe(hashApiKeySecret(secret));
    expect(JSON.stringify(rows[0])).not.toContain(secret);
    expect(key).toMatchObject({ prefix: secret.slice(0, 12), scopes: ['text-to-speech'], readOnly: false, status: 'active' });
    expect(JSON.stringify(await service.list('u1'))).not.toContain(secret);
  });

  it('refuses an expiry in the past and more than the allowed active keys', async () => {
    const { service } = setup();
    expect(await codeOf(service.create('u1', { name: 'Old', scopes: ['voices'], readOnly: true, expiresAt: '2026-11-27T07:59:59Z' }))).toBe(ErrorCode.INVALID_PARAMETER);
    for (let index = 0; index < API_KEYS_PER_USER; index++) await service.create('u1', { name: `k${index}`, scopes: ['voices'], readOnly: true });
    expect(await codeOf(service.create('u1', { name: 'one more', scopes: ['voices'], readOnly: true }))).toBe(ErrorCode.API_KEY_LIMIT);
    expect(await codeOf(service.create('u2', { name: 'other user', scopes: ['voices'], readOnly: true }))).toBe('no error');
  });

  it('authenticates a key against its row on every call: unknown, revoked, expired, disabled owner', async () => {
    const disabled = new Set<string>();
    const { service, advance, counted } = setup({ disabled });
    const { key, secret } = await service.create('u1', { name: 'Robot', scopes: ['text-to-speech'], readOnly: false, expiresAt: '2026-11-28T08:00:00Z' });
    expect(await service.authenticate(secret)).toEqual({ keyId: key.id, userId: 'u1', scopes: ['text-to-speech'], readOnly: false });
    expect(counted).toEqual([`api:key:${key.id}`]);
    expect(await codeOf(service.authenticate(`${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`))).toBe(ErrorCode.API_KEY_INVALID);
    disabled.add('u1');
    expect(await codeOf(service.authenticate(secret))).toBe(ErrorCode.API_KEY_INVALID);
    disabled.delete('u1');
    advance(24 * 3600_000);
    expect(await codeOf(service.authenticate(secret))).toBe(ErrorCode.API_KEY_EXPIRED);
    const other = await service.create('u1', { name: 'Second', scopes: ['voices'], readOnly: true });
    await service.revoke('u1', other.key.id);
    expect(await codeOf(service.authenticate(other.secret))).toBe(ErrorCode.API_KEY_REVOKED);
    expect(await codeOf(service.revoke('u1', other.key.id))).toBe(ErrorCode.API_KEY_NOT_FOUND);
    expect(await codeOf(service.revoke('u2', key.id))).toBe(ErrorCode.API_KEY_NOT_FOUND);
  });

  it('stamps the last use at most once a minute', async () => {
    const { service, touches, advance } = setup();
    const { secret } = await service.create('u1', { name: 'Robot', scopes: ['voices'], readOnly: true });
    await service.authenticate(secret);
    advance(30_000);
    await service.authenticate(secret);
    advance(31_000);
    await service.authenticate(secret);
    expect(touches.map((at) => at.toISOString())).toEqual(['2026-11-27T08:00:00.000Z', '2026-11-27T08:01:01.000Z']);
  });

  it('passes the rate limiter’s refusal on', async () => {
    const { service } = setup({ limitRefuses: true });
    const { secret } = await service.create('u1', { name: 'Robot', scopes: ['voices'], readOnly: true });
    expect(await codeOf(service.authenticate(secret))).toBe(ErrorCode.TOO_MANY_REQUESTS);
  });

  it('refuses writes by read-only keys and tools outside the scopes', () => {
    const { service } = setup();
    const caller = { keyId: 'k', userId: 'u1', scopes: ['text-to-speech'], readOnly: false };
    expect(() => service.authorize(caller, { write: true, tool: 'text-to-speech' })).not.toThrow();
    expect(() => service.authorize(caller, { write: false })).not.toThrow();
    expect(() => service.authorize(caller, { write: true, tool: 'avatar' })).toThrow(expect.objectContaining({ code: ErrorCode.API_KEY_SCOPE_MISSING, params: { tool: 'avatar' } }));
    expect(() => service.authorize({ ...caller, readOnly: true }, { write: true, tool: 'text-to-speech' })).toThrow(expect.objectContaining({ code: ErrorCode.API_KEY_READ_ONLY }));
  });

  it('replays an idempotent create, refuses another body, and replays the winner of a race', async () => {
    const { service, idempotency } = setup();
    const created: string[] = [];
    const create = async (claim: { key: string; requestHash: string } | undefined) => {
      const jobId = `job-${created.length + 1}`;
      created.push(jobId);
      if (claim) idempotency.set(`u1:${claim.key}`, { ownerId: 'u1', key: claim.key, requestHash: claim.requestHash, jobId, createdAt: new Date() });
      return { jobId };
    };
    expect(await service.createIdempotent('u1', { key: 'k1', requestHash: 'h1' }, create)).toEqual({ jobId: 'job-1', replayed: false });
    expect(await service.createIdempotent('u1', { key: 'k1', requestHash: 'h1' }, create)).toEqual({ jobId: 'job-1', replayed: true });
    expect(await codeOf(service.createIdempotent('u1', { key: 'k1', requestHash: 'h2' }, create))).toBe(ErrorCode.IDEMPOTENCY_KEY_CONFLICT);
    expect(created).toEqual(['job-1']);
    // Without a key every request creates.
    expect(await service.createIdempotent('u1', undefined, create)).toEqual({ jobId: 'job-2', replayed: false });

    // The race: the key was free when looked up, then another request claimed it in its transaction.
    const lost = async (claim: { key: string; requestHash: string } | undefined) => {
      idempotency.set(`u1:${claim!.key}`, { ownerId: 'u1', key: claim!.key, requestHash: claim!.requestHash, jobId: 'job-winner', createdAt: new Date() });
      throw new IdempotencyKeyTaken(claim!.key);
    };
    expect(await service.createIdempotent('u1', { key: 'k2', requestHash: 'h' }, lost)).toEqual({ jobId: 'job-winner', replayed: true });
  });
});
