/**
 * What the `voxwork` command says, in English and Chinese (the product's vocabulary, see
 * docs/zh-glossary.md). The language is `--lang`, else `VOXWORK_LANG`, else the terminal's locale
 * (`LC_ALL`, `LC_MESSAGES`, `LANG`: `zh_CN.UTF-8` is Chinese); the server's error messages follow it.
 * The tool commands' messages are in `cli-tool-messages.ts`, the series commands' in
 * `cli-series-messages.ts`; this file holds the rest and joins them.
 */
import { CLI_SERIES_MESSAGES, type CliSeriesMessages } from './cli-series-messages.ts';
import { CLI_TOOL_MESSAGES, type CliToolMessages } from './cli-tool-messages.ts';

export type CliLanguage = 'en' | 'zh';

/** `--lang zh` / `--lang=zh` on the command line, then the environment. */
export function cliLanguage(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): CliLanguage {
  let chosen: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === '--lang') chosen = argv[index + 1];
    else if (arg.startsWith('--lang=')) chosen = arg.slice('--lang='.length);
  }
  chosen ??= env.VOXWORK_LANG || env.LC_ALL || env.LC_MESSAGES || env.LANG;
  return chosen?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

interface JobLine {
  id: string;
  status: string;
  progress: number;
  type: string;
  cost: number;
  title: string;
}

export interface CliMessages extends CliToolMessages, CliSeriesMessages {
  program: string;
  options: { apiKey: string; baseUrl: string; lang: string; version: string; help: string; helpCommand: string };
  noApiKey: string;
  wholeNumber: string;
  jobLine: (job: JobLine) => string;
  status: Record<string, string>;
  noResultFile: (jobId: string) => string;
  saved: (file: string, bytes: number) => string;
  failed: (message: string) => string;
  /** A failed job's error: the server's message (in the language asked) and its catalogue code. */
  jobError: (message: string, code: number) => string;
  unknownError: string;
  tts: { description: string; voice: string; text: string; textFile: string; format: string; out: string; wait: string; idempotencyKey: string; textOnce: string; replayed: string };
  jobs: { description: string; get: string; list: string; tool: string; status: string; page: string; pageSize: string; cancel: string; wait: string; waitOut: string; counted: (shown: number, total: number, page: number) => string };
  voices: { description: string; language: string; query: string; page: string; pageSize: string; counted: (shown: number, total: number) => string };
  balance: { description: string; line: (plan: string, available: number, frozen: number, total: number) => string };
  upload: { description: string; line: (id: string, kind: string, bytes: number, seconds: number | null | undefined, name: string) => string };
  batch: {
    description: string;
    tts: string;
    concurrency: string;
    format: string;
    bar: string;
    noRows: (sheet: string) => string;
    rowDone: (row: number, replayed: boolean, file: string) => string;
    rowFailed: (row: number, error: string) => string;
    summary: (done: number, failed: number, points: number, replayed: number) => string;
    missingColumn: (column: string, columns: string) => string;
    badFormat: (row: number, format: string) => string;
    unclosedQuote: (line: number) => string;
    noResultFile: string;
    jobEnded: (status: string) => string;
  };
  apiError: (message: string, code: number, status: number) => string;
  waitTimeout: (jobId: string, status: string) => string;
  error: (message: string) => string;
  /** Commander's own words (headings and usage errors), by their English pattern. */
  commander: Array<[RegExp, string]>;
}

