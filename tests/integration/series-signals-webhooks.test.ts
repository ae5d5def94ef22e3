import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { JobView, SeriesEpisodeView, SeriesView } from '@voxwork/contract';
import { leftoverSamples } from '@voxwork/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPpocr } from '../../packages/engines/src/index.ts';
import type { CorpusClip } from '../../packages/engines/src/testing/subtitle-corpus.ts';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { TEST_OPERATOR_TOKEN, TEST_SIGN_SECRET } from '../support/server-process.ts';
import { makeSubtitledEpisode } from '../support/subtitled-episode.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabases } from '../support/test-database.ts';
import { toolClient, type ToolClient } from '../support/tool-client.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

const run = promisify(execFile);

interface EpisodeEvent {
  id: string;
  type: string;
  data: {
    series: { id: string; name: string };
    episode: { id: string; number: number; title: string; status: string; jobs: Array<{ language: string; jobId: string; status: string; cost: { frozen: number; charged: number } }>; cost: { frozen: number; charged: number } };
  };
}

const cueStarts = (srt: string) =>
  srt
    .trim()
    .split(/\r?\n\r?\n/)
    .map((block) => block.split(/\r?\n/)[1]!.split(' --> ')[0]!)
    .map((stamp) => {
      const [h, m, s] = stamp.replace(',', '.').split(':').map(Number);
      return h! * 3600 + m! * 60 + s!;
    });

/**
 * The season board's quality signals and the webhooks per finished episode (issue 28, decision
 * 061), with a real small run: the corpus episode with English subtitles burned in, added to an
 * English → Spanish + Catalan series with the subtitles replaced and a dub (both outputs), so each
 * language's run has a fit stage and an erasure. A second episode with no subtitles in its picture
 * fails in both languages, and a third whose runs are cancelled ends as failed. The receiver gets
 * exactly one event per episode.
 */
