#!/usr/bin/env node
/**
 * `voxwork`: the command line of the Voxwork REST API (issue 19). Runs from TypeScript source with
 * Node's type stripping (Node ≥ 22.18 / 23.6; the monorepo's Node 24), like the server itself:
 * `npx voxwork …` from the monorepo, or `node packages/client/src/cli.ts …`.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { Command, InvalidArgumentError, Option } from 'commander';
import { createVoxworkClient, VoxworkApiError, VoxworkWaitTimeout, type Job, type JobBody, type VoxworkClient } from './voxwork-client.ts';
import { readTtsSheet, runTtsBatch } from './cli/batch-tts.ts';

const out = (line: string): void => void process.stdout.write(`${line}\n`);
const err = (line: string): void => void process.stderr.write(`${line}\n`);

/** A usage problem the user can fix (exit code 2). */
class UsageError extends Error {
  override name = 'UsageError';
}

/** Files above this size are uploaded resumably (tus), in chunks that survive a dropped connection. */
const RESUMABLE_FROM_BYTES = 16 * 1024 * 1024;

const positiveInteger = (value: string) => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('a whole number of 1 or more');
  return parsed;
};

const program = new Command('voxwork')
  .description('The Voxwork API from the command line: text to speech, jobs, voices, balance, and batches from a CSV sheet.')
  .addOption(new Option('--api-key <key>', 'API key (vx_live_…) from the account page').env('VOXWORK_API_KEY'))
  .addOption(new Option('--base-url <url>', 'the Voxwork server').env('VOXWORK_BASE_URL').default('http://localhost:3000'))
  .addOption(new Option('--lang <language>', 'language of error messages (en or zh)').env('VOXWORK_LANG'))
  .version('0.1.0')
  .showHelpAfterError();

function client(): VoxworkClient {
  const options = program.opts<{ apiKey?: string; baseUrl: string; lang?: string }>();
  if (!options.apiKey) throw new UsageError('no API key: set VOXWORK_API_KEY or pass --api-key (create one in the account page, under API keys)');
  return createVoxworkClient({ baseUrl: options.baseUrl, apiKey: options.apiKey, ...(options.lang ? { language: options.lang } : {}) });
}

const describeJob = (job: Job) =>
  `${job.id}  ${job.status}${job.status === 'running' ? ` ${Math.round(job.progress)}%` : ''}  ${job.type}  cost ${job.cost.settled ?? job.cost.frozen}  ${job.title ?? ''}`.trimEnd();

/** Waits for a job, with a progress bar on a terminal and a line per change otherwise. */
async function waitWithProgress(api: VoxworkClient, jobId: string): Promise<Job> {
  const tty = Boolean(process.stderr.isTTY);
  const bar = tty ? new cliProgress.SingleBar({ stream: process.stderr, format: '{bar} {percentage}% | {status}', hideCursor: true }, cliProgress.Presets.shades_classic) : undefined;
  bar?.start(100, 0, { status: 'queued' });
  let last = '';
  try {
    return await api.waitForJob(jobId, {
      onProgress: (job) => {
        if (bar) bar.update(Math.round(job.progress), { status: job.currentStage ? `${job.status} (${job.currentStage})` : job.status });
        else if (`${job.status} ${Math.round(job.progress)}` !== last) {
          last = `${job.status} ${Math.round(job.progress)}`;
          err(`${job.id}: ${job.status} ${Math.round(job.progress)}%`);
        }
      },
    });
  } finally {
    bar?.stop();
  }
}

/** Saves a completed job's first audio or video file (or every file into a folder when `out` ends with a slash). */
async function saveResult(api: VoxworkClient, job: Job, target: string) {
  const file = job.media.find((media) => media.role === 'audio' || media.role === 'video') ?? job.media[0];
  if (!file) throw new Error(`job ${job.id} has no result file`);
  const destination = target.endsWith('/') ? path.join(target, file.name) : target;
  const bytes = await api.downloadResult(job.id, file.name, destination);
  out(`saved ${destination} (${bytes} bytes)`);
}

