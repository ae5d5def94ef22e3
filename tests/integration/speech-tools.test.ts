import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ErrorCode, type JobView, type RecordingCheck, type VoiceView } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { freePort } from '../support/server-process.ts';
import { testDatabases } from '../support/test-database.ts';

const run = promisify(execFile);
const SECRET = 'speech-tools-secret';

/**
 * The speech tools end to end over HTTP with the real local engines: voice library, previews,
 * text to speech (pauses, subtitles, points), dictionaries, voice cloning from a generated
 * recording, speech to speech, and every bad input with its catalogue error and no points taken.
 */
describe.each(testDatabases().slice(0, 1))('speech tools on %s', (_name, open) => {
  let app: App;
  let base: string;
  let dataDir: string;
  let cleanup: () => Promise<void>;
  let user: { token: string; userId: string };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-speech-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const opened = await open();
    cleanup = opened.cleanup;
    app = await createApp(
      loadConfig({ ROLE: 'api,worker', API_SIGN_SECRET: SECRET, LOG_LEVEL: 'silent', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, JOB_POLL_INTERVAL_SECONDS: '0.5' }),
      { database: opened.handle },
    );
    await app.listen();
    user = await createVerifiedUser(base, dataDir, `speech-${Date.now()}@example.com`);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await cleanup?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = (pathName: string, body: unknown, language = 'en') =>
    signedCall(base, SECRET, pathName, body, { authorization: `Bearer ${user.token}`, 'user-id': user.userId, 'accept-language': language });
  const data = async <T>(pathName: string, body: unknown): Promise<T> => {
    const envelope = await call(pathName, body);
    expect(envelope, `${pathName} ${JSON.stringify(envelope).slice(0, 300)}`).toMatchObject({ code: 0 });
    return envelope.data as T;
  };
  const points = async () => (await data<{ availablePoint: number; freezePoint: number }>('/bill/userAccount/getUserAccount', { userId: user.userId }));
  async function until(jobId: string, statuses: Array<JobView['status']> = ['completed', 'failed', 'cancelled'], timeoutMs = 120_000): Promise<JobView> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const view = await data<JobView>('/api/jobs/get', { jobId });
      if (statuses.includes(view.status)) return view;
      if (Date.now() > deadline) throw new Error(`job ${jobId} stuck: ${JSON.stringify(view).slice(0, 500)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  async function upload(name: string, file: string): Promise<string> {
    const response = await fetch(`${base}/api/upload/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
      body: new Uint8Array(await readFile(file)),
    });
    const envelope = (await response.json()) as { code: number; data: { id: string } };
    expect(envelope.code).toBe(0);
    return envelope.data.id;
  }
  const fetchText = async (url: string) => (await fetch(new URL(url, base))).text();

  let englishVoice: VoiceView;

  it('the library lists at least 40 voices in at least 10 languages, filters, and keeps favourites', async () => {
    const all = await data<{ total: number; list: VoiceView[]; facets: { languages: Array<{ value: string; count: number }>; engines: Array<{ value: string; label?: string }> } }>('/api/voices/list', { pageSize: 200 });
    expect(all.total).toBeGreaterThanOrEqual(40);
    expect(all.facets.languages.length).toBeGreaterThanOrEqual(10);
    for (const voice of all.list) expect(voice).toMatchObject({ name: expect.any(String), language: expect.any(String), description: expect.any(String) });
    englishVoice = all.list.find((voice) => voice.key === 'espeak:espeak-ng/en-us+f3')!;
    expect(englishVoice).toMatchObject({ name: 'Emma', accent: 'American', gender: 'female', location: 'local' });

    const chinese = await data<{ list: VoiceView[] }>('/api/voices/list', { language: 'zh', gender: 'male' });
    expect(chinese.list.length).toBeGreaterThan(0);
    for (const voice of chinese.list) expect(voice.gender).toBe('male');
    expect(chinese.list.map((voice) => voice.key)).toContain('espeak:espeak-ng/cmn+m3');

    // Each language's count is the number of voices its filter lists (Cantonese is not counted as Chinese).
    const languages = all.facets.languages.map((option) => option.value);
    expect(languages).toContain('yue');
    expect(languages).not.toContain('cmn');
    expect(languages.filter((value) => value.includes('-'))).toEqual([]);
    for (const option of all.facets.languages) {
      const listed = await data<{ total: number }>('/api/voices/list', { language: option.value, pageSize: 1 });
      expect(listed.total, option.value).toBe(option.count);
    }
    expect(all.facets.engines.find((option) => option.value === 'flite:flite')?.label).toBe('Flite');
    expect((await data<{ list: VoiceView[] }>('/api/voices/list', { query: 'whisper' })).list.map((voice) => voice.name)).toContain('Wren');

    await data('/api/voices/favorite', { voiceKey: englishVoice.key, favorite: true });
    expect((await data<{ list: VoiceView[] }>('/api/voices/list', { tab: 'favorites' })).list.map((voice) => voice.key)).toEqual([englishVoice.key]);
    await data('/api/voices/favorite', { voiceKey: englishVoice.key, favorite: false });
    expect((await data<{ total: number }>('/api/voices/list', { tab: 'favorites' })).total).toBe(0);
    expect((await call('/api/voices/favorite', { voiceKey: 'espeak:espeak-ng/no-such-voice', favorite: true })).code).toBe(ErrorCode.VOICE_NOT_FOUND);
  });

  it('a voice preview is generated once, in the voice’s own language, then served from storage', async () => {
    const first = await data<{ url: string; text: string; durationSeconds: number }>('/api/voices/preview', { voiceKey: 'espeak:espeak-ng/cmn+f3' });
    expect(first.text).toMatch(/你好/);
    expect(first.durationSeconds).toBeGreaterThan(1);
    const audio = await fetch(new URL(first.url, base));
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    const again = await data<{ url: string }>('/api/voices/preview', { voiceKey: 'espeak:espeak-ng/cmn+f3' });
    expect(new URL(again.url, base).pathname).toBe(new URL(first.url, base).pathname);
    const listed = await data<{ list: VoiceView[] }>('/api/voices/list', { query: 'Xiaomei' });
    expect(listed.list[0]!.previewUrl).not.toBeNull();
  });

  it('bad text-to-speech input gets its catalogue error in both languages and takes no points', async () => {
    const before = await points();
    const base = { voiceKey: 'espeak:espeak-ng/en-us+f3' };
    expect((await call('/api/text-to-speech/create', { ...base, text: '  [pause 2s]  ' })).code).toBe(ErrorCode.TTS_TEXT_EMPTY);
    expect((await call('/api/text-to-speech/create', { ...base, text: 'hi', voiceKey: 'espeak:espeak-ng/xx-nope' })).code).toBe(ErrorCode.VOICE_NOT_FOUND);
    const unsupported = await call('/api/text-to-speech/create', { ...base, text: 'hi', language: 'ja' }, 'zh');
    expect(unsupported.code).toBe(ErrorCode.VOICE_LANGUAGE_UNSUPPORTED);
    expect(unsupported.message).toContain('Emma');
    const long = await call('/api/text-to-speech/create', { ...base, text: 'word '.repeat(1_200) });
    expect(long).toMatchObject({ code: ErrorCode.TTS_TEXT_TOO_LONG });
    expect(long.message).toContain('5000');
    const dialogue = await call('/api/text-to-speech/create', { ...base, text: 'Ann: hello\nBob: hi', dialogue: true, speakers: { Ann: base.voiceKey } });
    expect(dialogue.code).toBe(ErrorCode.DIALOGUE_SPEAKER_UNASSIGNED);
    expect((await call('/api/text-to-speech/create', { ...base, text: 'hi', speed: 3 })).code).toBe(ErrorCode.INVALID_PARAMETER);
    expect(await points()).toEqual(before);
  });

  it('text to speech with pauses, dialogue and a dictionary: mp3 + SRT + VTT from word timings, points settled once', async () => {
    await data('/api/text-to-speech/pronunciations/save', { language: 'en', term: 'Voxwork', replacement: 'Vox work' });
    const dictionary = await data<{ list: Array<{ id: string; term: string }> }>('/api/text-to-speech/pronunciations/list', { language: 'en' });
    expect(dictionary.list.map((entry) => entry.term)).toEqual(['Voxwork']);

    const before = await points();
    const text = 'Ann: Welcome to Voxwork. [pause 1.5s] This is a test.\nBob: Thanks, it sounds clear. Goodbye!';
    const created = await data<{ jobId: string; cost: number; billableCharacters: number }>('/api/text-to-speech/create', {
      text,
      voiceKey: 'espeak:espeak-ng/en-us+f3',
      dialogue: true,
      speakers: { Ann: 'espeak:espeak-ng/en-us+f3', Bob: 'espeak:espeak-ng/en-gb+m3' },
      format: 'mp3',
    });
    expect(created.billableCharacters).toBe('Welcome to Voxwork.This is a test.Thanks, it sounds clear.Goodbye!'.length);
    expect(created.cost).toBe(1);
    expect((await points()).freezePoint).toBe(before.freezePoint + created.cost);

    const preview = await data<{ text: string; audio: string; words: unknown[] }>('/api/text-to-speech/preview', { text, voiceKey: 'espeak:espeak-ng/en-us+f3', dialogue: true, speakers: { Ann: 'espeak:espeak-ng/en-us+f3', Bob: 'espeak:espeak-ng/en-gb+m3' } });
    expect(preview.text).toBe('Welcome to Voxwork.');
    expect(preview.audio).toMatch(/^data:audio\/wav;base64,UklGR/);

    const done = await until(created.jobId);
    expect(done.status, JSON.stringify(done.error)).toBe('completed');
    expect(done.media.map((file) => [file.name, file.role])).toEqual([
      ['speech.mp3', 'audio'],
      ['speech.srt', 'subtitles'],
      ['speech.vtt', 'subtitles'],
    ]);
    const audio = done.media[0]!;
    expect(audio.durationSeconds).toBeGreaterThan(4);
    const mp3 = new Uint8Array(await (await fetch(new URL(audio.url, base))).arrayBuffer());
    expect(mp3[0] === 0xff || String.fromCharCode(...mp3.subarray(0, 3)) === 'ID3').toBe(true);
    const srt = await fetchText(done.media[1]!.url);
    expect(srt).toMatch(/^1\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}\n/);
    expect(srt).toContain('Voxwork');
    const vtt = await fetchText(done.media[2]!.url);
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    const cueStarts = [...srt.matchAll(/(\d\d):(\d\d):(\d\d),(\d{3}) -->/g)].map((match) => Number(match[2]) * 60 + Number(match[3]) + Number(match[4]) / 1000);
    expect(cueStarts).toEqual([...cueStarts].sort((a, b) => a - b));
    expect(done.cost).toEqual({ estimated: 1, frozen: 1, settled: 1 });
    const after = await points();
    expect(after.availablePoint).toBe(before.availablePoint - 1);
    expect(after.freezePoint).toBe(before.freezePoint);
    await data('/api/text-to-speech/pronunciations/delete', { id: dictionary.list[0]!.id });
  });

  it('detects the language of a text and suggests a voice for it', async () => {
    const zh = await data<{ language: string; suggestedVoiceKey: string }>('/api/text-to-speech/detectLanguage', { text: '今天天气很好，我们一起去公园散步吧。' });
    expect(zh.language).toBe('zh');
    expect(zh.suggestedVoiceKey).toMatch(/cmn/);
    const es = await data<{ language: string }>('/api/text-to-speech/detectLanguage', { text: 'Hoy hace muy buen tiempo, vamos a pasear por el parque.' });
    expect(es.language).toBe('es');
  });

  let clonedKey: string;

  it('clones a voice from a recording: checks, consent, a slot, a profile and a preview; then speaks with it', async () => {
    const recording = path.join(dataDir, 'me.wav');
    const script = 'The quick brown fox jumps over the lazy dog. I am recording my own voice for a short test. '.repeat(3);
    await run('espeak-ng', ['-v', 'en-us+m3', '-p', '70', '-w', recording, script]);
    const uploadId = await upload('my voice.wav', recording);
    const check = await data<RecordingCheck>('/api/voice-cloning/check', { uploadId });
    expect(check.problems).toEqual([]);
    expect(check).toMatchObject({ accepted: true });
    expect(check.durationSeconds).toBeGreaterThan(10);

    expect((await call('/api/voice-cloning/create', { uploadId, name: 'Me', language: 'en', consent: false })).code).toBe(ErrorCode.CLONE_CONSENT_REQUIRED);
    const created = await data<{ voice: VoiceView; jobId: string; cost: number }>('/api/voice-cloning/create', { uploadId, name: 'Me', language: 'en', consent: true });
    expect(created.voice).toMatchObject({ cloned: true, status: 'processing', name: 'Me' });
    expect(created.cost).toBe(50);
    // The free plan has one slot, taken by the voice being made.
    expect((await call('/api/voice-cloning/create', { uploadId, name: 'Me again', language: 'en', consent: true })).code).toBe(ErrorCode.VOICE_SLOTS_FULL);
    const job = await until(created.jobId);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    clonedKey = created.voice.key;
    const voice = await data<VoiceView>('/api/voices/get', { voiceKey: clonedKey });
    expect(voice).toMatchObject({ status: 'ready', cloned: true, previewUrl: expect.any(String) });
    expect((await data<{ list: VoiceView[] }>('/api/voices/list', { tab: 'mine' })).list.map((entry) => entry.key)).toEqual([clonedKey]);

    const tts = await data<{ jobId: string }>('/api/text-to-speech/create', { text: 'This sentence is spoken in my cloned voice.', voiceKey: clonedKey, format: 'wav' });
    const spoken = await until(tts.jobId);
    expect(spoken.status, JSON.stringify(spoken.error)).toBe('completed');
    expect(spoken.media[0]).toMatchObject({ name: 'speech.wav', role: 'audio' });
  });

  it('speech to speech converts a recording to another voice keeping its duration', async () => {
    const source = path.join(dataDir, 'source.wav');
    await run('espeak-ng', ['-v', 'en-gb+m3', '-w', source, 'Speech to speech keeps the timing of what was said, word for word.']);
    const uploadId = await upload('source.wav', source);
    const before = await points();
    const created = await data<{ jobId: string; cost: number }>('/api/speech-to-speech/create', { uploadId, voiceKey: 'espeak:espeak-ng/en-us+f3', denoise: true, keepBackground: true });
    expect(created.cost).toBeGreaterThanOrEqual(1);
    const done = await until(created.jobId);
    expect(done.status, JSON.stringify(done.error)).toBe('completed');
    expect(done.media.map((file) => file.name)).toEqual(['converted.mp3', 'original.mp3']);
    const [converted, original] = done.media;
    expect(Math.abs(converted!.durationSeconds! - original!.durationSeconds!) / original!.durationSeconds!).toBeLessThan(0.02);
    expect((await points()).availablePoint).toBe(before.availablePoint - created.cost);

    const withClone = await data<{ jobId: string }>('/api/speech-to-speech/create', { uploadId, voiceKey: clonedKey });
    expect((await until(withClone.jobId)).status).toBe('completed');
  });

  it('refuses silent and too-short recordings with their messages, and deleted voices', async () => {
    const silent = path.join(dataDir, 'silence.wav');
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'anoisesrc=d=12:c=pink:a=0.02', '-ar', '16000', silent]);
    const silentCheck = await data<RecordingCheck>('/api/voice-cloning/check', { uploadId: await upload('silence.wav', silent) });
    expect(silentCheck.accepted).toBe(false);
    expect(silentCheck.problems.map((problem) => problem.code)).toContain(ErrorCode.RECORDING_LITTLE_SPEECH);

    const short = path.join(dataDir, 'short.wav');
    await run('espeak-ng', ['-v', 'en-us', '-w', short, 'Too short.']);
    const shortId = await upload('short.wav', short);
    const shortCheck = await data<RecordingCheck>('/api/voice-cloning/check', { uploadId: shortId });
    expect(shortCheck.problems.map((problem) => problem.code)).toContain(ErrorCode.RECORDING_TOO_SHORT);
    const refused = await call('/api/voice-cloning/create', { uploadId: shortId, name: 'x', language: 'en', consent: true }, 'zh');
    expect(refused.code).toBe(ErrorCode.RECORDING_TOO_SHORT);
    expect(refused.message).toMatch(/秒/);

    await data('/api/voice-cloning/delete', { id: clonedKey.slice('cloned/'.length) });
    expect((await call('/api/text-to-speech/create', { text: 'hello', voiceKey: clonedKey })).code).toBe(ErrorCode.VOICE_NOT_FOUND);
  });
});
