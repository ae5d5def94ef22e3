/**
 * A job as its owner sees it (`JobView`): its row and stages, its errors in the caller's language,
 * and its result files with links a browser can use for an hour.
 */
import { jobErrorView, type JobView, type Locale } from '@voxwork/contract';
import type { JobRow, JobStageRow } from '@voxwork/db';
import type { StorageRepository } from '../storage/storage.port.ts';
import type { JobMediaFile } from './pipeline-definition.ts';

/** How long the links in a job view work. */
const MEDIA_LINK_SECONDS = 3600;

/** Result files of a job with links a browser can use for an hour (the view is re-read to refresh them). */
export async function jobMediaViews(row: JobRow, storage: StorageRepository | undefined): Promise<JobView['media']> {
  if (!storage || row.status !== 'completed') return [];
  const listed = Array.isArray(row.output?.media) ? (row.output.media as JobMediaFile[]) : [];
  const title = (row.title ?? row.type).replace(/[^\p{L}\p{N} _-]+/gu, '').trim().slice(0, 60) || 'voxwork';
  const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.')) : '');
  const extensionCounts = new Map<string, number>();
  for (const file of listed) extensionCounts.set(extensionOf(file.name), (extensionCounts.get(extensionOf(file.name)) ?? 0) + 1);
  return Promise.all(
    listed.map(async (file) => {
      const extension = extensionOf(file.name);
      // Files of one kind save under the job's title; several of a kind (a dub and its voice stem) keep their own name after it.
      const downloadName = (extensionCounts.get(extension) ?? 0) > 1 ? `${title} - ${file.name.slice(0, file.name.length - extension.length)}${extension}` : `${title}${extension}`;
      return {
        name: file.name,
        role: file.role,
        contentType: file.contentType,
        bytes: file.bytes,
        durationSeconds: file.durationSeconds ?? null,
        url: await storage.signedUrl(file.key, { expiresInSeconds: MEDIA_LINK_SECONDS }),
        downloadUrl: await storage.signedUrl(file.key, { expiresInSeconds: MEDIA_LINK_SECONDS, downloadName }),
      };
    }),
  );
}

export function toJobView(row: JobRow, stages: readonly JobStageRow[] = [], media: JobView['media'] = [], locale: Locale = 'en'): JobView {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    status: row.status,
    waitingForSlot: row.status === 'queued' && row.admittedAt === null,
    progress: row.progress,
    currentStage: row.currentStage,
    stages: stages.map((stage) => ({
      name: stage.name,
      status: stage.status,
      progress: stage.progress,
      attempts: stage.attempts,
      output: stage.output ?? null,
      error: stage.error ? jobErrorView(stage.error, locale) : null,
    })),
    cost: { estimated: row.costEstimated, frozen: row.costFrozen, settled: row.costSettled },
    attempts: row.attempts,
    completions: row.completions,
    input: row.input,
    output: row.output ?? null,
    error: row.error ? jobErrorView(row.error, locale) : null,
    media,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
