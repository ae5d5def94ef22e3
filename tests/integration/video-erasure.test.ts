import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ErrorCode, type JobView } from '@voxwork/contract';
import { probeMedia } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { TEST_SIGN_SECRET } from '../support/server-process.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabases } from '../support/test-database.ts';
import { createPpocr } from '../../packages/engines/src/index.ts';
import { bilingualCues, makeErasureClip, type ErasureClip } from '../../packages/engines/src/testing/generated-erasure.ts';
import { charactersFound, scoreErasure } from '../../packages/engines/src/testing/erasure-score.ts';

const run = promisify(execFile);
/** Jobs run in this process: the test app is also a worker. */
const WORKER_ENV = { ROLE: 'api,worker', JOB_POLL_INTERVAL_SECONDS: '0.5' };

interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
  startSeconds: number;
  endSeconds: number;
  kind: 'text' | 'area';
  text?: string;
}

/**
 * Video erasure end to end over HTTP with the real local engines (PP-OCR finds the text, the
 * OpenCV inpainter erases it) on clips the test makes: issue 15's acceptance on a 20 s 720p clip
 * with Chinese and English subtitles over a moving, detailed picture, a drawn region with a time
 * range, the preview, and every bad input with its catalogue error and nothing charged.
 */
describe.each(testDatabases().slice(-1))('video erasure on %s', (_name, open) => {
  let testApp: TestApp;
  let base: string;
  let cleanup: () => Promise<void>;
  let user: { token: string; userId: string };
  let clip: ErasureClip;
  let shortClip: ErasureClip;
  let dir: string;

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    testApp = await startTestApp({ name: 'erasure', env: WORKER_ENV, database: opened.handle });
    base = testApp.base;
    user = await createVerifiedUser(base, testApp.dataDir, `erasure-${Date.now()}@example.com`);
    dir = await mkdtemp(path.join(tmpdir(), 'erasure-test-'));
    // Made once per machine (≈ 20 s the first time), then cached.
    clip = await makeErasureClip({ width: 1280, height: 720, durationSeconds: 20, cues: bilingualCues(), fontSize: 40, margin: 40 });
    shortClip = await makeErasureClip({ width: 640, height: 360, durationSeconds: 4, cues: bilingualCues().slice(0, 1), fontSize: 22, margin: 20, panSpeed: 60 });
  }, 180_000);
  afterAll(async () => {
    await testApp?.stop();
    await cleanup?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const call = (pathName: string, body: unknown, language = 'en') =>
    signedCall(base, TEST_SIGN_SECRET, pathName, body, { authorization: `Bearer ${user.token}`, 'user-id': user.userId, 'accept-language': language });
  const data = async <T>(pathName: string, body: unknown): Promise<T> => {
    const envelope = await call(pathName, body);
    expect(envelope, `${pathName} ${JSON.stringify(envelope).slice(0, 300)}`).toMatchObject({ code: 0 });
    return envelope.data as T;
  };
  const points = async () => data<{ availablePoint: number; freezePoint: number }>('/bill/userAccount/getUserAccount', { userId: user.userId });
  async function until(jobId: string, timeoutMs = 300_000): Promise<JobView> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const view = await data<JobView>('/api/jobs/get', { jobId });
      if (['completed', 'failed', 'cancelled'].includes(view.status)) return view;
      if (Date.now() > deadline) throw new Error(`job ${jobId} stuck: ${JSON.stringify(view).slice(0, 500)}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  async function upload(name: string, file: string): Promise<string> {
    const response = await fetch(`${base}/api/upload/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
      body: new Uint8Array(await readFile(file)),
    });
    const envelope = (await response.json()) as { code: number; data: { id: string } };
    expect(envelope.code, JSON.stringify(envelope)).toBe(0);
    return envelope.data.id;
  }
  const download = async (url: string, file: string) => {
    const response = await fetch(new URL(url, base));
    expect(response.status).toBe(200);
    await writeFile(file, Buffer.from(await response.arrayBuffer()));
    return file;
  };
  const mediaOf = (job: JobView) => job.media;
  const scored = (regions: readonly Region[]) => regions.map((region) => ({ box: { x: region.x, y: region.y, width: region.width, height: region.height }, startSeconds: region.startSeconds, endSeconds: region.endSeconds }));

  it('offers the price and the plan’s limit', async () => {
    expect(await data('/api/video-erasure/options', {})).toEqual({ pricePerMinute: 10, maxVideoMinutes: 2, previewSeconds: 10 });
  });

  it('automatic: finds every subtitle line, erases them all: OCR of every 5th frame reads none of it, ≥ 45 dB outside the masks, ≥ 25 dB on the text vs the clean source, 10 points', async () => {
    const uploadId = await upload('drama.mp4', clip.subtitled);
    const detect = await data<{ jobId: string }>('/api/video-erasure/detect', { uploadId, detection: 'subtitles' });
    const found = await until(detect.jobId);
    expect(found.status, JSON.stringify(found.error)).toBe('completed');
    expect(found.cost.frozen).toBe(0);
    const regions = (found.output as { regions: Region[] }).regions;
    // Chinese over English is two tracks (decision 070): one region per row of each line, each covering its row's time, the Chinese one above.
    expect(regions.length, JSON.stringify(regions)).toBe(clip.cues.length * 2);
    for (const cue of clip.cues) {
      const rows = cue.text.split('\n').map((row) => {
        const region = regions.find((candidate) => candidate.startSeconds <= cue.startSeconds + 0.05 && candidate.endSeconds >= cue.endSeconds - 0.05 && charactersFound(row, candidate.text ?? '') / row.replace(/[^\p{L}\p{N}]/gu, '').length > 0.9);
        expect(region, `a region for "${row}" in ${JSON.stringify(regions)}`).toBeDefined();
        return region!;
      });
      expect(rows[0]!.y + rows[0]!.height / 2).toBeLessThan(rows[1]!.y + rows[1]!.height / 2);
    }
    expect((found.output as { subtitleTracks: Array<{ language?: string; chosen: boolean }> }).subtitleTracks.filter((track) => track.chosen).map((track) => track.language)).toEqual(['zh', 'en']);

    const before = await points();
    const created = await data<{ jobId: string; cost: number }>('/api/video-erasure/create', { uploadId, regions, mode: 'automatic', fill: 'best' });
    expect(created.cost).toBe(10);
    const job = await until(created.jobId);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.stages.map((stage) => stage.name)).toEqual(['ingest', 'detect', 'erase', 'deliver']);
    expect((await points()).availablePoint).toBe(before.availablePoint - 10);
    const erased = await download(mediaOf(job).find((file) => file.name === 'erased.mp4')!.url, path.join(dir, 'erased.mp4'));
    const [input, output] = await Promise.all([probeMedia(clip.subtitled), probeMedia(erased)]);
    expect(output.video).toMatchObject({ width: 1280, height: 720 });
    expect(Math.abs((output.durationSeconds ?? 0) - (input.durationSeconds ?? 0))).toBeLessThan(0.1);
    expect(output.audio?.codec, 'audio copied').toBe('aac');
    expect(output.audio?.bitRate).toBe(input.audio?.bitRate);

    const score = await scoreErasure({ output: erased, input: clip.subtitled, clean: clip.clean, width: 1280, height: 720, frameRate: clip.frameRate, regions: scored(regions) });
    console.info(`[erasure] ${JSON.stringify(score)}`);
    expect(score.outsidePsnr).toBeGreaterThanOrEqual(45);
    expect(score.textPsnr).toBeGreaterThanOrEqual(25);

    // OCR of every 5th frame (5 per second at 25 fps) over the band the subtitles were in.
    const band = { x: 0, y: Math.min(...regions.map((region) => region.y)), width: 1280, height: 720 - Math.min(...regions.map((region) => region.y)) };
    const read = await (await createPpocr()).doDetect({ input: { videoFile: erased, framesPerSecond: 5 }, mode: 'all-text', region: band, languages: ['zh', 'en'] });
    let expected = 0;
    let seen = 0;
    for (const cue of clip.cues) {
      const during = read.boxes.filter((box) => box.endSeconds >= cue.startSeconds && box.startSeconds <= cue.endSeconds).map((box) => box.text).join(' ');
      expected += cue.text.replace(/[^\p{L}\p{N}]/gu, '').length;
      seen += charactersFound(cue.text, during);
    }
    console.info(`[erasure] OCR after erasure: ${seen}/${expected} characters of the subtitles read; readings: ${JSON.stringify(read.boxes.map((box) => box.text))}`);
    expect(seen / expected).toBe(0);
    // The same OCR reads the input's subtitles (the check can see text).
    const readBefore = await (await createPpocr()).doDetect({ input: { videoFile: clip.subtitled, framesPerSecond: 1 }, mode: 'all-text', region: band, languages: ['zh', 'en'] });
    expect(readBefore.boxes.length).toBeGreaterThan(5);
  }, 600_000);

  it('a drawn region with a time range: pixels outside the range and the rectangle are unchanged; the preview puts both side by side, free', async () => {
    const uploadId = await upload('short.mp4', shortClip.subtitled);
    const region = { x: 160, y: 270, width: 320, height: 80, startSeconds: 1, endSeconds: 2.5, kind: 'area' as const };
    const before = await points();
    const preview = await data<{ jobId: string; cost: number }>('/api/video-erasure/preview', { uploadId, regions: [region], fill: 'inpaint' });
    expect(preview.cost).toBe(10);
    const previewJob = await until(preview.jobId);
    expect(previewJob.status, JSON.stringify(previewJob.error)).toBe('completed');
    const side = await probeMedia(await download(mediaOf(previewJob)[0]!.url, path.join(dir, 'preview.mp4')));
    expect(side.video).toMatchObject({ width: 1280, height: 360 });

    const created = await data<{ jobId: string; cost: number }>('/api/video-erasure/create', { uploadId, regions: [region], mode: 'regions', fill: 'inpaint' });
    const job = await until(created.jobId);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect((await points()).availablePoint).toBe(before.availablePoint - 10);
    const erased = await download(mediaOf(job).find((file) => file.name === 'erased.mp4')!.url, path.join(dir, 'drawn.mp4'));
    const score = await scoreErasure({ output: erased, input: shortClip.subtitled, width: 640, height: 360, frameRate: shortClip.frameRate, regions: scored([region]) });
    expect(score.outsidePsnr).toBeGreaterThanOrEqual(45);
    // Counting the rectangle while it lasts too, the picture differs more: it was erased there.
    const everywhere = await scoreErasure({ output: erased, input: shortClip.subtitled, width: 640, height: 360, frameRate: shortClip.frameRate, regions: [] });
    expect(everywhere.outsidePsnr).toBeLessThan(score.outsidePsnr - 3);
  }, 300_000);

  it('all-text detection: each row of the subtitle is a region of its own, and erasing them leaves nothing to read', async () => {
    const uploadId = await upload('short-all.mp4', shortClip.subtitled);
    const found = await until((await data<{ jobId: string }>('/api/video-erasure/detect', { uploadId, detection: 'all-text' })).jobId);
    expect(found.status, JSON.stringify(found.error)).toBe('completed');
    const regions = (found.output as { regions: Region[] }).regions;
    expect(regions.map((region) => region.text?.trim()).sort(), JSON.stringify(regions)).toEqual(['You finally came back', '你终于回来了']);
    const job = await until((await data<{ jobId: string }>('/api/video-erasure/create', { uploadId, regions, mode: 'automatic', detection: 'all-text' })).jobId);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const erased = await download(mediaOf(job).find((file) => file.name === 'erased.mp4')!.url, path.join(dir, 'all-text.mp4'));
    const score = await scoreErasure({ output: erased, input: shortClip.subtitled, clean: shortClip.clean, width: 640, height: 360, frameRate: shortClip.frameRate, regions: scored(regions) });
    expect(score.outsidePsnr).toBeGreaterThanOrEqual(45);
    expect(score.textPsnr).toBeGreaterThanOrEqual(25);
    const read = await (await createPpocr()).doDetect({ input: { videoFile: erased, framesPerSecond: 5 }, mode: 'all-text', languages: ['zh', 'en'] });
    expect(read.boxes.map((box) => box.text)).toEqual([]);
  }, 300_000);

  it('refuses bad input with catalogue errors in both languages and charges nothing', async () => {
    const before = await points();
    const uploadId = await upload('short.mp4', shortClip.subtitled);
    const outside = await call('/api/video-erasure/create', { uploadId, regions: [{ x: 600, y: 300, width: 100, height: 100 }], mode: 'regions' });
    expect(outside.code).toBe(ErrorCode.ERASURE_REGION_OUTSIDE_FRAME);
    expect(outside.message).toMatch(/outside the picture \(640 × 360/);
    const late = await call('/api/video-erasure/create', { uploadId, regions: [{ x: 10, y: 10, width: 100, height: 100, startSeconds: 3, endSeconds: 9 }], mode: 'regions' }, 'zh');
    expect(late.code).toBe(ErrorCode.ERASURE_TIME_OUTSIDE_VIDEO);
    expect(late.message).toMatch(/超出了视频范围/);
    expect((await call('/api/video-erasure/preview', { uploadId, regions: [] })).code).toBe(ErrorCode.ERASURE_NO_REGIONS);

    const audioOnly = path.join(dir, 'sound.m4a');
    await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', shortClip.subtitled, '-vn', '-c', 'copy', audioOnly]);
    expect((await call('/api/video-erasure/detect', { uploadId: await upload('sound.m4a', audioOnly) })).code).toBe(ErrorCode.VIDEO_NOT_READABLE);

    const long = path.join(dir, 'long.mp4');
    await run('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=2:duration=130', '-c:v', 'libx264', '-preset', 'ultrafast', long]);
    // Longer than the plan allows: the upload itself is refused (the service checks again, 7005, for stored uploads).
    const refused = await fetch(`${base}/api/upload/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream', 'x-file-name': 'long.mp4' },
      body: new Uint8Array(await readFile(long)),
    });
    expect(((await refused.json()) as { code: number }).code).toBe(ErrorCode.UPLOAD_TOO_LONG);

    // Automatic mode on a video without text: the job fails with 7100 and its points are released.
    const clean = await upload('clean.mp4', shortClip.clean);
    const created = await data<{ jobId: string; cost: number }>('/api/video-erasure/create', { uploadId: clean, regions: [], mode: 'automatic' });
    const job = await until(created.jobId);
    expect(job.status).toBe('failed');
    expect(job.error?.code).toBe(ErrorCode.ERASURE_NO_TEXT_FOUND);
    const after = await points();
    expect(after.availablePoint).toBe(before.availablePoint);
    expect(after.freezePoint).toBe(before.freezePoint);
  }, 300_000);
});
