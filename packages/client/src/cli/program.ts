import { randomUUID } from 'node:crypto';
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { Command, InvalidArgumentError, Option } from 'commander';
import { createVoxworkClient, VoxworkApiError, VoxworkWaitTimeout, type Job, type JobBody, type JobCreated, type ToolId, type Upload, type VoxworkClient } from '../voxwork-client.ts';
import { readTextToSpeechSheet, runTextToSpeechBatch } from './batch-text-to-speech.ts';
import { CLI_MESSAGES, localizeCommander, type CliLanguage, type CliMessages } from './cli-messages.ts';
import { jobFailureText } from './job-failure.ts';
import { addToolCommands } from './tool-commands.ts';
import { addSeriesCommands } from './series-commands.ts';
import { UsageError } from './usage-error.ts';

export { UsageError } from './usage-error.ts';

/** The command's version (the package's). */
export const CLI_VERSION = '0.1.0';

/**
 * The command of each tool of the product (the tool catalogue's ids, `packages/contract`'s
 * `TOOL_CATALOGUE`): `program.test.ts` fails when a built tool of the catalogue has none, and the
 * type below fails to compile when the API gains a tool (`npm run generate:client`) without one.
 */
export const CLI_TOOL_COMMANDS = {
  'text-to-speech': 'tts',
  'speech-to-speech': 'speech-to-speech',
  'voice-cloning': 'clone',
  voices: 'voices',
  'video-translation': 'translate',
  dubbing: 'dubbing',
  avatar: 'avatar',
  'video-erasure': 'erase',
  'subtitle-extraction': 'extract',
  'audio-separation': 'separate',
  'subtitle-burn-in': 'burn-in',
  series: 'series',
} as const satisfies Record<ToolId | 'voices' | 'dubbing' | 'series', string>;


/** Files above this size are uploaded resumably (tus), in chunks that survive a dropped connection. */
const RESUMABLE_FROM_BYTES = 16 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the tool commands share with the others: messages, the client, and the create → wait → save steps. */
export interface CliContext {
  t: CliMessages;
  client: () => VoxworkClient;
  out: (line: string) => void;
  err: (line: string) => void;
  /** A local file is uploaded (resumably when large) and its id answered; an upload id is answered as it is. */
  uploadInput: (api: VoxworkClient, input: string) => Promise<Pick<Upload, 'id' | 'kind'>>;
  /** Creates a job under an idempotency key (given, or new for this run), trying again with the same key while the server is busy. */
  create: (api: VoxworkClient, idempotencyKey: string | undefined, send: (options: { idempotencyKey: string }) => Promise<JobCreated>) => Promise<JobCreated>;
  /** After a create: print the job, or (with --wait or --out) wait for it with progress, report how it ended and save its results. */
  settle: (api: VoxworkClient, created: JobCreated, options: { wait?: boolean; out?: string }) => Promise<Job>;
  /** The text of a local UTF-8 file (a subtitle file, a script), without a byte-order mark. */
  readText: (file: string) => Promise<string>;
  /** A local file's bytes in base64, as they are: how subtitle files are sent, so the server reads any encoding (UTF-16, GB18030, Big5, …). */
  readBase64: (file: string) => Promise<string>;
  positiveInteger: (value: string) => number;
  list: (value: string) => string[];
  number: (value: string) => number;
}

