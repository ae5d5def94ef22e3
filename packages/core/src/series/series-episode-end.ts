/**
 * A series episode's end (issue 28, decisions 061 and 076): when the last of an episode's runs ends, the
 * owner's webhooks get one `series.episode.completed` (every run completed) or
 * `series.episode.failed` event. It is written inside the transaction that ends that job, under a
 * lock on the episode's row, and the episode is marked ended in the same transaction: two runs
 * ending at once take turns (the second sees the first's end), a retried end finds the episode
 * already marked, and a process killed after the commit finds the delivery rows waiting.
 */
import type { ToolJobEnd } from '../jobs/define-tool.ts';
import { distinctJobs, languageShare } from './episode-jobs.ts';

const ENDED = new Set(['completed', 'failed', 'cancelled']);

export async function seriesEpisodeEndedIn({ tx, job, emit }: ToolJobEnd): Promise<void> {
  if (!job.type.startsWith('video-translation.')) return;
  const episode = await tx.series.lockEpisodeOfJob(job.ownerId, job.id);
  if (!episode || episode.endedAt) return;
  // One job with every language since decision 076 (read once); earlier episodes have one per language.
  const rows = new Map(await Promise.all(distinctJobs(episode.jobs).map(async (jobId) => [jobId, jobId === job.id ? job : await tx.jobs.findById(jobId)] as const)));
  if (![...rows.values()].every((row) => row && ENDED.has(row.status))) return;
  if (!(await tx.series.markEnded(episode.id, new Date()))) return;
  const runs = [...rows.values()].map((row) => row!);
  const completed = runs.every((row) => row.status === 'completed');
  // Per language: its job and that job's points shared between the languages it ran (they add up to the episode's).
  const jobs = Object.keys(episode.jobs)
    .sort()
    .map((language) => {
      const row = rows.get(episode.jobs[language]!)!;
      return { language, jobId: row.id, status: row.status, cost: { frozen: languageShare(row.costFrozen, language, episode.jobs), charged: languageShare(row.costSettled ?? 0, language, episode.jobs) } };
    });
  await emit(completed ? 'series.episode.completed' : 'series.episode.failed', {
    series: { id: episode.seriesId, name: episode.seriesName },
    episode: {
      id: episode.id,
      number: episode.number,
      title: episode.title,
      status: completed ? 'completed' : 'failed',
      jobs,
      cost: { frozen: jobs.reduce((sum, run) => sum + run.cost.frozen, 0), charged: jobs.reduce((sum, run) => sum + run.cost.charged, 0) },
    },
  });
}
