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
import { CLI_MESSAGES, cliLanguage, localizeCommander } from './cli/cli-messages.ts';
import { jobFailureText } from './cli/job-failure.ts';

const language = cliLanguage(process.argv.slice(2), process.env);
const t = CLI_MESSAGES[language];

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
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError(t.wholeNumber);
  return parsed;
};

const program = new Command('voxwork')
  .description(t.program)
  .addOption(new Option('--api-key <key>', t.options.apiKey).env('VOXWORK_API_KEY'))
  .addOption(new Option('--base-url <url>', t.options.baseUrl).env('VOXWORK_BASE_URL').default('http://localhost:3000'))
  .addOption(new Option('--lang <language>', t.options.lang).env('VOXWORK_LANG'))
  .version('0.1.0', '-V, --version', t.options.version)
  .helpOption('-h, --help', t.options.help)
  .helpCommand('help [command]', t.options.helpCommand)
  .configureOutput({
    writeOut: (text) => process.stdout.write(localizeCommander(text, t)),
    writeErr: (text) => process.stderr.write(localizeCommander(text, t)),
    outputError: (text, write) => write(localizeCommander(text, t)),
  })
  .showHelpAfterError(language === 'zh' ? '（加 --help 查看更多说明）' : '(add --help for additional information)');

function client(): VoxworkClient {
  const options = program.opts<{ apiKey?: string; baseUrl: string; lang?: string }>();
  if (!options.apiKey) throw new UsageError(t.noApiKey);
  // The server's messages in the command's language.
  return createVoxworkClient({ baseUrl: options.baseUrl, apiKey: options.apiKey, language: options.lang ?? language });
}

const statusName = (status: string) => t.status[status] ?? status;
const describeJob = (job: Job) => t.jobLine({ id: job.id, status: statusName(job.status), progress: job.progress, type: job.type, cost: job.cost.settled ?? job.cost.frozen, title: job.title ?? '' });

