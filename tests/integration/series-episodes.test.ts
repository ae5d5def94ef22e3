import { randomUUID } from 'node:crypto';
import { ErrorCode, type JobView } from '@voxwork/contract';
import { createSeriesService, DomainError, type EpisodeTranslationRequest } from '@voxwork/core';
import { createSeriesRepository, type DatabaseHandle } from '@voxwork/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPglite } from '../support/test-database.ts';

/** A video-translation job as the board reads it: translated (or not yet), with its lines. */
function translatedJob(id: string, translations: Record<string, Record<string, string>> | null, status: JobView['status'] = 'running', points = 30): JobView {
  const lines = [
    { id: 'l1', source: 'Lin Feng walks into the Jade Palace.' },
    { id: 'l2', source: 'The guards bow.' },
  ];
  return {
    id,
    type: 'video-translation.dub',
    title: null,
    status,
    waitingForSlot: false,
    progress: status === 'completed' ? 100 : 40,
    currentStage: null,
    stages: [
      { name: 'source-text', status: 'completed', progress: 100, attempts: 1, output: { lines }, error: null },
      translations
        ? {
            name: 'translate',
            status: 'completed',
            progress: 100,
            attempts: 1,
            output: { translations: Object.fromEntries(Object.entries(translations).map(([language, lines]) => [language, Object.entries(lines).map(([lineId, text]) => ({ id: lineId, text, unknownWords: [] }))])) },
            error: null,
          }
        : { name: 'translate', status: 'running', progress: 10, attempts: 1, output: null, error: null },
    ],
    cost: { estimated: points, frozen: points, settled: status === 'completed' ? points : null },
    attempts: 1,
    completions: 0,
    input: {},
    output: null,
    error: null,
    media: [],
    createdAt: new Date().toISOString(),
    startedAt: null,
    finishedAt: null,
  };
}

/**
 * The series service on a real database with the video translator and the jobs played by this
 * test: what each episode's runs are asked for, the glossary check (flagged, stored, run once),
 * the board's status and cost, and a refused run removing the episodes that got none.
 */
