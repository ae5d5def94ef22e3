import { createWriteStream, openAsBlob } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { operations } from './openapi.d.ts';

/** `text-to-speech` → `text_to_speech`, as the create operations are named. */
type Snake<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}_${Snake<Tail>}` : S;
type Kebab<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}-${Kebab<Tail>}` : S;
type CreateOperation = Extract<keyof operations, `v1_create_${string}_job`>;
type DataOf<Operation extends keyof operations> = operations[Operation]['responses'][200] extends { content: { 'application/json': { data: infer Data } } } ? Data : never;

/** Every tool the API can create jobs for (from the generated OpenAPI types). */
export type ToolId = CreateOperation extends `v1_create_${infer Tool}_job` ? Kebab<Tool> : never;
/** The JSON body of a tool's create. */
export type JobBody<Tool extends ToolId> = `v1_create_${Snake<Tool>}_job` extends infer Operation extends CreateOperation ? NonNullable<operations[Operation]['requestBody']>['content']['application/json'] : never;
export type Job = DataOf<'v1_get_job'>;
export type JobStatus = Job['status'];
export type JobList = DataOf<'v1_list_jobs'>;
export type JobCreated = DataOf<'v1_create_text_to_speech_job'>;
export type Balance = DataOf<'v1_get_balance'>;
export type VoicePage = DataOf<'v1_list_voices'>;
export type Upload = DataOf<'v1_create_upload'>;
export type DubbingProject = DataOf<'v1_get_dubbing_project'>;
export type DubbingProjectCreated = DataOf<'v1_create_dubbing_project'>;
export type DubbingProjectList = DataOf<'v1_list_dubbing_projects'>;
type BodyOf<Operation extends keyof operations> = NonNullable<operations[Operation]['requestBody']> extends { content: { 'application/json': infer Body } } ? Body : never;
export type DubbingProjectBody = BodyOf<'v1_create_dubbing_project'>;
export type DubbingTranslateBody = BodyOf<'v1_translate_dubbing_project'>;
export type DubbingSynthesizeBody = BodyOf<'v1_synthesize_dubbing_project'>;
export type DubbingExportBody = BodyOf<'v1_export_dubbing_project'>;
export type Series = DataOf<'v1_get_series'>;
export type SeriesList = DataOf<'v1_list_series'>;
export type SeriesBody = BodyOf<'v1_create_series'>;
export type SeriesEpisodesBody = BodyOf<'v1_add_series_episodes'>;
export type SeriesEpisodesAdded = DataOf<'v1_add_series_episodes'>;
export type SeriesBoard = DataOf<'v1_list_series_episodes'>;
/** A quote for adding episodes: points per episode, nothing runs. */
export type SeriesQuote = DataOf<'v1_quote_series_episodes'>;
export type SeriesQuoteBody = BodyOf<'v1_quote_series_episodes'>;
export type ListJobsQuery = NonNullable<operations['v1_list_jobs']['parameters']['query']>;
export type VoicesQuery = NonNullable<operations['v1_list_voices']['parameters']['query']>;

/** Statuses after which a job changes no more (`paused` waits for a person: waiting stops there too). */
export const SETTLED_STATUSES: readonly JobStatus[] = ['completed', 'failed', 'cancelled', 'paused'];

/**
 * A refusal of the API: the envelope's catalogue `code` (see the OpenAPI document's
 * `x-error-codes`), the HTTP status and the message (in the `Accept-Language` asked for).
 */
