import { Readable } from 'node:stream';
import { ErrorCode } from '@voxwork/contract';
import type { UploadRepository, UploadRow } from '@voxwork/db';
import type { MediaInfo } from '@voxwork/media';
import { describe, expect, it } from 'vitest';
import type { StorageRepository, StoredObject } from '../storage/storage.port.ts';
import { createUploadService } from './upload.service.ts';

function memoryStorage(): StorageRepository & { objects: Map<string, number> } {
  const objects = new Map<string, number>();
  const object = (key: string): StoredObject => ({ key, size: objects.get(key)!, contentType: 'x', modifiedAt: new Date(0) });
  return {
    kind: 'local',
    objects,
    async put(key, _body, options) {
      objects.set(key, options?.size ?? 0);
      return object(key);
    },
    async putFile(key, _path, options) {
      objects.set(key, options?.size ?? 0);
      return object(key);
    },
    async get() {
      return undefined;
    },
    async stat(key) {
      return objects.has(key) ? object(key) : undefined;
    },
    async delete(key) {
      return objects.delete(key);
    },
    async deleteByPrefix(prefix) {
      const keys = [...objects.keys()].filter((key) => key.startsWith(prefix));
      for (const key of keys) objects.delete(key);
      return keys.length;
    },
    async list(prefix) {
      return [...objects.keys()].filter((key) => key.startsWith(prefix)).map(object);
    },
    async signedUrl(key) {
      return `/signed/${key}`;
    },
  };
}

function memoryUploads(): UploadRepository & { rows: UploadRow[] } {
  const rows: UploadRow[] = [];
  const repository = {
    rows,
    async insert(values) {
      const row = { id: crypto.randomUUID(), storageKey: null, kind: null, mime: null, durationSeconds: null, width: null, height: null, hasAudio: null, errorCode: null, createdAt: new Date(), ...values } as UploadRow;
      rows.push(row);
      return row;
    },
    async find(ownerId, id) {
      return rows.find((row) => row.ownerId === ownerId && row.id === id);
    },
    async list(ownerId) {
      const items = rows.filter((row) => row.ownerId === ownerId && row.status === 'ready');
      return { total: items.length, items };
    },
    async storedBytes(ownerId) {
      return rows.filter((row) => row.ownerId === ownerId && row.status === 'ready').reduce((sum, row) => sum + row.bytes, 0);
    },
    async delete(ownerId, id) {
      const index = rows.findIndex((row) => row.ownerId === ownerId && row.id === id);
      return index >= 0 ? rows.splice(index, 1)[0] : undefined;
    },
    async deleteAllOf(ownerId) {
      const before = rows.length;
      rows.splice(0, rows.length, ...rows.filter((row) => row.ownerId !== ownerId));
      return before - rows.length;
    },
  } satisfies UploadRepository & { rows: UploadRow[] };
  return repository;
}

const videoInfo = (durationSeconds: number): MediaInfo => {
  const video = { index: 0, type: 'video' as const, codec: 'h264', durationSeconds, bitRate: undefined, language: undefined, width: 640, height: 360, frameRate: 25, rotation: undefined, attachedPicture: false, sampleRate: undefined, channels: undefined };
  return { formatName: 'mov,mp4', durationSeconds, sizeBytes: 1, bitRate: 1, streams: [video], video, audio: undefined };
};

function setup(probe: MediaInfo | null = videoInfo(10)) {
  const storage = memoryStorage();
  const uploads = memoryUploads();
  const service = createUploadService({
    uploads,
    storage,
    inspector: { sniff: async () => ({ mime: 'video/mp4', extension: 'mp4' }), pictureSize: async () => undefined, probe: async () => probe ?? undefined },
    planOf: async () => ({ uploadSizeMb: 1, maxVideoMinutesPerJob: 1 }),
  });
  const source = (size: number) => ({ path: '/tmp/x', size, open: () => Readable.from([]) });
  return { storage, uploads, service, source };
}

const codeOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: { code?: number }) => error.code);

