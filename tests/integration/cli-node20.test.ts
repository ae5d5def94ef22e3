import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ErrorCode, TOOL_CATALOGUE, type ApiKeyView } from '@voxwork/contract';
import { probeMedia, runFfmpeg } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, CLIENT_CLI, CLIENT_DIST } from '../../packages/client/build-client.ts';
import { CLI_TOOL_COMMANDS } from '../../packages/client/src/cli/program.ts';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { findNode20 } from '../support/node-20.ts';
import { REPO_ROOT, TEST_SIGN_SECRET } from '../support/server-process.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabases } from '../support/test-database.ts';

const run = promisify(execFile);
const VOICE = 'espeak:espeak-ng/en-us+f3';
const JOB_LINE = /^([0-9a-f-]{36}) {2}(\S+)/m;
/** What the command prints for a refusal of the API: the server's message, its catalogue code and the HTTP status. */
const API_REFUSAL = /^error: .+ \(code (\d+), HTTP (\d{3})\)$/m;

/**
 * Issue 30, point 4: the BUILT `voxwork` (packages/client/dist, what `bin` names and npm would
 * publish) run by Node 20 against the running app, a command per tool of the catalogue, each on
 * real media of a few seconds: a local file is uploaded, the job created under an idempotency key,
 * waited for and its results downloaded. Tools whose engines this machine may lack (subtitle
 * extraction's OCR, audio separation) either complete or the command prints the API's refusal.
 * One database (the last: PostgreSQL when set): the server's side is the same code either way.
 */
