import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, messageFor, type ErasureRegion, type JobView } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_SERVICE_CLIPS, NO_SUBTITLES, serviceClips, startCorpusServices, type CorpusServices, type ServiceClip } from '../support/corpus-services.ts';
import { testDatabases } from '../support/test-database.ts';
import { createPpocr } from '../../packages/engines/src/index.ts';
import { backgroundKind } from '../../packages/engines/src/testing/erasure-corpus.ts';
import { corpusRender } from '../../packages/engines/src/testing/subtitle-corpus.ts';
import { scoreErasure, subtitleCharactersRead } from '../../packages/engines/src/testing/erasure-score.ts';

/** A detected region: the contract's, always timed (the detector finds lines in time). */
type Region = ErasureRegion & { startSeconds: number; endSeconds: number };

type Box = { x: number; y: number; width: number; height: number };

/** About where subtitle-corpus.ts's makeClip draws a distractor (its text's box; glyphs ~1 em wide, Latin ~0.6). */
function distractorBox(kind: string, width: number, height: number): Box {
  const small = Math.round(Math.min(width, height) / 26);
  switch (kind) {
    case 'timecode':
      return { x: 24, y: 24, width: 6.6 * small, height: small };
    case 'frame-counter':
      return { x: width - 24 - 5.4 * small, y: height * 0.06, width: 5.4 * small, height: small };
    case 'logo': {
      const size = Math.round(small * 1.2);
      return { x: width - 28 - 3.2 * size, y: height - 28 - size, width: 3.2 * size, height: size };
    }
    case 'title-card': {
      const size = Math.round(Math.min(width, height) / 9);
      return { x: (width - 5.5 * size) / 2, y: height * 0.22, width: 5.5 * size, height: size };
    }
    default: {
      // The shop sign, in its box.
      const size = Math.round(Math.min(width, height) / 14);
      return { x: width * 0.08 - 14, y: height * 0.3 - 14, width: 4 * size + 28, height: size + 28 };
    }
  }
}

/** Share of `box` that `region` covers. */
const covered = (region: Box, box: Box) =>
  (Math.max(0, Math.min(region.x + region.width, box.x + box.width) - Math.max(region.x, box.x)) * Math.max(0, Math.min(region.y + region.height, box.y + box.height) - Math.max(region.y, box.y))) / (box.width * box.height);

/**
 * Issue 27's acceptance, the erasure half: video erasure, automatic, "subtitles" mode, through the
 * real HTTP API on corpus clips (tests/support/corpus-services.ts's table) as a user whose UI is in
 * English and one whose UI is in Chinese: the regions found cover the lines and none of the
 * distractors; after the erase OCR of every 5th frame reads no subtitle character, the
 * distractors' pixels are unchanged (≥ 40 dB) and, on still and panning pictures, the text's pixels
 * are the clean source's (≥ 35 dB). The clip without subtitles: the catalogue's error in
 * each user's language, nothing erased or charged.
 */
