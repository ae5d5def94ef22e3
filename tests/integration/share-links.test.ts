import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, SHARE_LINKS_PER_JOB, type JobView, type SharedJobView, type ShareLinkView } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { freePort } from '../support/server-process.ts';
import { testDatabases } from '../support/test-database.ts';

const SECRET = 'share-links-secret';
const OPERATOR = 'share-links-operator-token';

describe.each(testDatabases())('share links on %s', (_name, open) => {
  let app: App;
  let base: string;
  let dataDir: string;
  let cleanup: () => Promise<void>;
  let owner: { token: string; userId: string };
  let stranger: { token: string; userId: string };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-share-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const opened = await open();
    cleanup = opened.cleanup;
    app = await createApp(
      loadConfig({ ROLE: 'api,worker', API_SIGN_SECRET: SECRET, OPERATOR_TOKEN: OPERATOR, LOG_LEVEL: 'silent', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, JOB_POLL_INTERVAL_SECONDS: '0.5' }),
      { database: opened.handle },
    );
    await app.listen();
    owner = await createVerifiedUser(base, dataDir, `share-owner-${Date.now()}@example.com`);
    stranger = await createVerifiedUser(base, dataDir, `share-stranger-${Date.now()}@example.com`);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await cleanup?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  const as = (user: { token: string; userId: string }) => (pathName: string, body: unknown) =>
    signedCall(base, SECRET, pathName, body, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
  const publicCall = (pathName: string, body: unknown, language = 'en') => signedCall(base, SECRET, pathName, body, { 'accept-language': language });

  async function selfCheck(body: Record<string, unknown>, until: JobView['status']): Promise<JobView> {
    const created = await signedCall(base, SECRET, '/api/system/selfCheck/create', { durationSeconds: 1, frequencyHz: 440, ownerId: owner.userId, ...body }, { authorization: `Bearer ${OPERATOR}` });
    expect(created.code).toBe(0);
    const jobId = (created.data as { jobId: string }).jobId;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const view = (await as(owner)('/api/jobs/get', { jobId })).data as unknown as JobView;
      if (view.status === until) return view;
      if (Date.now() > deadline) throw new Error(`job ${jobId} stuck: ${JSON.stringify(view)}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }

  let job: JobView;
  let link: ShareLinkView;

  it('the owner shares a finished job; anyone with the token sees its result files and nothing else', async () => {
    job = await selfCheck({ frequencyHz: 550 }, 'completed');
    expect(job.media).toHaveLength(1);

    const created = await as(owner)('/api/share/create', { jobId: job.id });
    expect(created.code).toBe(0);
    link = created.data as unknown as ShareLinkView;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({ jobId: job.id, revokedAt: null, path: `/share?token=${link.token}` });
    const listed = await as(owner)('/api/share/list', { jobId: job.id });
    expect((listed.data as { list: ShareLinkView[] }).list.map((item) => item.token)).toEqual([link.token]);

    const shared = await publicCall('/api/share/get', { token: link.token });
    expect(shared.code).toBe(0);
    const view = shared.data as unknown as SharedJobView;
    expect(view).toMatchObject({ title: 'Self-check 550 Hz, 1 s', type: 'system.selfCheck', status: 'completed', finishedAt: expect.any(String) });
    expect(Object.keys(view).sort()).toEqual(['createdAt', 'finishedAt', 'media', 'status', 'title', 'type']);
    expect(view.media).toEqual([expect.objectContaining({ name: 'tone.mp3', role: 'audio', contentType: 'audio/mpeg', durationSeconds: 1 })]);
    // No owner id, storage key or input anywhere in the public answer.
    const text = JSON.stringify(shared);
    expect(text).not.toContain(owner.userId);
    expect(text).not.toContain('users/');
    expect(text).not.toContain('frequencyHz');

    const file = view.media[0]!;
    const played = await fetch(`${base}${file.url}`);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = new Uint8Array(await played.arrayBuffer());
    expect(bytes.length).toBe(file.bytes);
    const ranged = await fetch(`${base}${file.url}`, { headers: { range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-9/${file.bytes}`);
    const downloaded = await fetch(`${base}${file.downloadUrl}`, { method: 'HEAD' });
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''Self-check/);

    // A changed signature or index is refused.
    const tampered = file.url.replace(/sig=([^&]+)/, 'sig=AAAA$1');
    expect((await fetch(`${base}${tampered}`)).status).toBe(403);
    expect((await fetch(`${base}${file.url.replace(`/${link.token}/0?`, `/${link.token}/1?`)}`)).status).toBe(403);
  });

  it('refuses other users: they cannot share, list or revoke the owner’s links', async () => {
    expect((await as(stranger)('/api/share/create', { jobId: job.id })).code).toBe(ErrorCode.JOB_NOT_FOUND);
    expect((await as(stranger)('/api/share/list', { jobId: job.id })).code).toBe(ErrorCode.JOB_NOT_FOUND);
    expect((await as(stranger)('/api/share/revoke', { token: link.token })).code).toBe(ErrorCode.SHARE_LINK_NOT_FOUND);
    expect((await publicCall('/api/share/get', { token: link.token })).code).toBe(0);
    // Without a session the owner calls answer 1000.
    expect((await publicCall('/api/share/create', { jobId: job.id })).code).toBe(ErrorCode.AUTH_REQUIRED);
  });

  it('validates: unknown or malformed tokens and unfinished jobs answer catalogue errors in both languages', async () => {
    const unknown = await publicCall('/api/share/get', { token: 'A'.repeat(43) });
    expect(unknown).toMatchObject({ code: ErrorCode.SHARE_LINK_NOT_FOUND, message: 'This link does not exist or has been revoked.' });
    const unknownZh = await publicCall('/api/share/get', { token: 'not a token!' }, 'zh-CN');
    expect(unknownZh).toMatchObject({ code: ErrorCode.SHARE_LINK_NOT_FOUND, message: '此链接不存在或已被撤销。' });
    expect((await publicCall('/api/share/get', { token: '' })).code).toBe(ErrorCode.INVALID_PARAMETER);
    expect((await as(owner)('/api/share/create', { jobId: 'not-a-uuid' })).code).toBe(ErrorCode.INVALID_PARAMETER);

    // MP3 has no 96 kHz: the job fails for real and has nothing to share.
    const failed = await selfCheck({ sampleRate: 96000 }, 'failed');
    const refused = await as(owner)('/api/share/create', { jobId: failed.id });
    expect(refused.code).toBe(ErrorCode.SHARE_JOB_NOT_READY);
  });

  it('revoking stops the link, its page and its media at once; the limit of active links holds', async () => {
    const file = ((await publicCall('/api/share/get', { token: link.token })).data as unknown as SharedJobView).media[0]!;
    expect((await as(owner)('/api/share/revoke', { token: link.token })).code).toBe(0);
    expect((await publicCall('/api/share/get', { token: link.token })).code).toBe(ErrorCode.SHARE_LINK_NOT_FOUND);
    expect((await fetch(`${base}${file.url}`)).status).toBe(404);
    expect((await as(owner)('/api/share/revoke', { token: link.token })).code).toBe(ErrorCode.SHARE_LINK_NOT_FOUND);
    expect(((await as(owner)('/api/share/list', { jobId: job.id })).data as { list: unknown[] }).list).toEqual([]);

    for (let index = 0; index < SHARE_LINKS_PER_JOB; index++) expect((await as(owner)('/api/share/create', { jobId: job.id })).code).toBe(0);
    const over = await as(owner)('/api/share/create', { jobId: job.id });
    expect(over).toMatchObject({ code: ErrorCode.SHARE_LINK_LIMIT, message: `This result already has ${SHARE_LINKS_PER_JOB} active links. Revoke one first.` });
  });

  it('deleting the job revokes its links and deletes its files', async () => {
    const fresh = await selfCheck({ frequencyHz: 770 }, 'completed');
    const created = (await as(owner)('/api/share/create', { jobId: fresh.id })).data as unknown as ShareLinkView;
    const file = ((await publicCall('/api/share/get', { token: created.token })).data as unknown as SharedJobView).media[0]!;
    expect((await fetch(`${base}${file.url}`)).status).toBe(200);
    expect((await as(owner)('/api/jobs/delete', { jobId: fresh.id })).code).toBe(0);
    expect((await publicCall('/api/share/get', { token: created.token })).code).toBe(ErrorCode.SHARE_LINK_NOT_FOUND);
    expect((await fetch(`${base}${file.url}`)).status).toBe(404);
    // The owner's own link to the file is gone too (files deleted with the job).
    expect((await fetch(`${base}${fresh.media[0]!.url}`)).status).toBe(404);
  });
});
