import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { textToSpeechCost, type JobView, type VoiceView } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { startElevenLabsReplayServer, type ElevenLabsReplayServer } from '../../packages/engines/src/testing/elevenlabs-replay-server.ts';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { freePort } from '../support/server-process.ts';
import { testDatabases } from '../support/test-database.ts';

const run = promisify(execFile);
const SECRET = 'speech-remote-secret';
const API_KEY = 'sk-replay-key';

/**
 * The speech tools with a remote engine selected by env (ElevenLabs, replayed locally): its voices
 * join the library at the premium price, a cloned voice holds the remote voice id and speaks
 * through the vendor, and deleting the voice deletes the remote clone.
 */
describe.each(testDatabases().slice(0, 1))('speech tools with a remote engine on %s', (_name, open) => {
  let app: App;
  let base: string;
  let dataDir: string;
  let cleanup: () => Promise<void>;
  let vendor: ElevenLabsReplayServer;
  let user: { token: string; userId: string };
  const saved = { ...process.env };

  beforeAll(async () => {
    vendor = await startElevenLabsReplayServer({ apiKey: API_KEY });
    Object.assign(process.env, {
      ELEVENLABS_API_KEY: API_KEY,
      ELEVENLABS_BASE_URL: vendor.url,
      ENGINES_SPEECH_SYNTHESIZER: 'espeak:espeak-ng,elevenlabs:eleven-multilingual-v2',
      ENGINES_VOICE_PROFILER: 'dsp:voice-profile,elevenlabs:ivc',
    });
    dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-speech-remote-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const opened = await open();
    cleanup = opened.cleanup;
    app = await createApp(
      loadConfig({ ROLE: 'api,worker', API_SIGN_SECRET: SECRET, LOG_LEVEL: 'silent', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, JOB_POLL_INTERVAL_SECONDS: '0.5' }),
      { database: opened.handle },
    );
    await app.listen();
    user = await createVerifiedUser(base, dataDir, `speech-remote-${Date.now()}@example.com`);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await cleanup?.();
    await vendor?.close();
    process.env = saved;
    await rm(dataDir, { recursive: true, force: true });
  });

  const data = async <T>(pathName: string, body: unknown): Promise<T> => {
    const envelope = await signedCall(base, SECRET, pathName, body, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
    expect(envelope, `${pathName} ${JSON.stringify(envelope).slice(0, 300)}`).toMatchObject({ code: 0 });
    return envelope.data as T;
  };
  async function until(jobId: string): Promise<JobView> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const view = await data<JobView>('/api/jobs/get', { jobId });
      if (['completed', 'failed', 'cancelled'].includes(view.status)) return view;
      if (Date.now() > deadline) throw new Error(`job ${jobId} stuck`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('lists the vendor’s voices as premium and charges the premium price for them', async () => {
    const remote = await data<{ list: VoiceView[] }>('/api/voices/list', { engineId: 'elevenlabs:eleven-multilingual-v2' });
    const rachel = remote.list.find((voice) => voice.name === 'Rachel')!;
    expect(rachel).toMatchObject({ location: 'remote', qualityTier: 'premium', accent: 'American', gender: 'female' });
    const text = 'Hello from a neural voice with exact word timings, as long as a short paragraph. '.repeat(4).trim();
    const created = await data<{ jobId: string; cost: number; billableCharacters: number }>('/api/text-to-speech/create', { text, voiceKey: rachel.key });
    expect(created.cost).toBe(textToSpeechCost(created.billableCharacters, 'premium'));
    expect(created.cost).toBeGreaterThan(textToSpeechCost(created.billableCharacters, 'basic'));
    const done = await until(created.jobId);
    expect(done.status, JSON.stringify(done.error)).toBe('completed');
    expect(done.output).toMatchObject({ wordTimingsApproximate: false });
    expect(vendor.requests.some((request) => request.path === `/v1/text-to-speech/${rachel.key.split('/')[1]}/with-timestamps`)).toBe(true);
  });

  it('a cloned voice holds the remote clone, speaks through the vendor, and deleting it deletes the clone there', async () => {
    const recording = path.join(dataDir, 'me.wav');
    await run('espeak-ng', ['-v', 'en-us+f2', '-w', recording, 'I am recording my own voice for a short test of cloning. '.repeat(4)]);
    const response = await fetch(`${base}/api/upload/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream', 'x-file-name': 'me.wav' },
      body: new Uint8Array(await readFile(recording)),
    });
    const uploadId = ((await response.json()) as { data: { id: string } }).data.id;
    const created = await data<{ voice: VoiceView; jobId: string }>('/api/voice-cloning/create', { uploadId, name: 'Neural me', language: 'en', consent: true });
    expect((await until(created.jobId)).status).toBe('completed');
    const voice = await data<VoiceView>('/api/voices/get', { voiceKey: created.voice.key });
    expect(voice).toMatchObject({ location: 'remote', qualityTier: 'premium', status: 'ready' });
    const clones = vendor.voices().filter((entry) => entry.category === 'cloned');
    expect(clones.map((entry) => entry.name)).toEqual(['Neural me']);
    const remoteId = clones[0]!.voice_id;

    const tts = await data<{ jobId: string; cost: number; billableCharacters: number }>('/api/text-to-speech/create', { text: 'Spoken by my neural clone.', voiceKey: voice.key });
    expect(tts.cost).toBe(textToSpeechCost(tts.billableCharacters, 'premium'));
    expect((await until(tts.jobId)).status).toBe('completed');
    expect(vendor.requests.some((request) => request.path === `/v1/text-to-speech/${remoteId}/with-timestamps`)).toBe(true);

    await data('/api/voice-cloning/delete', { id: voice.key.slice('cloned/'.length) });
    expect(vendor.voices().some((entry) => entry.voice_id === remoteId)).toBe(false);
  });
});