export class VoxworkApiError extends Error {
  override name = 'VoxworkApiError';
  readonly code: number;
  readonly status: number;
  /** The envelope's `data` (for INVALID_PARAMETER, the field and the reason). */
  readonly data: unknown;
  /** Seconds to wait before trying again (429's `Retry-After`). */
  readonly retryAfterSeconds: number | undefined;
  constructor(options: { code: number; status: number; message: string; data?: unknown; retryAfterSeconds?: number | undefined }) {
    super(options.message);
    this.code = options.code;
    this.status = options.status;
    this.data = options.data ?? null;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
  /** Worth another try later: rate limited, or the server unavailable. */
  get isRetryable(): boolean {
    return this.status === 429 || this.status === 503;
  }
}

export interface VoxworkClientOptions {
  /** The server, e.g. `https://voxwork.example.com` (no `/api/v1`). */
  baseUrl: string;
  /** `vx_live_…` from the account page. */
  apiKey: string;
  /** `en` or `zh`: the language of error messages. */
  language?: string;
  /** A fetch to use instead of the global one (tests, proxies). */
  fetch?: typeof fetch;
}

export interface WaitOptions {
  /** Called after each poll with the job as it is. */
  onProgress?: (job: Job) => void;
  /** First pause between polls (ms, default 500); it grows ×1.5 up to `maxIntervalMs` (default 5000). */
  intervalMs?: number;
  maxIntervalMs?: number;
  /** Give up after this long (ms; default: never) with a `VoxworkWaitTimeout`. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The pause itself (tests replace it). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** `waitForJob` ran out of time; the job goes on. */
export class VoxworkWaitTimeout extends Error {
  override name = 'VoxworkWaitTimeout';
  readonly job: Job;
  constructor(job: Job) {
    super(`job ${job.id} is still ${job.status} after the wait`);
    this.job = job;
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
  '.ogg': 'audio/ogg',
  '.flac': 'audio/flac',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** The typed client of `/api/v1` (issue 19): every method answers the envelope's `data` or throws a `VoxworkApiError`. */
export function createVoxworkClient(options: VoxworkClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetcher = options.fetch ?? fetch;
  const headers = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${options.apiKey}`,
    ...(options.language ? { 'accept-language': options.language } : {}),
    ...extra,
  });

  const failure = async (response: Response): Promise<VoxworkApiError> => {
    const text = await response.text();
    const retryAfter = Number(response.headers.get('retry-after') ?? NaN);
    let envelope: { code?: unknown; message?: unknown; data?: unknown } = {};
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      // Not an envelope (a proxy's page): keep the status and the start of the text.
    }
    return new VoxworkApiError({
      code: typeof envelope.code === 'number' ? envelope.code : -1,
      status: response.status,
      message: typeof envelope.message === 'string' ? envelope.message : `HTTP ${response.status}: ${text.slice(0, 200)}`,
      data: envelope.data,
      retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : undefined,
    });
  };

  const request = async <Data>(
    method: 'GET' | 'POST',
    pathName: string,
    init: { body?: BodyInit; headers?: Record<string, string>; query?: Record<string, unknown>; redirect?: RequestRedirect } = {},
  ): Promise<{ data: Data; response: Response }> => {
    const url = new URL(`${base}${pathName}`);
    for (const [name, value] of Object.entries(init.query ?? {})) if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    const response = await fetcher(url, { method, headers: headers(init.headers), ...(init.body !== undefined ? { body: init.body, duplex: 'half' } : {}), ...(init.redirect ? { redirect: init.redirect } : {}) } as RequestInit);
    if (!response.ok) throw await failure(response);
    const envelope = (await response.json()) as { code: number; message: string; data: Data };
    if (envelope.code !== 0) throw new VoxworkApiError({ code: envelope.code, status: response.status, message: envelope.message, data: envelope.data });
    return { data: envelope.data, response };
  };
  /** Saves a file the API answers (`pathName`) to a path or a stream; answers the bytes written. */
  const download = async (pathName: string, to: string | Writable): Promise<number> => {
    const response = await fetcher(`${base}${pathName}`, { headers: headers() });
    if (!response.ok || !response.body) throw await failure(response);
    let bytes = 0;
    const source = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    source.on('data', (chunk: Buffer) => (bytes += chunk.length));
    await pipeline(source, typeof to === 'string' ? createWriteStream(to) : to);
    return bytes;
  };
  const json = (body: unknown, idempotencyKey?: string) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) } });
  const projectPath = (projectId: string, action = '') => `/api/v1/dubbing/projects/${encodeURIComponent(projectId)}${action}`;
  const seriesPath = (seriesId: string, action = '') => `/api/v1/series/${encodeURIComponent(seriesId)}${action}`;

  const client = {
    /** Creates a job; with `idempotencyKey`, a repeat (a retry, a re-run of a sheet) answers the same job and charges once (`replayed: true`). */
    async createJob<Tool extends ToolId>(tool: Tool, body: JobBody<Tool>, createOptions: { idempotencyKey?: string } = {}): Promise<JobCreated> {
      const init = json(body, createOptions.idempotencyKey);
      return (await request<JobCreated>('POST', `/api/v1/tools/${encodeURIComponent(tool)}/jobs`, init)).data;
    },
    async getJob(jobId: string): Promise<Job> {
      return (await request<Job>('GET', `/api/v1/jobs/${encodeURIComponent(jobId)}`)).data;
    },
    async listJobs(query: Partial<ListJobsQuery> = {}): Promise<JobList> {
      return (await request<JobList>('GET', '/api/v1/jobs', { query })).data;
    },
    async cancelJob(jobId: string): Promise<Job> {
      return (await request<Job>('POST', `/api/v1/jobs/${encodeURIComponent(jobId)}/cancel`)).data;
    },
    /**
     * Polls a job until it settles (completed, failed, cancelled, or paused for review), with a
     * growing pause between polls; answers the job as it ended (a failed job is an answer, not a throw).
     */
    async waitForJob(jobId: string, waitOptions: WaitOptions = {}): Promise<Job> {
      const sleep = waitOptions.sleep ?? defaultSleep;
      const maxInterval = waitOptions.maxIntervalMs ?? 5000;
      let interval = waitOptions.intervalMs ?? 500;
      const deadline = waitOptions.timeoutMs === undefined ? Infinity : Date.now() + waitOptions.timeoutMs;
      for (;;) {
        let job: Job;
        try {
          job = await client.getJob(jobId);
        } catch (error) {
          // A rate limit or a restart is a pause, not the end of the wait.
          if (!(error instanceof VoxworkApiError) || !error.isRetryable) throw error;
          await sleep(Math.max(interval, (error.retryAfterSeconds ?? 0) * 1000), waitOptions.signal);
          continue;
        }
        waitOptions.onProgress?.(job);
        if (SETTLED_STATUSES.includes(job.status)) return job;
        if (Date.now() + interval > deadline) throw new VoxworkWaitTimeout(job);
        await sleep(interval, waitOptions.signal);
        interval = Math.min(maxInterval, Math.round(interval * 1.5));
      }
    },
    /** Saves a result file of a completed job (`job.media[].name`) to a path or a stream; answers the bytes written. */
    async downloadResult(jobId: string, name: string, to: string | Writable): Promise<number> {
      return download(`/api/v1/jobs/${encodeURIComponent(jobId)}/files/${encodeURIComponent(name)}`, to);
    },
    /** Uploads a file in one request (a path, or bytes with a name); the answer's `id` is the `uploadId` of a create. */
    async upload(file: string | { data: Blob | Uint8Array; name: string; contentType?: string }): Promise<Upload> {
      const name = typeof file === 'string' ? path.basename(file) : file.name;
      const body = typeof file === 'string' ? await openAsBlob(file) : file.data instanceof Blob ? file.data : new Blob([file.data as Uint8Array<ArrayBuffer>]);
      const contentType = (typeof file === 'string' ? undefined : file.contentType) ?? CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
      // Redirects refused: Node's fetch otherwise keeps a copy of the body to send again after one, every
      // byte of it until the request is collected (nodejs/undici#4058): a 2.4 GB file took 2.4 GB of this
      // process's memory, and its RSS stayed there; refused, the upload streams from the file (decision 098).
      return (await request<Upload>('POST', '/api/v1/uploads', { body, headers: { 'content-type': contentType, 'x-file-name': encodeURIComponent(name) }, redirect: 'error' })).data;
    },
    /**
     * Uploads a file resumably (tus 1.0 at `/api/v1/uploads/tus`), for files too large for one
     * request or connections that drop: chunks of `chunkBytes` (8 MiB), and after a network error
     * or a 5xx/429 the server is asked how much it has (HEAD) and the upload goes on from there,
     * up to `retries` times in a row. Answers the same upload as `upload`.
     */
    async uploadResumable(file: string, uploadOptions: { chunkBytes?: number; retries?: number; onProgress?: (sentBytes: number, totalBytes: number) => void; sleep?: WaitOptions['sleep'] } = {}): Promise<Upload> {
      const name = path.basename(file);
      const { size } = await stat(file);
      const contentType = CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
      const tus = (extra: Record<string, string> = {}) => headers({ 'tus-resumable': '1.0.0', ...extra });
      const metadata = `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from(contentType).toString('base64')}`;
      const created = await fetcher(`${base}/api/v1/uploads/tus`, { method: 'POST', headers: tus({ 'upload-length': String(size), 'upload-metadata': metadata }) });
      if (created.status !== 201 || !created.headers.get('location')) throw await failure(created);
      const location = new URL(created.headers.get('location')!, `${base}/`).toString();
      const chunkBytes = uploadOptions.chunkBytes ?? 8 * 1024 * 1024;
      const retries = uploadOptions.retries ?? 5;
      const sleep = uploadOptions.sleep ?? defaultSleep;
      const handle = await open(file, 'r');
      try {
        let offset = 0;
        let failures = 0;
        for (;;) {
          const length = Math.min(chunkBytes, size - offset);
          const chunk = Buffer.alloc(length);
          await handle.read(chunk, 0, length, offset);
          let response: Response | undefined;
          try {
            response = await fetcher(location, { method: 'PATCH', headers: tus({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }), body: chunk });
          } catch (error) {
            if (++failures > retries) throw error;
          }
          if (response?.status === 200) {
            // The last byte: the server checked and stored the file; the answer is the upload.
            const envelope = (await response.json()) as { code: number; message: string; data: Upload };
            if (envelope.code !== 0) throw new VoxworkApiError({ code: envelope.code, status: response.status, message: envelope.message, data: envelope.data });
            uploadOptions.onProgress?.(size, size);
            return envelope.data;
          }
          if (response?.status === 204) {
            offset = Number(response.headers.get('upload-offset'));
            failures = 0;
            uploadOptions.onProgress?.(offset, size);
            continue;
          }
          if (response && !(response.status >= 500 || response.status === 429 || response.status === 409)) throw await failure(response);
          if (response && ++failures > retries) throw await failure(response);
          // Dropped, refused for a while, or out of step: ask where the server is, then go on from there.
          await sleep(Math.min(30_000, 500 * 2 ** failures));
          const head = await fetcher(location, { method: 'HEAD', headers: tus() });
          if (!head.ok) throw await failure(head);
          offset = Number(head.headers.get('upload-offset'));
        }
      } finally {
        await handle.close();
      }
    },
    async voices(query: Partial<VoicesQuery> = {}): Promise<VoicePage> {
      return (await request<VoicePage>('GET', '/api/v1/voices', { query })).data;
    },
    async balance(): Promise<Balance> {
      return (await request<Balance>('GET', '/api/v1/account/balance')).data;
    },
    /** Series (a drama's glossary, characters and voices) and their episodes, each run as video translations per target language. */
    series: {
      async create(body: SeriesBody): Promise<Series> {
        return (await request<Series>('POST', '/api/v1/series', json(body))).data;
      },
      async list(): Promise<SeriesList> {
        return (await request<SeriesList>('GET', '/api/v1/series')).data;
      },
      async get(seriesId: string): Promise<Series> {
        return (await request<Series>('GET', seriesPath(seriesId))).data;
      },
      /** What adding these uploads would cost (`POST …/episodes/quote`); nothing runs. */
      async quote(seriesId: string, body: SeriesQuoteBody): Promise<SeriesQuote> {
        return (await request<SeriesQuote>('POST', seriesPath(seriesId, '/episodes/quote'), json(body))).data;
      },
      async addEpisodes(seriesId: string, body: SeriesEpisodesBody): Promise<SeriesEpisodesAdded> {
        return (await request<SeriesEpisodesAdded>('POST', seriesPath(seriesId, '/episodes'), json(body))).data;
      },
      async episodes(seriesId: string): Promise<SeriesBoard> {
        return (await request<SeriesBoard>('GET', seriesPath(seriesId, '/episodes'))).data;
      },
      /** Saves the season zip (every finished episode's videos and subtitle files) to a path or a stream; answers the bytes written. */
      async download(seriesId: string, to: string | Writable): Promise<number> {
        return download(seriesPath(seriesId, '/download'), to);
      },
    },
    /** Dubbing projects: made from an upload or a video translation (ready when `prepareJob` completes), then translated, spoken and exported by jobs. */
    dubbing: {
      async createProject(body: DubbingProjectBody, createOptions: { idempotencyKey?: string } = {}): Promise<DubbingProjectCreated> {
        return (await request<DubbingProjectCreated>('POST', '/api/v1/dubbing/projects', json(body, createOptions.idempotencyKey))).data;
      },
      async listProjects(edition: 'studio' | 'pro'): Promise<DubbingProjectList> {
        return (await request<DubbingProjectList>('GET', '/api/v1/dubbing/projects', { query: { edition } })).data;
      },
      async getProject(projectId: string): Promise<DubbingProject> {
        return (await request<DubbingProject>('GET', projectPath(projectId))).data;
      },
      async translate(projectId: string, body: DubbingTranslateBody, createOptions: { idempotencyKey?: string } = {}): Promise<JobCreated> {
        return (await request<JobCreated>('POST', projectPath(projectId, '/translate'), json(body, createOptions.idempotencyKey))).data;
      },
      async synthesize(projectId: string, body: DubbingSynthesizeBody, createOptions: { idempotencyKey?: string } = {}): Promise<JobCreated> {
        return (await request<JobCreated>('POST', projectPath(projectId, '/synthesize'), json(body, createOptions.idempotencyKey))).data;
      },
      async export(projectId: string, body: DubbingExportBody, createOptions: { idempotencyKey?: string } = {}): Promise<JobCreated> {
        return (await request<JobCreated>('POST', projectPath(projectId, '/export'), json(body, createOptions.idempotencyKey))).data;
      },
    },
  };
  return client;
}

export type VoxworkClient = ReturnType<typeof createVoxworkClient>;
