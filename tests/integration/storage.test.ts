import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { storageKeys, type StorageRepository } from '@voxwork/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../../apps/server/src/storage/local-disk-storage.repository.ts';
import { createMediaUrlSigner } from '../../apps/server/src/storage/media-url-signer.ts';
import { createS3Storage } from '../../apps/server/src/storage/s3-storage.repository.ts';
import { startS3rver } from '../support/s3rver.ts';

async function text(stream: Readable | undefined): Promise<string> {
  if (!stream) throw new Error('no stream');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('latin1');
}

/** 256 KiB whose byte i is i mod 251, so any slice can be checked. */
const PATTERN = Buffer.from(Array.from({ length: 256 * 1024 }, (_, index) => index % 251));

/** The behaviour every StorageRepository must have. */
function conformance(name: string, open: () => Promise<{ storage: StorageRepository; close(): Promise<void> }>) {
  describe(`storage conformance: ${name}`, () => {
    let storage: StorageRepository;
    let close: () => Promise<void>;
    const rangeLatenciesMs: number[] = [];
    beforeAll(async () => ({ storage, close } = await open()));
    afterAll(async () => {
      if (rangeLatenciesMs.length) {
        const sorted = [...rangeLatenciesMs].sort((a, b) => a - b);
        console.info(`[storage ${name}] Range read latency over ${sorted.length} reads: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms`);
      }
      await close();
    });

    it('puts, stats, gets and replaces objects (buffers, strings and streams)', async () => {
      const key = storageKeys.upload('u1', 'a1', 'hello.txt');
      expect(await storage.stat(key)).toBeUndefined();
      expect(await storage.get(key)).toBeUndefined();
      const stored = await storage.put(key, 'hello world');
      expect(stored).toMatchObject({ key, size: 11 });
      expect(await text(await storage.get(key))).toBe('hello world');
      await storage.put(key, Readable.from([Buffer.from('second '), Buffer.from('version')]), { size: 14 });
      expect(await text(await storage.get(key))).toBe('second version');
      const video = storageKeys.upload('u1', 'a2', 'clip.mp4');
      await storage.put(video, PATTERN, { contentType: 'video/mp4' });
      expect(await storage.stat(video)).toMatchObject({ size: PATTERN.length, contentType: 'video/mp4' });
    });

    it('stores a local file, moving it when asked', async () => {
      const folder = await mkdtemp(path.join(tmpdir(), 'voxwork-putfile-'));
      try {
        const source = path.join(folder, 'upload.bin');
        await writeFile(source, PATTERN);
        const key = storageKeys.upload('u1', 'f1', 'copied.bin');
        expect(await storage.putFile(key, source, { size: PATTERN.length })).toMatchObject({ key, size: PATTERN.length });
        expect(await readFile(source)).toHaveLength(PATTERN.length);
        const moved = storageKeys.upload('u1', 'f2', 'moved.bin');
        await storage.putFile(moved, source, { move: true, contentType: 'application/octet-stream' });
        await expect(stat(source)).rejects.toThrow(/ENOENT/);
        expect(Buffer.from(await text(await storage.get(moved, { range: { start: 5, end: 9 } })), 'latin1').equals(PATTERN.subarray(5, 10))).toBe(true);
        await expect(storage.putFile(storageKeys.upload('u1', 'f3', 'x.bin'), path.join(folder, 'missing.bin'))).rejects.toThrow(/ENOENT/);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    });

    it('reads byte ranges', async () => {
      const key = storageKeys.upload('u1', 'r1', 'pattern.bin');
      await storage.put(key, Readable.from([PATTERN]), { size: PATTERN.length });
      for (const [start, end] of [[0, 0], [0, 99], [1000, 70_000], [PATTERN.length - 10, PATTERN.length - 1], [131_071, 131_072]] as const) {
        const began = performance.now();
        const slice = await text(await storage.get(key, { range: { start, end } }));
        rangeLatenciesMs.push(performance.now() - began);
        expect(slice.length, `${start}-${end}`).toBe(end - start + 1);
        expect(slice).toBe(PATTERN.subarray(start, end + 1).toString('latin1'));
      }
    });

    it('lists and deletes by prefix without touching other users', async () => {
      await storage.put(storageKeys.jobFile('u2', 'j1', 'synthesize', 'a.wav'), 'a');
      await storage.put(storageKeys.jobFile('u2', 'j1', 'mix', 'b.wav'), 'bb');
      await storage.put(storageKeys.upload('u2', 'x', 'c.mp4'), 'ccc');
      await storage.put(storageKeys.upload('u20', 'x', 'd.mp4'), 'dddd');
      expect((await storage.list(storageKeys.jobPrefix('u2', 'j1'))).map((object) => [object.key, object.size])).toEqual([
        ['users/u2/jobs/j1/mix/b.wav', 2],
        ['users/u2/jobs/j1/synthesize/a.wav', 1],
      ]);
      expect(await storage.list('users/nobody/')).toEqual([]);
      expect(await storage.delete(storageKeys.upload('u2', 'x', 'c.mp4'))).toBe(true);
      expect(await storage.delete(storageKeys.upload('u2', 'x', 'c.mp4'))).toBe(false);
      expect(await storage.deleteByPrefix(storageKeys.userPrefix('u2'))).toBe(2);
      expect(await storage.list(storageKeys.userPrefix('u2'))).toEqual([]);
      expect(await storage.list(storageKeys.userPrefix('u20'))).toHaveLength(1);
    });

    it('refuses keys that could escape their folder', async () => {
      for (const key of ['../outside.txt', 'users/u1/../../x', '/etc/passwd', 'users//x']) {
        await expect(storage.put(key, 'x'), key).rejects.toThrow(/invalid storage key/);
        await expect(storage.get(key), key).rejects.toThrow(/invalid storage key/);
      }
    });

    it('gives a signed download URL', async () => {
      const key = storageKeys.upload('u1', 'a1', 'hello.txt');
      const url = await storage.signedUrl(key, { expiresInSeconds: 60 });
      expect(url).toMatch(storage.kind === 's3' ? /X-Amz-Signature=/ : /^\/api\/media\/users\/u1\/uploads\/a1\/hello\.txt\?expires=\d+&sig=/);
      if (storage.kind === 's3') {
        const response = await fetch(url, { headers: { range: 'bytes=7-13' } });
        expect(response.status).toBe(206);
        expect(await response.text()).toBe('version');
      }
    });
  });
}

conformance('local disk', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'voxwork-storage-'));
  const signer = createMediaUrlSigner({ secret: 'x'.repeat(32) });
  const storage = createLocalDiskStorage({ root, signUrl: (key, seconds) => signer.sign(key, seconds) });
  return {
    storage,
    async close() {
      // Atomic writes leave no temporary files behind.
      expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
      await rm(root, { recursive: true, force: true });
    },
  };
});