describe('series episodes on PGlite', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await freshPglite();
  });
  afterAll(() => handle.close());

  it('runs each episode as one job with every target language, each with its glossary and lead voice; flags and keeps glossary misses per language; removes episodes a refused run left without a job', async () => {
    const store = createSeriesRepository(handle.db);
    const names = ['aaaa', 'bbbb', 'cccc', 'dddd', 'eeee', 'ffff'];
    const upload: Record<string, string> = Object.fromEntries(names.map((name) => [name, randomUUID()]));
    const nameOf = new Map<string, string>(names.map((name) => [upload[name]!, `${name}.mp4`]));
    const requests: EpisodeTranslationRequest[] = [];
    const jobs = new Map<string, JobView>();
    let jobReads = 0;
    let refuseAfter = Infinity;
    const service = createSeriesService({
      store,
      translateEpisode: async (_ownerId, request) => {
        if (requests.length >= refuseAfter) throw new DomainError(ErrorCode.JOB_QUEUE_FULL, { running: 1, waiting: 4 });
        requests.push(request);
        const jobId = `job-${requests.length}`;
        jobs.set(jobId, translatedJob(jobId, null, 'running', 61));
        return { jobId, cost: 61 };
      },
      jobOf: async (_ownerId, jobId) => {
        jobReads++;
        return jobs.get(jobId)!;
      },
      quoteEpisode: async () => ({ seconds: 61, cost: 60 }),
      resultFile: async () => ({ key: 'unused', bytes: 0 }),
      uploadName: async (_ownerId, uploadId) => nameOf.get(uploadId)!,
      openFile: async () => undefined,
    });
    const series = await service.create('owner-1', {
      name: 'The Jade Heir',
      sourceLanguage: 'en',
      targetLanguages: ['es', 'fr'],
      glossary: [
        { source: 'Lin Feng', target: 'Lin Feng', language: null },
        { source: 'Jade Palace', target: 'Palacio de Jade', language: 'es' },
        { source: 'Jade Palace', target: 'Palais de Jade', language: 'fr' },
      ],
      characters: [
        { id: 'mei', name: 'Mei', gender: 'female', voices: { fr: 'espeak:espeak-ng/fr' } },
        { id: 'lin', name: 'Lin Feng', gender: 'male', voices: { es: 'espeak:espeak-ng/es', fr: 'espeak:espeak-ng/fr+m3' } },
      ],
    });

    const added = await service.addEpisodes('owner-1', series.id, { episodes: [{ uploadId: upload.aaaa!, title: 'Pilot' }, { uploadId: upload.bbbb! }], textSource: 'subtitles', burnSubtitles: true });
    // One run per episode (decision 076): the picture's lines are read and erased once for both languages.
    expect(requests).toHaveLength(2);
    expect(added.cost).toBe(122);
    expect(added.episodes.map((episode) => [episode.number, episode.title, episode.jobs.map((job) => [job.language, job.jobId]), episode.status])).toEqual([
      [1, 'Pilot', [['es', 'job-1'], ['fr', 'job-1']], 'running'],
      [2, 'bbbb', [['es', 'job-2'], ['fr', 'job-2']], 'running'],
    ]);
    // French: the first character with a French voice leads; Spanish: the only one with a Spanish voice.
    expect(requests[0]).toMatchObject({ uploadId: upload.aaaa!, sourceLanguage: 'en', targetLanguages: ['es', 'fr'], mode: 'quick', textSource: 'subtitles', burnSubtitles: true, speakers: 2, voices: { es: 'espeak:espeak-ng/es', fr: 'espeak:espeak-ng/fr' } });
    // Each language its own terms: the French palace, not the Spanish one.
    expect(requests[0]!.glossaries).toEqual({
      es: [
        { source: 'Lin Feng', target: 'Lin Feng' },
        { source: 'Jade Palace', target: 'Palacio de Jade' },
      ],
      fr: [
        { source: 'Lin Feng', target: 'Lin Feng' },
        { source: 'Jade Palace', target: 'Palais de Jade' },
      ],
    });
    // Every character goes with its voice in each language (decision 060); none has a voiceprint yet.
    expect(requests[0]!.characters).toEqual([
      { id: 'mei', gender: 'female', medianPitchHz: null, voices: { fr: 'espeak:espeak-ng/fr' } },
      { id: 'lin', gender: 'male', medianPitchHz: null, voices: { es: 'espeak:espeak-ng/es', fr: 'espeak:espeak-ng/fr+m3' } },
    ]);

    // Not translated yet: nothing checked.
    let board = await service.episodes('owner-1', series.id);
    expect(board.episodes[0]).toMatchObject({ glossaryChecked: [], glossaryMisses: [] });

    // Episode 1 translated: Spanish kept both terms, French lost the palace.
    jobs.set('job-1', translatedJob('job-1', { es: { l1: 'Lin Feng entra en el Palacio de Jade.', l2: 'Los guardias se inclinan.' }, fr: { l1: 'Lin Feng entre dans le palais.', l2: 'Les gardes s’inclinent.' } }, 'running', 61));
    board = await service.episodes('owner-1', series.id);
    expect(board.episodes[0]).toMatchObject({
      status: 'running',
      // The job's points once, each language showing its share (the first the odd point).
      cost: { estimated: 61, settled: null },
      jobs: [
        { language: 'es', jobId: 'job-1', cost: { estimated: 31, settled: null } },
        { language: 'fr', jobId: 'job-1', cost: { estimated: 30, settled: null } },
      ],
      glossaryChecked: ['es', 'fr'],
      glossaryMisses: [{ language: 'fr', lineId: 'l1', source: 'Jade Palace', expected: 'Palais de Jade', text: 'Lin Feng entre dans le palais.' }],
    });
    // Stored: a glossary changed later does not re-judge lines already checked.
    await service.update('owner-1', series.id, { glossary: [] });
    const stored = (await store.episodes(series.id))[0]!;
    expect(stored.glossaryMisses.fr).toHaveLength(1);
    expect(stored.glossaryMisses.es).toEqual([]);
    jobReads = 0;
    expect((await service.episodes('owner-1', series.id)).episodes[0]!.glossaryMisses).toHaveLength(1);
    // A job shared by two languages is read once per board.
    expect(jobReads).toBe(2);

    // An episode added before decision 076 keeps its job per language: both read, their points summed.
    const legacy = (await store.episodes(series.id))[1]!;
    jobs.set('old-es', translatedJob('old-es', { es: { l1: 'Lin Feng entra en el Palacio de Jade.', l2: 'Los guardias se inclinan.' } }, 'completed', 30));
    jobs.set('old-fr', translatedJob('old-fr', null, 'running', 30));
    await store.setEpisodeJobs(legacy.id, { es: 'old-es', fr: 'old-fr' });
    const old = (await service.episodes('owner-1', series.id)).episodes[1]!;
    expect(old).toMatchObject({ status: 'running', cost: { estimated: 60, settled: null }, jobs: [{ language: 'es', jobId: 'old-es', cost: { estimated: 30, settled: 30 } }, { language: 'fr', jobId: 'old-fr', cost: { estimated: 30, settled: null } }], glossaryChecked: ['es'] });

    // Three more episodes: the queue refuses the fifth's run.
    refuseAfter = requests.length + 2;
    await expect(service.addEpisodes('owner-1', series.id, { episodes: [{ uploadId: upload.cccc! }, { uploadId: upload.dddd! }, { uploadId: upload.eeee! }], textSource: 'auto', burnSubtitles: false })).rejects.toMatchObject({ code: ErrorCode.JOB_QUEUE_FULL });
    const numbers = (await store.episodes(series.id)).map((episode) => [episode.number, Object.keys(episode.jobs)]);
    // Episodes 3 and 4 started (kept: their jobs run), episode 5 got none (removed).
    expect(numbers).toEqual([
      [1, ['es', 'fr']],
      [2, ['es', 'fr']],
      [3, ['es', 'fr']],
      [4, ['es', 'fr']],
    ]);

    // Another owner's series is not found; a series without target languages takes no episodes.
    await expect(service.episodes('owner-2', series.id)).rejects.toMatchObject({ code: ErrorCode.SERIES_NOT_FOUND });
    const bare = await service.create('owner-1', { name: 'Bare' });
    await expect(service.addEpisodes('owner-1', bare.id, { episodes: [{ uploadId: upload.ffff! }], textSource: 'auto', burnSubtitles: false })).rejects.toMatchObject({ code: ErrorCode.SERIES_NO_TARGET_LANGUAGES });
    // A target that is the language spoken: refused before anything runs (one run would leave it out), in both languages.
    const echo = await service.create('owner-1', { name: 'Echo', sourceLanguage: 'en', targetLanguages: ['es', 'en-GB'] });
    const before = requests.length;
    const refused = await service.addEpisodes('owner-1', echo.id, { episodes: [{ uploadId: upload.ffff! }], textSource: 'auto', burnSubtitles: false }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: ErrorCode.INVALID_PARAMETER, params: { field: 'targetLanguages', reason: { en: expect.stringContaining('spoken in'), zh: expect.stringContaining('原语言') } } });
    await expect(service.quoteEpisodes('owner-1', echo.id, { uploadIds: [upload.ffff!] })).rejects.toMatchObject({ code: ErrorCode.INVALID_PARAMETER });
    expect(requests.length).toBe(before);
    expect(await store.episodes(echo.id)).toEqual([]);
  });

  it('learns each character’s voiceprint from the first episode it was heard in and gives it to the episodes added after; the quote is the sum of the translator’s quotes', async () => {
    const store = createSeriesRepository(handle.db);
    const requests: EpisodeTranslationRequest[] = [];
    const jobs = new Map<string, JobView>();
    const service = createSeriesService({
      store,
      translateEpisode: async (_ownerId, request) => {
        requests.push(request);
        const jobId = `print-${requests.length}`;
        jobs.set(jobId, translatedJob(jobId, null));
        return { jobId, cost: 30 };
      },
      quoteEpisode: async (_ownerId, request) => ({ seconds: 70, cost: request.output === 'subtitles' ? 20 : 60 }),
      jobOf: async (_ownerId, jobId) => jobs.get(jobId)!,
      resultFile: async () => ({ key: 'unused', bytes: 0 }),
      uploadName: async () => 'episode.mp4',
      openFile: async () => undefined,
    });
    const series = await service.create('owner-3', {
      name: 'Two Voices',
      sourceLanguage: 'en',
      targetLanguages: ['es'],
      characters: [
        { id: 'ana', name: 'Ana', gender: 'female', voices: { es: 'espeak:espeak-ng/es+f3' } },
        { id: 'leo', name: 'Leo', gender: 'male', voices: { es: 'espeak:espeak-ng/es' } },
      ],
    });
    const quoted = await service.quoteEpisodes('owner-3', series.id, { uploadIds: [randomUUID(), randomUUID()], output: 'subtitles' });
    expect(quoted).toMatchObject({ cost: 40, languages: ['es'], episodes: [{ seconds: 70, cost: 20 }, { seconds: 70, cost: 20 }] });
    await service.addEpisodes('owner-3', series.id, { episodes: [{ uploadId: randomUUID() }], textSource: 'subtitles', burnSubtitles: true, subtitles: 'replace', output: 'both' });
    expect(requests[0]!.characters!.map((character) => character.medianPitchHz)).toEqual([null, null]);
    // Its speakers stage found Leo (s1, 4 s at 112 Hz), Ana (s2, 3 s at 190 Hz) and a scrap of Leo (s3, 0.5 s): the longer speech of each is kept.
    const heard = jobs.get('print-1')!;
    heard.stages.push({
      name: 'speakers',
      status: 'completed',
      progress: 100,
      attempts: 1,
      error: null,
      output: {
        assignment: {
          lines: [],
          speakers: [
            { speakerId: 's1', medianPitchHz: 112, suggestedGender: 'male', totalSeconds: 4 },
            { speakerId: 's2', medianPitchHz: 190, suggestedGender: 'female', totalSeconds: 3 },
            { speakerId: 's3', medianPitchHz: 130, suggestedGender: 'male', totalSeconds: 0.5 },
          ],
        },
        characters: { s1: 'leo', s2: 'ana', s3: 'leo' },
      },
    });
    await service.addEpisodes('owner-3', series.id, { episodes: [{ uploadId: randomUUID() }], textSource: 'subtitles', burnSubtitles: true, subtitles: 'replace', output: 'both' });
    expect(requests[1]!.characters).toEqual([
      { id: 'ana', gender: 'female', medianPitchHz: 190, voices: { es: 'espeak:espeak-ng/es+f3' } },
      { id: 'leo', gender: 'male', medianPitchHz: 112, voices: { es: 'espeak:espeak-ng/es' } },
    ]);
    const stored = await store.find('owner-3', series.id);
    expect(stored!.characters.map((character) => character.voiceprint?.speakerId)).toEqual(['s2', 's1']);
    // A character edited with the same gender keeps its print; a corrected gender drops it.
    await service.update('owner-3', series.id, { characters: [{ id: 'ana', name: 'Ana', gender: 'female', voices: {} }, { id: 'leo', name: 'Leo', gender: 'unknown', voices: {} }] });
    expect((await store.find('owner-3', series.id))!.characters.map((character) => character.voiceprint?.medianPitchHz ?? null)).toEqual([190, null]);
  });
  it('gives a batch\'s runs the prints an earlier run of the batch taught by the time they reach their speakers stage (castOf, decision 069)', async () => {
    const store = createSeriesRepository(handle.db);
    const requests: EpisodeTranslationRequest[] = [];
    const jobs = new Map<string, JobView>();
    const service = createSeriesService({
      store,
      translateEpisode: async (_ownerId, request) => {
        requests.push(request);
        const jobId = `batch-${requests.length}`;
        jobs.set(jobId, translatedJob(jobId, null));
        return { jobId, cost: 30 };
      },
      quoteEpisode: async () => ({ seconds: 70, cost: 60 }),
      jobOf: async (_ownerId, jobId) => jobs.get(jobId)!,
      resultFile: async () => ({ key: 'unused', bytes: 0 }),
      uploadName: async () => 'episode.mp4',
      openFile: async () => undefined,
    });
    const series = await service.create('owner-4', {
      name: 'One Batch',
      sourceLanguage: 'en',
      targetLanguages: ['es'],
      characters: [
        { id: 'ana', name: 'Ana', gender: 'unknown', voices: {} },
        { id: 'leo', name: 'Leo', gender: 'unknown', voices: {} },
      ],
    });
    await service.addEpisodes('owner-4', series.id, { episodes: [{ uploadId: randomUUID() }, { uploadId: randomUUID() }], textSource: 'subtitles', burnSubtitles: false, output: 'dub' });
    // Both runs are asked with no prints, and name their series (their speakers stage asks it again).
    expect(requests.map((request) => [request.seriesId, request.characters!.map((character) => character.medianPitchHz)])).toEqual([
      [series.id, [null, null]],
      [series.id, [null, null]],
    ]);
    expect(await service.castOf('owner-4', series.id)).toEqual([
      { id: 'ana', gender: 'unknown', medianPitchHz: null },
      { id: 'leo', gender: 'unknown', medianPitchHz: null },
    ]);
    // Episode 1's speakers stage completes (Ana s1 at 190 Hz, Leo s2 at 112 Hz); episode 2's then asks.
    jobs.get('batch-1')!.stages.push({
      name: 'speakers',
      status: 'completed',
      progress: 100,
      attempts: 1,
      error: null,
      output: {
        assignment: { lines: [], speakers: [{ speakerId: 's1', medianPitchHz: 190, suggestedGender: 'female', totalSeconds: 3 }, { speakerId: 's2', medianPitchHz: 112, suggestedGender: 'male', totalSeconds: 4 }] },
        characters: { s1: 'ana', s2: 'leo' },
      },
    });
    expect(await service.castOf('owner-4', series.id)).toEqual([
      { id: 'ana', gender: 'unknown', medianPitchHz: 190 },
      { id: 'leo', gender: 'unknown', medianPitchHz: 112 },
    ]);
    // Learned once, stored on the series (the first print stays).
    expect((await store.find('owner-4', series.id))!.characters.map((character) => character.voiceprint?.episodeId)).toEqual([(await store.episodes(series.id))[0]!.id, (await store.episodes(series.id))[0]!.id]);
    // Another owner's series is none of theirs.
    expect(await service.castOf('owner-5', series.id)).toBeUndefined();
  });
});
