import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ErrorCode, messageFor, type JobView } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { makeForgedMp4 } from '../support/forged-duration.ts';
import { TEST_OPERATOR_TOKEN, TEST_SIGN_SECRET } from '../support/server-process.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { toolClient, type ToolClient } from '../support/tool-client.ts';

const run = promisify(execFile);
/** Jobs run in this process: the test app is also a worker. */
const WORKER_ENV = { ROLE: 'api,worker', JOB_POLL_INTERVAL_SECONDS: '0.5' };

type Envelope = { code: number; message: string; data: Record<string, unknown> | null };
type User = { token: string; userId: string; apiKey: string };

/**
 * Issue 30 point 1: a 150 s MP4 whose mvhd/tkhd/mdhd claim 5 s. Every upload channel records the
 * length measured from its packets (the free plan's 2-minute cap refuses it; Pro records 150 s), and
 * a job priced at a shorter length than its file measures at ingest is refused before any work, its
 * frozen points released.
 */
describe('durations are measured from the packets, on every upload channel and at ingest', () => {
  let testApp: TestApp;
  let base: string;
  let dir: string;
  let forged: Buffer;
  let honest: string;
  let free: User;
  let pro: User;

  async function userWithKey(email: string): Promise<User> {
    const user = await createVerifiedUser(base, testApp.dataDir, email);
    const created = await signedCall(base, TEST_SIGN_SECRET, '/api/apiKeys/create', { name: 'uploads', scopes: ['audio-separation'] }, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
    expect(created.code, created.message).toBe(0);
    return { ...user, apiKey: (created.data as { secret: string }).secret };
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'measured-durations-'));
    forged = await readFile(await makeForgedMp4(dir, { seconds: 150, claimedSeconds: 5 }));
    honest = path.join(dir, 'honest.mp4');
    await run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=2:duration=5', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=5', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '16k', '-movflags', '+faststart', honest]);
    testApp = await startTestApp({ name: 'measured-durations', env: WORKER_ENV });
    base = testApp.base;
    free = await userWithKey('free-durations@example.com');
    pro = await userWithKey('pro-durations@example.com');
    const batch = await signedCall(base, TEST_SIGN_SECRET, '/api/operator/giftCodes/create', { count: 1, points: 0, planId: 'pro', vipDays: 30 }, { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` });
    const code = (batch.data as { codes: { code: string }[] }).codes[0]!.code;
    const redeemed = await signedCall(base, TEST_SIGN_SECRET, '/bill/userAccount/redeemCode', { redeemCode: code }, { authorization: `Bearer ${pro.token}`, 'user-id': pro.userId });
    expect(redeemed.code).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await testApp?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const json = async (response: Response): Promise<Envelope> => (await response.json()) as Envelope;

  /** tus 1.0 in two requests (create, one PATCH with every byte): the final PATCH answers the upload's envelope. */
  async function tus(url: string, authorization: string, name: string, body: Buffer): Promise<Envelope> {
    const created = await fetch(url, {
      method: 'POST',
      headers: { authorization, 'tus-resumable': '1.0.0', 'upload-length': String(body.length), 'upload-metadata': `filename ${Buffer.from(name).toString('base64')}` },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const patched = await fetch(new URL(created.headers.get('location')!, base), {
      method: 'PATCH',
      headers: { authorization, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(body),
    });
    return json(patched);
  }

  const form = (name: string, body: Buffer) => {
    const data = new FormData();
    data.set('file', new Blob([new Uint8Array(body)], { type: 'video/mp4' }), name);
    return data;
  };

  /** The five ways a file comes in, each answering the upload's envelope. */
  const channels: Record<string, (user: User, name: string, body: Buffer) => Promise<Envelope>> = {
    'web one-request upload (raw body)': async (user, name, body) =>
      json(await fetch(`${base}/api/upload/file`, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) }, body: new Uint8Array(body) })),
    'web one-request upload (multipart/form-data)': async (user, name, body) => json(await fetch(`${base}/api/upload/file`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form(name, body) })),
    'web resumable upload (tus)': (user, name, body) => tus(`${base}/api/upload/tus`, `Bearer ${user.token}`, name, body),
    'REST v1 one-request upload (API key)': async (user, name, body) =>
      json(await fetch(`${base}/api/v1/uploads`, { method: 'POST', headers: { authorization: `Bearer ${user.apiKey}`, 'content-type': 'video/mp4', 'x-file-name': encodeURIComponent(name) }, body: new Uint8Array(body) })),
    'REST v1 resumable upload (tus, API key)': (user, name, body) => tus(`${base}/api/v1/uploads/tus`, `Bearer ${user.apiKey}`, name, body),
  };

  it.each(Object.keys(channels))('%s: the forged file is 150 s — over the free plan’s 2 minutes, recorded as 150 s on Pro', async (channel) => {
    const send = channels[channel]!;
    const refused = await send(free, 'forged.mp4', forged);
    expect(refused).toMatchObject({ code: ErrorCode.UPLOAD_TOO_LONG, message: 'This media is longer than your plan allows (2 minutes). Upgrade your plan or trim the file.' });
    const accepted = await send(pro, 'forged.mp4', forged);
    expect(accepted.code, accepted.message).toBe(0);
    const durationSeconds = (accepted.data as { durationSeconds: number }).durationSeconds;
    expect(durationSeconds).toBeGreaterThanOrEqual(150);
    expect(durationSeconds).toBeLessThan(150.5);
    // What tools read later is the recorded upload.
    const stored = await signedCall(base, TEST_SIGN_SECRET, '/api/upload/get', { uploadId: (accepted.data as { id: string }).id }, { authorization: `Bearer ${pro.token}`, 'user-id': pro.userId });
    expect((stored.data as { durationSeconds: number }).durationSeconds).toBe(durationSeconds);
  }, 60_000);

  it('audio separation refuses, at ingest, a file longer than it was priced at; the frozen points come back and the ledger shows freeze then release', async () => {
    const client: ToolClient = toolClient(base, free);
    const uploadId = await client.upload('honest.mp4', honest);
    expect((await client.data<{ durationSeconds: number }>('/api/upload/get', { uploadId })).durationSeconds).toBeCloseTo(5, 0);
    // The stored object changes under the upload's record (as an upload recorded before lengths were
    // measured is): the 150 s file whose header still says 5 s.
    const folder = path.join(testApp.dataDir, 'files', 'users', free.userId, 'uploads', uploadId);
    const [stored] = await readdir(folder);
    await copyFile(await makeForgedMp4(dir, { seconds: 150, claimedSeconds: 5, name: 'replacement.mp4' }), path.join(folder, stored!));

    const before = await client.points();
    const created = await client.data<{ jobId: string; cost: number }>('/api/audio-separation/create', { uploadId, engineId: 'rnnoise:rnnoise' });
    // Priced at the recorded 5 s: one started minute.
    expect(created.cost).toBe(3);
    const job: JobView = await client.until(created.jobId);
    expect(job.status).toBe('failed');
    expect(job.error?.code).toBe(ErrorCode.MEDIA_LONGER_THAN_PRICED);
    // Refused at ingest: nothing after it ran.
    expect(job.stages.find((stage) => stage.name === 'ingest')?.status).toBe('failed');
    expect(job.stages.filter((stage) => stage.name !== 'ingest').every((stage) => stage.status === 'pending')).toBe(true);
    expect(job.media).toEqual([]);
    expect(messageFor('en', ErrorCode.MEDIA_LONGER_THAN_PRICED, { seconds: 150, priced: 5 })).toBe('This file plays for 150 s, longer than the 5 s it was priced at. Nothing was charged: upload the file again to have it priced at its real length.');
    expect(messageFor('zh', ErrorCode.MEDIA_LONGER_THAN_PRICED, { seconds: 150, priced: 5 })).toBe('该文件实际时长 150 秒，超过了计价时的 5 秒。本次未扣除任何积分：请重新上传该文件，按实际时长计价。');

    const after = await client.points();
    expect(after).toMatchObject({ availablePoint: before.availablePoint, freezePoint: before.freezePoint });
    const ledger = (await client.data<{ list: Array<{ type: string; jobId: string | null; availableDelta: number; freezeDelta: number }> }>('/bill/point/consume/pageList', { pageSize: 100 })).list;
    const entries = ledger.filter((entry) => entry.jobId === created.jobId).map(({ type, availableDelta, freezeDelta }) => ({ type, availableDelta, freezeDelta }));
    expect(entries.reverse()).toEqual([
      { type: 'freeze', availableDelta: -3, freezeDelta: 3 },
      { type: 'release', availableDelta: 3, freezeDelta: -3 },
    ]);
  }, 120_000);
});