describe('upload service', () => {
  it('stores an accepted file under its key and records it', async () => {
    const { storage, uploads, service, source } = setup();
    const row = await service.accept('u1', { name: 'My clip.MOV', source: source(1000) });
    expect(row).toMatchObject({ status: 'ready', originalName: 'My clip.MOV', kind: 'video', bytes: 1000, width: 640, durationSeconds: 10 });
    expect(row.storageKey).toBe(`users/u1/uploads/${row.id}/My_clip.mp4`);
    expect([...storage.objects.keys()]).toEqual([row.storageKey]);
    expect(uploads.rows).toHaveLength(1);
  });

  it('records refusals and stores nothing', async () => {
    const { storage, uploads, service, source } = setup(videoInfo(61));
    expect(await codeOf(service.accept('u1', { name: 'a.mp4', source: source(1000) }))).toBe(ErrorCode.UPLOAD_TOO_LONG);
    expect(await codeOf(service.accept('u1', { name: 'a.mp4', source: source(2 * 1024 * 1024) }))).toBe(ErrorCode.UPLOAD_TOO_LARGE);
    expect(storage.objects.size).toBe(0);
    expect(uploads.rows.map((row) => [row.status, row.errorCode])).toEqual([
      ['rejected', ErrorCode.UPLOAD_TOO_LONG],
      ['rejected', ErrorCode.UPLOAD_TOO_LARGE],
    ]);
    const damaged = setup(null);
    expect(await codeOf(damaged.service.accept('u1', { name: 'a.mp4', source: source(10) }))).toBe(ErrorCode.UPLOAD_DAMAGED);
  });

  it('enforces the quota (20 × the largest upload) over stored files', async () => {
    const { service, source } = setup();
    for (let index = 0; index < 20; index++) await service.accept('u1', { name: `${index}.mp4`, source: source(1024 * 1024) });
    expect(await codeOf(service.checkStart('u1', { name: 'one more.mp4', size: 1 }))).toBe(ErrorCode.STORAGE_QUOTA_EXCEEDED);
    expect(await service.checkStart('u2', { name: 'other user.mp4', size: 1 })).toBe('other user.mp4');
  });

  it("deletes every file and row of a deleted account, and a job's files", async () => {
    const { storage, uploads, service, source } = setup();
    await service.accept('u1', { name: 'a.mp4', source: source(10) });
    await service.accept('u2', { name: 'b.mp4', source: source(10) });
    await storage.put('users/u1/jobs/j1/mix/out.wav', 'x', { size: 1 });
    expect(await service.deleteJobFiles('u1', 'j1')).toBe(1);
    await storage.put('users/u1/jobs/j2/mix/out.wav', 'x', { size: 1 });
    expect(await service.deleteUserFiles('u1')).toEqual({ files: 2, uploads: 1 });
    expect([...storage.objects.keys()].every((key) => key.startsWith('users/u2/'))).toBe(true);
    expect(uploads.rows.map((row) => row.ownerId)).toEqual(['u2']);
  });
});

