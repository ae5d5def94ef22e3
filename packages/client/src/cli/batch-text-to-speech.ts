import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { VoxworkApiError, type Job, type JobBody, type VoxworkClient } from '../voxwork-client.ts';
import { CLI_MESSAGES, type CliMessages } from './cli-messages.ts';
import { CsvQuoteError, parseCsv } from './csv.ts';
import { jobFailureText } from './job-failure.ts';

export interface BatchRow {
  /** 1-based data row (the header is row 0), as people count the sheet's lines below the header. */
  row: number;
  text: string;
  voice: string;
  format: 'mp3' | 'wav';
  /** Where the result is written (beside the sheet). */
  file: string;
  idempotencyKey: string;
}

export interface BatchRowResult {
  row: BatchRow;
  status: 'done' | 'failed';
  /** The job answered was made by an earlier run (same sheet, row and content): nothing charged now. */
  replayed: boolean;
  jobId?: string;
  /** Points charged by this run for the row (0 when replayed or failed). */
  points: number;
  error?: string;
}

export interface BatchSummary {
  done: number;
  failed: number;
  replayed: number;
  pointsSpent: number;
  results: BatchRowResult[];
}

/** A file name kept inside the sheet's folder: no folders, no control characters. */
function safeFileName(name: string): string {
  return path
    .basename(name.trim())
    .replace(/[<>:"|?*\\/]/g, '_')
    .replace(/\p{Cc}/gu, '_')
    .slice(0, 200);
}

/**
 * The rows of a TTS sheet: `text` and `voice` columns, optional `filename` and `format` (mp3 or
 * wav, default mp3). Each row's idempotency key is derived from the sheet's name, the row number
 * and the row's content: running the same sheet again answers the same jobs (nothing charged
 * twice, for the 24 hours the server keeps keys); an edited row is a new job.
 */
export async function readTextToSpeechSheet(sheetPath: string, defaults: { format?: 'mp3' | 'wav' } = {}, messages: CliMessages['batch'] = CLI_MESSAGES.en.batch): Promise<BatchRow[]> {
  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(await readFile(sheetPath, 'utf8'));
  } catch (error) {
    if (error instanceof CsvQuoteError) throw new Error(messages.unclosedQuote(error.line), { cause: error });
    throw error;
  }
  const { columns, rows } = parsed;
  for (const required of ['text', 'voice']) if (!columns.includes(required)) throw new Error(messages.missingColumn(required, columns.join(', ')));
  const directory = path.dirname(path.resolve(sheetPath));
  const sheetName = path.basename(sheetPath).replace(/\.[^.]+$/, '');
  const used = new Set<string>();
  return rows.map(({ values }, index) => {
    const row = index + 1;
    const format = (values.format?.trim().toLowerCase() || defaults.format || 'mp3') as 'mp3' | 'wav';
    if (format !== 'mp3' && format !== 'wav') throw new Error(messages.badFormat(row, values.format ?? ''));
    const given = values.filename ? safeFileName(values.filename) : '';
    let name = given ? (path.extname(given) ? given : `${given}.${format}`) : `${sheetName}-${String(row).padStart(3, '0')}.${format}`;
    if (used.has(name)) name = `${name.replace(/\.[^.]+$/, '')}-row${row}.${format}`;
    used.add(name);
    const text = values.text ?? '';
    const voice = (values.voice ?? '').trim();
    const digest = createHash('sha256').update(JSON.stringify([path.basename(sheetPath), row, text, voice, format])).digest('base64url').slice(0, 32);
    return { row, text, voice, format, file: path.join(directory, name), idempotencyKey: `vx-batch-${digest}` };
  });
}

/** The catalogue code of a create refused because the plan's running and waiting jobs are all taken (packages/contract error-codes.ts; a test holds the two equal). */
export const JOB_QUEUE_FULL = 2004;
/** How often a create refused for a full queue or a rate limit is tried again before the row fails. */
const CREATE_ATTEMPTS = 60;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A create, tried again while the plan's queue is full (other rows, or other work of the account, still running) or the key is rate limited. */
async function createPatiently<T>(create: () => Promise<T>, sleep: (ms: number) => Promise<void>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await create();
    } catch (error) {
      const busy = error instanceof VoxworkApiError && (error.code === JOB_QUEUE_FULL || error.status === 429);
      if (!busy || attempt >= CREATE_ATTEMPTS) throw error;
      await sleep(Math.max(2000, (error.retryAfterSeconds ?? 0) * 1000));
    }
  }
}

/** Runs every row: create (with its idempotency key), wait, download; `concurrency` rows at a time. A failed row never stops the others. */
export async function runTextToSpeechBatch(
  client: VoxworkClient,
  rows: readonly BatchRow[],
  options: { concurrency: number; onRowDone?: (result: BatchRowResult) => void; onRowProgress?: (row: BatchRow, job: Job) => void; pollIntervalMs?: number; sleep?: (ms: number) => Promise<void>; messages?: CliMessages },
): Promise<BatchSummary> {
  const messages = options.messages ?? CLI_MESSAGES.en;
  const results: BatchRowResult[] = [];
  let next = 0;
  const runRow = async (row: BatchRow): Promise<BatchRowResult> => {
    try {
      const body: JobBody<'text-to-speech'> = { text: row.text, voiceKey: row.voice, format: row.format, title: path.basename(row.file) };
      const created = await createPatiently(() => client.createJob('text-to-speech', body, { idempotencyKey: row.idempotencyKey }), options.sleep ?? pause);
      const job = await client.waitForJob(created.job.id, { ...(options.pollIntervalMs ? { intervalMs: options.pollIntervalMs } : {}), onProgress: (polled) => options.onRowProgress?.(row, polled) });
      if (job.status !== 'completed') return { row, status: 'failed', replayed: created.replayed, jobId: job.id, points: 0, error: job.error ? jobFailureText(job, messages) : messages.batch.jobEnded(messages.status[job.status] ?? job.status) };
      const audio = job.media.find((file) => file.role === 'audio') ?? job.media[0];
      if (!audio) return { row, status: 'failed', replayed: created.replayed, jobId: job.id, points: 0, error: messages.batch.noResultFile };
      await client.downloadResult(job.id, audio.name, row.file);
      return { row, status: 'done', replayed: created.replayed, jobId: job.id, points: created.replayed ? 0 : (job.cost.settled ?? 0) };
    } catch (error) {
      const message = error instanceof VoxworkApiError ? messages.apiError(error.message, error.code, error.status) : error instanceof Error ? error.message : String(error);
      return { row, status: 'failed', replayed: false, points: 0, error: message };
    }
  };
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++]!;
      const result = await runRow(row);
      results.push(result);
      options.onRowDone?.(result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, rows.length)) }, worker));
  results.sort((a, b) => a.row.row - b.row.row);
  return {
    done: results.filter((result) => result.status === 'done').length,
    failed: results.filter((result) => result.status === 'failed').length,
    replayed: results.filter((result) => result.replayed).length,
    pointsSpent: results.reduce((sum, result) => sum + result.points, 0),
    results,
  };
}