conformance('S3 (s3rver)', async () => {
  const server = await startS3rver();
  const storage = createS3Storage({ endpoint: server.endpoint, region: 'us-east-1', bucket: server.bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
  return { storage, close: () => server.stop() };
});

describe('media link signer', () => {
  it('accepts its own links until they expire and nothing altered', () => {
    let now = 1_000_000_000_000;
    const signer = createMediaUrlSigner({ secret: 's'.repeat(32), now: () => now });
    const url = new URL(signer.sign('users/u/uploads/a/b.mp4', 60), 'http://x');
    const expires = url.searchParams.get('expires') ?? undefined;
    const sig = url.searchParams.get('sig') ?? undefined;
    expect(signer.verify('users/u/uploads/a/b.mp4', expires, sig)).toBe(true);
    expect(signer.verify('users/u/uploads/a/c.mp4', expires, sig)).toBe(false);
    expect(signer.verify('users/u/uploads/a/b.mp4', String(Number(expires) + 1), sig)).toBe(false);
    // Valid for at least the asked minute, at most a step (a quarter of it) more; then refused.
    now += 60_000;
    expect(signer.verify('users/u/uploads/a/b.mp4', expires, sig)).toBe(true);
    now += 16_000;
    expect(signer.verify('users/u/uploads/a/b.mp4', expires, sig)).toBe(false);
  });

  it('gives the same link for the same key within a step, so pages and caches keep it', () => {
    let now = Date.UTC(2026, 10, 27, 10, 0, 30);
    const signer = createMediaUrlSigner({ secret: 's'.repeat(32), now: () => now });
    const first = signer.sign('users/u/takes/t.wav', 6 * 3600);
    now += 59 * 60_000;
    expect(signer.sign('users/u/takes/t.wav', 6 * 3600)).toBe(first);
    now += 2 * 60_000;
    const next = signer.sign('users/u/takes/t.wav', 6 * 3600);
    expect(next).not.toBe(first);
    const expires = Number(new URL(next, 'http://x').searchParams.get('expires'));
    expect(expires * 1000 - now).toBeGreaterThanOrEqual(6 * 3600_000);
    expect(expires * 1000 - now).toBeLessThanOrEqual(7 * 3600_000);
  });
});