describe.each(testDatabases().slice(-1))('the built voxwork command on Node 20, every tool (%s)', (_name, open) => {
  let node20: string;
  let testApp: TestApp;
  let cleanup: () => Promise<void>;
  let env: Record<string, string>;
  let media: { speech: string; voice: string; clip: string; captions: string; lines: string };
  const ran = new Set<string>();

  /** The built command under Node 20, as a child process (the app answers from this process's event loop). */
  async function voxwork(args: string[], extra: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
    ran.add(args[0]!);
    try {
      const { stdout, stderr } = await run(node20, [CLIENT_CLI, ...args], { env: { ...process.env, ...env, ...extra }, cwd: testApp.dataDir, maxBuffer: 16 * 1024 * 1024 });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
    }
  }
  /** The job a command printed, as the API has it now. */
  const jobOf = async (stdout: string) => {
    const id = JOB_LINE.exec(stdout)?.[1];
    expect(id, stdout).toBeDefined();
    const answer = await fetch(`${testApp.base}/api/v1/jobs/${id}`, { headers: { authorization: `Bearer ${env.VOXWORK_API_KEY}` } });
    return ((await answer.json()) as { data: { id: string; type: string; status: string; media: { name: string }[]; output: unknown } }).data;
  };
  const within = (folder: string) => readdir(path.join(testApp.dataDir, folder)).then((files) => files.sort());

  beforeAll(async () => {
    // The package as it would be published: built from scratch, then run by Node 20.
    buildClient();
    node20 = await findNode20();
    const opened = await open();
    cleanup = opened.cleanup;
    testApp = await startTestApp({ name: 'cli-node20', database: opened.handle, env: { ROLE: 'api,worker', JOB_POLL_INTERVAL_SECONDS: '0.5', RATE_LIMIT_API_PER_KEY: '5000/1m' } });
    const user = await createVerifiedUser(testApp.base, testApp.dataDir, `cli-node20-${Date.now()}@example.com`);
    const scopes = ['text-to-speech', 'speech-to-speech', 'subtitle-burn-in', 'audio-separation', 'subtitle-extraction', 'voices', 'video-erasure', 'video-translation', 'voice-cloning', 'dubbing', 'avatar'];
    const created = await signedCall(testApp.base, TEST_SIGN_SECRET, '/api/apiKeys/create', { name: 'CLI on Node 20', scopes }, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
    expect(created.code, JSON.stringify(created)).toBe(0);
    env = { VOXWORK_API_KEY: (created.data as { key: ApiKeyView; secret: string }).secret, VOXWORK_BASE_URL: testApp.base, VOXWORK_LANG: 'en' };

    // Real media of a few seconds: a spoken line, a longer recording to clone, a 3 s clip with sound and a white box, subtitles for it.
    const file = (name: string) => path.join(testApp.dataDir, name);
    media = { speech: file('speech.wav'), voice: file('my-voice.wav'), clip: file('clip.mp4'), captions: file('captions.srt'), lines: file('lines.srt') };
    await run('espeak-ng', ['-v', 'en-us', '-w', media.speech, 'Welcome back to the shop. Today we test the new kettle.']);
    await run('espeak-ng', ['-v', 'en-us+m3', '-p', '70', '-w', media.voice, 'The quick brown fox jumps over the lazy dog. I am recording my own voice for a short test. '.repeat(3)]);
    await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=15:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=3', '-vf', 'drawbox=x=80:y=190:w=160:h=30:color=white:t=fill', '-shortest', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', media.clip]);
    // UTF-16LE with its byte order mark, as Windows tools write it: the command sends the bytes and the server decodes them.
    await writeFile(media.captions, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('1\n00:00:00,300 --> 00:00:02,500\nTen percent off today\n', 'utf16le')]));
    await writeFile(media.lines, '1\n00:00:00,100 --> 00:00:01,800\nWelcome back to the shop.\n\n2\n00:00:02,000 --> 00:00:03,800\nToday we test the new kettle.\n');
  }, 300_000);
  afterAll(async () => {
    await testApp?.stop();
    await cleanup?.();
  });

  it('runs on Node 20 from dist/ as the package would be published: JavaScript and declarations, nothing of the workspace at run time', async () => {
    const { stdout: version } = await run(node20, ['-v']);
    expect(version).toMatch(/^v20\./);
    const manifest = JSON.parse(await readFile(path.join(REPO_ROOT, 'packages/client/package.json'), 'utf8')) as { bin: Record<string, string>; exports: Record<string, Record<string, string>>; dependencies: Record<string, string>; engines: { node: string } };
    expect(manifest.bin.voxwork).toBe('./dist/cli.js');
    expect(manifest.exports['.']).toMatchObject({ types: './dist/index.d.ts', default: './dist/index.js' });
    expect(manifest.engines.node).toBe('>=20');
    expect(Object.keys(manifest.dependencies).filter((name) => name.startsWith('@voxwork/'))).toEqual([]);
    const dist = await readdir(CLIENT_DIST, { recursive: true });
    expect(dist).toEqual(expect.arrayContaining(['cli.js', 'index.js', 'index.d.ts', 'voxwork-client.d.ts', 'openapi.d.ts']));
    expect(dist.filter((file) => file.endsWith('.test.js') || file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
    for (const file of dist.filter((name) => name.endsWith('.js'))) {
      const text = await readFile(path.join(CLIENT_DIST, file), 'utf8');
      expect(text, file).not.toMatch(/from ['"]@voxwork\//);
      expect(text, file).not.toMatch(/from ['"]\.{1,2}\/[^'"]+\.ts['"]/);
    }
    // npm pack takes dist/ and the manifest only.
    const { stdout: packed } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: path.join(REPO_ROOT, 'packages/client') });
    const files = (JSON.parse(packed) as [{ files: { path: string }[] }])[0].files.map((entry) => entry.path);
    expect(files.filter((name) => name !== 'package.json' && !name.startsWith('dist/'))).toEqual([]);
    expect(files).toContain('dist/cli.js');

    // The library too: Node 20 imports dist/index.js and speaks to the server.
    const script = `import { createVoxworkClient } from ${JSON.stringify(path.join(CLIENT_DIST, 'index.js'))};\nconst api = createVoxworkClient({ baseUrl: process.env.VOXWORK_BASE_URL, apiKey: process.env.VOXWORK_API_KEY });\nconsole.log(JSON.stringify(await api.balance()));`;
    const { stdout: balance } = await run(node20, ['--input-type=module', '-e', script], { env: { ...process.env, ...env } });
    expect(JSON.parse(balance)).toMatchObject({ planId: 'free', frozenPoints: 0 });
    const help = await voxwork(['--help']);
    expect(help.code, help.stderr).toBe(0);
    for (const command of Object.values(CLI_TOOL_COMMANDS)) expect(help.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
  });

  it('tts, upload, jobs, voices and balance under Node 20', async () => {
    const tts = await voxwork(['tts', '--voice', VOICE, '--text', 'Our new kettle boils in ninety seconds.', '--out', 'tts/']);
    expect(tts.code, tts.stderr).toBe(0);
    expect(await within('tts')).toEqual(expect.arrayContaining(['speech.mp3']));
    expect((await probeMedia(path.join(testApp.dataDir, 'tts', 'speech.mp3'))).durationSeconds).toBeGreaterThan(1);
    const upload = await voxwork(['upload', media.speech]);
    expect(upload.stdout).toMatch(/^[0-9a-f-]{36} {2}audio {2}\d+ bytes/m);
    const jobId = (await jobOf(tts.stdout)).id;
    expect((await voxwork(['jobs', 'wait', jobId])).stdout).toMatch(new RegExp(`^${jobId} {2}completed`, 'm'));
    expect((await voxwork(['jobs', 'list', '--tool', 'text-to-speech'])).stdout).toContain(jobId);
    expect((await voxwork(['voices', '--language', 'en', '--page-size', '2'])).stdout.trim().split('\n')).toHaveLength(2);
    expect((await voxwork(['balance'])).stdout).toMatch(/^plan free: \d+ points available, 0 frozen/m);
  }, 300_000);

  it('speech-to-speech and separate: a recording uploaded, converted or split, the results saved', async () => {
    const sts = await voxwork(['speech-to-speech', media.speech, '--voice', VOICE, '--out', 'sts/']);
    expect(sts.code, sts.stderr).toBe(0);
    expect(sts.stderr).toMatch(/^uploaded speech\.wav: [0-9a-f-]{36}$/m);
    expect(await jobOf(sts.stdout)).toMatchObject({ type: 'speech-to-speech.convert', status: 'completed' });
    const [converted] = await within('sts');
    expect((await probeMedia(path.join(testApp.dataDir, 'sts', converted!))).durationSeconds).toBeGreaterThan(2);

    const separate = await voxwork(['separate', media.speech, '--out', 'separated/']);
    if (separate.code === 0) {
      expect(await jobOf(separate.stdout)).toMatchObject({ type: 'audio-separation.separate', status: 'completed' });
      expect((await within('separated')).length).toBeGreaterThanOrEqual(2);
    } else {
      // No separation engine set up here: the API's answer, said plainly.
      expect(separate.stderr, separate.stdout).toMatch(API_REFUSAL);
    }
  }, 300_000);

  it('clone: refused without consent (the API’s message and code), then a voice made from the recording', async () => {
    const refused = await voxwork(['clone', media.voice, '--name', 'CLI voice', '--language', 'en']);
    expect(refused.code).toBe(1);
    expect(Number(API_REFUSAL.exec(refused.stderr)?.[1]), refused.stderr).toBe(ErrorCode.CLONE_CONSENT_REQUIRED);
    const cloned = await voxwork(['clone', media.voice, '--name', 'CLI voice', '--language', 'en', '--consent', '--wait']);
    expect(cloned.code, cloned.stderr).toBe(0);
    expect(await jobOf(cloned.stdout)).toMatchObject({ type: 'voice-cloning.clone', status: 'completed' });
    expect(cloned.stdout).toMatch(/^voice CLI voice: cloned\/[0-9a-f-]+$/m);
  }, 300_000);

  it('burn-in, erase and extract on a 3 s clip; an upload id works as the input, and one idempotency key makes one job', async () => {
    const burned = await voxwork(['burn-in', media.clip, '--subtitles', media.captions, '--position', 'top', '--out', 'burned.mp4']);
    expect(burned.code, burned.stderr).toBe(0);
    expect(await jobOf(burned.stdout)).toMatchObject({ type: 'subtitle-burn-in.burn', status: 'completed' });
    const probed = await probeMedia(path.join(testApp.dataDir, 'burned.mp4'));
    expect(probed.durationSeconds).toBeGreaterThan(2.5);

    const uploadId = /^uploaded clip\.mp4: ([0-9a-f-]{36})$/m.exec(burned.stderr)?.[1];
    expect(uploadId, burned.stderr).toBeDefined();
    const first = await voxwork(['burn-in', uploadId!, '--subtitles', media.captions, '--idempotency-key', 'cli-burn-1']);
    const again = await voxwork(['burn-in', uploadId!, '--subtitles', media.captions, '--idempotency-key', 'cli-burn-1']);
    expect(JOB_LINE.exec(again.stdout)?.[1]).toBe(JOB_LINE.exec(first.stdout)?.[1]);
    expect(again.stderr).toContain('same idempotency key as an earlier request');
    expect(first.stderr).not.toContain('uploading');
    await voxwork(['jobs', 'cancel', JOB_LINE.exec(first.stdout)![1]!]);

    const erased = await voxwork(['erase', media.clip, '--region', '76,186,168,38', '--fill', 'fast', '--out', 'erased/']);
    expect(erased.code, erased.stderr).toBe(0);
    expect(await jobOf(erased.stdout)).toMatchObject({ type: 'video-erasure.erase', status: 'completed' });
    const video = (await within('erased')).find((name) => name.endsWith('.mp4'))!;
    expect(Math.abs(((await probeMedia(path.join(testApp.dataDir, 'erased', video))).durationSeconds ?? 0) - 3)).toBeLessThan(0.2);

    const extracted = await voxwork(['extract', 'burned.mp4', '--languages', 'en', '--out', 'extracted/']);
    if (extracted.code === 0) {
      expect(await jobOf(extracted.stdout)).toMatchObject({ type: 'subtitle-extraction.extract', status: 'completed' });
      expect((await within('extracted')).some((name) => name.endsWith('.srt'))).toBe(true);
    } else {
      // No OCR engine set up here: the API's refusal or the job's failure, said plainly.
      expect(`${extracted.stderr}`, extracted.stdout).toMatch(/^error: .+ \(code \d+, HTTP \d{3}\)$|^failed: .+/m);
    }
  }, 600_000);

  it('translate: a clip dubbed into Spanish from its subtitle file, the video saved', async () => {
    const translated = await voxwork(['translate', media.clip, '--from', 'en', '--to', 'es', '--subtitles', media.lines, '--out', 'translated/']);
    const job = await jobOf(translated.stdout);
    expect(job.type).toBe('video-translation.dub');
    expect(job.status, translated.stderr).toBe('completed');
    expect(translated.code).toBe(0);
    const video = (await within('translated')).find((name) => name.endsWith('.mp4'));
    expect(video).toBeDefined();
    expect((await probeMedia(path.join(testApp.dataDir, 'translated', video!))).durationSeconds).toBeGreaterThan(2.5);
  }, 600_000);

  it('avatar: a built-in avatar speaks a line, the video saved; a wrong combination of options is a usage error', async () => {
    const avatar = await voxwork(['avatar', '--avatar', 'mei', '--text', 'Ten percent off today.', '--voice', VOICE, '--layout', '1:1', '--resolution', '512', '--out', 'avatar.mp4']);
    expect(avatar.code, avatar.stderr).toBe(0);
    expect(await jobOf(avatar.stdout)).toMatchObject({ type: 'avatar.render', status: 'completed' });
    const probed = await probeMedia(path.join(testApp.dataDir, 'avatar.mp4'));
    expect(probed.streams.some((stream) => stream.type === 'video')).toBe(true);
    const usage = await voxwork(['avatar', '--avatar', 'mei', '--photo', media.clip, '--text', 'Hi', '--voice', VOICE, '--lang', 'zh']);
    expect([usage.code, usage.stderr.trim()]).toEqual([2, '错误：请只给出 --avatar 或 --photo 其中之一']);
  }, 300_000);

  it('dubbing: a project from a recording and its subtitles, translated, spoken and exported; the files saved', async () => {
    const created = await voxwork(['dubbing', 'create', media.speech, '--from', 'en', '--to', 'es', '--subtitles', media.lines, '--title', 'Episode 1', '--wait']);
    expect(created.code, created.stderr).toBe(0);
    const projectId = created.stdout.split('\n')[0]!;
    expect(projectId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await jobOf(created.stdout)).toMatchObject({ type: 'dubbing.prepare', status: 'completed' });
    expect(created.stdout).toMatch(new RegExp(`^${projectId} {2}ready {2}languages en → es {2}Episode 1$`, 'm'));
    expect((await voxwork(['dubbing', 'list'])).stdout).toContain(projectId);
    for (const step of ['translate', 'synthesize']) {
      const ran = await voxwork(['dubbing', step, projectId, '--language', 'es', '--wait']);
      expect(ran.code, ran.stderr).toBe(0);
      expect(await jobOf(ran.stdout)).toMatchObject({ type: `dubbing.${step}`, status: 'completed' });
    }
    const project = JSON.parse((await voxwork(['dubbing', 'get', projectId])).stdout) as { segments: { translations: Record<string, string>; takes: Record<string, unknown> }[] };
    expect(project.segments).toHaveLength(2);
    expect(project.segments.every((segment) => segment.translations.es && segment.takes.es)).toBe(true);
    // Spanish takes may run past their English segments: they play over what follows (without the flag such a project is refused, 7617).
    const exported = await voxwork(['dubbing', 'export', projectId, '--formats', 'audio,subtitles', '--allow-overlap', '--out', 'dubbed/']);
    expect(exported.code, exported.stderr).toBe(0);
    const files = await within('dubbed');
    expect(files.some((name) => name.endsWith('.srt'))).toBe(true);
    const audio = files.find((name) => /\.(mp3|wav|m4a)$/.test(name))!;
    expect((await probeMedia(path.join(testApp.dataDir, 'dubbed', audio))).durationSeconds).toBeGreaterThan(2);
  }, 600_000);

  it('series: created with a glossary, its empty board read, and a download refused before any episode finished (the API’s message)', async () => {
    await writeFile(path.join(testApp.dataDir, 'glossary.csv'), 'source,target,language\nJade Palace,Palacio de Jade,es\n');
    const created = await voxwork(['series', 'create', 'Node 20 Season', '--source', 'en', '--target', 'es', '--glossary', 'glossary.csv']);
    expect(created.code, created.stderr).toBe(0);
    const status = await voxwork(['series', 'status', 'Node 20 Season']);
    expect(status.code, status.stderr).toBe(0);
    // The board's header and no episode yet.
    expect(status.stdout.trim().split('\n'), status.stdout).toHaveLength(1);
    const download = await voxwork(['series', 'download', 'Node 20 Season']);
    expect(download.code).toBe(1);
    expect(Number(API_REFUSAL.exec(download.stderr)?.[1]), download.stderr).toBe(ErrorCode.SERIES_NOTHING_TO_DOWNLOAD);
  }, 120_000);

  it('ran every built tool of the catalogue through its command (a new tool adds its case above)', () => {
    const built = TOOL_CATALOGUE.filter((tool) => tool.status === 'built').map((tool) => CLI_TOOL_COMMANDS[tool.id as keyof typeof CLI_TOOL_COMMANDS] ?? tool.id);
    expect(built.filter((command) => !ran.has(command))).toEqual([]);
  });
});
