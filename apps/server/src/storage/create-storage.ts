import path from 'node:path';
import type { StorageRepository } from '@voxwork/core';
import type { Config } from '../config.ts';
import { createLocalDiskStorage } from './local-disk-storage.repository.ts';
import { createMediaUrlSigner, type MediaUrlSigner } from './media-url-signer.ts';
import { createS3Storage } from './s3-storage.repository.ts';

/** The storage backend chosen by `STORAGE` (local disk under DATA_DIR/files, or S3-compatible), and the media link signer. */
export function createStorage(config: Config): { storage: StorageRepository; mediaUrls: MediaUrlSigner } {
  const mediaUrls = createMediaUrlSigner({ secret: config.AUTH_SECRET });
  if (config.STORAGE === 's3') {
    if (!config.S3_BUCKET) throw new Error('STORAGE=s3 needs S3_BUCKET');
    const storage = createS3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
    return { storage, mediaUrls };
  }
  const storage = createLocalDiskStorage({ root: path.join(config.dataDir, 'files'), signUrl: (key, seconds, name) => mediaUrls.sign(key, seconds, name) });
  return { storage, mediaUrls };
}
