import path from 'node:path';
import { createUploadService, type AccountService } from '@voxwork/core';
import { createUploadRepository, type DatabaseHandle } from '@voxwork/db';
import type { Config } from '../config.ts';
import { createMediaInspector } from '../uploads/media-inspector.ts';
import { createStorage } from './create-storage.ts';

/** Storage (local disk or S3), media links and uploads, wired once per process. */
export function createStorageServices({ database, config, accounts }: { database: DatabaseHandle; config: Config; accounts: AccountService }) {
  const { storage, mediaUrls } = createStorage(config);
  const uploads = createUploadService({
    uploads: createUploadRepository(database.db),
    storage,
    inspector: createMediaInspector(),
    planOf: async (userId) => (await accounts.getAccountInfo(userId)).comboDetail,
  });
  return {
    storage,
    mediaUrls,
    uploads,
    /** Where unfinished uploads wait (tus file store, small-file temp files): local to this API process. */
    uploadWorkDir: path.join(config.dataDir, 'uploads'),
  };
}
