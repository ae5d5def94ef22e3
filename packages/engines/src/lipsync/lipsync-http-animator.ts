/**
 * A self-hosted neural lip-sync server (`lipsync-api.ts`) as an `Animator`: the portrait (or video)
 * and the speech are uploaded, the render is polled until it ends, the video is fetched and the
 * render deleted on the server. What comes back is made into what every animator delivers: the
 * size asked (scaled and padded when the server chose another), the frame rate it has, and our
 * speech as the AAC track (servers often return the picture alone). A fired signal or the overall
 * timeout cancels the render on the server (DELETE) before the call ends.
 */
import { writeFile } from 'node:fs/promises';
import { probeMedia, runFfmpeg, withWorkDir } from '@voxwork/media';
import type { AnimateOptions, AnimateResult, Animator } from '../capabilities/animator.ts';
import type { EngineId, EngineWarning } from '../capabilities/engine-common.ts';
import { EngineAbortedError, EngineFailedError, EngineInputError, throwIfAborted, toEngineError } from '../engine-errors.ts';
import { audioFilePart, probeAudioInput } from '../remote/remote-audio.ts';
import { apiOrigin, jsonErrorMessage, parseJsonBody, remoteRequest, type RemoteRequest, type RemoteResponse } from '../remote/remote-http.ts';
import { LIPSYNC_PATH, lipsyncCreatedSchema, lipsyncErrorMessage, lipsyncStatusSchema } from './lipsync-api.ts';

export interface LipsyncSettings {
  baseUrl: string;
  apiKey?: string;
  engineId?: EngineId;
  /** How long one render may take in all, ms (default 30 min). */
  timeoutMs?: number;
  /** Time between status polls, ms (default 2 s). */
  pollMs?: number;
}

const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
const REQUEST_TIMEOUT_MS = 120_000;
const DEFAULT_FRAME_RATE = 25;

/** `LIPSYNC_MODEL=musetalk` → `lipsync:musetalk`. */
export function lipsyncEngineId(model: string): EngineId {
  const slug = model.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[^a-z0-9]+|-+$/g, '');
  return `lipsync:${slug || 'neural'}`;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

class LipsyncHttpAnimator implements Animator {
  readonly specificationVersion = 'v1';
  readonly engineId: EngineId;
  readonly #origin: string;
  readonly #settings: LipsyncSettings;

  constructor(settings: LipsyncSettings) {
    this.#settings = settings;
    this.#origin = apiOrigin(settings.baseUrl);
    this.engineId = settings.engineId ?? lipsyncEngineId('neural');
  }

