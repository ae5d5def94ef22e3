/**
 * A local stand-in for a self-hosted lip-sync server (`lipsync/lipsync-api.ts`): it checks each
 * request against the documented API and answers with the documented shapes. A render is a real
 * video made with ffmpeg (the source picture looped for the speech's length at the fps and size
 * asked, a bar in the lower third pulsing with the audio, no sound — as many servers return), done
 * after a few polls. Tests can make the next render fail, and see deletes.
 */
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { probeMedia, runFfmpeg, withWorkDir } from '@voxwork/media';
import { LIPSYNC_PATH } from '../lipsync/lipsync-api.ts';
import { multipartOf, startReplayServer, type ReplayServer } from './replay-http.ts';

export interface LipsyncReplayServer extends ReplayServer {
  /** The next render ends `failed` with this reason. */
  failNextRender(reason: string): void;
  /** Polls a render answers `queued`/`running` before it has succeeded (default 2). */
  setPollsUntilDone(polls: number): void;
  /** Renders deleted (cancelled or cleaned up), by id. */
  readonly deleted: string[];
  /** Renders created, by id. */
  readonly created: string[];
}

interface Render {
  polls: number;
  failure?: string;
  video?: Buffer;
  making?: Promise<void>;
}

const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

export async function startLipsyncReplayServer(options: { apiKey?: string } = {}): Promise<LipsyncReplayServer> {
  const renders = new Map<string, Render>();
  const deleted: string[] = [];
  const created: string[] = [];
  let nextFailure: string | undefined;
  let pollsUntilDone = 2;

  const server = await startReplayServer(async (request) => {
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) return { status: 401, body: { error: 'invalid API key' } };
    if (request.method === 'POST' && request.path === LIPSYNC_PATH) {
      if (!String(request.headers['content-type'] ?? '').startsWith('multipart/form-data')) return { status: 415, body: { error: 'expected multipart/form-data' } };
      const form = await multipartOf(request);
      const known = new Set(['source', 'audio', 'fps', 'width', 'height', 'face']);
      for (const key of form.keys()) if (!known.has(key)) return { status: 422, body: { error: `unknown field ${key}` } };
      const source = form.get('source');
      const audio = form.get('audio');
      if (!(source instanceof File) || source.size === 0) return { status: 422, body: { error: 'source is required' } };
      if (!(audio instanceof File) || audio.size === 0 || audio.type !== 'audio/wav') return { status: 422, body: { error: 'audio (audio/wav) is required' } };
      const number = (name: string, min: number, max: number) => {
        const value = form.get(name);
        if (value === null) return undefined;
        const parsed = Number(value);
        return Number.isFinite(parsed) && parsed >= min && parsed <= max ? parsed : Number.NaN;
      };
      const fps = number('fps', 1, 60);
      const width = number('width', 16, 4096);
      const height = number('height', 16, 4096);
      if ([fps, width, height].some((value) => Number.isNaN(value))) return { status: 422, body: { error: 'fps, width and height must be numbers in range' } };
      const face = form.get('face');
      if (face !== null) {
        try {
          const box = JSON.parse(String(face)) as Record<string, unknown>;
          if (!['x', 'y', 'width', 'height'].every((key) => typeof box[key] === 'number')) throw new Error('box');
        } catch {
          return { status: 422, body: { error: 'face must be JSON {x, y, width, height}' } };
        }
      }
      const id = randomUUID();
      created.push(id);
      const render: Render = { polls: 0, ...(nextFailure ? { failure: nextFailure } : {}) };
      nextFailure = undefined;
      const sourceBytes = Buffer.from(await source.arrayBuffer());
      const audioBytes = Buffer.from(await audio.arrayBuffer());
      render.making = withWorkDir('lipsync-replay', async (_dir, file) => {
        const sourceFile = file(source.name || 'source');
        const audioFile = file('speech.wav');
        await writeFile(sourceFile, sourceBytes);
        await writeFile(audioFile, audioBytes);
        const seconds = (await probeMedia(audioFile)).durationSeconds ?? 1;
        const size = width && height ? `,scale=${width}:${height}` : ',scale=trunc(iw/2)*2:trunc(ih/2)*2';
        const output = file('render.mp4');
        await runFfmpeg([
          ...QUIET, '-loop', '1', '-i', sourceFile, '-i', audioFile,
          '-filter_complex', `[0:v]fps=${fps ?? 25}${size},format=yuv420p[v];[1:a]showvolume=w=200:h=20:f=0.5,scale=200:20,format=yuv420p[bar];[v][bar]overlay=(W-w)/2:H*2/3[out]`,
          '-map', '[out]', '-t', seconds.toFixed(3), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', output,
        ]);
        render.video = await readFile(output);
      }).catch(() => {
        render.failure ??= 'could not read the source or the audio';
      });
      renders.set(id, render);
      return { status: 202, body: { id, status: 'queued' } };
    }
    const match = new RegExp(`^${LIPSYNC_PATH}/([^/]+)(/video)?$`).exec(request.path);
    const render = match ? renders.get(decodeURIComponent(match[1]!)) : undefined;
    if (!match || !render) return { status: 404, body: { error: 'no such render' } };
    const id = decodeURIComponent(match[1]!);
    if (request.method === 'DELETE' && !match[2]) {
      deleted.push(id);
      renders.delete(id);
      return { status: 204 };
    }
    if (request.method !== 'GET') return { status: 405, body: { error: 'method not allowed' } };
    if (match[2]) {
      await render.making;
      if (!render.video || render.failure) return { status: 409, body: { error: 'the render has not succeeded' } };
      return { status: 200, headers: { 'content-type': 'video/mp4' }, body: render.video };
    }
    render.polls++;
    if (render.polls <= pollsUntilDone) return { status: 200, body: { id, status: render.polls === 1 ? 'queued' : 'running', progress: Math.min(0.9, render.polls / (pollsUntilDone + 1)) } };
    await render.making;
    if (render.failure) return { status: 200, body: { id, status: 'failed', error: render.failure } };
    return { status: 200, body: { id, status: 'succeeded', progress: 1 } };
  });

  return Object.assign(server, {
    failNextRender(reason: string) {
      nextFailure = reason;
    },
    setPollsUntilDone(polls: number) {
      pollsUntilDone = polls;
    },
    deleted,
    created,
  });
}
