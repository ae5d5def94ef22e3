/**
 * An episode's jobs (decision 076): since then one job runs every target language of an episode,
 * so several languages name the same job; episodes added before have a job per language. What an
 * episode costs counts each job once, and a shared job's points are split between its languages.
 */

/** Each distinct job of an episode's language → job map, once, in language order. */
export function distinctJobs(jobs: Readonly<Record<string, string>>): string[] {
  return [...new Set(Object.keys(jobs).sort().map((language) => jobs[language]!))];
}

/**
 * A language's share of its job's points: an even split between the languages that share the job,
 * the first of them (in language order) taking the remainder, so the shares add up to the job's points.
 */
export function languageShare(points: number, language: string, jobs: Readonly<Record<string, string>>): number {
  const jobId = jobs[language];
  const sharing = Object.keys(jobs)
    .filter((other) => jobs[other] === jobId)
    .sort();
  if (sharing.length <= 1) return points;
  return Math.floor(points / sharing.length) + (sharing[0] === language ? points % sharing.length : 0);
}
