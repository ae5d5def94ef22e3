import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A link's expiry, rounded up to a step (a quarter of its life, at most an hour), so that the same
 * key signed again within the step gives the same link: a page that reads a project again keeps
 * its media element, its waveform and its browser cache, instead of loading everything anew each
 * time the expiry second moved. A link is valid for at least `expiresInSeconds` (at most a step more).
 */
export function stableExpiry(nowMs: number, expiresInSeconds: number): { expires: number; step: number } {
  const step = Math.max(1, Math.min(3600, Math.floor(expiresInSeconds / 4)));
  return { expires: Math.ceil((Math.floor(nowMs / 1000) + expiresInSeconds) / step) * step, step };
}

/**
 * Short-lived download links for the media route: `/api/media/{key}?expires={unix s}&sig={hmac}`.
 * The HMAC (SHA-256, keyed with AUTH_SECRET) covers the key and the expiry, so neither can be changed.
 * The expiry is `stableExpiry`'s: the same link for the same key within a step.
 */
export function createMediaUrlSigner(options: { secret: string; baseUrl?: string; now?: () => number; /** Route the links point at (default `/api/media`). */ pathPrefix?: string }) {
  const now = options.now ?? Date.now;
  const mac = (key: string, expires: number) => createHmac('sha256', options.secret).update(`media\n${key}\n${expires}`).digest('base64url');
  /** The signed query of `key` (unix seconds and HMAC), for a route other than the media route to build its own link with (the season zip's). */
  const signQuery = (key: string, expiresInSeconds: number): { expires: number; sig: string } => {
    const { expires } = stableExpiry(now(), expiresInSeconds);
    return { expires, sig: mac(key, expires) };
  };
  return {
    signQuery,
    /** A path (or absolute URL when a base is given) valid for `expiresInSeconds`. */
    sign(key: string, expiresInSeconds: number, downloadName?: string): string {
      const { expires, sig } = signQuery(key, expiresInSeconds);
      const query = new URLSearchParams({ expires: String(expires), sig });
      if (downloadName) query.set('download', downloadName);
      return `${options.baseUrl ?? ''}${options.pathPrefix ?? '/api/media'}/${key.split('/').map(encodeURIComponent).join('/')}?${query}`;
    },
    verify(key: string, expires: string | undefined, sig: string | undefined): boolean {
      if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
      if (Number(expires) * 1000 < now()) return false;
      const expected = Buffer.from(mac(key, Number(expires)));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type MediaUrlSigner = ReturnType<typeof createMediaUrlSigner>;