  #request(request: Omit<RemoteRequest, 'engineId' | 'secrets' | 'vendorMessage' | 'timeoutMs' | 'url'> & { path: string }) {
    const { path: route, ...rest } = request;
    return remoteRequest({
      ...rest,
      engineId: this.engineId,
      url: `${this.#origin}${route}`,
      headers: { ...(this.#settings.apiKey ? { authorization: `Bearer ${this.#settings.apiKey}` } : {}), ...rest.headers },
      timeoutMs: REQUEST_TIMEOUT_MS,
      secrets: this.#settings.apiKey ? [this.#settings.apiKey] : [],
      vendorMessage: (body) => jsonErrorMessage(body, lipsyncErrorMessage),
    });
  }

  async doAnimate(options: AnimateOptions): Promise<AnimateResult> {
    const startedAt = performance.now();
    const { signal } = options;
    throwIfAborted(signal, this.engineId);
    if (!options.outputFile) throw new EngineInputError('output file is empty', { engineId: this.engineId });
    if ('avatarId' in options.source) throw new EngineInputError(`${this.engineId} animates photos and videos, not built-in avatars`, { engineId: this.engineId });
    const warnings: EngineWarning[] = [];
    for (const key of Object.keys(options.providerOptions?.lipsync ?? {})) warnings.push({ type: 'unsupported-option', option: `providerOptions.lipsync.${key}` });
    if (options.words?.length) warnings.push({ type: 'unsupported-option', option: 'words', details: 'the lip-sync server works from the audio alone' });
    const sourceFile = 'imageFile' in options.source ? options.source.imageFile : options.source.videoFile;
    const source = await probeMedia(sourceFile, { signal }).catch((error: unknown) => {
      const engineError = toEngineError(error, this.engineId, 'reading the source');
      if (engineError.code === 'aborted') throw engineError;
      throw new EngineInputError(`the source is not a picture or video ffmpeg can read`, { engineId: this.engineId, cause: error, reason: 'not-readable' });
    });
    if (!source.video?.width || !source.video.height) throw new EngineInputError('the source has no picture', { engineId: this.engineId, reason: 'no-picture' });
    const speechSeconds = await probeAudioInput(options.audioFile, this.engineId, signal);
    const frameRate = options.frameRate ?? DEFAULT_FRAME_RATE;

    return withWorkDir('lipsync', async (_dir, file) => {
      // The speech as the documented WAV (mono, 24 kHz: what lip-sync models listen to at most).
      const wav = file('speech.wav');
      await runFfmpeg([...QUIET, '-i', options.audioFile, '-vn', '-ac', '1', '-ar', '24000', '-c:a', 'pcm_s16le', wav], { signal, timeoutMs: 10 * 60_000 }).catch((error: unknown) => {
        throw toEngineError(error, this.engineId, 'preparing the speech');
      });
      const form = new FormData();
      const sourcePart = await audioFilePart(sourceFile);
      form.append('source', sourcePart.blob, sourcePart.name);
      const audioPart = await audioFilePart(wav);
      form.append('audio', audioPart.blob, audioPart.name);
      form.append('fps', String(frameRate));
      if (options.width) form.append('width', String(options.width));
      if (options.height) form.append('height', String(options.height));
      if ('imageFile' in options.source && options.source.face) form.append('face', JSON.stringify(options.source.face));

      // The start is not cut short by the caller's signal: a render the server has begun must be
      // known here so it can be deleted; a cancel during the upload is honoured right after it.
      const created = parseJsonBody(await this.#request({ doing: 'starting a render', method: 'POST', path: LIPSYNC_PATH, body: form }), { engineId: this.engineId, doing: 'starting a render' }, lipsyncCreatedSchema);
      const renderPath = `${LIPSYNC_PATH}/${encodeURIComponent(created.id)}`;
      const cancelOnServer = () => this.#request({ doing: 'cancelling the render', method: 'DELETE', path: renderPath }).catch(() => undefined);

      // Poll until the render ends, the caller cancels, or the overall time is up; then fetch the
      // video. Whatever ends this (the video, a failure, a cancel, a lost connection), the render
      // is deleted on the server before the call goes on.
      const deadline = Date.now() + (this.#settings.timeoutMs ?? 30 * 60_000);
      const stop = new AbortController();
      const onAbort = () => stop.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      let video: RemoteResponse;
      try {
        for (;;) {
          if (signal?.aborted) throw new EngineAbortedError(this.engineId, signal.reason);
          if (Date.now() > deadline) throw new EngineFailedError(`${this.engineId} did not finish the render within ${Math.round((this.#settings.timeoutMs ?? 30 * 60_000) / 1000)} s`, { engineId: this.engineId, isRetryable: true });
          const status = parseJsonBody(await this.#request({ doing: 'polling the render', method: 'GET', path: renderPath, signal }), { engineId: this.engineId, doing: 'polling the render' }, lipsyncStatusSchema);
          if (status.status === 'succeeded') break;
          if (status.status === 'failed') throw new EngineFailedError(`${this.engineId} could not render this: ${status.error ?? 'no reason given'}`, { engineId: this.engineId, isRetryable: false });
          await sleep(this.#settings.pollMs ?? 2000, stop.signal);
        }
        video = await this.#request({ doing: 'fetching the video', method: 'GET', path: `${renderPath}/video`, signal });
      } catch (error) {
        // A cancel that lands during a request comes back from it as an aborted error of its own.
        if (signal?.aborted && !(error instanceof EngineAbortedError)) throw new EngineAbortedError(this.engineId, signal.reason);
        throw error;
      } finally {
        signal?.removeEventListener('abort', onAbort);
        await cancelOnServer();
      }
      const rendered = file('rendered.mp4');
      await writeFile(rendered, video.body);
      const info = await probeMedia(rendered, { signal }).catch((cause: unknown) => {
        throw new EngineFailedError(`${this.engineId} answered with a video ffmpeg cannot read`, { engineId: this.engineId, isRetryable: false, cause });
      });
      if (!info.video?.width || !info.video.height) throw new EngineFailedError(`${this.engineId} answered without a picture`, { engineId: this.engineId, isRetryable: false });

      // The size asked (scaled to fit and padded), else the server's; our speech as the sound.
      const width = options.width ?? info.video.width - (info.video.width % 2);
      const height = options.height ?? info.video.height - (info.video.height % 2);
      const resize = width !== info.video.width || height !== info.video.height;
      const picture = resize
        ? ['-vf', `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p']
        : ['-c:v', 'copy'];
      await runFfmpeg([...QUIET, '-i', rendered, '-i', options.audioFile, '-map', '0:v:0', '-map', '1:a:0', ...picture, '-c:a', 'aac', '-b:a', '128k', '-shortest', '-movflags', '+faststart', options.outputFile], { signal, timeoutMs: 30 * 60_000 }).catch((error: unknown) => {
        throw toEngineError(error, this.engineId, 'writing the video');
      });
      const written = await probeMedia(options.outputFile, { signal });
      const durationSeconds = written.durationSeconds ?? speechSeconds;
      if (Math.abs(durationSeconds - speechSeconds) > 0.2) warnings.push({ type: 'approximate-output', output: 'video', details: `the server's video lasts ${durationSeconds.toFixed(2)} s, the speech ${speechSeconds.toFixed(2)} s` });
      return {
        video: { file: options.outputFile, width: written.video?.width ?? width, height: written.video?.height ?? height, durationSeconds, frameRate: written.video?.frameRate ?? frameRate },
        warnings,
        timings: { totalMs: performance.now() - startedAt },
        response: { engineId: this.engineId },
      };
    });
  }
}

export function createLipsyncAnimator(settings: LipsyncSettings): Animator {
  return new LipsyncHttpAnimator(settings);
}