describe.each(testDatabases().slice(-1))('the corpus through video erasure on %s', (_name, open) => {
  let services: CorpusServices;
  let cleanup: () => Promise<void>;
  let clips: Map<string, ServiceClip>;
  let dir: string;
  const detector = createPpocr();

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    services = await startCorpusServices('corpus-erasure', opened.handle);
    clips = await serviceClips();
    dir = await mkdtemp(path.join(tmpdir(), 'corpus-erasure-'));
  }, 300_000);
  afterAll(async () => {
    await services?.stop();
    await cleanup?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const subtitled = CORPUS_SERVICE_CLIPS.filter((entry) => entry.name !== NO_SUBTITLES);

  it.each(subtitled)('$name ($user UI; $varies): the lines found and erased, OCR reads none of them, the distractors unchanged', async ({ name, user }) => {
    const clip = clips.get(name)!;
    const client = services.users[user];
    const uploadId = await client.upload(`${name}.mp4`, clip.upload);
    const before = await client.points();
    const created = await client.data<{ jobId: string; cost: number }>('/api/video-erasure/create', { uploadId, regions: [], mode: 'automatic', detection: 'subtitles' });
    const job: JobView = await client.until(created.jobId, 600_000);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect((await client.points()).availablePoint).toBe(before.availablePoint - created.cost);

    // The regions found: one per line (its time covered), none on a distractor.
    const regions = (job.stages.find((stage) => stage.name === 'detect')!.output as { regions: Region[] }).regions;
    const report = `${name}: ${JSON.stringify(regions)}`;
    expect(regions.length, report).toBe(clip.cues.length);
    for (const cue of clip.cues) {
      expect(regions.some((region) => region.startSeconds <= cue.startSeconds + 0.2 && region.endSeconds >= cue.endSeconds - 0.2), `a region over "${cue.text}" ${cue.startSeconds}–${cue.endSeconds}; ${report}`).toBe(true);
    }
    for (const distractor of clip.distractors) {
      const box = distractorBox(distractor.kind, clip.width, clip.height);
      expect(regions.filter((region) => covered(region, box) > 0.2), `no region on the ${distractor.kind} (${JSON.stringify(box)}); ${report}`).toEqual([]);
    }

    const erased = await client.download(job.media.find((file) => file.name === 'erased.mp4')!.url, path.join(dir, `${name}.mp4`));
    const [clean, background] = await Promise.all([corpusRender(clip.row, 'clean'), clip.distractors.length ? corpusRender(clip.row, 'background') : undefined]);
    const score = await scoreErasure({
      output: erased, input: clip.file, clean, background, width: clip.width, height: clip.height, frameRate: 25,
      regions: regions.map((region) => ({ box: { x: region.x, y: region.y, width: region.width, height: region.height }, startSeconds: region.startSeconds, endSeconds: region.endSeconds })),
    });
    // OCR of every 5th frame (5 a second) over the rows the subtitles were in.
    const top = Math.max(0, Math.min(...regions.map((region) => region.y)) - 8);
    const bottom = Math.min(clip.height, Math.max(...regions.map((region) => region.y + region.height)) + 8);
    const read = await detector.doDetect({ input: { videoFile: erased, framesPerSecond: 5 }, mode: 'all-text', region: { x: 0, y: top, width: clip.width, height: bottom - top }, languages: ['zh', 'en'] });
    const characters = subtitleCharactersRead(clip.cues, read.boxes, clip.distractors.map((distractor) => distractor.text));
    console.info(`[corpus-services] ${name} erased: OCR reads ${characters.read}/${characters.total} subtitle characters; ${JSON.stringify(score)}`);
    expect(characters.read, `${name}: ${JSON.stringify(read.boxes.map((box) => box.text))}`).toBe(0);
    expect(score.outsidePsnr).toBeGreaterThanOrEqual(45);
    if (score.distractorPsnr !== undefined) expect(score.distractorPsnr).toBeGreaterThanOrEqual(40);
    // Where a still or panning picture shows what is behind the text, the erased pixels are it.
    if (backgroundKind(clip.row) !== 'animated') expect(score.textPsnr).toBeGreaterThanOrEqual(35);
  }, 900_000);

  it.each(['en', 'zh-CN'] as const)('%s UI, the clip without subtitles: automatic erasure says so in the user’s language, erases and charges nothing', async (user) => {
    const clip = clips.get(NO_SUBTITLES)!;
    const client = services.users[user];
    const before = await client.points();
    const uploadId = await client.upload(user === 'en' ? 'no-subtitles.mp4' : '无字幕.mp4', clip.upload);
    const created = await client.data<{ jobId: string }>('/api/video-erasure/create', { uploadId, regions: [], mode: 'automatic', detection: 'subtitles' });
    const job = await client.until(created.jobId);
    expect(job.status).toBe('failed');
    expect(job.error?.code).toBe(ErrorCode.ERASURE_NO_TEXT_FOUND);
    expect(job.error!.message).toBe(messageFor(user === 'en' ? 'en' : 'zh', ErrorCode.ERASURE_NO_TEXT_FOUND));
    expect(job.error!.message).toMatch(user === 'en' ? /^[^\u4e00-\u9fff]+$/ : /[\u4e00-\u9fff]/);
    expect(job.stages.find((stage) => stage.name === 'erase')?.status).not.toBe('completed');
    expect(job.media).toEqual([]);
    expect(await client.points()).toMatchObject({ availablePoint: before.availablePoint, freezePoint: before.freezePoint });
  }, 300_000);
});