describe.each(testDatabases().slice(-1))('series signals and episode webhooks on %s', (_name, open) => {
  let testApp: TestApp;
  let cleanup: () => Promise<void>;
  let client: ToolClient;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let clip: CorpusClip;
  let video: string;
  let plain: string;
  let work: string;

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    testApp = await startTestApp({
      name: 'series-signals',
      env: { ROLE: 'api,worker', JOB_POLL_INTERVAL_SECONDS: '0.5', WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_POLL_SECONDS: '0.2' },
      database: opened.handle,
    });
    client = toolClient(testApp.base, await createVerifiedUser(testApp.base, testApp.dataDir, `series-signals-${Date.now()}@example.com`));
    // The pro plan: four runs this month (the free plan allows three video translations).
    const gift = await signedCall(testApp.base, TEST_SIGN_SECRET, '/api/operator/giftCodes/create', { count: 1, points: 0, planId: 'pro', vipDays: 30 }, { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` });
    await client.data('/bill/userAccount/redeemCode', { redeemCode: (gift.data as { codes: Array<{ code: string }> }).codes[0]!.code });
    receiver = await startWebhookReceiver();
    ({ clip, file: video } = await makeSubtitledEpisode({ height: 480 }));
    work = await mkdtemp(path.join(tmpdir(), 'voxwork-series-signals-'));
    // A picture with no text at all, with sound: its runs find no subtitles to replace and fail.
    plain = path.join(work, 'plain.mp4');
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000:duration=3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', plain]);
  }, 180_000);
  afterAll(async () => {
    await receiver?.close();
    await testApp?.stop();
    await cleanup?.();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('measures sped-up and over-slot lines, dub drift, glossary misses and text left after erasure per language, and sends one event per episode', async () => {
    await client.data('/api/webhooks/create', { url: receiver.url, events: ['series.episode.completed', 'series.episode.failed'] });
    const series = await client.data<SeriesView>('/api/series/create', {
      name: `Signals ${Date.now()}`,
      sourceLanguage: 'en',
      targetLanguages: ['es', 'ca'],
      // A Spanish term (the local translator applies it, so its lines are checked and none misses) and none for Catalan.
      glossary: [{ source: clip.cues[0]!.text.split(/\s+/)[0]!, target: 'Zzyzx', language: 'es' }],
    });
    const uploads = [await client.upload('E01 Replace.mp4', video), await client.upload('E02 Plain.mp4', plain)];
    const added = await client.data<{ episodes: SeriesEpisodeView[]; cost: number }>('/api/series/episodes/add', {
      seriesId: series.id,
      episodes: uploads.map((uploadId) => ({ uploadId })),
      textSource: 'subtitles',
      subtitles: 'replace',
      output: 'both',
    });
    // One job per episode with both languages (decision 076).
    expect(added.episodes.map((episode) => [episode.jobs.length, new Set(episode.jobs.map((job) => job.jobId)).size])).toEqual([
      [2, 1],
      [2, 1],
    ]);

    let board: SeriesEpisodeView[];
    for (const deadline = Date.now() + 600_000; ; await new Promise((resolve) => setTimeout(resolve, 1000))) {
      board = (await client.data<{ episodes: SeriesEpisodeView[] }>('/api/series/episodes/list', { seriesId: series.id })).episodes;
      if (board.every((episode) => episode.jobs.every((job) => ['completed', 'failed', 'cancelled'].includes(job.status)))) break;
      if (Date.now() > deadline) throw new Error(`the season did not end: ${JSON.stringify(board).slice(0, 800)}`);
    }
    const [first, second] = board as [SeriesEpisodeView, SeriesEpisodeView];
    expect(first.status, JSON.stringify(first.jobs)).toBe('completed');
    expect(second.status).toBe('failed');

    const frames = leftoverSamples(
      clip.cues.map((cue) => ({ startSeconds: cue.startSeconds, endSeconds: cue.endSeconds, text: cue.text, box: { x: 0, y: Math.round(clip.row.centre * clip.height - 30), width: clip.width, height: 60 } })),
      clip.row.seconds,
    );
    const ocr = await createPpocr();
    for (const signals of first.signals) {
      const { jobId } = first.jobs.find((job) => job.language === signals.language)!;
      const job = await client.data<JobView>('/api/jobs/get', { jobId });
      const placements = (job.stages.find((stage) => stage.name === 'fit')!.output!.placements as Record<string, Array<{ speed: number; status: string }>>)[signals.language]!;
      expect(placements.length).toBeGreaterThan(0);
      expect(signals.spedUpLines).toBe(placements.filter((placement) => placement.speed > 1.2).length);
      expect(signals.overSlotLines).toBe(placements.filter((placement) => placement.status === 'overrun' || placement.status === 'overlaps').length);

      // Drift: the placed lines against the source lines as the delivered source subtitles time them (the
      // language's soft subtitles follow the drawn lines, which keep the source times when replacing).
      const source = cueStarts(await (await fetch(`${testApp.base}${job.media.find((file) => file.name === 'source.srt')!.url}`)).text());
      const placed = (job.stages.find((stage) => stage.name === 'fit')!.output!.placements as Record<string, Array<{ startSeconds: number }>>)[signals.language]!;
      expect(placed).toHaveLength(source.length);
      const drift = Math.max(...placed.map((placement, index) => Math.abs(placement.startSeconds - source[index]!)));
      expect(signals.maxDriftSeconds).not.toBeNull();
      expect(Math.abs(signals.maxDriftSeconds! - drift), `drift ${signals.maxDriftSeconds} against ${drift} from the files`).toBeLessThanOrEqual(0.002);

      // Text left after erasure: the erased frames were sampled and no subtitle text was read on them ...
      expect(signals.sampledFrames).toBeGreaterThan(0);
      expect(signals.textLeftFrames).toBe(0);
      // ... while the same sample of the source picture reads the English line on every frame (the check can fail).
      for (const [index, frame] of frames.entries()) {
        const image = path.join(work, `source-${index}.png`);
        await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-ss', frame.timeSeconds.toFixed(3), '-i', video, '-frames:v', '1', image]);
        const read = await ocr.doDetect({ input: { frames: [{ imageFile: image, timeSeconds: 0 }] }, mode: 'all-text', languages: ['en'], region: { x: 0, y: frame.box.y - 30, width: clip.width, height: frame.box.height + 60 } });
        expect(read.boxes.filter((box) => box.text.trim()).length, `source frame at ${frame.timeSeconds} s`).toBeGreaterThan(0);
      }
    }
    const spanish = first.signals.find((signals) => signals.language === 'es')!;
    expect(first.glossaryChecked.sort()).toEqual(['ca', 'es']);
    expect(spanish.glossaryMisses).toBe(first.glossaryMisses.filter((miss) => miss.language === 'es').length);
    expect(first.signals.find((signals) => signals.language === 'ca')!.glossaryMisses).toBe(0);
    // The failed episode measured nothing.
    for (const signals of second.signals) expect([signals.spedUpLines, signals.textLeftFrames, signals.maxDriftSeconds]).toEqual([null, null, null]);

    // One event per episode: completed for the first (both languages' jobs and what they were charged), failed for the second.
    const events = async () => (await receiver.waitFor((all) => all.length >= 2, 60_000)).map((received) => JSON.parse(received.body) as EpisodeEvent);
    await events();
    // Another round of the worker's delivery loop and the board read again: still one each.
    await client.data('/api/series/episodes/list', { seriesId: series.id });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const received = await events();
    expect(received.map((event) => [event.type, event.data.episode.number]).sort()).toEqual([
      ['series.episode.completed', 1],
      ['series.episode.failed', 2],
    ]);
    const completed = received.find((event) => event.type === 'series.episode.completed')!;
    expect(completed.data.series).toEqual({ id: series.id, name: series.name });
    expect(completed.data.episode).toMatchObject({ id: first.id, title: first.title, status: 'completed' });
    expect(Object.fromEntries(completed.data.episode.jobs.map((job) => [job.language, job.jobId]))).toEqual(Object.fromEntries(first.jobs.map((job) => [job.language, job.jobId])));
    expect(completed.data.episode.cost.charged).toBe(first.cost.settled);
    expect(completed.data.episode.cost.charged).toBeGreaterThan(0);
    const failed = received.find((event) => event.type === 'series.episode.failed')!;
    expect(failed.data.episode.jobs.map((job) => job.status)).toEqual(['failed', 'failed']);
    expect(failed.data.episode.cost.charged).toBe(0);
    expect(new Set(received.map((event) => event.id)).size).toBe(2);

    // A third episode whose run is cancelled: the episode has ended, so its event is sent (failed, nothing charged).
    const third = (
      await client.data<{ episodes: SeriesEpisodeView[] }>('/api/series/episodes/add', { seriesId: series.id, episodes: [{ uploadId: await client.upload('E03 Cancelled.mp4', video) }], textSource: 'subtitles', subtitles: 'replace', output: 'subtitles' })
    ).episodes[0]!;
    // Both languages run in one job (decision 076): cancelling it ends the episode.
    for (const jobId of new Set(third.jobs.map((job) => job.jobId))) await client.data('/api/jobs/cancel', { jobId });
    const all = (await receiver.waitFor((events) => events.length >= 3, 300_000)).map((event) => JSON.parse(event.body) as EpisodeEvent);
    const cancelled = all.find((event) => event.data.episode.number === 3)!;
    expect(cancelled.type).toBe('series.episode.failed');
    expect(cancelled.data.episode.jobs.map((job) => job.status)).toEqual(['cancelled', 'cancelled']);
    expect(cancelled.data.episode.cost.charged).toBe(0);
  }, 900_000);
});
