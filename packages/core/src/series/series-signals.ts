/**
 * The season board's quality signals of one language's run (issue 28, decision 061), read from
 * the run's own stage outputs: null when the stage that would know has not run or the output has
 * no such thing (no dub: no speed, slot or drift; no erasure: no text left).
 */
import type { JobView, SeriesEpisodeSignals } from '@voxwork/contract';

/** A dubbed line spoken faster than this is flagged. */
export const SPED_UP_ABOVE = 1.2;

interface Placement {
  id: string;
  startSeconds: number;
  speed: number;
  status: string;
  overrunSeconds: number;
}

const outputOf = (job: JobView, stage: string) => {
  const found = job.stages.find((candidate) => candidate.name === stage);
  return found?.status === 'completed' ? found.output : undefined;
};

export function episodeSignals(language: string, job: JobView, glossaryMisses: number | null): SeriesEpisodeSignals {
  const fit = outputOf(job, 'fit');
  const placements = (fit?.placements as Record<string, Placement[]> | undefined)?.[language];
  const sourceLines = (outputOf(job, 'source-text')?.lines as Array<{ id: string; startSeconds: number }> | undefined) ?? [];
  const sourceStart = new Map(sourceLines.map((line) => [line.id, line.startSeconds]));
  const leftover = outputOf(job, 'erase')?.leftover as { sampledFrames: number; textLeftFrames: number } | undefined;
  const drifts = (placements ?? []).flatMap((placement) => {
    const start = sourceStart.get(placement.id);
    return start === undefined ? [] : [Math.abs(placement.startSeconds - start)];
  });
  return {
    language,
    spedUpLines: placements ? placements.filter((placement) => placement.speed > SPED_UP_ABOVE).length : null,
    // Still longer than the slot and what it may borrow: it plays over what follows.
    overSlotLines: placements ? placements.filter((placement) => placement.status === 'overrun' || placement.status === 'overlaps').length : null,
    glossaryMisses,
    textLeftFrames: leftover ? leftover.textLeftFrames : null,
    sampledFrames: leftover ? leftover.sampledFrames : null,
    maxDriftSeconds: placements ? (drifts.length ? Math.round(Math.max(...drifts) * 1000) / 1000 : 0) : null,
  };
}