function finish(job: Job) {
  out(describeJob(job));
  if (job.status === 'failed') {
    err(`failed: ${job.error?.message ?? 'unknown error'}`);
    process.exitCode = 1;
  } else if (job.status === 'cancelled') process.exitCode = 1;
}

program
  .command('tts')
  .description('Create a text-to-speech job; with --wait or --out, wait for it and save the audio.')
  .requiredOption('--voice <key>', 'voice key (see `voxwork voices`)')
  .option('--text <text>', 'the text to speak')
  .option('--text-file <path>', 'read the text from a UTF-8 file')
  .addOption(new Option('--format <format>', 'audio format').choices(['mp3', 'wav']).default('mp3'))
  .option('--out <file>', 'save the audio here (implies --wait)')
  .option('--wait', 'wait for the job to finish')
  .option('--idempotency-key <key>', 'repeat-safe key: the same key and text answer the same job, charged once')
  .action(async (options: { voice: string; text?: string; textFile?: string; format: 'mp3' | 'wav'; out?: string; wait?: boolean; idempotencyKey?: string }) => {
    if ((options.text === undefined) === (options.textFile === undefined)) throw new UsageError('give the text with exactly one of --text or --text-file');
    const text = options.text ?? (await readFile(options.textFile!, 'utf8'));
    const api = client();
    const body: JobBody<'text-to-speech'> = { text, voiceKey: options.voice, format: options.format };
    const created = await api.createJob('text-to-speech', body, options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {});
    if (created.replayed) err('(same idempotency key as an earlier request: that job, not charged again)');
    if (!options.wait && !options.out) return out(describeJob(created.job));
    const job = await waitWithProgress(api, created.job.id);
    finish(job);
    if (job.status === 'completed') await saveResult(api, job, options.out ?? path.resolve(`${job.id}.${options.format}`));
  });

const jobs = program.command('jobs').description('Your jobs: get, list, cancel, wait.');
jobs
  .command('get <jobId>')
  .description('Print a job as JSON.')
  .action(async (jobId: string) => out(JSON.stringify(await client().getJob(jobId), null, 2)));
jobs
  .command('list')
  .description('List your jobs, newest first.')
  .option('--tool <tool>', 'only this tool’s jobs (text-to-speech, speech-to-speech, …)')
  .addOption(new Option('--status <status>', 'only jobs with this status').choices(['queued', 'running', 'paused', 'completed', 'failed', 'cancelled']))
  .option('--page <n>', 'page', positiveInteger, 1)
  .option('--page-size <n>', 'jobs per page (at most 100)', positiveInteger, 20)
  .action(async (options: { tool?: string; status?: Job['status']; page: number; pageSize: number }) => {
    const listed = await client().listJobs({ page: options.page, pageSize: options.pageSize, ...(options.tool ? { tool: options.tool as never } : {}), ...(options.status ? { status: options.status } : {}) });
    for (const job of listed.list) out(describeJob(job));
    err(`${listed.list.length} of ${listed.total} (page ${listed.page})`);
  });
jobs
  .command('cancel <jobId>')
  .description('Cancel a queued or running job (its frozen points are released).')
  .action(async (jobId: string) => out(describeJob(await client().cancelJob(jobId))));
jobs
  .command('wait <jobId>')
  .description('Wait for a job to finish (progress on the terminal); --out saves its result.')
  .option('--out <path>', 'save the result file here (a path ending in / is a folder)')
  .action(async (jobId: string, options: { out?: string }) => {
    const api = client();
    const job = await waitWithProgress(api, jobId);
    finish(job);
    if (job.status === 'completed' && options.out) await saveResult(api, job, options.out);
  });

program
  .command('voices')
  .description('List voices: key, name, language, gender, engine.')
  .option('--language <tag>', 'only voices speaking this language (en, zh, en-us, …)')
  .option('--query <text>', 'search names and descriptions')
  .option('--page <n>', 'page', positiveInteger, 1)
  .option('--page-size <n>', 'voices per page (at most 100)', positiveInteger, 50)
  .action(async (options: { language?: string; query?: string; page: number; pageSize: number }) => {
    const page = await client().voices({ page: options.page, pageSize: options.pageSize, ...(options.language ? { language: options.language } : {}), ...(options.query ? { query: options.query } : {}) });
    for (const voice of page.list) out([voice.key, voice.name, voice.language, voice.gender ?? '-', voice.engineName].join('\t'));
    err(`${page.list.length} of ${page.total}`);
  });

