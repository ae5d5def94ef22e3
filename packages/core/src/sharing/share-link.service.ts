import { ErrorCode, SHARE_LINKS_PER_JOB, type SharedJobView, type ShareLinkView } from '@voxwork/contract';
import type { JobRepository, JobRow, ShareLinkRepository, ShareLinkRow } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';

/** A result file as a pipeline lists it under `media` in the job's output (see `StageContext.store`). */
interface StoredMedia {
  key: string;
  name: string;
  role: SharedJobView['media'][number]['role'];
  contentType: string;
  bytes: number;
  durationSeconds?: number | null;
}

const ROLES = new Set<string>(['audio', 'video', 'subtitles', 'image', 'data']);

function isStoredMedia(value: unknown): value is StoredMedia {
  const file = value as Partial<StoredMedia> | null;
  return (
    typeof file === 'object' &&
    file !== null &&
    typeof file.key === 'string' &&
    typeof file.name === 'string' &&
    typeof file.role === 'string' &&
    ROLES.has(file.role) &&
    typeof file.contentType === 'string' &&
    typeof file.bytes === 'number'
  );
}

/** The result files of a completed job, in the order its pipeline listed them. */
export function storedMediaOf(job: Pick<JobRow, 'status' | 'output'>): StoredMedia[] {
  if (job.status !== 'completed') return [];
  const listed = job.output?.media;
  return Array.isArray(listed) ? listed.filter(isStoredMedia) : [];
}

export interface ShareLinkServiceDeps {
  links: ShareLinkRepository;
  jobs: Pick<JobRepository, 'findById'>;
  /** A short-lived link to result file `index` of the job shared by `token` (the share media route); `download` names the saved file. */
  mediaLink(token: string, index: number, download?: string): string;
  /** 32 random bytes, base64url (tests may fix it). */
  newToken?: () => string;
}

function randomToken(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const TOKEN = /^[A-Za-z0-9_-]{20,128}$/;

/** A file name for downloads: the job's title (letters, digits, spaces) and the file's extension. */
function downloadName(job: Pick<JobRow, 'title' | 'type'>, file: StoredMedia): string {
  const extension = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.')) : '';
  const stem = (job.title ?? job.type).replace(/[^\p{L}\p{N} _-]+/gu, '').trim().slice(0, 60) || 'voxwork';
  return `${stem}${extension}`;
}

function toLinkView(row: ShareLinkRow): ShareLinkView {
  return {
    token: row.token,
    jobId: row.jobId,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    path: `/share?token=${row.token}`,
  };
}

/**
 * Public links to a job's results. Only the owner creates, lists and revokes them; anyone with the
 * token sees the job's title, type, dates and result files (links through the share media route,
 * so no storage key or owner id is shown) and nothing else. A revoked link, or one whose job was
 * deleted, is unknown (2101).
 */
export function createShareLinkService({ links, jobs, mediaLink, newToken = randomToken }: ShareLinkServiceDeps) {
  async function ownedJob(jobId: string, ownerId: string): Promise<JobRow> {
    const job = await jobs.findById(jobId);
    if (!job || job.ownerId !== ownerId) throw new DomainError(ErrorCode.JOB_NOT_FOUND);
    return job;
  }

  async function activeLink(token: string) {
    if (!TOKEN.test(token)) return undefined;
    return links.findActiveWithJob(token);
  }

  return {
    async create(jobId: string, ownerId: string): Promise<ShareLinkView> {
      const job = await ownedJob(jobId, ownerId);
      if (storedMediaOf(job).length === 0) throw new DomainError(ErrorCode.SHARE_JOB_NOT_READY);
      if ((await links.countActive(jobId)) >= SHARE_LINKS_PER_JOB) throw new DomainError(ErrorCode.SHARE_LINK_LIMIT, { limit: SHARE_LINKS_PER_JOB });
      return toLinkView(await links.insert({ token: newToken(), jobId, ownerId }));
    },

    async list(jobId: string, ownerId: string): Promise<ShareLinkView[]> {
      await ownedJob(jobId, ownerId);
      return (await links.listActive(jobId, ownerId)).map(toLinkView);
    },

    async revoke(token: string, ownerId: string): Promise<void> {
      if (!TOKEN.test(token) || !(await links.revoke(token, ownerId))) throw new DomainError(ErrorCode.SHARE_LINK_NOT_FOUND);
    },

    /** The public view of a shared job. */
    async resolve(token: string): Promise<SharedJobView> {
      const found = await activeLink(token);
      if (!found) throw new DomainError(ErrorCode.SHARE_LINK_NOT_FOUND);
      const { job } = found;
      return {
        title: job.title,
        type: job.type,
        status: job.status,
        createdAt: job.createdAt.toISOString(),
        finishedAt: job.finishedAt?.toISOString() ?? null,
        media: storedMediaOf(job).map((file, index) => ({
          name: file.name,
          role: file.role,
          contentType: file.contentType,
          bytes: file.bytes,
          durationSeconds: file.durationSeconds ?? null,
          url: mediaLink(token, index),
          downloadUrl: mediaLink(token, index, downloadName(job, file)),
        })),
      };
    },

    /** The storage key behind result file `index` of an active link, for the share media route; undefined otherwise. */
    async mediaKey(token: string, index: number): Promise<{ key: string; contentType: string } | undefined> {
      const found = await activeLink(token);
      const file = found ? storedMediaOf(found.job)[index] : undefined;
      return file ? { key: file.key, contentType: file.contentType } : undefined;
    },
  };
}

export type ShareLinkService = ReturnType<typeof createShareLinkService>;