/** Waits for a job, with a progress bar on a terminal and a line per change otherwise. */
async function waitWithProgress(api: VoxworkClient, jobId: string): Promise<Job> {
  const tty = Boolean(process.stderr.isTTY);
  const bar = tty ? new cliProgress.SingleBar({ stream: process.stderr, format: '{bar} {percentage}% | {status}', hideCursor: true }, cliProgress.Presets.shades_classic) : undefined;
  bar?.start(100, 0, { status: statusName('queued') });
  let last = '';
  try {
    return await api.waitForJob(jobId, {
      onProgress: (job) => {
        if (bar) bar.update(Math.round(job.progress), { status: job.currentStage ? `${statusName(job.status)} (${job.currentStage})` : statusName(job.status) });
        else if (`${job.status} ${Math.round(job.progress)}` !== last) {
          last = `${job.status} ${Math.round(job.progress)}`;
          err(`${job.id}: ${statusName(job.status)} ${Math.round(job.progress)}%`);
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
  if (!file) throw new Error(t.noResultFile(job.id));
  const destination = target.endsWith('/') ? path.join(target, file.name) : target;
  const bytes = await api.downloadResult(job.id, file.name, destination);
  out(t.saved(destination, bytes));
}

function finish(job: Job) {
  out(describeJob(job));
  if (job.status === 'failed') {
    err(t.failed(jobFailureText(job, t)));
    process.exitCode = 1;
  } else if (job.status === 'cancelled') process.exitCode = 1;
}

program
  .command('tts')
  .description(t.tts.description)
  .requiredOption('--voice <key>', t.tts.voice)
  .option('--text <text>', t.tts.text)
  .option('--text-file <path>', t.tts.textFile)
  .addOption(new Option('--format <format>', t.tts.format).choices(['mp3', 'wav']).default('mp3'))
  .option('--out <file>', t.tts.out)
  .option('--wait', t.tts.wait)
  .option('--idempotency-key <key>', t.tts.idempotencyKey)
  .action(async (options: { voice: string; text?: string; textFile?: string; format: 'mp3' | 'wav'; out?: string; wait?: boolean; idempotencyKey?: string }) => {
    if ((options.text === undefined) === (options.textFile === undefined)) throw new UsageError(t.tts.textOnce);
    const text = options.text ?? (await readFile(options.textFile!, 'utf8'));
    const api = client();
    const body: JobBody<'text-to-speech'> = { text, voiceKey: options.voice, format: options.format };
    const created = await api.createJob('text-to-speech', body, options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {});
    if (created.replayed) err(t.tts.replayed);
    if (!options.wait && !options.out) return out(describeJob(created.job));
    const job = await waitWithProgress(api, created.job.id);
    finish(job);
    if (job.status === 'completed') await saveResult(api, job, options.out ?? path.resolve(`${job.id}.${options.format}`));
  });

const jobs = program.command('jobs').description(t.jobs.description);
jobs
  .command('get <jobId>')
  .description(t.jobs.get)
  .action(async (jobId: string) => out(JSON.stringify(await client().getJob(jobId), null, 2)));
jobs
  .command('list')
  .description(t.jobs.list)
  .option('--tool <tool>', t.jobs.tool)
  .addOption(new Option('--status <status>', t.jobs.status).choices(['queued', 'running', 'paused', 'completed', 'failed', 'cancelled']))
  .option('--page <n>', t.jobs.page, positiveInteger, 1)
  .option('--page-size <n>', t.jobs.pageSize, positiveInteger, 20)
  .action(async (options: { tool?: string; status?: Job['status']; page: number; pageSize: number }) => {
    const listed = await client().listJobs({ page: options.page, pageSize: options.pageSize, ...(options.tool ? { tool: options.tool as never } : {}), ...(options.status ? { status: options.status } : {}) });
    for (const job of listed.list) out(describeJob(job));
    err(t.jobs.counted(listed.list.length, listed.total, listed.page));
  });
jobs
  .command('cancel <jobId>')
  .description(t.jobs.cancel)
  .action(async (jobId: string) => out(describeJob(await client().cancelJob(jobId))));
jobs
  .command('wait <jobId>')
  .description(t.jobs.wait)
  .option('--out <path>', t.jobs.waitOut)
  .action(async (jobId: string, options: { out?: string }) => {
    const api = client();
    const job = await waitWithProgress(api, jobId);
    finish(job);
    if (job.status === 'completed' && options.out) await saveResult(api, job, options.out);
  });

program
  .command('voices')
  .description(t.voices.description)
  .option('--language <tag>', t.voices.language)
  .option('--query <text>', t.voices.query)
  .option('--page <n>', t.voices.page, positiveInteger, 1)
  .option('--page-size <n>', t.voices.pageSize, positiveInteger, 50)
  .action(async (options: { language?: string; query?: string; page: number; pageSize: number }) => {
    const page = await client().voices({ page: options.page, pageSize: options.pageSize, ...(options.language ? { language: options.language } : {}), ...(options.query ? { query: options.query } : {}) });
    for (const voice of page.list) out([voice.key, voice.name, voice.language, voice.gender ?? '-', voice.engineName].join('\t'));
    err(t.voices.counted(page.list.length, page.total));
  });

program
  .command('balance')
  .description(t.balance.description)
  .action(async () => {
    const balance = await client().balance();
    out(t.balance.line(balance.planId, balance.availablePoints, balance.frozenPoints, balance.totalPoints));
  });

program
  .command('upload <file>')
  .description(t.upload.description)
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
    out(t.upload.line(upload.id, upload.kind, upload.bytes, upload.durationSeconds, upload.name));
  });

program
  .command('batch')
  .description(t.batch.description)
  .command('tts <sheet>')
  .description(t.batch.tts)
  .option('--concurrency <n>', t.batch.concurrency, positiveInteger, 4)
  .addOption(new Option('--format <format>', t.batch.format).choices(['mp3', 'wav']).default('mp3'))
  .action(async (sheet: string, options: { concurrency: number; format: 'mp3' | 'wav' }) => {
    const rows = await readTtsSheet(sheet, { format: options.format }, t.batch);
    if (!rows.length) throw new UsageError(t.batch.noRows(sheet));
    const api = client();
    const tty = Boolean(process.stderr.isTTY);
    const bar = tty ? new cliProgress.SingleBar({ stream: process.stderr, format: t.batch.bar, hideCursor: true }, cliProgress.Presets.shades_classic) : undefined;
    bar?.start(rows.length, 0, { failed: 0 });
    let finished = 0;
    let failed = 0;
    const summary = await runTtsBatch(api, rows, {
      concurrency: options.concurrency,
      messages: t,
      onRowDone: (result) => {
        finished += 1;
        if (result.status === 'failed') failed += 1;
        if (bar) bar.update(finished, { failed });
        else if (result.status === 'done') out(t.batch.rowDone(result.row.row, result.replayed, path.basename(result.row.file)));
        if (result.status === 'failed') (bar ? err : out)(t.batch.rowFailed(result.row.row, result.error ?? t.unknownError));
      },
    });
    bar?.stop();
    out(t.batch.summary(summary.done, summary.failed, summary.pointsSpent, summary.replayed));
    if (summary.failed) process.exitCode = 1;
  });

try {
  await program.parseAsync();
} catch (error) {
  if (error instanceof VoxworkApiError) err(t.error(t.apiError(error.message, error.code, error.status)));
  else if (error instanceof VoxworkWaitTimeout) err(t.error(t.waitTimeout(error.job.id, statusName(error.job.status))));
  else if (error instanceof UsageError) {
    err(t.error(error.message));
    process.exitCode = 2;
  } else err(t.error(error instanceof Error ? error.message : String(error)));
  process.exitCode ||= 1;
}