program
  .command('balance')
  .description('Your plan and points.')
  .action(async () => {
    const balance = await client().balance();
    out(`plan ${balance.planId}: ${balance.availablePoints} points available, ${balance.frozenPoints} frozen by running jobs, ${balance.totalPoints} in total`);
  });

program
  .command('upload <file>')
  .description('Upload a file (audio, video or image); prints the upload id that tools take as uploadId.')
  .action(async (file: string) => {
    // Large files go resumably (tus), with a progress bar on a terminal.
    const api = client();
    const { size } = await stat(file);
    let upload;
    if (size <= RESUMABLE_FROM_BYTES) upload = await api.upload(file);
    else {
      const bar = process.stderr.isTTY ? new cliProgress.SingleBar({ stream: process.stderr, format: '{bar} {percentage}% | {value}/{total} MB', hideCursor: true }, cliProgress.Presets.shades_classic) : undefined;
      bar?.start(Math.ceil(size / 1e6), 0);
      try {
        upload = await api.uploadResumable(file, { onProgress: (sent) => bar?.update(Math.floor(sent / 1e6)) });
      } finally {
        bar?.stop();
      }
    }
    out(`${upload.id}  ${upload.kind}  ${upload.bytes} bytes${upload.durationSeconds ? `  ${upload.durationSeconds}s` : ''}  ${upload.name}`);
  });

program
  .command('batch')
  .description('Batches from a CSV sheet.')
  .command('tts <sheet>')
  .description('One text-to-speech job per row (columns: text, voice, optional filename and format); results are written next to the sheet. Re-running a sheet charges nothing twice.')
  .option('--concurrency <n>', 'rows at a time', positiveInteger, 4)
  .addOption(new Option('--format <format>', 'format of rows without one').choices(['mp3', 'wav']).default('mp3'))
  .action(async (sheet: string, options: { concurrency: number; format: 'mp3' | 'wav' }) => {
    const rows = await readTtsSheet(sheet, { format: options.format });
    if (!rows.length) throw new UsageError(`${sheet} has no rows below its header`);
    const api = client();
    const tty = Boolean(process.stderr.isTTY);
    const bar = tty ? new cliProgress.SingleBar({ stream: process.stderr, format: '{bar} {value}/{total} rows | {failed} failed', hideCursor: true }, cliProgress.Presets.shades_classic) : undefined;
    bar?.start(rows.length, 0, { failed: 0 });
    let finished = 0;
    let failed = 0;
    const summary = await runTtsBatch(api, rows, {
      concurrency: options.concurrency,
      onRowDone: (result) => {
        finished += 1;
        if (result.status === 'failed') failed += 1;
        if (bar) bar.update(finished, { failed });
        else if (result.status === 'done') out(`row ${result.row.row}: done${result.replayed ? ' (made earlier, not charged again)' : ''} → ${path.basename(result.row.file)}`);
        if (result.status === 'failed') (bar ? err : out)(`row ${result.row.row}: failed: ${result.error}`);
      },
    });
    bar?.stop();
    out(`${summary.done} done, ${summary.failed} failed, ${summary.pointsSpent} points spent${summary.replayed ? ` (${summary.replayed} rows made by an earlier run, not charged again)` : ''}`);
    if (summary.failed) process.exitCode = 1;
  });

try {
  await program.parseAsync();
} catch (error) {
  if (error instanceof VoxworkApiError) err(`error: ${error.message} (code ${error.code}, HTTP ${error.status})`);
  else if (error instanceof VoxworkWaitTimeout) err(`error: ${error.message}`);
  else if (error instanceof UsageError) {
    err(`error: ${error.message}`);
    process.exitCode = 2;
  } else err(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode ||= 1;
}
