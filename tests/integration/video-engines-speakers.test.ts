import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assignSpeakersToLines, backgroundMethods, DomainError, mapEngineFailures, mergeSpeakers, videoEngineErrors } from '@voxwork/core';
import { createEngineRegistryFromEnv, engineSelectionFromEnv, resolveEngines, type ResolvedEngines } from '@voxwork/engines';
import { probeMedia, runFfmpeg } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideoEngines } from '../../apps/server/src/engines/video-engines.ts';
import { makeConversation, MARKET_SCRIPT } from '../../packages/engines/src/testing/generated-conversation.ts';
import { startElevenLabsReplayServer, type ElevenLabsReplayServer } from '../../packages/engines/src/testing/elevenlabs-replay-server.ts';

const API_KEY = 'xi-video-engines-replay';

/**
 * The video tools' engines as the server builds them from env: speakers found through the port
 * (silero gating, as selected by default), the background methods offered (the local two, then
 * ElevenLabs isolation when ENGINES_AUDIO_SEPARATOR names it — RNNoise is a denoiser, not offered),
 * and a separation through the port with the vendor's errors as catalogue errors.
 */
describe('video engines: speakers and separation', () => {
  let dir: string;
  let vendor: ElevenLabsReplayServer;
  let engines: ResolvedEngines;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-video-engines-'));
    vendor = await startElevenLabsReplayServer({ apiKey: API_KEY });
    const env = { ELEVENLABS_API_KEY: API_KEY, ELEVENLABS_BASE_URL: vendor.url, ENGINES_AUDIO_SEPARATOR: 'rnnoise:rnnoise,elevenlabs:audio-isolation' };
    engines = resolveEngines(createEngineRegistryFromEnv(env), engineSelectionFromEnv(env));
  });
  afterAll(async () => {
    await engines.close();
    await vendor.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('offers the local background methods first, then the isolation engine, and not the denoiser', () => {
    const offers = backgroundMethods(createVideoEngines({ engines }));
    expect(offers.map((offer) => [offer.id, offer.method, offer.location])).toEqual([
      ['centre-cancel', 'centre-cancel', 'local'],
      ['duck', 'duck', 'local'],
      ['elevenlabs:audio-isolation', 'separator', 'remote'],
    ]);
    const local = backgroundMethods(createVideoEngines({ engines: resolveEngines(createEngineRegistryFromEnv({}), {}) }));
    expect(local.map((offer) => offer.id)).toEqual(['centre-cancel', 'duck']);
  });

  it('finds speakers through the port, and the lines take them', async () => {
    const conversation = await makeConversation(dir, { name: 'port', musicDb: -18, script: MARKET_SCRIPT.slice(0, 6) });
    const video = mapEngineFailures(createVideoEngines({ engines }), videoEngineErrors);
    const found = await video.findSpeakers({ audioFile: conversation.file, speakerCount: 3 });
    expect(found.segments).toHaveLength(6);
    expect(found.speakers.map((speaker) => speaker.suggestedGender)).toEqual(['female', 'male', 'male']);
    const lines = conversation.lines.map((line, index) => ({ id: `l${index + 1}`, startSeconds: line.startSeconds, endSeconds: line.endSeconds }));
    const assignment = assignSpeakersToLines(lines, found.segments);
    expect(assignment.lines.map((line) => line.speakerId)).toEqual(['s1', 's2', 's1', 's3', 's2', 's1']);
    expect(mergeSpeakers(assignment, { from: 's3', into: 's2' }).speakers).toHaveLength(2);
  }, 120_000);

  it('separates through the port, and a busy vendor is a retryable catalogue error', async () => {
    const soundtrack = path.join(dir, 'soundtrack.wav');
    await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000:duration=3', '-ac', '2', soundtrack]);
    const video = mapEngineFailures(createVideoEngines({ engines }), videoEngineErrors);
    const voice = path.join(dir, 'voice.wav');
    const background = path.join(dir, 'background.wav');
    const result = await video.separate({ engineId: 'elevenlabs:audio-isolation', audioFile: soundtrack, outputVoiceFile: voice, outputBackgroundFile: background });
    expect(result.warnings).toEqual([]);
    expect((await probeMedia(background)).audio).toMatchObject({ channels: 2, sampleRate: 48_000 });
    expect(Math.abs((await probeMedia(voice)).durationSeconds! - 3)).toBeLessThan(0.05);

    vendor.failNext({ status: 429, body: { detail: { status: 'too_many_concurrent_requests', message: 'Too many concurrent requests.' } } });
    const busy = await video.separate({ engineId: 'elevenlabs:audio-isolation', audioFile: soundtrack, outputVoiceFile: voice, outputBackgroundFile: background }).catch((error: unknown) => error);
    expect(busy).toBeInstanceOf(DomainError);
    expect(busy).toMatchObject({ isRetryable: true });
  }, 60_000);
});
