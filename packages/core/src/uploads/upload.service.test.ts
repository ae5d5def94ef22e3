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
    inspector: { sniff: async () => ({ mime: 'video/mp4', extension: 'mp4' }), probe: async () => probe ?? undefined },
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
