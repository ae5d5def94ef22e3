import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { freePort, TEST_OPERATOR_TOKEN } from '../support/server-process.ts';
import { freshPglite, testDatabases } from '../support/test-database.ts';
import { createUploadRepository, type DatabaseHandle } from '@voxwork/db';
import { uploadResumable, UploadError } from '../../apps/web/app/lib/upload/upload-client.ts';
import { startS3rver } from '../support/s3rver.ts';
import { zeroRowsPng } from '../support/png-bomb.ts';

const SECRET = 'uploads-test-secret';
const MiB = 1024 * 1024;
const BIG_SIZE = 500 * MiB;

type Envelope = { code: number; message: string; data: Record<string, unknown> | null };

function ffmpeg(args: string[]) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

/** A raw HTTP request whose body is produced chunk by chunk; `dropAfter` destroys the connection after that many bytes. */
function send(
  url: string,
  options: { method: string; headers: Record<string, string | number>; body?: { length: number; chunks: () => Iterable<Buffer> }; dropAfter?: number },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string } | 'dropped'> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method, headers: { ...options.headers, ...(options.body ? { 'content-length': options.body.length } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', (error) => (options.dropAfter !== undefined ? resolve('dropped') : reject(error)));
    if (!options.body) return req.end();
    let sent = 0;
    const iterator = options.body.chunks()[Symbol.iterator]();
    const pump = () => {
      for (;;) {
        const next = iterator.next();
        if (next.done) return req.end();
        sent += next.value.length;
        const more = req.write(next.value);
        if (options.dropAfter !== undefined && sent >= options.dropAfter) {
          // The connection breaks mid-upload (the client is gone, not a clean end).
          setTimeout(() => req.destroy(), 50);
          return;
        }
        if (!more) return void req.once('drain', pump);
      }
    };
    pump();
  });
}

