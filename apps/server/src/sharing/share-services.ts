import { SHARE_MEDIA_PATH } from '@voxwork/contract';
import { createShareLinkService } from '@voxwork/core';
import { createShareLinkRepository, type DatabaseHandle, type JobRepository } from '@voxwork/db';
import type { Config } from '../config.ts';
import { createMediaUrlSigner } from '../storage/media-url-signer.ts';

/**
 * Share links and the signer of their media links (`/api/share/media/{token}/{index}`). The signer's
 * key is derived from AUTH_SECRET but differs from the owner media links', so neither kind of link
 * can be turned into the other.
 */
export function createShareServices({ database, config, jobs }: { database: DatabaseHandle; config: Config; jobs: JobRepository }) {
  const shareMediaUrls = createMediaUrlSigner({ secret: `${config.AUTH_SECRET}\nshare-links`, pathPrefix: SHARE_MEDIA_PATH });
  const shares = createShareLinkService({
    links: createShareLinkRepository(database.db),
    jobs,
    mediaLink: (token, index, download) => shareMediaUrls.sign(`${token}/${index}`, config.MEDIA_URL_TTL_SECONDS, download),
  });
  return { shares, shareMediaUrls };
}