const en: CliMessages = {
  program: 'The Voxwork API from the command line: every tool (text to speech, speech to speech, voice cloning, video translation, dubbing, avatars, erasure, subtitle extraction and burn-in, audio separation), jobs, voices, balance, uploads, and batches from a CSV sheet.',
  options: {
    apiKey: 'API key (vx_live_…) from the account page',
    baseUrl: 'the Voxwork server',
    lang: 'language of messages (en or zh)',
    version: 'print the version',
    help: 'show help',
    helpCommand: 'show help for a command',
  },
  noApiKey: 'no API key: set VOXWORK_API_KEY or pass --api-key (create one in the account page, under API keys)',
  wholeNumber: 'a whole number of 1 or more',
  jobLine: (job) => `${job.id}  ${job.status}${job.status === 'running' ? ` ${Math.round(job.progress)}%` : ''}  ${job.type}  cost ${job.cost}  ${job.title}`.trimEnd(),
  status: { queued: 'queued', running: 'running', paused: 'paused', completed: 'completed', failed: 'failed', cancelled: 'cancelled' },
  noResultFile: (jobId) => `job ${jobId} has no result file`,
  saved: (file, bytes) => `saved ${file} (${bytes} bytes)`,
  failed: (message) => `failed: ${message}`,
  jobError: (message, code) => `${message} (code ${code})`,
  unknownError: 'unknown error',
  tts: {
    description: 'Create a text-to-speech job; with --wait or --out, wait for it and save the audio.',
    voice: 'voice key (see `voxwork voices`)',
    text: 'the text to speak',
    textFile: 'read the text from a UTF-8 file',
    format: 'audio format',
    out: 'save the audio here (implies --wait)',
    wait: 'wait for the job to finish',
    idempotencyKey: 'repeat-safe key: the same key and text answer the same job, charged once',
    textOnce: 'give the text with exactly one of --text or --text-file',
    replayed: '(same idempotency key as an earlier request: that job, not charged again)',
  },
  jobs: {
    description: 'Your jobs: get, list, cancel, wait.',
    get: 'Print a job as JSON.',
    list: 'List your jobs, newest first.',
    tool: 'only this tool’s jobs (text-to-speech, speech-to-speech, …)',
    status: 'only jobs with this status',
    page: 'page',
    pageSize: 'jobs per page (at most 100)',
    cancel: 'Cancel a queued or running job (its frozen points are released).',
    wait: 'Wait for a job to finish (progress on the terminal); --out saves its result.',
    waitOut: 'save the result file here (a path ending in / is a folder)',
    counted: (shown, total, page) => `${shown} of ${total} (page ${page})`,
  },
  voices: {
    description: 'List voices: key, name, language, gender, engine.',
    language: 'only voices speaking this language (en, zh, en-us, …)',
    query: 'search names and descriptions',
    page: 'page',
    pageSize: 'voices per page (at most 100)',
    counted: (shown, total) => `${shown} of ${total}`,
  },
  balance: {
    description: 'Your plan and points.',
    line: (plan, available, frozen, total) => `plan ${plan}: ${available} points available, ${frozen} frozen by running jobs, ${total} in total`,
  },
  upload: {
    description: 'Upload a file (audio, video or image); prints the upload id that tools take as uploadId. Files over 16 MiB go resumably.',
    line: (id, kind, bytes, seconds, name) => `${id}  ${kind}  ${bytes} bytes${seconds ? `  ${seconds}s` : ''}  ${name}`,
  },
  batch: {
    description: 'Batches from a CSV sheet.',
    tts: 'One text-to-speech job per row (columns: text, voice, optional filename and format); results are written next to the sheet. Re-running a sheet charges nothing twice.',
    concurrency: 'rows at a time',
    format: 'format of rows without one',
    bar: '{bar} {value}/{total} rows | {failed} failed',
    noRows: (sheet) => `${sheet} has no rows below its header`,
    rowDone: (row, replayed, file) => `row ${row}: done${replayed ? ' (made earlier, not charged again)' : ''} → ${file}`,
    rowFailed: (row, error) => `row ${row}: failed: ${error}`,
    summary: (done, failed, points, replayed) => `${done} done, ${failed} failed, ${points} points spent${replayed ? ` (${replayed} rows made by an earlier run, not charged again)` : ''}`,
    missingColumn: (column, columns) => `the sheet has no "${column}" column (columns: ${columns || 'none'})`,
    badFormat: (row, format) => `row ${row}: format must be mp3 or wav, not "${format}"`,
    unclosedQuote: (line) => `CSV: a quoted field opened on line ${line} is never closed`,
    noResultFile: 'the job has no result file',
    jobEnded: (status) => `job ${status}`,
  },
  ...CLI_TOOL_MESSAGES.en,
  ...CLI_SERIES_MESSAGES.en,
  apiError: (message, code, status) => `${message} (code ${code}, HTTP ${status})`,
  waitTimeout: (jobId, status) => `job ${jobId} is still ${status} after the wait`,
  error: (message) => `error: ${message}`,
  commander: [],
};

