import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeMedia, runFfmpeg } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EngineAuthError, EngineInputError } from '../engine-errors.ts';
import type { EngineDescriptor } from '../registry/engine-registry.ts';
import { remoteEngineDescriptors, remoteEngineSettingsFromEnv } from '../registry/remote-engines.ts';
import { animatorConformance } from '../testing/conformance/animator-conformance.ts';
import { makeLongSpeech, makeSpeech } from '../testing/generated-media.ts';
import { startLipsyncReplayServer, type LipsyncReplayServer } from '../testing/lipsync-replay-server.ts';
import { multipartOf } from '../testing/replay-http.ts';
import { createLipsyncAnimator } from './lipsync-http-animator.ts';

const API_KEY = 'lipsync-replay-key-0123456789';
const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

let server: LipsyncReplayServer;
let dir: string;
beforeAll(async () => {
  server = await startLipsyncReplayServer({ apiKey: API_KEY });
  server.setPollsUntilDone(1);
  dir = await mkdtemp(path.join(tmpdir(), 'voxwork-lipsync-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** A 640×480 picture (ffmpeg's test card; the replay does not look for a face). */
async function makePortrait(into: string): Promise<string> {
  const file = path.join(into, 'portrait.png');
  await runFfmpeg([...QUIET, '-f', 'lavfi', '-i', 'testsrc2=size=640x480:rate=1', '-frames:v', '1', file]);
  return file;
}

/** The descriptor as the registry builds it from env, pointed at the replay server once it runs. */
function descriptorFromEnv(): EngineDescriptor<'animator'> {
  const find = (baseUrl: string) =>
    remoteEngineDescriptors(remoteEngineSettingsFromEnv({ LIPSYNC_BASE_URL: baseUrl, LIPSYNC_API_KEY: API_KEY, LIPSYNC_MODEL: 'MuseTalk', LIPSYNC_TIMEOUT_MS: '60000' })).find((entry) => entry.capability === 'animator') as EngineDescriptor<'animator'>;
  return { ...find('http://127.0.0.1:9'), load: () => find(server.url).load() };
}

animatorConformance({
  descriptor: descriptorFromEnv(),
  makePortrait,
  makeSpeech: (into) => makeSpeech(into, 'speech.wav', 'Hello, this is a talking photo.'),
  makeLongSpeech: (into) => makeLongSpeech(into, 'long.wav', 20),
  size: { width: 512, height: 512 },
  unsupportedOptions: [{ words: [{ text: 'Hello', startSeconds: 0, endSeconds: 0.4, charStart: 0, charEnd: 5 }] }],
});

describe('lipsync:<model> against the replay server', () => {
  const settings = () => ({ baseUrl: server.url, apiKey: API_KEY, engineId: 'lipsync:musetalk' as const, pollMs: 50 });

  it('is registered from env as lipsync:<model>, remote, premium, saying where the picture goes', () => {
    const descriptor = descriptorFromEnv();
    expect(descriptor).toMatchObject({ id: 'lipsync:musetalk', capability: 'animator', location: 'remote', qualityTier: 'premium' });
    expect(descriptor.description).toContain('sent to that server');
    expect(remoteEngineDescriptors(remoteEngineSettingsFromEnv({})).some((entry) => entry.capability === 'animator')).toBe(false);
    expect(() => remoteEngineSettingsFromEnv({ LIPSYNC_BASE_URL: 'ftp://example.com' })).toThrow(/LIPSYNC_BASE_URL/);
  });

  it('sends the documented job (source, WAV audio, fps, size, face), polls it, fetches the video, deletes the render, and gives back our speech at the size asked', async () => {
    const portrait = await makePortrait(dir);
    const speech = await makeSpeech(dir, 'hello.wav', 'Hello there, nice to meet you.');
    const animator = createLipsyncAnimator(settings());
    const before = server.requests.length;
    const outputFile = path.join(dir, 'talking.mp4');
    const result = await animator.doAnimate({ source: { imageFile: portrait, face: { x: 200, y: 100, width: 240, height: 280 } }, audioFile: speech, outputFile, width: 720, height: 720, frameRate: 30 });
    const requests = server.requests.slice(before);
    const create = requests[0]!;
    expect(create).toMatchObject({ method: 'POST', path: '/v1/lipsync' });
    expect(create.headers.authorization).toBe(`Bearer ${API_KEY}`);
    const form = await multipartOf(create);
    expect([...form.keys()].sort()).toEqual(['audio', 'face', 'fps', 'height', 'source', 'width']);
    expect((form.get('audio') as File).type).toBe('audio/wav');
    expect((form.get('source') as File).type).toBe('image/png');
    expect(form.get('fps')).toBe('30');
    expect(JSON.parse(String(form.get('face')))).toEqual({ x: 200, y: 100, width: 240, height: 280 });
    const id = server.created.at(-1)!;
    expect(requests.filter((request) => request.method === 'GET' && request.path === `/v1/lipsync/${id}`).length).toBeGreaterThanOrEqual(2);
    expect(requests.some((request) => request.path === `/v1/lipsync/${id}/video`)).toBe(true);
    expect(server.deleted).toContain(id);

    const [video, original] = await Promise.all([probeMedia(outputFile), probeMedia(speech)]);
    expect(video.video).toMatchObject({ width: 720, height: 720 });
    expect(video.audio?.codec).toBe('aac');
    expect(Math.abs((video.durationSeconds ?? 0) - (original.durationSeconds ?? 0))).toBeLessThan(0.2);
    expect(result.video).toMatchObject({ file: outputFile, width: 720, height: 720 });
  }, 60_000);

  it('maps failures: a render the server cannot do is a non-retryable failure, a wrong key an auth error, an avatar source an input error; a cancelled call deletes the render', async () => {
    const portrait = await makePortrait(dir);
    const speech = await makeSpeech(dir, 'short.wav', 'Hi.');
    const outputFile = path.join(dir, 'failed.mp4');
    const animator = createLipsyncAnimator(settings());

    server.failNextRender('no face found in the source');
    await expect(animator.doAnimate({ source: { imageFile: portrait }, audioFile: speech, outputFile })).rejects.toMatchObject({ code: 'engine-failed', isRetryable: false, message: expect.stringContaining('no face found') });
    expect(server.deleted).toContain(server.created.at(-1));

    const wrongKey = createLipsyncAnimator({ ...settings(), apiKey: 'wrong-key' });
    const auth = await wrongKey.doAnimate({ source: { imageFile: portrait }, audioFile: speech, outputFile }).catch((error: unknown) => error);
    expect(auth).toBeInstanceOf(EngineAuthError);
    expect(String((auth as Error).message)).not.toContain('wrong-key');

    await expect(animator.doAnimate({ source: { avatarId: 'mia' }, audioFile: speech, outputFile })).rejects.toBeInstanceOf(EngineInputError);

    server.setPollsUntilDone(1000);
    const controller = new AbortController();
    const running = animator.doAnimate({ source: { imageFile: portrait }, audioFile: speech, outputFile, signal: controller.signal }).catch((error: unknown) => error);
    const createdBefore = server.created.length;
    await vi.waitFor(() => expect(server.created.length).toBeGreaterThan(createdBefore), { timeout: 20_000, interval: 50 });
    controller.abort();
    expect(await running).toMatchObject({ code: 'aborted' });
    expect(server.deleted).toContain(server.created.at(-1));

    // Cancelled while a poll request is under way (the server holds its answers): the request
    // ends as aborted by itself, and the render is still deleted.
    server.setLatency((request) => (request.method === 'GET' ? 2000 : 0));
    const midPoll = new AbortController();
    const polling = animator.doAnimate({ source: { imageFile: portrait }, audioFile: speech, outputFile, signal: midPoll.signal }).catch((error: unknown) => error);
    const pollsBefore = server.requests.length;
    await vi.waitFor(() => expect(server.requests.slice(pollsBefore).some((request) => request.method === 'GET')).toBe(true), { timeout: 20_000, interval: 20 });
    midPoll.abort();
    expect(await polling).toMatchObject({ code: 'aborted' });
    expect(server.deleted).toContain(server.created.at(-1));
    server.setLatency(0);

    // Cancelled while the upload is still under way: whatever the server began is deleted too.
    const early = new AbortController();
    const cut = animator.doAnimate({ source: { imageFile: portrait }, audioFile: speech, outputFile, signal: early.signal }).catch((error: unknown) => error);
    setTimeout(() => early.abort(), 0);
    expect(await cut).toMatchObject({ code: 'aborted' });
    expect(server.created.filter((id) => !server.deleted.includes(id))).toEqual([]);
    server.setPollsUntilDone(1);
  }, 60_000);
});