describe('uploads', () => {
  let dataDir: string;
  let fixtures: string;
  let base: string;
  let app: Awaited<ReturnType<typeof createApp>>;
  let free: { token: string; userId: string };
  let pro: { token: string; userId: string };
  let smallMp4: Buffer;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-uploads-'));
    fixtures = await mkdtemp(path.join(tmpdir(), 'voxwork-upload-fixtures-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await createApp(
      loadConfig({ ROLE: 'api', API_SIGN_SECRET: SECRET, LOG_LEVEL: 'silent', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, OPERATOR_TOKEN: TEST_OPERATOR_TOKEN }),
      { database: await freshPglite() },
    );
    await app.listen();
    free = await createVerifiedUser(base, dataDir, 'free@example.com');
    pro = await createVerifiedUser(base, dataDir, 'pro@example.com');
    const batch = await signedCall(base, SECRET, '/api/operator/giftCodes/create', { count: 1, points: 0, planId: 'pro', vipDays: 30 }, { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` });
    const code = (batch.data as { codes: { code: string }[] }).codes[0]!.code;
    const redeemed = await signedCall(base, SECRET, '/bill/userAccount/redeemCode', { redeemCode: code }, { authorization: `Bearer ${pro.token}`, 'user-id': pro.userId });
    expect(redeemed.code).toBe(0);

    // Generated media: a 2 s clip (moov first), the same clip with moov last cut in half, a 150 s clip, a text file.
    const lavfi = ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'];
    ffmpeg([...lavfi, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', path.join(fixtures, 'small.mp4')]);
    ffmpeg([...lavfi, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path.join(fixtures, 'moov-last.mp4')]);
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=2:duration=150', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path.join(fixtures, 'long.mp4')]);
    smallMp4 = await readFile(path.join(fixtures, 'small.mp4'));
    const moovLast = await readFile(path.join(fixtures, 'moov-last.mp4'));
    await writeFile(path.join(fixtures, 'truncated.mp4'), moovLast.subarray(0, Math.floor(moovLast.length / 2)));
    await writeFile(path.join(fixtures, 'notes.mp4'), 'These are my meeting notes, not a video.\n'.repeat(200));
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(fixtures, { recursive: true, force: true });
  });

  const auth = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });
  const tus = { 'tus-resumable': '1.0.0' };
  const metadata = (name: string) => `filename ${Buffer.from(name).toString('base64')}`;

  async function createTus(user: { token: string }, name: string, length: number, language = 'en') {
    const created = await send(`${base}/api/upload/tus`, {
      method: 'POST',
      headers: { ...tus, ...auth(user), 'upload-length': length, 'upload-metadata': metadata(name), 'accept-language': language },
    });
    if (created === 'dropped') throw new Error('dropped');
    return created;
  }

  async function smallUpload(user: { token: string }, name: string, body: Buffer, language = 'en'): Promise<Envelope & { status: number }> {
    const response = await fetch(`${base}/api/upload/file`, {
      method: 'POST',
      headers: { ...auth(user), 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name), 'accept-language': language },
      body: new Uint8Array(body),
    });
    return { status: response.status, ...((await response.json()) as Envelope) };
  }

  it('a 500 MB video in chunks survives a dropped connection and resumes from the server offset', async () => {
    // One real mp4 (moov first) followed by a top-level `free` box: a valid 500 MB file, generated on the fly.
    const freeBox = Buffer.alloc(8);
    freeBox.writeUInt32BE(BIG_SIZE - smallMp4.length, 0);
    freeBox.write('free', 4, 'latin1');
    const prefix = Buffer.concat([smallMp4, freeBox]);
    const zeros = Buffer.alloc(MiB);
    const bytes = (from: number, to: number) =>
      function* () {
        let position = from;
        while (position < to) {
          if (position < prefix.length) {
            const piece = prefix.subarray(position, Math.min(prefix.length, to));
            position += piece.length;
            yield piece;
          } else {
            const length = Math.min(zeros.length, to - position);
            position += length;
            yield zeros.subarray(0, length);
          }
        }
      };

    const began = performance.now();
    const created = await createTus(pro, 'Holiday video.mp4', BIG_SIZE);
    expect(created.status, created.text).toBe(201);
    const location = new URL(String(created.headers.location), base).toString();
    const patch = (offset: number, length: number, dropAfter?: number) =>
      send(location, {
        method: 'PATCH',
        headers: { ...tus, ...auth(pro), 'upload-offset': offset, 'content-type': 'application/offset+octet-stream' },
        body: { length, chunks: bytes(offset, offset + length) },
        ...(dropAfter !== undefined ? { dropAfter } : {}),
      });
    const head = async () => {
      const response = await send(location, { method: 'HEAD', headers: { ...tus, ...auth(pro) } });
      if (response === 'dropped') throw new Error('dropped');
      return Number(response.headers['upload-offset']);
    };

    const CHUNK = 128 * MiB;
    const first = await patch(0, CHUNK);
    expect(first !== 'dropped' && first.status).toBe(204);
    // The second chunk breaks after 64 MiB.
    expect(await patch(CHUNK, CHUNK, 64 * MiB)).toBe('dropped');
    let offset = 0;
    for (let attempt = 0; attempt < 50; attempt++) {
      offset = await head();
      if (offset > CHUNK) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBeGreaterThan(CHUNK);
    expect(offset).toBeLessThan(2 * CHUNK);
    console.info(`[uploads] connection dropped; the server kept ${(offset / MiB).toFixed(1)} MiB, resuming there`);

    let last: Awaited<ReturnType<typeof patch>> = 'dropped';
    let lastPatchMs = 0;
    while (offset < BIG_SIZE) {
      const length = Math.min(CHUNK, BIG_SIZE - offset);
      const patchBegan = performance.now();
      last = await patch(offset, length);
      lastPatchMs = performance.now() - patchBegan;
      if (last === 'dropped') throw new Error('unexpected drop');
      expect([200, 204]).toContain(last.status);
      offset += length;
    }
    const seconds = (performance.now() - began) / 1000;
    console.info(`[uploads] 500 MiB via tus with one drop in ${seconds.toFixed(1)} s: ${(500 / seconds).toFixed(0)} MiB/s on loopback (incl. checks and storing); the last PATCH, with the checks and the move into storage, took ${(lastPatchMs / 1000).toFixed(1)} s`);
    if (last === 'dropped') throw new Error('no final response');
    expect(last.status).toBe(200);
    const envelope = JSON.parse(last.text) as Envelope;
    expect(envelope).toMatchObject({ code: 0, data: { name: 'Holiday video.mp4', kind: 'video', mime: 'video/mp4', bytes: BIG_SIZE, width: 320, height: 240, hasAudio: true } });
    expect((envelope.data as { durationSeconds: number }).durationSeconds).toBeCloseTo(2, 0);
    // The unfinished-upload area is empty again.
    expect((await readdir(path.join(dataDir, 'uploads/tus'))).length).toBe(0);

    // The stored file plays with Range: its first bytes are the real mp4, the end is the padding.
    const url = `${base}${(envelope.data as { url: string }).url}`;
    const start = await fetch(url, { headers: { range: 'bytes=0-1023' } });
    expect(start.status).toBe(206);
    expect(start.headers.get('content-range')).toBe(`bytes 0-1023/${BIG_SIZE}`);
    expect(start.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await start.arrayBuffer()).equals(smallMp4.subarray(0, 1024))).toBe(true);
    const tail = await fetch(url, { headers: { range: 'bytes=-4' } });
    expect(tail.status).toBe(206);
    expect([...new Uint8Array(await tail.arrayBuffer())]).toEqual([0, 0, 0, 0]);
    const listed = await signedCall(base, SECRET, '/api/upload/list', {}, { ...auth(pro), 'user-id': pro.userId });
    expect(listed.data).toMatchObject({ total: 1 });
  }, 300_000);

  it('a text file renamed .mp4 is not a media file', async () => {
    const result = await smallUpload(free, 'notes.mp4', await readFile(path.join(fixtures, 'notes.mp4')));
    expect(result).toMatchObject({ status: 422, code: ErrorCode.UPLOAD_NOT_MEDIA, message: 'This file is not an audio, video or image file.' });
    const zh = await smallUpload(free, 'notes.mp4', await readFile(path.join(fixtures, 'notes.mp4')), 'zh-CN');
    expect(zh).toMatchObject({ code: ErrorCode.UPLOAD_NOT_MEDIA, message: '此文件不是音频、视频或图片文件。' });
  });

  it('the form-data helper of the spec: multipart/form-data with the file as a part', async () => {
    const form = new FormData();
    form.set('title', 'ignored field');
    form.set('file', new Blob([new Uint8Array(smallMp4)], { type: 'video/mp4' }), '假期 clip.mp4');
    const response = await fetch(`${base}/api/upload/file`, { method: 'POST', headers: auth(free), body: form });
    const envelope = (await response.json()) as Envelope;
    expect(envelope).toMatchObject({ code: 0, data: { name: '假期 clip.mp4', kind: 'video', bytes: smallMp4.length } });
    const fake = new FormData();
    fake.set('file', new Blob(['plain text']), 'notes.mp4');
    const refused = (await (await fetch(`${base}/api/upload/file`, { method: 'POST', headers: auth(free), body: fake })).json()) as Envelope;
    expect(refused.code).toBe(ErrorCode.UPLOAD_NOT_MEDIA);
    const traversal = new FormData();
    traversal.set('file', new Blob([new Uint8Array(smallMp4)]), '../../x.mp4');
    expect(((await (await fetch(`${base}/api/upload/file`, { method: 'POST', headers: auth(free), body: traversal })).json()) as Envelope).code).toBe(ErrorCode.UPLOAD_NAME_INVALID);
    await signedCall(base, SECRET, '/api/upload/delete', { uploadId: (envelope.data as { id: string }).id }, { ...auth(free), 'user-id': free.userId });
  });

  it('a WebM recording whose container states no duration (a browser MediaRecorder take) is measured by its packets', async () => {
    // Muxed to a pipe, as MediaRecorder does: the Matroska header carries no duration.
    const webm = execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=3', '-c:a', 'libopus', '-f', 'webm', 'pipe:1']);
    const result = await smallUpload(free, 'take.webm', webm);
    expect(result).toMatchObject({ status: 200, code: 0, data: { kind: 'audio' } });
    expect((result.data as { durationSeconds: number }).durationSeconds).toBeCloseTo(3, 1);
    // Leave the user's folder as the later tests expect it.
    await signedCall(base, SECRET, '/api/upload/delete', { uploadId: (result.data as { id: string }).id }, { ...auth(free), 'user-id': free.userId });
  });

  it('a truncated mp4 is damaged', async () => {
    const result = await smallUpload(free, 'cut.mp4', await readFile(path.join(fixtures, 'truncated.mp4')));
    expect(result).toMatchObject({ status: 422, code: ErrorCode.UPLOAD_DAMAGED });
  });

  it('a path-traversal name is refused, by both routes', async () => {
    const result = await smallUpload(free, '../../../etc/cron.d/evil.mp4', smallMp4);
    expect(result).toMatchObject({ code: ErrorCode.UPLOAD_NAME_INVALID });
    const created = await createTus(free, '..\\..\\evil.mp4', smallMp4.length, 'zh');
    expect(created.status).toBe(400);
    expect(JSON.parse(created.text)).toMatchObject({ code: ErrorCode.UPLOAD_NAME_INVALID, message: '不允许使用此文件名，请重命名后重试。' });
  });

  it('files over the plan limits are refused: size before any byte is sent, duration after', async () => {
    const created = await createTus(free, 'big.mp4', 101 * MiB);
    expect(created.status).toBe(413);
    expect(JSON.parse(created.text)).toMatchObject({ code: ErrorCode.UPLOAD_TOO_LARGE, message: 'This file is larger than your plan allows (100 MB). Upgrade your plan or use a smaller file.' });
    const small = await send(`${base}/api/upload/file`, {
      method: 'POST',
      headers: { ...auth(free), 'content-type': 'application/octet-stream', 'x-file-name': 'big.mp4', 'content-length': 101 * MiB },
    }).catch(() => 'dropped' as const);
    expect(small !== 'dropped' && JSON.parse(small.text)).toMatchObject({ code: ErrorCode.UPLOAD_TOO_LARGE });
    const long = await smallUpload(free, 'long.mp4', await readFile(path.join(fixtures, 'long.mp4')));
    expect(long).toMatchObject({ code: ErrorCode.UPLOAD_TOO_LONG, message: 'This media is longer than your plan allows (2 minutes). Upgrade your plan or trim the file.' });
  });

  it('the browser helper (tus-js-client) uploads resumably and reports refusals in the user language', async () => {
    const progress: number[] = [];
    // tus-js-client's Node build reads Buffers (the browser build reads Files): a Buffer with a File's name and type.
    const asFile = (bytes: Buffer, name: string, type = '') => Object.assign(Buffer.from(bytes), { name, type }) as unknown as File;
    const view = await uploadResumable(asFile(smallMp4, 'from the helper.mp4', 'video/mp4'), {
      baseUrl: base,
      token: free.token,
      locale: 'en',
      chunkSize: 64 * 1024,
      onProgress: (update) => progress.push(update.percent),
    });
    expect(view).toMatchObject({ name: 'from the helper.mp4', kind: 'video', bytes: smallMp4.length });
    expect(progress.at(-1)).toBe(100);
    const refused = uploadResumable(asFile(Buffer.from('just text, not a video'), 'fake.mp4'), { baseUrl: base, token: free.token, locale: 'zh' });
    await expect(refused).rejects.toBeInstanceOf(UploadError);
    await expect(refused).rejects.toMatchObject({ code: ErrorCode.UPLOAD_NOT_MEDIA, message: '此文件不是音频、视频或图片文件。' });
    await signedCall(base, SECRET, '/api/upload/delete', { uploadId: view.id }, { ...auth(free), 'user-id': free.userId });
  });

  it('serves Range reads quickly enough to seek (measured)', async () => {
    const result = await smallUpload(free, 'seek.mp4', smallMp4);
    const { url, id } = result.data as { url: string; id: string };
    const timings: number[] = [];
    for (let index = 0; index < 50; index++) {
      const start = (index * 997) % (smallMp4.length - 100);
      const began = performance.now();
      const response = await fetch(`${base}${url}`, { headers: { range: `bytes=${start}-${start + 99}` } });
      const bytes = Buffer.from(await response.arrayBuffer());
      timings.push(performance.now() - began);
      expect(response.status).toBe(206);
      expect(bytes.equals(smallMp4.subarray(start, start + 100))).toBe(true);
    }
    timings.sort((a, b) => a - b);
    console.info(`[uploads] HTTP Range read via /api/media (local disk, loopback): median ${timings[25]!.toFixed(2)} ms, p95 ${timings[47]!.toFixed(2)} ms over 50 reads`);
    await signedCall(base, SECRET, '/api/upload/delete', { uploadId: id }, { ...auth(free), 'user-id': free.userId });
  });

  it('an accepted small file is stored, served with Range, private to its owner, and deleted with its files', async () => {
    const result = await smallUpload(free, 'clip 1.mp4', smallMp4);
    expect(result).toMatchObject({ status: 200, code: 0, data: { kind: 'video', name: 'clip 1.mp4', bytes: smallMp4.length } });
    const { url, id } = result.data as { url: string; id: string };
    const full = await fetch(`${base}${url}`);
    expect(full.status).toBe(200);
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await full.arrayBuffer()).equals(smallMp4)).toBe(true);
    expect((await fetch(`${base}${url}`, { headers: { range: `bytes=${smallMp4.length}-` } })).status).toBe(416);
    const unsigned = url.split('?')[0]!;
    expect((await fetch(`${base}${unsigned}`)).status).toBe(403);
    expect((await fetch(`${base}${unsigned}`, { headers: auth(pro) })).status).toBe(403);
    expect((await fetch(`${base}${unsigned}`, { headers: { ...auth(free), range: 'bytes=4-7' } })).status).toBe(206);
    expect((await fetch(`${base}${url.replace(/sig=[^&]+/, 'sig=forged')}`)).status).toBe(403);
    // Another user cannot read or delete it.
    expect((await signedCall(base, SECRET, '/api/upload/get', { uploadId: id }, { ...auth(pro), 'user-id': pro.userId })).code).toBe(ErrorCode.UPLOAD_NOT_FOUND);

    const before = await readdir(path.join(dataDir, 'files/users', free.userId, 'uploads'));
    expect(before).toHaveLength(1);
    const deleted = await signedCall(base, SECRET, '/api/upload/delete', { uploadId: id }, { ...auth(free), 'user-id': free.userId });
    expect(deleted).toMatchObject({ code: 0, data: { deleted: true } });
    expect((await fetch(`${base}${url}`)).status).toBe(404);
  });

  /** Nothing of a refused upload is left: no stored file of the user, no temporary file. */
  async function expectNothingKept(user: { userId: string }) {
    expect(await readdir(path.join(dataDir, 'files/users', user.userId, 'uploads')).catch(() => [])).toEqual([]);
    expect(await readdir(path.join(dataDir, 'uploads/small')).catch(() => [])).toEqual([]);
  }

  it('a PNG decompression bomb (30000×30000 in 109 KB) is refused from its header, in both languages, and nothing is kept', async () => {
    const bomb = zeroRowsPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(120 * 1024);
    const refused = await smallUpload(free, 'bomb.png', bomb);
    expect(refused).toMatchObject({
      status: 422,
      code: ErrorCode.UPLOAD_IMAGE_DIMENSIONS_TOO_LARGE,
      message: 'This image is 30000×30000 pixels; your plan allows up to 8192 pixels a side and 40 megapixels. Resize it or upgrade your plan.',
    });
    const zh = await smallUpload(pro, 'bomb.png', bomb, 'zh-CN');
    expect(zh).toMatchObject({ code: ErrorCode.UPLOAD_IMAGE_DIMENSIONS_TOO_LARGE, message: '这张图片为 30000×30000 像素，你的套餐最多允许每边 12000 像素、共 64 百万像素。请缩小图片或升级套餐。' });
    // The resumable route refuses it the same way.
    const created = await createTus(free, 'bomb.png', bomb.length);
    expect(created.status).toBe(201);
    const patched = await send(new URL(created.headers.location as string, base).toString(), {
      method: 'PATCH',
      headers: { ...tus, ...auth(free), 'upload-offset': 0, 'content-type': 'application/offset+octet-stream' },
      body: { length: bomb.length, chunks: () => [bomb] },
    });
    expect(patched !== 'dropped' && JSON.parse(patched.text)).toMatchObject({ code: ErrorCode.UPLOAD_IMAGE_DIMENSIONS_TOO_LARGE });
    await expectNothingKept(free);
    const listed = await signedCall(base, SECRET, '/api/upload/list', {}, { ...auth(free), 'user-id': free.userId });
    expect(listed.data).toMatchObject({ total: 0 });
  });

  it('an image whose size cannot be read is damaged, not stored as 0×0; a normal image keeps its real size', async () => {
    expect(await smallUpload(free, 'no width.png', zeroRowsPng(0, 480))).toMatchObject({ status: 422, code: ErrorCode.UPLOAD_DAMAGED });
    await expectNothingKept(free);
    const photo = execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=1200x800:rate=1', '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'mjpeg', 'pipe:1']);
    const accepted = await smallUpload(free, 'photo.jpg', photo);
    expect(accepted).toMatchObject({ status: 200, code: 0, data: { kind: 'image', width: 1200, height: 800 } });
    await signedCall(base, SECRET, '/api/upload/delete', { uploadId: (accepted.data as { id: string }).id }, { ...auth(free), 'user-id': free.userId });
  });

  it("video frames are bounded by the plan: 4200×2400 is over the free plan's 4096 a side, within Pro's", async () => {
    ffmpeg(['-f', 'lavfi', '-i', 'color=c=black:size=4200x2400:rate=5:duration=0.4', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path.join(fixtures, 'wide.mp4')]);
    const wide = await readFile(path.join(fixtures, 'wide.mp4'));
    const refused = await smallUpload(free, 'wide.mp4', wide);
    expect(refused).toMatchObject({ status: 422, code: ErrorCode.UPLOAD_VIDEO_DIMENSIONS_TOO_LARGE });
    expect(refused.message).toBe("This video's frames are 4200×2400 pixels; your plan allows up to 4096 pixels a side and 8.8 megapixels. Scale it down or upgrade your plan.");
    await expectNothingKept(free);
    const accepted = await smallUpload(pro, 'wide.mp4', wide);
    expect(accepted).toMatchObject({ status: 200, code: 0, data: { kind: 'video', width: 4200, height: 2400 } });
    await signedCall(base, SECRET, '/api/upload/delete', { uploadId: (accepted.data as { id: string }).id }, { ...auth(pro), 'user-id': pro.userId });
  });
});

describe.each(testDatabases({ poolMax: 4 }))('upload repository on %s', (_name, open) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ handle, cleanup } = await open()));
  afterAll(() => cleanup());

  it('sums large files, pages per owner and deletes an owner', async () => {
    const uploads = createUploadRepository(handle.db);
    const threeGb = 3 * 1024 * 1024 * 1024;
    const first = await uploads.insert({ ownerId: 'u1', status: 'ready', storageKey: 'users/u1/uploads/a/a.mp4', originalName: 'a.mp4', kind: 'video', mime: 'video/mp4', bytes: threeGb, durationSeconds: 12.5 });
    await uploads.insert({ ownerId: 'u1', status: 'ready', storageKey: 'users/u1/uploads/b/b.wav', originalName: 'b.wav', kind: 'audio', mime: 'audio/wav', bytes: 10 });
    await uploads.insert({ ownerId: 'u1', status: 'rejected', originalName: 'c.mp4', bytes: 5, errorCode: ErrorCode.UPLOAD_DAMAGED });
    await uploads.insert({ ownerId: 'u2', status: 'ready', storageKey: 'users/u2/uploads/d/d.mp4', originalName: 'd.mp4', bytes: 7 });
    expect(await uploads.storedBytes('u1')).toBe(threeGb + 10);
    expect(first.bytes).toBe(threeGb);
    const page = await uploads.list('u1', { limit: 1, offset: 0 });
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
    expect(await uploads.find('u2', first.id)).toBeUndefined();
    expect(await uploads.find('u1', 'not-a-uuid')).toBeUndefined();
    expect((await uploads.find('u1', first.id))?.durationSeconds).toBe(12.5);
    expect(await uploads.deleteAllOf('u1')).toBe(3);
    expect(await uploads.storedBytes('u1')).toBe(0);
    expect(await uploads.storedBytes('u2')).toBe(7);
  });
});

describe('uploads with STORAGE=s3 (s3rver)', () => {
  it('stores an accepted upload in the bucket and serves it with Range through the media route', async () => {
    const s3 = await startS3rver();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-uploads-s3-'));
    const fixtures = await mkdtemp(path.join(tmpdir(), 'voxwork-upload-fixtures-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const app = await createApp(
      loadConfig({
        ROLE: 'api', API_SIGN_SECRET: SECRET, LOG_LEVEL: 'silent', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir,
        STORAGE: 's3', S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER',
      }),
      { database: await freshPglite() },
    );
    try {
      await app.listen();
      const user = await createVerifiedUser(base, dataDir, 's3@example.com');
      ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'libmp3lame', path.join(fixtures, 'tone.mp3')]);
      const tone = await readFile(path.join(fixtures, 'tone.mp3'));
      const response = await fetch(`${base}/api/upload/file`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent('音调.mp3') },
        body: new Uint8Array(tone),
      });
      const envelope = (await response.json()) as Envelope;
      expect(envelope).toMatchObject({ code: 0, data: { kind: 'audio', mime: 'audio/mpeg', name: '音调.mp3', bytes: tone.length } });
      // Nothing was written to local disk: the file is in the bucket.
      expect(await readdir(path.join(dataDir, 'files')).catch(() => [])).toEqual([]);
      const url = `${base}${(envelope.data as { url: string }).url}`;
      const part = await fetch(url, { headers: { range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-type')).toBe('audio/mpeg');
      expect(part.headers.get('content-range')).toBe(`bytes 100-199/${tone.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(tone.subarray(100, 200))).toBe(true);
    } finally {
      await app.stop();
      await s3.stop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(fixtures, { recursive: true, force: true });
    }
  }, 60_000);
});