const zh: CliMessages = {
  program: '命令行里的 Voxwork API：所有工具（文本转语音、语音转语音、声音克隆、视频翻译、配音、数字人、视频擦除、字幕提取与压制、音频分离），以及任务、声音、积分余额、上传和按 CSV 表格批量生成。',
  options: {
    apiKey: 'API 密钥（vx_live_…），在账户页面创建',
    baseUrl: 'Voxwork 服务器地址',
    lang: '提示语言（en 或 zh）',
    version: '显示版本号',
    help: '显示帮助',
    helpCommand: '显示某个命令的帮助',
  },
  noApiKey: '没有 API 密钥：请设置 VOXWORK_API_KEY 或使用 --api-key（在账户页面的“API 密钥”中创建）',
  wholeNumber: '须为 1 或更大的整数',
  jobLine: (job) => `${job.id}  ${job.status}${job.status === '运行中' ? ` ${Math.round(job.progress)}%` : ''}  ${job.type}  费用 ${job.cost} 积分  ${job.title}`.trimEnd(),
  status: { queued: '排队中', running: '运行中', paused: '已暂停', completed: '已完成', failed: '失败', cancelled: '已取消' },
  noResultFile: (jobId) => `任务 ${jobId} 没有结果文件`,
  saved: (file, bytes) => `已保存 ${file}（${bytes} 字节）`,
  failed: (message) => `失败：${message}`,
  jobError: (message, code) => `${message}（错误码 ${code}）`,
  unknownError: '未知错误',
  tts: {
    description: '创建文本转语音任务；加 --wait 或 --out 时等待任务完成并保存音频。',
    voice: '声音的 key（见 `voxwork voices`）',
    text: '要朗读的文本',
    textFile: '从 UTF-8 文件读取文本',
    format: '音频格式',
    out: '把音频保存到这里（隐含 --wait）',
    wait: '等待任务完成',
    idempotencyKey: '可安全重试的键：同一个键和文本返回同一个任务，只扣一次积分',
    textOnce: '请只用 --text 或 --text-file 其中之一给出文本',
    replayed: '（与之前的请求使用同一个幂等键：返回那个任务，不再扣积分）',
  },
  jobs: {
    description: '你的任务：查看、列出、取消、等待。',
    get: '以 JSON 显示一个任务。',
    list: '列出你的任务，最新的在前。',
    tool: '只看这个工具的任务（text-to-speech、speech-to-speech 等）',
    status: '只看这个状态的任务',
    page: '页码',
    pageSize: '每页任务数（最多 100）',
    cancel: '取消排队中或运行中的任务（冻结的积分随即释放）。',
    wait: '等待任务完成（终端上显示进度）；--out 保存结果。',
    waitOut: '把结果文件保存到这里（以 / 结尾表示文件夹）',
    counted: (shown, total, page) => `共 ${total} 个，显示 ${shown} 个（第 ${page} 页）`,
  },
  voices: {
    description: '列出声音：key、名称、语言、性别、引擎。',
    language: '只看说这种语言的声音（en、zh、en-us 等）',
    query: '搜索名称和描述',
    page: '页码',
    pageSize: '每页声音数（最多 100）',
    counted: (shown, total) => `共 ${total} 个，显示 ${shown} 个`,
  },
  balance: {
    description: '你的套餐和积分。',
    line: (plan, available, frozen, total) => `套餐 ${plan}：可用 ${available} 积分，运行中的任务冻结 ${frozen} 积分，合计 ${total} 积分`,
  },
  upload: {
    description: '上传文件（音频、视频或图片），显示上传 ID，工具以 uploadId 使用它。超过 16 MiB 的文件使用断点续传。',
    line: (id, kind, bytes, seconds, name) => `${id}  ${{ audio: '音频', video: '视频', image: '图片' }[kind] ?? kind}  ${bytes} 字节${seconds ? `  ${seconds} 秒` : ''}  ${name}`,
  },
  batch: {
    description: '按 CSV 表格批量生成。',
    tts: '每行一个文本转语音任务（列：text、voice，可选 filename 和 format）；结果写在表格旁边。再次运行同一个表格不会重复扣积分。',
    concurrency: '同时处理的行数',
    format: '没有写格式的行使用的格式',
    bar: '{bar} {value}/{total} 行 | 失败 {failed} 行',
    noRows: (sheet) => `${sheet} 的表头下面没有数据行`,
    rowDone: (row, replayed, file) => `第 ${row} 行：完成${replayed ? '（之前已生成，不再扣积分）' : ''} → ${file}`,
    rowFailed: (row, error) => `第 ${row} 行：失败：${error}`,
    summary: (done, failed, points, replayed) => `完成 ${done} 行，失败 ${failed} 行，花费 ${points} 积分${replayed ? `（其中 ${replayed} 行由之前的运行生成，不再扣积分）` : ''}`,
    missingColumn: (column, columns) => `表格没有“${column}”列（现有的列：${columns || '无'}）`,
    badFormat: (row, format) => `第 ${row} 行：格式须为 mp3 或 wav，而不是“${format}”`,
    unclosedQuote: (line) => `CSV：第 ${line} 行开始的引号字段没有闭合`,
    noResultFile: '任务没有结果文件',
    jobEnded: (status) => `任务${status}`,
  },
  ...CLI_TOOL_MESSAGES.zh,
  ...CLI_SERIES_MESSAGES.zh,
  apiError: (message, code, status) => `${message}（错误码 ${code}，HTTP ${status}）`,
  waitTimeout: (jobId, status) => `等待结束时任务 ${jobId} 仍是“${status}”状态`,
  error: (message) => `错误：${message}`,
  commander: [
    [/^Usage: /gm, '用法：'],
    [/\[options\]/g, '[选项]'],
    [/\[command\]/g, '[命令]'],
    [/, env:(\s+)/g, '，环境变量：$1'],
    [/^Options:$/gm, '选项：'],
    [/^Commands:$/gm, '命令：'],
    [/^Arguments:$/gm, '参数：'],
    [/\(default: ([^)]*)\)/g, '（默认：$1）'],
    [/\(choices: ([^)]*)\)/g, '（可选：$1）'],
    [/\(env: ([^)]*)\)/g, '（环境变量：$1）'],
    [/, default: /g, '，默认：'],
    [/^error: required option '([^']+)' not specified$/gm, "错误：缺少必填选项 '$1'"],
    [/^error: unknown option '([^']+)'$/gm, "错误：未知选项 '$1'"],
    [/^error: unknown command '([^']+)'$/gm, "错误：未知命令 '$1'"],
    [/^error: missing required argument '([^']+)'$/gm, "错误：缺少参数 '$1'"],
    [/^error: too many arguments.*$/gm, '错误：参数过多'],
    [/^error: option '([^']+)' argument missing$/gm, "错误：选项 '$1' 缺少取值"],
    [/^error: option '([^']+)' argument '([^']*)' is invalid\. Allowed choices are (.*)\.$/gm, "错误：选项 '$1' 的取值 '$2' 无效，可选：$3。"],
    [/^error: option '([^']+)' argument '([^']*)' is invalid\. (.*)$/gm, "错误：选项 '$1' 的取值 '$2' 无效：$3"],
    [/^\(add --help for additional information\)$/gm, '（加 --help 查看更多说明）'],
  ],
};

export const CLI_MESSAGES: Record<CliLanguage, CliMessages> = { en, zh };

/** Commander's own output in the chosen language. */
export function localizeCommander(text: string, messages: CliMessages): string {
  return messages.commander.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}
