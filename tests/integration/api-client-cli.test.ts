import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { API_EXAMPLES, ErrorCode, type ApiKeyView } from '@voxwork/contract';
import { probeMedia, runFfmpeg } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVoxworkClient, VoxworkApiError, type VoxworkClient } from '../../packages/client/src/index.ts';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { REPO_ROOT, TEST_SIGN_SECRET } from '../support/server-process.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabases } from '../support/test-database.ts';

const run = promisify(execFile);
const VOICE = 'espeak:espeak-ng/en-us+f3';
const CLI = path.join(REPO_ROOT, 'packages/client/src/cli.ts');
const ROWS = 20;

/** The CLI as a child process against the running app (never spawnSync: the app answers from this process's event loop). */
async function voxwork(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/**
 * Issue 19's client slice against the running app: the `voxwork` CLI batch-generates 20 lines
 * from a CSV (real audio files beside the sheet, a summary, a re-run charging nothing), the typed
 * client and the CLI's single commands, one-request uploads by key feeding speech to speech and
 * subtitle burn-in (and audio separation and subtitle extraction accepting upload ids), and the
 * "Using the API" page's curl examples run as written.
 */
// The client and the CLI see only HTTP, and the idempotency and ledger code they reach runs the same
// SQL on either database (both are covered by public-api, points-ledger and job-pipeline): run once,
// on the last database (PostgreSQL in CI), which saves about two minutes of CI.
describe.each(testDatabases().slice(-1))('API client and CLI on %s', (_name, open) => {
  let testApp: TestApp;
  let cleanup: () => Promise<void>;
  let secret: string;
  let api: VoxworkClient;
  let env: Record<string, string>;

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    testApp = await startTestApp({ name: 'api-cli', database: opened.handle, env: { ROLE: 'api,worker', JOB_POLL_INTERVAL_SECONDS: '0.5', RATE_LIMIT_API_PER_KEY: '5000/1m' } });
    const user = await createVerifiedUser(testApp.base, testApp.dataDir, `api-cli-${Date.now()}@example.com`);
    const created = await signedCall(testApp.base, TEST_SIGN_SECRET, '/api/apiKeys/create', { name: 'CLI', scopes: ['text-to-speech', 'speech-to-speech', 'subtitle-burn-in', 'audio-separation', 'subtitle-extraction', 'voices', 'video-erasure', 'video-translation', 'voice-cloning', 'dubbing'] }, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
    expect(created.code, JSON.stringify(created)).toBe(0);
    secret = (created.data as { key: ApiKeyView; secret: string }).secret;
    api = createVoxworkClient({ baseUrl: testApp.base, apiKey: secret });
    env = { VOXWORK_API_KEY: secret, VOXWORK_BASE_URL: testApp.base, VOXWORK_LANG: 'en' };
  }, 300_000);
  afterAll(async () => {
    await testApp?.stop();
    await cleanup?.();
  });

  it('`voxwork batch tts` makes 20 lines from a CSV beside it, with a summary; a re-run charges nothing more', async () => {
    const sheet = path.join(testApp.dataDir, 'sheet', 'products.csv');
    await run('mkdir', ['-p', path.dirname(sheet)]);
    const lines = Array.from({ length: ROWS }, (_, index) => `"Product ${index + 1}: ships today, ${index % 2 ? 'with' : 'without'} a gift box.",${VOICE},${index === 0 ? 'first' : ''},${index === 1 ? 'wav' : ''}`);
    await writeFile(sheet, `text,voice,filename,format\n${lines.join('\n')}\n`);
    const before = await api.balance();

    const first = await voxwork(['batch', 'tts', sheet, '--concurrency', '4'], env);
    expect(first.code, first.stderr + first.stdout).toBe(0);
    const summary = first.stdout.trim().split('\n').at(-1)!;
    const spent = Number(/^20 done, 0 failed, (\d+) points spent$/.exec(summary)?.[1]);
    expect(spent, summary).toBeGreaterThan(0);
    // Not a terminal here: a plain line per row, no progress bar.
    expect(first.stdout.split('\n').filter((line) => / done → /.test(line))).toHaveLength(ROWS);

    const files = (await readdir(path.dirname(sheet))).filter((file) => file !== 'products.csv').sort();
    expect(files).toHaveLength(ROWS);
    expect(files).toContain('first.mp3');
    expect(files).toContain('products-002.wav');
    expect(files).toContain('products-020.mp3');
    for (const file of files) {
      const probed = await probeMedia(path.join(path.dirname(sheet), file));
      expect(probed.durationSeconds, file).toBeGreaterThan(0.5);
      expect(probed.streams.some((stream) => stream.type === 'audio'), file).toBe(true);
    }
    const after = await api.balance();
    expect(before.availablePoints - after.availablePoints).toBe(spent);
    expect(after.frozenPoints).toBe(0);

    const again = await voxwork(['batch', 'tts', sheet], env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.trim().split('\n').at(-1)).toBe(`20 done, 0 failed, 0 points spent (20 rows made by an earlier run, not charged again)`);
    expect(await api.balance()).toEqual(after);
    expect((await api.listJobs({ tool: 'text-to-speech', pageSize: 100 })).total).toBe(ROWS);
  }, 900_000);

  it('a failing row fails the batch (exit code 1) without stopping the others', async () => {
    const sheet = path.join(testApp.dataDir, 'mixed.csv');
    await writeFile(sheet, `text,voice\nThis one works.,${VOICE}\nThis voice does not exist.,espeak:espeak-ng/xx-nope\n`);
    const result = await voxwork(['batch', 'tts', sheet], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^row 2: failed: .+\(code \d+, HTTP 4\d\d\)$/m);
    expect(result.stdout.trim().split('\n').at(-1)).toMatch(/^1 done, 1 failed, \d+ points spent$/);

    // On a terminal (util-linux `script` gives the CLI a pseudo-terminal): a progress bar instead of a line per row.
    const command = [process.execPath, CLI, 'batch', 'tts', sheet].map((part) => `'${part}'`).join(' ');
    const tty = await run('script', ['-qec', command, '/dev/null'], { env: { ...process.env, ...env } }).catch((error: { stdout: string }) => error);
    expect(tty.stdout).toMatch(/2\/2 rows \| 1 failed/);
    expect(tty.stdout).toContain('1 done, 1 failed');
    expect(tty.stdout).not.toContain('row 1: done');
  }, 300_000);

  it('`voxwork tts --wait --out`, `jobs get|list|wait`, `voices`, `balance`, and a clear error without a key', async () => {
    const textFile = path.join(testApp.dataDir, 'script.txt');
    await writeFile(textFile, 'A single line from a text file.');
    const out = path.join(testApp.dataDir, 'single.mp3');
    const tts = await voxwork(['tts', '--voice', VOICE, '--text-file', textFile, '--out', out], env);
    expect(tts.code, tts.stderr).toBe(0);
    expect((await probeMedia(out)).durationSeconds).toBeGreaterThan(0.5);
    const jobId = /^([0-9a-f-]{36}) {2}completed/m.exec(tts.stdout)?.[1];
    expect(jobId, tts.stdout).toBeDefined();

    expect(JSON.parse((await voxwork(['jobs', 'get', jobId!], env)).stdout)).toMatchObject({ id: jobId, status: 'completed' });
    expect((await voxwork(['jobs', 'list', '--status', 'completed', '--page-size', '5'], env)).stdout.trim().split('\n')).toHaveLength(5);
    const waited = await voxwork(['jobs', 'wait', jobId!, '--out', `${testApp.dataDir}/`], env);
    expect(waited.stdout).toContain(`saved ${testApp.dataDir}/speech.mp3`);
    const voices = await voxwork(['voices', '--language', 'en', '--page-size', '3'], env);
    expect(voices.stdout.trim().split('\n')).toHaveLength(3);
    expect(voices.stdout.split('\n')[0]!.split('\t')[2]).toMatch(/^en/);
    expect((await voxwork(['balance'], env)).stdout).toMatch(/^plan free: \d+ points available, 0 frozen by running jobs, \d+ in total$/m);

    const noKey = await voxwork(['balance'], { VOXWORK_API_KEY: '', VOXWORK_BASE_URL: testApp.base, VOXWORK_LANG: 'en' });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('no API key');
    const badKey = await voxwork(['balance', '--lang', 'zh'], { VOXWORK_API_KEY: `vx_live_${'A'.repeat(43)}`, VOXWORK_BASE_URL: testApp.base });
    expect(badKey.code).toBe(1);
    expect(badKey.stderr).toMatch(/^错误：API 密钥缺失或无效。.*（错误码 \d+，HTTP 401）$/m);
    // The whole command speaks Chinese when the terminal does: its own lines, commander's, and the server's messages.
    expect((await voxwork(['balance'], { ...env, VOXWORK_LANG: '', LANG: 'zh_CN.UTF-8' })).stdout).toMatch(/^套餐 free：可用 \d+ 积分，运行中的任务冻结 0 积分，合计 \d+ 积分$/m);
    const usage = await voxwork(['tts', '--lang', 'zh'], env);
    expect([usage.code, usage.stderr.split('\n')[0]]).toEqual([1, "错误：缺少必填选项 '--voice <key>'"]);
  }, 300_000);

  it('the client: typed errors from the server', async () => {
    const refused = await api.createJob('text-to-speech', { text: 'Hello.', voiceKey: VOICE, format: 'ogg' as 'mp3' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VoxworkApiError);
    expect(refused).toMatchObject({ status: 400, code: ErrorCode.INVALID_PARAMETER, data: { field: 'format' } });
    const empty = await api.createJob('text-to-speech', { text: '', voiceKey: VOICE }).catch((error: unknown) => error);
    expect(empty).toMatchObject({ name: 'VoxworkApiError', status: 422, message: expect.any(String) });
    await expect(api.getJob('3f2a7c1e-8d4b-4e6a-9b1c-2d3e4f5a6b7c')).rejects.toMatchObject({ status: 404, code: ErrorCode.JOB_NOT_FOUND });
  });

  it('uploads by key: raw and multipart, the plan’s size limit, then speech to speech and subtitle burn-in jobs from the upload ids', async () => {
    const recording = path.join(testApp.dataDir, 'source.wav');
    await run('espeak-ng', ['-v', 'en-gb+m3', '-w', recording, 'Speech to speech keeps the timing of what was said.']);
    const upload = await api.upload(recording);
    expect(upload).toMatchObject({ name: 'source.wav', kind: 'audio', hasAudio: true });
    expect(upload.durationSeconds).toBeGreaterThan(1);

    const sts = await api.createJob('speech-to-speech', { uploadId: upload.id, voiceKey: VOICE, format: 'mp3' }, { idempotencyKey: 'sts-1' });
    expect(sts).toMatchObject({ replayed: false, job: { type: 'speech-to-speech.convert' } });
    expect((await api.createJob('speech-to-speech', { uploadId: upload.id, voiceKey: VOICE, format: 'mp3' }, { idempotencyKey: 'sts-1' })).replayed).toBe(true);
    const converted = await api.waitForJob(sts.job.id, { intervalMs: 300 });
    expect(converted.status, JSON.stringify(converted.error)).toBe('completed');
    const convertedFile = path.join(testApp.dataDir, 'converted.mp3');
    await api.downloadResult(converted.id, converted.media[0]!.name, convertedFile);
    expect((await probeMedia(convertedFile)).durationSeconds).toBeGreaterThan(1);

    // A video with sound, uploaded as multipart/form-data (as `curl -F` sends it), then captions burned in.
    const video = path.join(testApp.dataDir, 'clip.mp4');
    await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=15:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-shortest', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', video]);
    const form = new FormData();
    form.append('file', new Blob([await readFile(video)], { type: 'video/mp4' }), 'clip.mp4');
    const multipart = await fetch(`${testApp.base}/api/v1/uploads`, { method: 'POST', headers: { authorization: `Bearer ${secret}` }, body: form });
    expect(multipart.status).toBe(201);
    const videoUpload = ((await multipart.json()) as { data: { id: string; kind: string; durationSeconds: number } }).data;
    expect(videoUpload).toMatchObject({ kind: 'video' });

    const burnIn = await api.createJob('subtitle-burn-in', { uploadId: videoUpload.id, subtitleFile: { name: 'captions.srt', text: '1\n00:00:00,300 --> 00:00:02,500\nTen percent off today\n' } });
    const burned = await api.waitForJob(burnIn.job.id, { intervalMs: 300 });
    expect(burned.status, JSON.stringify(burned.error)).toBe('completed');
    const burnedVideo = burned.media.find((file) => file.role === 'video')!;
    const burnedFile = path.join(testApp.dataDir, 'burned.mp4');
    await api.downloadResult(burned.id, burnedVideo.name, burnedFile);
    const probed = await probeMedia(burnedFile);
    expect(probed.durationSeconds).toBeGreaterThan(2);
    expect(probed.streams.some((stream) => stream.type === 'video')).toBe(true);

    // Audio separation and subtitle extraction take the same upload ids (created, then cancelled: their engines are not the point here).
    for (const [tool, body] of [
      ['audio-separation', { uploadId: upload.id, engineId: 'rnnoise:rnnoise' }],
      ['subtitle-extraction', { uploadId: videoUpload.id, languages: ['en'] }],
    ] as const) {
      const created = await api.createJob(tool, body as never).catch((error: unknown) => error);
      if (created instanceof VoxworkApiError) {
        // No OCR engine set up on this machine is a product answer, not a wiring fault.
        expect([ErrorCode.ENGINE_UNAVAILABLE], `${tool}: ${created.message}`).toContain(created.code);
        continue;
      }
      const { job } = created as { job: { id: string; type: string } };
      expect(job.type.startsWith(tool)).toBe(true);
      // Cancelling answers the job (a running one stops at its next checkpoint).
      expect((await api.cancelJob(job.id)).id).toBe(job.id);
    }

    // Refusals of the upload: no key, and a file over the plan's size.
    const anonymous = await fetch(`${testApp.base}/api/v1/uploads`, { method: 'POST', headers: { 'content-type': 'audio/wav', 'x-file-name': 'a.wav' }, body: new Uint8Array(10) });
    expect(anonymous.status).toBe(401);
    // fetch sets Content-Length itself: announce 200 MB by hand, and get the answer before sending a byte.
    const huge = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${testApp.base}/api/v1/uploads`, { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'video/mp4', 'x-file-name': 'big.mp4', 'content-length': String(200 * 1024 * 1024) } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(huge.status).toBe(413);
    expect((JSON.parse(huge.body) as { code: number }).code).toBe(ErrorCode.UPLOAD_TOO_LARGE);
  }, 600_000);

  it('video erasure, video translation and voice cloning by key: each through its workbench service, one job and one freeze per Idempotency-Key', async () => {
    // A 3 s clip with a white box burned in at the bottom: erased by key, the result as long as the source.
    const video = path.join(testApp.dataDir, 'boxed.mp4');
    await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=15:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=3', '-vf', 'drawbox=x=80:y=190:w=160:h=30:color=white:t=fill', '-shortest', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', video]);
    const upload = await api.upload(video);
    expect(upload).toMatchObject({ kind: 'video', hasAudio: true });
    const before = await api.balance();
    const erasureBody = { uploadId: upload.id, mode: 'regions' as const, regions: [{ x: 76, y: 186, width: 168, height: 38, kind: 'area' as const }] };
    const erase = await api.createJob('video-erasure', erasureBody, { idempotencyKey: 'erase-1' });
    expect(erase).toMatchObject({ replayed: false, job: { type: 'video-erasure.erase' } });
    expect(await api.createJob('video-erasure', erasureBody, { idempotencyKey: 'erase-1' })).toMatchObject({ replayed: true, job: { id: erase.job.id } });
    const erased = await api.waitForJob(erase.job.id, { intervalMs: 300 });
    expect(erased.status, JSON.stringify(erased.error)).toBe('completed');
    const erasedFile = path.join(testApp.dataDir, 'erased.mp4');
    await api.downloadResult(erased.id, erased.media.find((file) => file.role === 'video')!.name, erasedFile);
    expect(Math.abs(((await probeMedia(erasedFile)).durationSeconds ?? 0) - 3)).toBeLessThan(0.15);
    const charged = erased.cost.settled ?? 0;
    expect(charged).toBeGreaterThan(0);
    expect((await api.balance()).availablePoints).toBe(before.availablePoints - charged);

    // Video translation from a subtitle file (offline en → es): created once for two sends, then cancelled, its points released.
    const translationBody = { uploadId: upload.id, sourceLanguage: 'en', targetLanguages: ['es'], textSource: 'subtitle-file' as const, subtitleFile: { name: 'lines.srt', text: '1\n00:00:00,300 --> 00:00:02,500\nThe kettle is ready.\n' } };
    const translate = await api.createJob('video-translation', translationBody, { idempotencyKey: 'translate-1' });
    expect(translate).toMatchObject({ replayed: false, job: { type: 'video-translation.dub' } });
    expect((await api.createJob('video-translation', translationBody, { idempotencyKey: 'translate-1' })).job.id).toBe(translate.job.id);
    expect((await api.balance()).frozenPoints).toBe(translate.job.cost.frozen);
    await api.cancelJob(translate.job.id);
    await expect.poll(async () => (await api.balance()).frozenPoints, { timeout: 30_000 }).toBe(0);

    // Voice cloning: consent is required by key as in the workbench; with it, the recording is checked and a slot taken once.
    const recording = path.join(testApp.dataDir, 'my-voice.wav');
    await run('espeak-ng', ['-v', 'en-us+m3', '-p', '70', '-w', recording, 'The quick brown fox jumps over the lazy dog. I am recording my own voice for a short test. '.repeat(3)]);
    const voiceUpload = await api.upload(recording);
    const refused = await api.createJob('voice-cloning', { uploadId: voiceUpload.id, name: 'Shop voice', language: 'en', consent: false }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'VoxworkApiError', code: ErrorCode.CLONE_CONSENT_REQUIRED });
    const cloneBody = { uploadId: voiceUpload.id, name: 'Shop voice', language: 'en', consent: true };
    const clone = await api.createJob('voice-cloning', cloneBody, { idempotencyKey: 'clone-1' });
    expect(clone).toMatchObject({ replayed: false, job: { type: 'voice-cloning.clone' } });
    expect(await api.createJob('voice-cloning', cloneBody, { idempotencyKey: 'clone-1' })).toMatchObject({ replayed: true, job: { id: clone.job.id } });
    expect((await api.waitForJob(clone.job.id, { intervalMs: 300 })).status).toBe('completed');
    const cloned = (await api.voices({ tab: 'mine' })).list.filter((voice) => voice.name === 'Shop voice');
    expect(cloned).toHaveLength(1);
  }, 600_000);

  it('dubbing by key: a project made once for two sends, prepared, translated, spoken and exported by jobs; the dubbed audio and subtitles download', async () => {
    const speech = path.join(testApp.dataDir, 'episode.wav');
    await run('espeak-ng', ['-v', 'en-us', '-w', speech, 'Welcome back to the shop. Today we test the new kettle.']);
    const upload = await api.upload(speech);
    const body = {
      edition: 'studio' as const,
      title: 'Episode 1',
      from: { kind: 'upload' as const, uploadId: upload.id, sourceLanguage: 'en', textSource: 'subtitle-file' as const, subtitleFile: { name: 'episode.srt', text: '1\n00:00:00,100 --> 00:00:01,800\nWelcome back to the shop.\n\n2\n00:00:02,000 --> 00:00:03,800\nToday we test the new kettle.\n' } },
      targetLanguages: ['es'],
    };
    const created = await api.dubbing.createProject(body, { idempotencyKey: 'episode-1' });
    expect(created).toMatchObject({ replayed: false, prepareJob: { type: 'dubbing.prepare' } });
    expect(await api.dubbing.createProject(body, { idempotencyKey: 'episode-1' })).toMatchObject({ replayed: true, projectId: created.projectId });
    expect((await api.dubbing.listProjects('studio')).projects.map((project) => project.id)).toEqual([created.projectId]);
    expect((await api.waitForJob(created.prepareJob.id, { intervalMs: 300 })).status).toBe('completed');
    const prepared = await api.dubbing.getProject(created.projectId);
    expect(prepared.segments.map((segment) => segment.sourceText)).toEqual(['Welcome back to the shop.', 'Today we test the new kettle.']);

    for (const step of [
      () => api.dubbing.translate(created.projectId, { language: 'es', segments: { kind: 'all' } }, { idempotencyKey: 'episode-1/translate' }),
      () => api.dubbing.synthesize(created.projectId, { language: 'es', segments: { kind: 'all' } }, { idempotencyKey: 'episode-1/speak' }),
    ]) {
      const { job } = await step();
      expect((await step()).job.id).toBe(job.id);
      const ended = await api.waitForJob(job.id, { intervalMs: 300 });
      expect(ended.status, JSON.stringify(ended.error)).toBe('completed');
    }
    const dubbed = await api.dubbing.getProject(created.projectId);
    expect(dubbed.segments.every((segment) => (segment.translations.es ?? '').length > 0 && segment.takes.es)).toBe(true);

    // Spanish may run past a segment's end here: the export lets such takes play over what follows (else 7617, decision 047).
    const exported = await api.waitForJob((await api.dubbing.export(created.projectId, { languages: ['es'], formats: ['audio', 'subtitles'], allowOverlap: true })).job.id, { intervalMs: 300 });
    expect(exported.status, JSON.stringify(exported.error)).toBe('completed');
    const audio = exported.media.find((file) => file.role === 'audio')!;
    const audioFile = path.join(testApp.dataDir, audio.name);
    await api.downloadResult(exported.id, audio.name, audioFile);
    expect(Math.abs(((await probeMedia(audioFile)).durationSeconds ?? 0) - (upload.durationSeconds ?? 0))).toBeLessThan(0.1);
    const srt = exported.media.find((file) => file.name.endsWith('.srt'))!;
    const srtFile = path.join(testApp.dataDir, srt.name);
    await api.downloadResult(exported.id, srt.name, srtFile);
    expect(await readFile(srtFile, 'utf8')).toContain('00:00:02,000 -->');

    const otherProject = await api.dubbing.translate('3f2a7c1e-8d4b-4e6a-9b1c-2d3e4f5a6b7c', { language: 'es', segments: { kind: 'all' } }, { idempotencyKey: 'episode-1/translate' }).catch((error: unknown) => error);
    expect(otherProject).toMatchObject({ name: 'VoxworkApiError', code: ErrorCode.IDEMPOTENCY_KEY_CONFLICT });
  }, 600_000);

  it('resumable uploads by key (tus): chunk by chunk, a dropped chunk resumed from the offset the server reports, the upload usable by a tool; no key, no upload', async () => {
    const video = path.join(testApp.dataDir, 'long-clip.mp4');
    await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=15:duration=4', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-shortest', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', video]);
    const size = (await readFile(video)).length;
    // The third PATCH never reaches the server (a dropped connection): the client asks HEAD where to go on from.
    let patches = 0;
    const methods: string[] = [];
    const flaky: typeof fetch = async (input, init) => {
      methods.push(init?.method ?? 'GET');
      if (init?.method === 'PATCH' && ++patches === 3) throw new TypeError('fetch failed (connection reset)');
      return fetch(input, init);
    };
    const resumable = createVoxworkClient({ baseUrl: testApp.base, apiKey: secret, fetch: flaky });
    const progress: number[] = [];
    const upload = await resumable.uploadResumable(video, { chunkBytes: 32 * 1024, sleep: async () => {}, onProgress: (sent) => progress.push(sent) });
    expect(upload).toMatchObject({ name: 'long-clip.mp4', kind: 'video', bytes: size, hasAudio: true });
    expect(methods.filter((method) => method === 'HEAD')).toHaveLength(1);
    expect(methods.filter((method) => method === 'PATCH').length).toBe(Math.ceil(size / (32 * 1024)) + 1);
    expect(progress.at(-1)).toBe(size);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const burnIn = await api.createJob('subtitle-burn-in', { uploadId: upload.id, subtitleFile: { name: 'c.srt', text: '1\n00:00:00,300 --> 00:00:02,500\nResumed\n' } });
    expect(burnIn.job.type).toBe('subtitle-burn-in.burn');
    await api.cancelJob(burnIn.job.id);

    const anonymous = await fetch(`${testApp.base}/api/v1/uploads/tus`, { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' } });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { code: number }).code).toBe(ErrorCode.API_KEY_INVALID);
  }, 120_000);

  it('/api/docs: the JSON for programs as before, a browser sent to the readable reference in its language', async () => {
    const json = await fetch(`${testApp.base}/api/docs`);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await json.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/v1/uploads', '/api/v1/tools/speech-to-speech/jobs', '/api/v1/tools/subtitle-burn-in/jobs']));
    expect((await fetch(`${testApp.base}/api/docs`, { headers: { accept: 'application/json' } })).headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await (await fetch(`${testApp.base}/api/docs/openapi.json`, { headers: { accept: 'text/html' } })).json()) as { openapi: string }).openapi).toBe('3.1.0');
    const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const en = await fetch(`${testApp.base}/api/docs`, { headers: browser, redirect: 'manual' });
    expect([en.status, en.headers.get('location')]).toEqual([302, '/developers/api/reference']);
    const zh = await fetch(`${testApp.base}/api/docs`, { headers: { ...browser, 'accept-language': 'zh-CN,zh;q=0.9' }, redirect: 'manual' });
    expect(zh.headers.get('location')).toBe('/zh/developers/api/reference');
  });

  it('the "Using the API" page’s curl examples work as written', async () => {
    const shell = async (script: string, extra: Record<string, string> = {}) => {
      const { stdout } = await run('bash', ['-c', script], { env: { ...process.env, ...env, ...extra }, cwd: testApp.dataDir });
      return stdout;
    };
    expect(JSON.parse(await shell(API_EXAMPLES.curl.balance))).toMatchObject({ code: 0, data: { planId: 'free' } });
    const created = JSON.parse(await shell(API_EXAMPLES.curl.createTts)) as { code: number; data: { job: { id: string } } };
    expect(created.code).toBe(0);
    expect(JSON.parse(await shell(API_EXAMPLES.curl.createTts))).toMatchObject({ data: { replayed: true, job: { id: created.data.job.id } } });
    const jobId = created.data.job.id;
    expect(JSON.parse(await shell(API_EXAMPLES.curl.getJob, { JOB_ID: jobId }))).toMatchObject({ code: 0, data: { id: jobId } });
    expect((await api.waitForJob(jobId, { intervalMs: 300 })).status).toBe('completed');
    await shell(API_EXAMPLES.curl.download, { JOB_ID: jobId });
    expect((await probeMedia(path.join(testApp.dataDir, 'speech.mp3'))).durationSeconds).toBeGreaterThan(0.5);
    await run('espeak-ng', ['-w', path.join(testApp.dataDir, 'interview.wav'), 'An interview, uploaded with curl.']);
    expect(JSON.parse(await shell(API_EXAMPLES.curl.upload))).toMatchObject({ code: 0, data: { kind: 'audio', name: 'interview.wav' } });
    expect(JSON.parse(await shell(API_EXAMPLES.curl.voices))).toMatchObject({ code: 0, data: { list: expect.any(Array) } });
  }, 300_000);
});