describe('picture bounds (decompression bombs)', () => {
  const imageInfo = (width: number, height: number): MediaInfo => {
    const video = { index: 0, type: 'video' as const, codec: 'png', durationSeconds: undefined, bitRate: undefined, language: undefined, width, height, frameRate: 25, rotation: undefined, attachedPicture: false, sampleRate: undefined, channels: undefined };
    return { formatName: 'png_pipe', durationSeconds: undefined, sizeBytes: 1, bitRate: undefined, streams: [video], video, audio: undefined };
  };

  function setupImage(declared: { width: number; height: number } | undefined, probed: MediaInfo, mime = 'image/png') {
    const storage = memoryStorage();
    const uploads = memoryUploads();
    const probes: Array<{ maxPixels?: number } | undefined> = [];
    const service = createUploadService({
      uploads,
      storage,
      inspector: {
        sniff: async () => ({ mime, extension: mime.split('/')[1]! }),
        pictureSize: async () => declared,
        probe: async (_source, options) => {
          probes.push(options);
          return probed;
        },
      },
      planOf: async () => ({ uploadSizeMb: 10, maxVideoMinutesPerJob: 2, imageLimits: { maxSide: 8192, maxPixels: 40_000_000 }, videoFrameLimits: { maxSide: 4096, maxPixels: 4096 * 2160 } }),
    });
    const source = { path: '/tmp/x', size: 109_445, open: () => Readable.from([]) };
    return { storage, uploads, service, source, probes };
  }

  it('refuses a PNG declaring 30000×30000 before anything decodes it, and stores nothing', async () => {
    // ffprobe reads such a PNG as 0×0: before the fix it was stored with width 0 and height 0.
    const { storage, uploads, service, source, probes } = setupImage({ width: 30_000, height: 30_000 }, imageInfo(0, 0));
    const refused = await service.accept('u1', { name: 'bomb.png', source }).catch((error: { code: number; params: Record<string, unknown> }) => error);
    expect(refused).toMatchObject({ code: ErrorCode.UPLOAD_IMAGE_DIMENSIONS_TOO_LARGE, params: { width: 30_000, height: 30_000, maxSide: 8192, megapixels: 40 } });
    expect(probes).toEqual([]);
    expect(storage.objects.size).toBe(0);
    expect(uploads.rows.map((row) => [row.status, row.errorCode])).toEqual([['rejected', ErrorCode.UPLOAD_IMAGE_DIMENSIONS_TOO_LARGE]]);
  });

  it('bounds width, height and pixel count each, and never stores a picture as 0×0', async () => {
    const code = (declared: { width: number; height: number } | undefined) => {
      const { service, source } = setupImage(declared, imageInfo(100, 100));
      return codeOf(service.accept('u1', { name: 'a.png', source }));
    };
    expect(await code({ width: 8193, height: 10 })).toBe(ErrorCode.UPLOAD_IMAGE_DIMENSIONS_TOO_LARGE);
    expect(await code({ width: 10, height: 8193 })).toBe(ErrorCode.UPLOAD_IMAGE_DIMENSIONS_TOO_LARGE);
    expect(await code({ width: 8000, height: 6000 })).toBe(ErrorCode.UPLOAD_IMAGE_DIMENSIONS_TOO_LARGE);
    expect(await code(undefined)).toBe(ErrorCode.UPLOAD_DAMAGED);
    const accepted = setupImage({ width: 6000, height: 4000 }, imageInfo(6000, 4000));
    expect(await accepted.service.accept('u1', { name: 'photo.png', source: accepted.source })).toMatchObject({ status: 'ready', kind: 'image', width: 6000, height: 4000 });
    // ffprobe is told not to decode anything beyond the plan's pixel count.
    expect(accepted.probes).toEqual([{ maxPixels: 40_000_000 }]);
  });

  it('bounds video frames by the plan, from the container and from ffprobe; a frame size of 0 is damaged', async () => {
    const video = (width: number, height: number) => ({ ...videoInfo(10), streams: [{ ...videoInfo(10).video!, width, height }], video: { ...videoInfo(10).video!, width, height } });
    const declaredBig = setupImage({ width: 7680, height: 4320 }, video(7680, 4320), 'video/mp4');
    const refused = await declaredBig.service.accept('u1', { name: '8k.mp4', source: declaredBig.source }).catch((error: { code: number }) => error);
    expect(refused).toMatchObject({ code: ErrorCode.UPLOAD_VIDEO_DIMENSIONS_TOO_LARGE, params: { width: 7680, height: 4320, maxSide: 4096, megapixels: 8.8 } });
    expect(declaredBig.probes).toEqual([]);
    const undeclared = setupImage(undefined, video(4200, 2200), 'video/mp4');
    expect(await codeOf(undeclared.service.accept('u1', { name: 'a.mp4', source: undeclared.source }))).toBe(ErrorCode.UPLOAD_VIDEO_DIMENSIONS_TOO_LARGE);
    expect(undeclared.probes).toEqual([{ maxPixels: 4096 * 2160 }]);
    const zero = setupImage(undefined, video(0, 0), 'video/mp4');
    expect(await codeOf(zero.service.accept('u1', { name: 'a.mp4', source: zero.source }))).toBe(ErrorCode.UPLOAD_DAMAGED);
    const portrait = setupImage({ width: 2160, height: 3840 }, video(2160, 3840), 'video/mp4');
    expect(await portrait.service.accept('u1', { name: 'phone.mp4', source: portrait.source })).toMatchObject({ kind: 'video', width: 2160, height: 3840 });
  });
});
