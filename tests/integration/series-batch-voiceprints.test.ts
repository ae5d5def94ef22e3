import type { JobView, SeriesEpisodeView, SeriesView } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../support/accounts.ts';
import { makeSubtitledSeason, type SeasonCharacter, type SeasonEpisode, type SubtitledSeason } from '../support/subtitled-season.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabases } from '../support/test-database.ts';
import { toolClient, type ToolClient } from '../support/tool-client.ts';

/** Jobs run in this process: the test app is also a worker. */
const WORKER_ENV = { ROLE: 'api,worker', JOB_POLL_INTERVAL_SECONDS: '0.5' };
const CHARACTER_ID: Record<SeasonCharacter, string> = { woman: 'mei', man: 'lin' };

type Cast = Array<{ id: string; medianPitchHz: number | null }>;
type SpeakersOutput = { characters?: Record<string, string>; cast?: Cast; assignment: { speakers: Array<{ speakerId: string; medianPitchHz: number | null; totalSeconds: number }> } };
type RunOutput = { speakerCharacters?: Record<string, string>; targets: Array<{ lines: Array<{ source: string; speakerId: string; startSeconds: number; endSeconds: number }> }> };

const overlap = (a: { startSeconds: number; endSeconds: number }, b: { startSeconds: number; endSeconds: number }) => Math.max(0, Math.min(a.endSeconds, b.endSeconds) - Math.max(a.startSeconds, b.startSeconds));
/** The episode's true line a line the run read overlaps most. */
const truthOf = (episode: SeasonEpisode, line: { startSeconds: number; endSeconds: number }) => episode.lines.reduce((best, candidate) => (overlap(candidate, line) > overlap(best, line) ? candidate : best));

/**
 * Decision 069: a season added as one batch. Every run is created before any has heard anyone, so
 * the voiceprints in the runs' requests are all empty; each run reads the series' prints when it
 * reaches its speakers stage. The free plan runs one job of an owner at a time, oldest first, so
 * episode 1 (the woman speaks first) has finished when episode 2 (the man speaks first) gets there.
 * The characters' genders are unknown (as in a cast moved over from the dubbing studio): without
 * prints, episode 2's first speaker — the man — would be the first character listed, the woman.
 */
describe.each(testDatabases().slice(-1))('a season added as one batch matches speakers by the prints earlier runs taught, on %s', (_name, open) => {
  let testApp: TestApp;
  let cleanup: () => Promise<void>;
  let client: ToolClient;
  let season: SubtitledSeason;

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    testApp = await startTestApp({ name: 'series-batch-prints', env: WORKER_ENV, database: opened.handle });
    client = toolClient(testApp.base, await createVerifiedUser(testApp.base, testApp.dataDir, `series-batch-${Date.now()}@example.com`));
    season = await makeSubtitledSeason({ height: 480 });
  }, 300_000);
  afterAll(async () => {
    await testApp?.stop();
    await cleanup?.();
  });

  it('episode 2 of the batch is matched by the prints episode 1 taught while both were queued, and decides once (its cast kept with the decision)', async () => {
    const series = await client.data<SeriesView>('/api/series/create', {
      name: 'One batch',
      sourceLanguage: 'en',
      targetLanguages: ['es'],
      characters: [
        { id: CHARACTER_ID.woman, name: 'Mei', gender: 'unknown', voices: { es: 'espeak:espeak-ng/es+f3' } },
        { id: CHARACTER_ID.man, name: 'Lin Feng', gender: 'unknown', voices: { es: 'espeak:espeak-ng/es+m3' } },
      ],
    });
    const episodes = season.episodes.slice(0, 2);
    const uploadIds = await Promise.all(episodes.map((episode) => client.upload(`episode-${episode.number}.mp4`, episode.file)));
    const added = await client.data<{ episodes: SeriesEpisodeView[] }>('/api/series/episodes/add', { seriesId: series.id, episodes: uploadIds.map((uploadId) => ({ uploadId })), textSource: 'subtitles', subtitles: 'keep', output: 'dub' });
    const jobs: JobView[] = [];
    for (const episode of added.episodes) jobs.push(await client.until(episode.jobs[0]!.jobId, 900_000));
    for (const job of jobs) expect(job.status, JSON.stringify(job.error)).toBe('completed');

    // Both runs were asked with no prints: none was known when the batch was added.
    for (const job of jobs) expect((job.input as { characters: Cast }).characters.map((character) => character.medianPitchHz)).toEqual([null, null]);
    const speakersOf = (job: JobView) => job.stages.find((stage) => stage.name === 'speakers')!.output as unknown as SpeakersOutput;
    // Every line's speaker is the true character in both episodes (episode 2: the man first, found by his print).
    for (const [index, job] of jobs.entries()) {
      const episode = episodes[index]!;
      const output = job.output as RunOutput;
      expect(output.speakerCharacters).toEqual(speakersOf(job).characters);
      for (const line of output.targets[0]!.lines) {
        expect(output.speakerCharacters?.[line.speakerId], `E${episode.number} "${line.source}" (${JSON.stringify(output.speakerCharacters)})`).toBe(CHARACTER_ID[truthOf(episode, line).character]);
      }
    }
    const [first, second] = jobs.map(speakersOf) as [SpeakersOutput, SpeakersOutput];
    // Episode 1 decided by the cast's order (nothing heard yet), and kept the cast it decided with.
    expect(first.cast!.map((character) => character.medianPitchHz)).toEqual([null, null]);
    // Episode 2 read the prints episode 1's speakers taught: each character's median pitch there (its speaker with the most speech).
    const taughtOf = (characterId: string) =>
      first.assignment.speakers.filter((speaker) => first.characters![speaker.speakerId] === characterId).sort((a, b) => b.totalSeconds - a.totalSeconds || a.speakerId.localeCompare(b.speakerId))[0]?.medianPitchHz;
    const taught = { [CHARACTER_ID.woman]: taughtOf(CHARACTER_ID.woman), [CHARACTER_ID.man]: taughtOf(CHARACTER_ID.man) };
    expect(second.cast!.map((character) => [character.id, character.medianPitchHz])).toEqual([
      [CHARACTER_ID.woman, taught[CHARACTER_ID.woman]],
      [CHARACTER_ID.man, taught[CHARACTER_ID.man]],
    ]);
    expect(taught[CHARACTER_ID.woman]!).toBeGreaterThan(taught[CHARACTER_ID.man]!);
    console.info(`[batch] episode 1 taught ${JSON.stringify(taught)} Hz; episode 2 decided with ${JSON.stringify(second.cast)}: ${JSON.stringify(second.characters)}`);
  }, 1_200_000);
});
