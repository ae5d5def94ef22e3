import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JobView } from '@voxwork/contract';
import { describe, expect, it } from 'vitest';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { makeDubbingClip } from '../support/dubbing-media.ts';
import { cleanUpAfterEach } from '../support/cleanup.ts';
import { startServer } from '../support/server-process.ts';

// The video translation's kill -9 case of crash-recovery.test.ts, in a file of its own: at about
// three minutes on a busy machine it is the longest case, and a second file lets Vitest's other
// worker run the rest of crash-recovery beside it. Same set-up: one process, PGlite in DATA_DIR.
const ROLE = 'api,worker';
const { running, dirs } = cleanUpAfterEach();

describe('embedded default: video translation survives kill -9', () => {
  it('killed during synthesis, started again: resumes at synthesis, finishes once, points settled once', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-crash-vt-'));
    dirs.push(dataDir);
    const secret = 'crash-vt-secret';
    // Spanish lines dubbed into English with festival's SLT: slow enough (~0.2 s a line) to be killed mid-way.
    const spanish = ['Bienvenidos a nuestra pequeña tienda.', 'Este teléfono tiene una pantalla brillante.', 'La batería dura todo el día.', 'Cómprelo hoy y ahorre dinero.'];
    const clip = await makeDubbingClip({ name: 'crash-vt-40s', seconds: 40 });
    const srt = spanish.flatMap((_, index) => Array.from({ length: 4 }, (_, repeat) => ({ start: index * 10 + repeat * 2.4 + 0.3, text: spanish[(index + repeat) % 4]! })))
      .map((line, index) => `${index + 1}\n00:00:${line.start.toFixed(3).padStart(6, '0').replace('.', ',')} --> 00:00:${(line.start + 2.1).toFixed(3).padStart(6, '0').replace('.', ',')}\n${line.text}\n`)
      .join('\n');
    const first = await startServer({ ROLE, DATA_DIR: dataDir, API_SIGN_SECRET: secret });
    running.push(first);
    const user = await createVerifiedUser(first.baseUrl, dataDir, `crash-vt-${Date.now()}@example.com`);
    const call = async (base: string, pathName: string, body: unknown) => {
      const envelope = await signedCall(base, secret, pathName, body, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
      expect(envelope, JSON.stringify(envelope).slice(0, 300)).toMatchObject({ code: 0 });
      return envelope.data as Record<string, unknown>;
    };
    const uploaded = await fetch(`${first.baseUrl}/api/upload/file`, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream', 'x-file-name': 'shop.mp4' }, body: new Uint8Array(await readFile(clip.file)) });
    const uploadId = ((await uploaded.json()) as { data: { id: string } }).data.id;
    const before = await call(first.baseUrl, '/bill/userAccount/getUserAccount', { userId: user.userId });
    const { jobId, cost } = (await call(first.baseUrl, '/api/video-translation/create', {
      uploadId,
      sourceLanguage: 'es',
      targetLanguages: ['en'],
      textSource: 'subtitle-file',
      subtitleFile: { name: 'shop.srt', text: srt },
      voices: { en: 'festival:festival/cmu_us_slt_arctic_hts' },
    })) as { jobId: string; cost: number };
    for (let job: JobView; ; await new Promise((resolve) => setTimeout(resolve, 25))) {
      job = (await call(first.baseUrl, '/api/jobs/get', { jobId })) as unknown as JobView;
      const synthesis = job.stages.find((stage) => stage.name === 'synthesize')!;
      if (job.currentStage === 'synthesize' && job.progress > 0 && synthesis.progress >= 15) break;
      expect(synthesis.status, 'synthesis had not finished before the kill').not.toBe('completed');
    }
    await first.kill('SIGKILL');

    const second = await startServer({ ROLE, DATA_DIR: dataDir, API_SIGN_SECRET: secret });
    running.push(second);
    let done: JobView;
    for (const deadline = Date.now() + 120_000; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
      done = (await call(second.baseUrl, '/api/jobs/get', { jobId })) as unknown as JobView;
      if (['completed', 'failed', 'cancelled'].includes(done.status) || Date.now() > deadline) break;
    }
    expect(done.status, JSON.stringify(done.error)).toBe('completed');
    expect(done.completions).toBe(1);
    expect(done.stages.map((stage) => [stage.name, stage.attempts])).toEqual([
      ['ingest', 1], ['picture-lines', 1], ['source-text', 1], ['speakers', 1], ['translate', 1], ['synthesize', 2], ['fit', 1],
      ['drawn-subtitles', 1], ['erase', 1], ['stills', 1], ['review', 1], ['mix', 1], ['mux', 1], ['deliver', 1],
    ]);
    const after = await call(second.baseUrl, '/bill/userAccount/getUserAccount', { userId: user.userId });
    expect(after.availablePoint).toBe((before.availablePoint as number) - cost);
    expect(after.freezePoint).toBe(before.freezePoint);
  }, 240_000);
});
