import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, type JobView } from '@voxwork/contract';
import { probeMedia, runFfmpeg } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabases } from '../support/test-database.ts';
import { toolClient, type ToolClient } from '../support/tool-client.ts';

/** Jobs run in this process: the test app is also a worker. */
const WORKER_ENV = { ROLE: 'api,worker', JOB_POLL_INTERVAL_SECONDS: '0.5' };
const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
/** A portrait shipped inside @vladmandic/face-api (MIT): one face. */
const SAMPLE_PHOTO = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo', 'sample1.jpg');
/** Another of its demo photos (1920 px wide), whose face at about (1250, 400) is straight, closed-mouthed and front-lit. */
const STRAIGHT_SAMPLE = path.join(path.dirname(SAMPLE_PHOTO), 'sample6.jpg');

/**
 * AI avatar video end to end over HTTP with the real engines: an illustrated avatar and a talking
 * photo speak library voices in two scenes with captions; the free preview and the faces of a
 * photo; the estimate frozen and the exact length settled; bad input refused with nothing charged.
 */
describe.each(testDatabases().slice(-1))('AI avatar video on %s', (_name, open) => {
  let testApp: TestApp;
  let cleanup: () => Promise<void>;
  let client: ToolClient;
  let dir: string;
  let voice: string;

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    testApp = await startTestApp({ name: 'avatar', env: WORKER_ENV, database: opened.handle });
    const user = await createVerifiedUser(testApp.base, testApp.dataDir, `avatar-${Date.now()}@example.com`);
    client = toolClient(testApp.base, user);
    dir = await mkdtemp(path.join(tmpdir(), 'avatar-test-'));
    const voices = await client.data<{ list: Array<{ key: string; language: string; cloned: boolean }> }>('/api/voices/list', { tab: 'all', language: 'en', pageSize: 10 });
    voice = voices.list.find((candidate) => !candidate.cloned)!.key;
  }, 120_000);
  afterAll(async () => {
    await testApp?.stop();
    await cleanup?.();
    if (dir && !process.env.KEEP_TEST_MEDIA) await rm(dir, { recursive: true, force: true });
  });

  it('offers the built-in avatars (en and zh names), the photo animators and the price', async () => {
    const options = await client.data<{ avatars: Array<{ id: string; names: { en: string; zh: string }; thumbnailUrl: string }>; animators: Array<{ id: string; location: string }>; pricePerSecond: number; previewSeconds: number }>('/api/avatar/options', {});
    expect(options.avatars.length).toBeGreaterThanOrEqual(6);
    for (const avatar of options.avatars) {
      expect(avatar.names.en).toBeTruthy();
      expect(avatar.names.zh).toMatch(/\p{Script=Han}/u);
      expect(avatar.thumbnailUrl).toBe(`/avatars/${avatar.id}.png`);
    }
    expect(options.animators[0]).toMatchObject({ id: 'voxwork:talking-photo', location: 'local' });
    expect(options).toMatchObject({ pricePerSecond: 1, previewSeconds: 5 });
  });

  it('finds the face of a photo (free), renders two scenes — an avatar and the talking photo — with captions, charges the exact length once', async () => {
    const photoFile = path.join(dir, 'portrait.jpg');
    await copyFile(SAMPLE_PHOTO, photoFile);
    const photo = await client.upload('portrait.jpg', photoFile);
    const faces = await client.until((await client.data<{ jobId: string }>('/api/avatar/faces', { uploadId: photo })).jobId);
    expect(faces.status, JSON.stringify(faces.error)).toBe('completed');
    const found = (faces.output as { faces: Array<{ box: { x: number; y: number; width: number; height: number } }> }).faces;
    expect(found.length).toBeGreaterThanOrEqual(1);

    const options = await client.data<{ avatars: Array<{ id: string }> }>('/api/avatar/options', {});
    const before = await client.points();
    const body = {
      layout: '9:16',
      resolution: 512,
      captions: { enabled: true, textColor: '#FFFFFF', look: 'box', position: 'bottom' },
      scenes: [
        { subject: { kind: 'illustrated', avatarId: options.avatars[0]!.id, expression: 'happy' }, speech: { kind: 'script', text: 'Welcome to our shop. Everything is ten percent off today.', voice }, background: { kind: 'colour', colour: '#1F2A44' } },
        { subject: { kind: 'photo', uploadId: photo, face: found[0]!.box }, speech: { kind: 'script', text: 'Order before noon and it ships today.', voice }, placement: 'fill', title: 'Free shipping' },
      ],
    };
    const created = await client.data<{ jobId: string; estimatedCost: number }>('/api/avatar/create', body);
    expect(created.estimatedCost).toBeGreaterThan(0);
    const job = await client.until(created.jobId, 600_000);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const video = job.media.find((file) => file.role === 'video')!;
    const captions = job.media.find((file) => file.role === 'subtitles')!;
    const file = await client.download(video.url, path.join(dir, 'avatar.mp4'));
    const info = await probeMedia(file);
    console.info(`[avatar] ${info.video?.width}×${info.video?.height}, ${info.durationSeconds?.toFixed(2)} s, estimate ${created.estimatedCost} points, settled ${job.cost.settled}`);
    expect(info.video).toMatchObject({ width: 512, height: 910 });
    expect(info.audio?.codec).toBe('aac');
    // Charged per second of the video as made, never more than the estimate frozen.
    expect(job.cost.settled).toBe(Math.min(created.estimatedCost, Math.ceil(info.durationSeconds ?? 0)));
    const after = await client.points();
    expect(before.availablePoint - after.availablePoint).toBe(job.cost.settled);
    expect(after.freezePoint).toBe(before.freezePoint);
    const vtt = await (await fetch(new URL(captions.url, testApp.base))).text();
    expect(vtt).toContain('WEBVTT');
    expect(vtt.toLowerCase()).toContain('welcome');
    expect(vtt.toLowerCase()).toContain('noon');
  }, 600_000);

  it('makes a free 5-second preview of the first scene', async () => {
    const options = await client.data<{ avatars: Array<{ id: string }> }>('/api/avatar/options', {});
    const before = await client.points();
    const created = await client.data<{ jobId: string; estimatedCost: number }>('/api/avatar/preview', {
      layout: '1:1',
      resolution: 512,
      scenes: [{ subject: { kind: 'illustrated', avatarId: options.avatars[1]!.id, expression: 'neutral' }, speech: { kind: 'script', text: 'This preview shows only the first five seconds of a longer script that goes on and on for a while.', voice } }],
    });
    const job = await client.until(created.jobId, 300_000);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const info = await probeMedia(await client.download(job.media.find((file) => file.role === 'video')!.url, path.join(dir, 'preview.mp4')));
    expect(info.durationSeconds).toBeLessThanOrEqual(5.2);
    expect(info.video).toMatchObject({ width: 512, height: 512 });
    expect(await client.points()).toMatchObject({ availablePoint: before.availablePoint, freezePoint: before.freezePoint });
  }, 300_000);

  it('checks a photo for free when it is chosen: a straight portrait passes, the same turned 20° warns of the tilt with its angle, in both languages; no points move', async () => {
    const before = await client.points();
    // face-api's demo photo 6, cut around its straight, closed-mouth face; then the same cut turned 20° (ffmpeg at test time).
    const straightFile = path.join(dir, 'straight.png');
    const tiltedFile = path.join(dir, 'tilted.png');
    await runFfmpeg([...QUIET, '-i', STRAIGHT_SAMPLE, '-vf', 'crop=620:620:940:220', '-frames:v', '1', straightFile]);
    await runFfmpeg([...QUIET, '-i', STRAIGHT_SAMPLE, '-vf', 'crop=900:900:800:80,rotate=20*PI/180:fillcolor=0x808080,crop=620:620:140:140', '-frames:v', '1', tiltedFile]);
    type Found = { faces: Array<{ box: unknown; check: { verdict: string; checks: Array<{ kind: string; verdict: string; value: number; advice: { en: string; zh: string } }> } }> };
    const checkOf = async (file: string, name: string) => {
      const job = await client.until((await client.data<{ jobId: string }>('/api/avatar/faces', { uploadId: await client.upload(name, file) })).jobId);
      expect(job.status, JSON.stringify(job.error)).toBe('completed');
      expect(job.cost).toMatchObject({ estimated: 0, frozen: 0 });
      return (job.output as unknown as Found).faces[0]!.check;
    };
    const straight = await checkOf(straightFile, 'straight.png');
    expect(straight.verdict, JSON.stringify(straight.checks)).toBe('ok');
    const tilted = await checkOf(tiltedFile, 'tilted.png');
    const tilt = tilted.checks.find((check) => check.kind === 'tilt')!;
    console.info(`[avatar] portrait check of the turned photo: ${JSON.stringify(tilted.checks.map(({ kind, verdict, value }) => ({ kind, verdict, value })))}`);
    expect(tilted.verdict).toBe('warn');
    expect(tilt.verdict).toBe('warn');
    expect(Math.abs(tilt.value)).toBeGreaterThanOrEqual(15);
    expect(Math.abs(tilt.value)).toBeLessThanOrEqual(25);
    expect(tilt.advice.en).toContain(`tilted ${Math.abs(tilt.value)}°`);
    expect(tilt.advice.zh).toContain(`倾斜了 ${Math.abs(tilt.value)}°`);
    expect(await client.points()).toMatchObject({ availablePoint: before.availablePoint, freezePoint: before.freezePoint });
  }, 300_000);

  it('refuses bad input in both languages with nothing charged: an unknown avatar, a photo that is no picture, a picture with no face', async () => {
    const before = await client.points();
    const unknown = await client.call('/api/avatar/create', { scenes: [{ subject: { kind: 'illustrated', avatarId: 'nobody' }, speech: { kind: 'script', text: 'Hi', voice } }] }, 'zh');
    expect(unknown).toMatchObject({ code: ErrorCode.AVATAR_UNKNOWN, message: '没有名为“nobody”的数字人。请从列表中选择。' });

    const tone = path.join(dir, 'tone.wav');
    await runFfmpeg([...QUIET, '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', tone]);
    const audio = await client.upload('tone.wav', tone);
    const notPicture = await client.call('/api/avatar/create', { scenes: [{ subject: { kind: 'photo', uploadId: audio }, speech: { kind: 'script', text: 'Hi', voice } }] });
    expect(notPicture).toMatchObject({ code: ErrorCode.AVATAR_UPLOAD_WRONG_KIND, message: 'Scene 1: this upload cannot be used as the photo.' });

    const blank = path.join(dir, 'blank.png');
    await runFfmpeg([...QUIET, '-f', 'lavfi', '-i', 'color=c=0x88aacc:s=480x480', '-frames:v', '1', blank]);
    const faceless = await client.upload('blank.png', blank);
    const noFace: JobView = await client.until((await client.data<{ jobId: string }>('/api/avatar/faces', { uploadId: faceless })).jobId);
    expect(noFace.status).toBe('failed');
    expect(noFace.error?.code).toBe(ErrorCode.AVATAR_NO_FACE);
    expect(await client.points()).toMatchObject({ availablePoint: before.availablePoint, freezePoint: before.freezePoint });
  }, 300_000);
});
