import { ErrorCode } from '@voxwork/contract';
import type { UploadRepository, UploadRow } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { storageKeys } from '../storage/storage-keys.ts';
import type { MediaInspector, UploadSource } from './media-inspector.port.ts';
import { sanitizeUploadName } from './upload-name.ts';
import { checkPicture, checkProbe, checkSize, classify, pictureBounds, pictureLimitsFor, uploadLimits, type PictureBounds, type UploadLimits, type UploadPlan } from './upload-rules.ts';

export interface UploadServiceDeps {
  uploads: UploadRepository;
  storage: StorageRepository;
  inspector: MediaInspector;
  /** The user's current plan limits (accounts layer). */
  planOf: (userId: string) => Promise<UploadPlan>;
  newId?: () => string;
}

/**
 * Uploads: the rules (name, size, quota, type by content, duration) and what happens on
 * completion (stored under the key module's key, recorded in `uploads`). Transport-agnostic:
 * the tus route and the small-file route both end in `accept`.
 */
export function createUploadService(deps: UploadServiceDeps) {
  const newId = deps.newId ?? (() => crypto.randomUUID());

  async function limitsOf(userId: string): Promise<UploadLimits & { usedBytes: number; pictures: PictureBounds }> {
    const [plan, usedBytes] = await Promise.all([deps.planOf(userId), deps.uploads.storedBytes(userId)]);
    return { ...uploadLimits(plan), usedBytes, pictures: pictureBounds(plan) };
  }

  return {
    limitsOf,

    /** Before any byte arrives: the name and the declared size. Returns the sanitised name. */
    async checkStart(userId: string, request: { name: string; size: number }): Promise<string> {
      const name = sanitizeUploadName(request.name);
      const limits = await limitsOf(userId);
      checkSize(request.size, limits, limits.usedBytes);
      return name;
    },

    /**
     * A finished upload: checks the content, stores it and records it. A refused file is recorded
     * as `rejected` with its code and the DomainError is rethrown; the caller removes the source.
     */
    async accept(userId: string, request: { name: string; source: UploadSource }): Promise<UploadRow> {
      const name = sanitizeUploadName(request.name);
      try {
        const limits = await limitsOf(userId);
        checkSize(request.source.size, limits, limits.usedBytes);
        const type = classify(await deps.inspector.sniff(request.source));
        // The declared picture size first, from the header: nothing decodes a picture the plan refuses
        // (a 109 KB PNG may declare 30000×30000). An image without a readable size is damaged.
        const declared = type.kind === 'audio' ? undefined : await deps.inspector.pictureSize(request.source, type.kind);
        if (type.kind === 'image' && !declared) throw new DomainError(ErrorCode.UPLOAD_DAMAGED);
        if (declared && type.kind !== 'audio') checkPicture(type.kind, declared, limits.pictures);
        const info = await deps.inspector.probe(request.source, { maxPixels: pictureLimitsFor(type.kind, limits.pictures).maxPixels });
        const facts = checkProbe(type.kind, info, limits, { bounds: limits.pictures, declared });
        const id = newId();
        const stem = name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name;
        const key = storageKeys.upload(userId, id, `${stem}.${type.extension}`);
        // The source is consumed (renamed into place on the same disk): callers never need it afterwards.
        await deps.storage.putFile(key, request.source.path, { contentType: type.mime, size: request.source.size, move: true });
        try {
          return await deps.uploads.insert({ id, ownerId: userId, status: 'ready', storageKey: key, originalName: name, mime: type.mime, bytes: request.source.size, ...facts });
        } catch (error) {
          await deps.storage.delete(key);
          throw error;
        }
      } catch (error) {
        if (error instanceof DomainError) {
          await deps.uploads.insert({ ownerId: userId, status: 'rejected', originalName: name, bytes: request.source.size, errorCode: error.code });
        }
        throw error;
      }
    },

    async get(userId: string, uploadId: string): Promise<UploadRow> {
      const row = await deps.uploads.find(userId, uploadId);
      if (!row || row.status !== 'ready') throw new DomainError(ErrorCode.UPLOAD_NOT_FOUND);
      return row;
    },

    async list(userId: string, page: { pageNum: number; pageSize: number }) {
      return deps.uploads.list(userId, { limit: page.pageSize, offset: (page.pageNum - 1) * page.pageSize });
    },

    async remove(userId: string, uploadId: string): Promise<void> {
      const row = await deps.uploads.find(userId, uploadId);
      if (!row) throw new DomainError(ErrorCode.UPLOAD_NOT_FOUND);
      await deps.storage.deleteByPrefix(`${storageKeys.uploadsPrefix(userId)}${uploadId}/`);
      await deps.uploads.delete(userId, uploadId);
    },

    /** Every file and upload row of a user: call when the account is deleted. */
    async deleteUserFiles(userId: string): Promise<{ files: number; uploads: number }> {
      const files = await deps.storage.deleteByPrefix(storageKeys.userPrefix(userId));
      const uploads = await deps.uploads.deleteAllOf(userId);
      return { files, uploads };
    },

    /** Every file a job stored (all stages): call when the job is deleted. */
    async deleteJobFiles(userId: string, jobId: string): Promise<number> {
      return deps.storage.deleteByPrefix(storageKeys.jobPrefix(userId, jobId));
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
