import { ErrorCode } from '@voxwork/contract';
import { createAccountService, createGiftCodeService, createPointsLedger, DomainError } from '@voxwork/core';
import { createJobRepository, createPointsRepository, type DatabaseHandle } from '@voxwork/db';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/test-database.ts';

describe.each(testDatabases({ poolMax: 20 }))('points ledger and gift codes on %s', (_name, open) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let clock = new Date('2026-11-10T10:00:00Z');
  const now = () => clock;
  let services: ReturnType<typeof build>;

  function build() {
    const points = createPointsRepository(handle.db);
    const ledger = createPointsLedger({ points });
    return { points, ledger, accounts: createAccountService({ points, ledger, now }), gifts: createGiftCodeService({ points, now }) };
  }

  beforeAll(async () => {
    ({ handle, cleanup } = await open());
    services = build();
  });
  afterAll(() => cleanup());

  async function newUser(extraPoints = 0) {
    const userId = `user_${randomUUID()}`;
    await services.accounts.ensureAccount(userId);
    if (extraPoints) await services.ledger.credit({ userId, type: 'adjust', points: extraPoints, idempotencyKey: `test:${userId}` });
    return userId;
  }

  async function expectConsistent(userId: string) {
    const account = (await services.points.findAccount(userId))!;
    const sums = await services.points.sumEntries(userId);
    expect(account.availablePoint).toBeGreaterThanOrEqual(0);
    expect(account.freezePoint).toBeGreaterThanOrEqual(0);
    expect(account.totalPoint).toBe(account.availablePoint + account.freezePoint);
    expect(sums).toEqual({ available: account.availablePoint, freeze: account.freezePoint });
    return account;
  }

  it('a new account gets the free plan and its monthly points once', async () => {
    const userId = await newUser();
    await services.accounts.ensureAccount(userId);
    const info = await services.accounts.getAccountInfo(userId);
    expect(info).toMatchObject({ planId: 'free', vipLevel: 0, status: 'active', availablePoint: 300, freezePoint: 0, totalPoint: 300, vtUseLimit: 3 });
    await services.accounts.getAccountInfo(userId);
    expect((await expectConsistent(userId)).availablePoint).toBe(300);
    // Next month: the monthly grant again, once.
    clock = new Date('2026-12-01T00:00:01Z');
    expect((await services.accounts.getAccountInfo(userId)).availablePoint).toBe(600);
    expect((await services.accounts.getAccountInfo(userId)).availablePoint).toBe(600);
    clock = new Date('2026-11-10T10:00:00Z');
  });

  it('a read checks the month\'s grant once per month in a process, and shows a grant it wrote', async () => {
    const userId = `user_${randomUUID()}`;
    await services.points.insertAccountIfMissing({ userId, planId: 'free', vipLevel: 0 });
    // An account made without its grant (as before ensureAccount granted at once): the first read writes it and shows it.
    const credits: string[] = [];
    const counted = { ...services.ledger, credit: (input: Parameters<typeof services.ledger.credit>[0]) => (credits.push(input.idempotencyKey), services.ledger.credit(input)) };
    const accounts = createAccountService({ points: services.points, ledger: counted, now });
    expect((await accounts.getAccountInfo(userId)).availablePoint).toBe(300);
    expect((await accounts.getAccountInfo(userId)).availablePoint).toBe(300);
    expect(credits).toEqual([`grant:monthly:${userId}:2026-11`]);
    // Another process (another service) checks once for itself and grants nothing twice.
    expect((await services.accounts.getAccountInfo(userId)).availablePoint).toBe(300);
    // A credit of another kind shows at the next read; next month is checked (and granted) again, once.
    await services.ledger.credit({ userId, type: 'adjust', points: 7, idempotencyKey: `test:${userId}` });
    expect((await accounts.getAccountInfo(userId)).availablePoint).toBe(307);
    clock = new Date('2026-12-01T00:00:01Z');
    expect((await accounts.getAccountInfo(userId)).availablePoint).toBe(607);
    expect((await accounts.getAccountInfo(userId)).availablePoint).toBe(607);
    expect(credits).toEqual([`grant:monthly:${userId}:2026-11`, `grant:monthly:${userId}:2026-12`]);
    clock = new Date('2026-11-10T10:00:00Z');
    expect((await expectConsistent(userId)).availablePoint).toBe(607);
  });

  it('freeze → settle charges the actual cost and returns the rest, exactly once', async () => {
    const userId = await newUser();
    const jobId = randomUUID();
    expect(await services.ledger.freeze(userId, 100, jobId)).toEqual({ status: 'frozen', amount: 100 });
    expect(await services.ledger.freeze(userId, 100, jobId)).toEqual({ status: 'already-frozen', amount: 100 });
    expect(await expectConsistent(userId)).toMatchObject({ availablePoint: 200, freezePoint: 100 });
    expect(await services.ledger.settle(jobId, 60)).toEqual({ status: 'settled', charged: 60, refunded: 40 });
    expect(await services.ledger.settle(jobId, 60)).toEqual({ status: 'already-settled', charged: 60, refunded: 40 });
    expect(await services.ledger.release(jobId)).toMatchObject({ status: 'already-settled' });
    expect(await expectConsistent(userId)).toMatchObject({ availablePoint: 240, freezePoint: 0 });
  });

  it('release returns everything; a settle after it changes nothing; settle never charges above the hold', async () => {
    const userId = await newUser();
    const failed = randomUUID();
    await services.ledger.freeze(userId, 120, failed);
    expect(await services.ledger.release(failed)).toEqual({ status: 'released', charged: 0, refunded: 120 });
    expect(await services.ledger.settle(failed, 50)).toMatchObject({ status: 'already-released' });
    const over = randomUUID();
    await services.ledger.freeze(userId, 50, over);
    expect(await services.ledger.settle(over, 500)).toEqual({ status: 'settled', charged: 50, refunded: 0 });
    expect(await expectConsistent(userId)).toMatchObject({ availablePoint: 250, freezePoint: 0 });
  });

  it('a freeze beyond the balance fails with POINTS_INSUFFICIENT and writes nothing', async () => {
    const userId = await newUser();
    const jobId = randomUUID();
    const error = await services.ledger.freeze(userId, 301, jobId).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(ErrorCode.POINTS_INSUFFICIENT);
    expect(await services.points.findHold(jobId)).toBeUndefined();
    expect(await expectConsistent(userId)).toMatchObject({ availablePoint: 300, freezePoint: 0 });
    await expect(services.ledger.freeze(userId, 0, randomUUID())).rejects.toMatchObject({ code: ErrorCode.INVALID_PARAMETER });
    await expect(services.ledger.freeze(userId, 1.5, randomUUID())).rejects.toMatchObject({ code: ErrorCode.INVALID_PARAMETER });
  });

  it('50 parallel freezes totalling more than the balance: never negative, entries sum to the balances', async () => {
    const userId = await newUser(700); // 1,000 points
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => services.ledger.freeze(userId, 37, randomUUID())));
    const frozen = results.filter((result) => result.status === 'fulfilled').length;
    const refused = results.filter((result) => result.status === 'rejected');
    expect(frozen).toBe(Math.floor(1000 / 37));
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toMatchObject({ code: ErrorCode.POINTS_INSUFFICIENT });
    expect(await expectConsistent(userId)).toMatchObject({ availablePoint: 1000 - frozen * 37, freezePoint: frozen * 37 });
  });

  it('concurrent settles and releases of one hold close it once', async () => {
    const userId = await newUser();
    const jobId = randomUUID();
    await services.ledger.freeze(userId, 90, jobId);
    const outcomes = await Promise.all([
      ...Array.from({ length: 10 }, () => services.ledger.settle(jobId, 30)),
      ...Array.from({ length: 10 }, () => services.ledger.release(jobId)),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'settled' || outcome.status === 'released')).toHaveLength(1);
    const account = await expectConsistent(userId);
    expect(account.freezePoint).toBe(0);
    expect([270, 300]).toContain(account.availablePoint);
  });

  it('the same credit delivered 20 times at once counts once', async () => {
    const userId = await newUser();
    const results = await Promise.all(Array.from({ length: 20 }, () => services.ledger.credit({ userId, type: 'purchase', points: 5000, idempotencyKey: `purchase:order-${userId}` })));
    expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
    expect(await expectConsistent(userId)).toMatchObject({ availablePoint: 5300 });
  });

  it('the sweeper releases holds whose job never closed them', async () => {
    const userId = await newUser();
    const jobId = randomUUID();
    await services.ledger.freeze(userId, 10, jobId);
    expect(await services.ledger.releaseOrphans(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await services.points.findHold(jobId)).toMatchObject({ status: 'released' });
    expect(await expectConsistent(userId)).toMatchObject({ freezePoint: 0 });
  });

  it('lists the history by page, type and date', async () => {
    const userId = await newUser();
    for (let i = 0; i < 3; i++) {
      const jobId = randomUUID();
      await services.ledger.freeze(userId, 10, jobId);
      await services.ledger.settle(jobId, 10);
    }
    const page1 = await services.accounts.history(userId, { page: 1, pageSize: 4 });
    expect(page1.total).toBe(7);
    expect(page1.items).toHaveLength(4);
    const page2 = await services.accounts.history(userId, { page: 2, pageSize: 4 });
    expect(page2.items).toHaveLength(3);
    expect(new Set([...page1.items, ...page2.items].map((entry) => entry.id)).size).toBe(7);
    expect((await services.accounts.history(userId, { page: 1, pageSize: 10, types: ['settle'] })).total).toBe(3);
    expect((await services.accounts.history(userId, { page: 1, pageSize: 10, from: new Date(Date.now() + 3_600_000) })).total).toBe(0);
  });

  it("names the job each entry was for (type, title, edition) from the job itself; another user's job or a deleted one names nothing", async () => {
    const userId = await newUser();
    const jobRows = createJobRepository(handle.db);
    const pro = await jobRows.insert({ type: 'video-translation.dub', ownerId: userId, input: { mode: 'pro', uploadId: randomUUID() }, title: 'holiday-clip' });
    const speech = await jobRows.insert({ type: 'text-to-speech.synthesize', ownerId: userId, input: { text: 'hi' }, title: null });
    const stranger = await jobRows.insert({ type: 'audio-separation.separate', ownerId: `user_${randomUUID()}`, input: {}, title: 'not yours' });
    for (const job of [pro, speech, stranger]) await services.ledger.freeze(userId, 5, job.id);
    const gone = randomUUID();
    await services.ledger.freeze(userId, 5, gone);
    const page = await services.accounts.history(userId, { page: 1, pageSize: 10, types: ['freeze'] });
    const byJob = new Map(page.items.map((entry) => [entry.jobId, entry.job]));
    expect(byJob.get(pro.id)).toEqual({ type: 'video-translation.dub', title: 'holiday-clip', mode: 'pro' });
    expect(byJob.get(speech.id)).toEqual({ type: 'text-to-speech.synthesize', title: null, mode: null });
    expect(byJob.get(stranger.id)).toBeNull();
    expect(byJob.get(gone)).toBeNull();
    const grant = (await services.accounts.history(userId, { page: 1, pageSize: 10, types: ['grant'] })).items[0]!;
    expect(grant.job).toBeNull();
  });

  it('50 parallel redemptions of a single-use code: exactly one success', async () => {
    const { codes } = await services.gifts.createBatch({ count: 1, points: 500 });
    const code = codes[0]!.code;
    const users = await Promise.all(Array.from({ length: 50 }, () => newUser()));
    const results = await Promise.allSettled(users.map((userId) => services.gifts.redeem(userId, code.toLowerCase())));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: ErrorCode.REDEEM_CODE_USED });
    }
    const credited = await Promise.all(users.map(async (userId) => (await expectConsistent(userId)).availablePoint));
    expect(credited.filter((points) => points === 800)).toHaveLength(1);
    expect((await services.gifts.list({ batchId: codes[0]!.batchId }))[0]!.redemptions).toBe(1);
  });

  it('a multi-use code honours its per-user limit under concurrency', async () => {
    const { codes } = await services.gifts.createBatch({ count: 1, points: 10, maxRedemptions: 100, perUserLimit: 2 });
    const userId = await newUser();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => services.gifts.redeem(userId, codes[0]!.code)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    expect(results.filter((result) => result.status === 'rejected').map((result) => (result as PromiseRejectedResult).reason.code)).toEqual(
      Array(8).fill(ErrorCode.REDEEM_CODE_USER_LIMIT),
    );
    expect(await expectConsistent(userId)).toMatchObject({ availablePoint: 320 });
  });

  it('unknown, malformed, disabled and expired codes get their own code and change nothing', async () => {
    const userId = await newUser();
    await expect(services.gifts.redeem(userId, 'NOPE-NOPE-NOPE')).rejects.toMatchObject({ code: ErrorCode.REDEEM_CODE_UNKNOWN });
    await expect(services.gifts.redeem(userId, "'; drop table gift_codes; --")).rejects.toMatchObject({ code: ErrorCode.REDEEM_CODE_UNKNOWN });
    await expect(services.gifts.redeem(userId, '<b>x</b>')).rejects.toMatchObject({ code: ErrorCode.REDEEM_CODE_UNKNOWN });
    const disabled = await services.gifts.createBatch({ count: 2, points: 10 });
    expect(await services.gifts.disable({ batchId: disabled.batchId })).toBe(2);
    await expect(services.gifts.redeem(userId, disabled.codes[0]!.code)).rejects.toMatchObject({ code: ErrorCode.REDEEM_CODE_UNKNOWN });
    const expired = await services.gifts.createBatch({ count: 1, points: 10, expiresAt: new Date('2026-11-01T00:00:00Z') });
    await expect(services.gifts.redeem(userId, expired.codes[0]!.code)).rejects.toMatchObject({ code: ErrorCode.REDEEM_CODE_EXPIRED });
    await expect(services.gifts.redeem(`user_${randomUUID()}`, expired.codes[0]!.code)).rejects.toMatchObject({ code: ErrorCode.ACCOUNT_NOT_FOUND });
    expect(await expectConsistent(userId)).toMatchObject({ availablePoint: 300 });
  });

  it('a plan code grants VIP days and the plan; expiry falls back to free', async () => {
    const userId = await newUser();
    const { codes } = await services.gifts.createBatch({ count: 1, points: 0, planId: 'pro', vipDays: 30, code: 'welcome-pro-2026' });
    expect(codes[0]!.code).toBe('WELCOMEPRO2026');
    const result = await services.gifts.redeem(userId, 'Welcome Pro 2026');
    expect(result).toMatchObject({ points: 0, vipDays: 30, planId: 'pro', expireTime: '2026-12-10T10:00:00.000Z' });
    expect(await services.accounts.getAccountInfo(userId)).toMatchObject({ planId: 'pro', vipLevel: 1, vtUseLimit: 50, expireTime: '2026-12-10T10:00:00.000Z' });
    clock = new Date('2026-12-11T00:00:00Z');
    expect(await services.accounts.getAccountInfo(userId)).toMatchObject({ planId: 'free', vipLevel: 0, expireTime: null });
    clock = new Date('2026-11-10T10:00:00Z');
  });

  it('the largest batch (10,000 codes, more parameters than one statement takes) is stored whole; a chosen code is not taken twice', async () => {
    const { batchId, codes } = await services.gifts.createBatch({ count: 10_000, points: 1 });
    expect(codes).toHaveLength(10_000);
    expect(new Set(codes.map((code) => code.batchId))).toEqual(new Set([batchId]));
    await services.gifts.createBatch({ count: 1, points: 1, code: 'ONCE-ONLY-1' });
    await expect(services.gifts.createBatch({ count: 1, points: 1, code: 'once only 1' })).rejects.toMatchObject({
      code: ErrorCode.INVALID_PARAMETER,
      params: { field: 'code' },
    });
  });
});