/** The `voxwork` program in one language (`cli.ts` runs it; the tests read its commands). */
export function createProgram(language: CliLanguage, io: { stdout: NodeJS.WritableStream & { isTTY?: boolean }; stderr: NodeJS.WritableStream & { isTTY?: boolean } } = process): Command {
  const t = CLI_MESSAGES[language];
  const out = (line: string): void => void io.stdout.write(`${line}\n`);
  const err = (line: string): void => void io.stderr.write(`${line}\n`);

  const positiveInteger = (value: string) => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError(t.wholeNumber);
    return parsed;
  };
  const number = (value: string) => {
    const parsed = Number(value);
    if (value.trim() === '' || !Number.isFinite(parsed)) throw new InvalidArgumentError(t.tool.badNumber(value));
    return parsed;
  };
  const list = (value: string) => {
    const items = value.split(',').map((item) => item.trim());
    if (!items.length || items.some((item) => !item)) throw new InvalidArgumentError(t.tool.badList(value));
    return items;
  };

  const program = new Command('voxwork')
    .description(t.program)
    .addOption(new Option('--api-key <key>', t.options.apiKey).env('VOXWORK_API_KEY'))
    .addOption(new Option('--base-url <url>', t.options.baseUrl).env('VOXWORK_BASE_URL').default('http://localhost:3000'))
    .addOption(new Option('--lang <language>', t.options.lang).env('VOXWORK_LANG'))
    .version(CLI_VERSION, '-V, --version', t.options.version)
    .helpOption('-h, --help', t.options.help)
    .helpCommand('help [command]', t.options.helpCommand)
    .configureOutput({
      writeOut: (text) => io.stdout.write(localizeCommander(text, t)),
      writeErr: (text) => io.stderr.write(localizeCommander(text, t)),
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
    const bar = io.stderr.isTTY ? new cliProgress.SingleBar({ stream: io.stderr, format: '{bar} {percentage}% | {status}', hideCursor: true }, cliProgress.Presets.shades_classic) : undefined;
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

  /**
   * Saves a completed job's results: into a folder (`out` ending with a slash, or an existing
   * folder) every file; to a file path the first audio or video file (else the first file).
   */
  async function saveResults(api: VoxworkClient, job: Job, target: string) {
    const folder = target.endsWith('/') || target.endsWith(path.sep) || (await stat(target).then((found) => found.isDirectory(), () => false));
    const files = folder ? job.media : [job.media.find((media) => media.role === 'audio' || media.role === 'video') ?? job.media[0]].filter((file) => file !== undefined);
    if (!files.length) throw new Error(t.noResultFile(job.id));
    if (folder) await mkdir(target, { recursive: true });
    for (const file of files) {
      const destination = folder ? path.join(target, file.name) : target;
      const bytes = await api.downloadResult(job.id, file.name, destination);
      out(t.saved(destination, bytes));
    }
  }

  function finish(job: Job) {
    out(describeJob(job));
    if (job.status === 'failed') {
      err(t.failed(jobFailureText(job, t)));
      process.exitCode = 1;
    } else if (job.status === 'cancelled') process.exitCode = 1;
  }

  async function upload(api: VoxworkClient, file: string, size: number): Promise<Upload> {
    // Large files go resumably (tus), with a progress bar on a terminal.
    if (size <= RESUMABLE_FROM_BYTES) return api.upload(file);
    const bar = io.stderr.isTTY ? new cliProgress.SingleBar({ stream: io.stderr, format: '{bar} {percentage}% | {value}/{total} MB', hideCursor: true }, cliProgress.Presets.shades_classic) : undefined;
    bar?.start(Math.ceil(size / 1e6), 0);
    try {
      return await api.uploadResumable(file, { onProgress: (sent) => bar?.update(Math.floor(sent / 1e6)) });
    } finally {
      bar?.stop();
    }
  }

  const context: CliContext = {
    t,
    client,
    out,
    err,
    async uploadInput(api, input) {
      const found = await stat(input).catch(() => undefined);
      if (!found?.isFile()) {
        if (UUID.test(input)) return { id: input, kind: 'unknown' as Upload['kind'] };
        throw new UsageError(t.tool.noFile(input));
      }
      err(t.tool.uploading(input));
      const uploaded = await upload(api, input, found.size);
      err(t.tool.uploaded(uploaded.id, uploaded.name));
      return uploaded;
    },
    async create(api, idempotencyKey, send) {
      const key = idempotencyKey ?? `vx-cli-${randomUUID()}`;
      for (let attempt = 1; ; attempt++) {
        try {
          const created = await send({ idempotencyKey: key });
          if (created.replayed) err(t.tts.replayed);
          return created;
        } catch (error) {
          // Busy (429/503) or the connection dropped: the same key makes the repeat answer the job the first try may have made.
          const retryable = error instanceof VoxworkApiError ? error.isRetryable : error instanceof TypeError;
          if (!retryable || attempt >= 5) throw error;
          const seconds = Math.max(error instanceof VoxworkApiError ? (error.retryAfterSeconds ?? 0) : 0, 2 ** attempt);
          err(t.tool.retrying(seconds));
          await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
        }
      }
    },
    async settle(api, created, options) {
      if (!options.wait && !options.out) {
        out(describeJob(created.job));
        return created.job;
      }
      const job = await waitWithProgress(api, created.job.id);
      finish(job);
      if (job.status === 'completed' && options.out) await saveResults(api, job, options.out);
      return job;
    },
    async readText(file) {
      return (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
    },
    async readBase64(file) {
      return (await readFile(file)).toString('base64');
    },
    positiveInteger,
    list,
    number,
  };

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
      const created = await context.create(api, options.idempotencyKey, (key) => api.createJob('text-to-speech', body, key));
      const wait = Boolean(options.wait || options.out);
      await context.settle(api, created, { wait, out: options.out ?? (wait ? path.resolve(`${created.job.id}.${options.format}`) : undefined) });
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
      if (job.status === 'completed' && options.out) await saveResults(api, job, options.out);
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
      const { size } = await stat(file);
      const uploaded = await upload(client(), file, size);
      out(t.upload.line(uploaded.id, uploaded.kind, uploaded.bytes, uploaded.durationSeconds, uploaded.name));
    });

  addToolCommands(program, context);
  addSeriesCommands(program, context);

  program
    .command('batch')
    .description(t.batch.description)
    .command('tts <sheet>')
    .description(t.batch.tts)
    .option('--concurrency <n>', t.batch.concurrency, positiveInteger, 4)
    .addOption(new Option('--format <format>', t.batch.format).choices(['mp3', 'wav']).default('mp3'))
    .action(async (sheet: string, options: { concurrency: number; format: 'mp3' | 'wav' }) => {
      const rows = await readTextToSpeechSheet(sheet, { format: options.format }, t.batch);
      if (!rows.length) throw new UsageError(t.batch.noRows(sheet));
      const api = client();
      const bar = io.stderr.isTTY ? new cliProgress.SingleBar({ stream: io.stderr, format: t.batch.bar, hideCursor: true }, cliProgress.Presets.shades_classic) : undefined;
      bar?.start(rows.length, 0, { failed: 0 });
      let finished = 0;
      let failed = 0;
      const summary = await runTextToSpeechBatch(api, rows, {
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

  return program;
}

/** Runs the command line: parses `argv`, runs the command, prints an error as one line (exit code 1, or 2 for a usage error). */
export async function runCli(program: Command, language: CliLanguage, argv: readonly string[] = process.argv): Promise<void> {
  const t = CLI_MESSAGES[language];
  const err = (line: string): void => void process.stderr.write(`${line}\n`);
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof VoxworkApiError) err(t.error(t.apiError(error.message, error.code, error.status)));
    else if (error instanceof VoxworkWaitTimeout) err(t.error(t.waitTimeout(error.job.id, t.status[error.job.status] ?? error.job.status)));
    else if (error instanceof UsageError) {
      err(t.error(error.message));
      process.exitCode = 2;
    } else err(t.error(error instanceof Error ? error.message : String(error)));
    process.exitCode ||= 1;
  }
}
