/**
 * What the `voxwork` command says, in English and Chinese (the product's vocabulary, see
 * docs/zh-glossary.md). The language is `--lang`, else `VOXWORK_LANG`, else the terminal's locale
 * (`LC_ALL`, `LC_MESSAGES`, `LANG`: `zh_CN.UTF-8` is Chinese); the server's error messages follow it.
 */
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

export interface CliMessages {
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
  /** What every tool command shares: its input file, waiting, saving, idempotency. */
  tool: {
    input: string;
    wait: string;
    out: string;
    idempotencyKey: string;
    title: string;
    noFile: (file: string) => string;
    uploading: (file: string) => string;
    uploaded: (id: string, name: string) => string;
    created: (key: string) => string;
    retrying: (seconds: number) => string;
    languages: string;
    badList: (value: string) => string;
    badNumber: (value: string) => string;
  };
  speechToSpeech: { description: string; voice: string; denoise: string; keepBackground: string; format: string };
  clone: { description: string; name: string; language: string; consent: string; voiceLine: (key: string, name: string) => string };
  translate: { description: string; from: string; to: string; subtitles: string; subtitlesAre: string; textSource: string; voice: string; badVoice: (value: string) => string; mode: string; speakers: string; background: string; burnSubtitles: string; burnedSubtitles: string; output: string };
  erase: { description: string; region: string; badRegion: (value: string) => string; detect: string; fill: string };
  extract: { description: string; languages: string };
  burnIn: { description: string; subtitles: string; size: string; position: string; look: string; textColor: string; outlineColor: string; bold: string; maxLines: string };
  separate: { description: string; engine: string };
  avatar: {
    description: string;
    avatar: string;
    expression: string;
    photo: string;
    text: string;
    voice: string;
    audio: string;
    background: string;
    layout: string;
    resolution: string;
    captions: string;
    speed: string;
    subjectOnce: string;
    speechOnce: string;
    badBackground: (kind: string) => string;
  };
  dubbing: {
    description: string;
    create: string;
    edition: string;
    from: string;
    to: string;
    translation: string;
    fileOrTranslation: string;
    textSource: string;
    subtitles: string;
    speakers: string;
    projectLine: (id: string, title: string, status: string, languages: string) => string;
    list: string;
    get: string;
    translate: string;
    synthesize: string;
    language: string;
    segments: string;
    segment: string;
    translator: string;
    export: string;
    exportLanguages: string;
    allowOverlap: string;
    formats: string;
    badFormats: (unknown: string, known: string) => string;
  };
  series: {
    description: string;
    create: string;
    source: string;
    target: string;
    glossary: string;
    characters: string;
    badRow: (file: string, line: number, columns: string) => string;
    created: (id: string, name: string, languages: string) => string;
    notFound: (name: string) => string;
    add: string;
    subtitles: string;
    output: string;
    textSource: string;
    noVideos: (input: string) => string;
    quoteLine: (name: string, seconds: number, points: number) => string;
    quoteTotal: (episodes: number, languages: string, points: number) => string;
    noQuote: string;
    added: (episodes: number, points: number) => string;
    status: string;
    header: string[];
    notMeasured: string;
    download: string;
    downloadOut: string;
    saved: (file: string, bytes: number) => string;
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
  tool: {
    input: 'a local file (uploaded first) or the id of an earlier upload',
    wait: 'wait for the job to finish (progress on the terminal)',
    out: 'save the result here (implies --wait): a file, or a folder ending in / for every result file',
    idempotencyKey: 'repeat-safe key: the same key and request answer the same job, charged once (default: a new key per run, kept when the create is retried)',
    title: 'a title for the job (shown in your history)',
    noFile: (file) => `${file} is neither a file nor an upload id`,
    uploading: (file) => `uploading ${file} …`,
    uploaded: (id, name) => `uploaded ${name}: ${id}`,
    created: (key) => `idempotency key ${key}`,
    retrying: (seconds) => `the server is busy: trying again in ${seconds}s with the same idempotency key`,
    languages: 'language tags, comma-separated (en, es, zh, …)',
    badList: (value) => `"${value}" is not a comma-separated list`,
    badNumber: (value) => `"${value}" is not a number`,
  },
  speechToSpeech: {
    description: 'Speech to speech: say a recording again in another voice, keeping its timing.',
    voice: 'the voice to speak with (see `voxwork voices`)',
    denoise: 'clean the recording of noise first',
    keepBackground: 'keep the recording’s background under the new voice',
    format: 'audio format',
  },
  clone: {
    description: 'Voice cloning: make a voice of your own from a recording of it (takes a voice slot; consent required).',
    name: 'the voice’s name',
    language: 'the language spoken in the recording (en, zh, …)',
    consent: 'you confirm that the voice is yours or that its owner agreed to clone it',
    voiceLine: (key, name) => `voice ${name}: ${key}`,
  },
  translate: {
    description: 'Video translation: dub a video into other languages (the text from its speech, its burned-in subtitles or a subtitle file).',
    from: 'the language spoken in the video',
    to: 'the languages to dub into, comma-separated',
    subtitles: 'a subtitle file (SRT, VTT or ASS) with the original lines (sets --text-source subtitle-file)',
    subtitlesAre: 'what the --subtitles file holds: the original lines (source, default) or their translation into the one --to language (translation: spoken as written, no translation engine needed)',
    textSource: 'where the original lines come from',
    voice: 'the voice for a language, as language=voiceKey (repeatable; otherwise the best library voice)',
    badVoice: (value) => `"${value}" is not language=voiceKey`,
    mode: 'quick, or pro (pauses for review in the web app)',
    speakers: 'how many people speak, when you know',
    background: 'how the background is kept under the new voices (`local`, or a separation engine)',
    burnSubtitles: 'draw the translated subtitles into the picture',
    burnedSubtitles: 'the subtitles burned into the video: keep them (default), replace them (erased, the translation drawn where they were, in their style) or bilingual (the translation drawn beside them)',
    output: 'what each language gets: dub (default), subtitles (the original voices with the new subtitles drawn; cheaper) or both',
  },
  erase: {
    description: 'Video erasure: erase subtitles, text or areas from a video (found automatically, or the regions you give).',
    region: 'a rectangle to erase, in pixels: x,y,width,height[,startSeconds,endSeconds] (repeatable; none: found automatically)',
    badRegion: (value) => `"${value}" is not x,y,width,height[,startSeconds,endSeconds]`,
    detect: 'what is found automatically when no region is given',
    fill: 'how the erased pixels are filled',
  },
  extract: {
    description: 'Subtitle extraction: read a video’s burned-in subtitles into SRT, VTT and a transcript.',
    languages: 'the scripts to read, comma-separated (zh, en)',
  },
  burnIn: {
    description: 'Subtitle burn-in: draw a subtitle file (SRT, VTT or ASS) into a video.',
    subtitles: 'the subtitle file',
    size: 'text size',
    position: 'where the subtitles are drawn',
    look: 'an outline around the letters, or a box behind them',
    textColor: 'text colour (#RRGGBB)',
    outlineColor: 'outline colour (#RRGGBB)',
    bold: 'bold letters',
    maxLines: 'most lines per subtitle (longer ones are broken)',
  },
  separate: {
    description: 'Audio separation: split a recording (or a video’s sound) into a voice stem and a background stem.',
    engine: 'the separation engine',
  },
  avatar: {
    description: 'AI avatar video (talking photo): a built-in avatar or a photo speaks a script or a recording.',
    avatar: 'a built-in avatar’s id (e.g. mei)',
    expression: 'the built-in avatar’s expression',
    photo: 'a photo of a face (a local image or an upload id) instead of a built-in avatar',
    text: 'the script to speak (with --voice)',
    voice: 'the voice speaking the script (see `voxwork voices`)',
    audio: 'a recording to lip-sync instead of a script (a local file or an upload id)',
    background: 'a colour (#RRGGBB) or an image or video (a local file or an upload id)',
    layout: 'the video’s shape',
    resolution: 'the video’s height in pixels',
    captions: 'no captions in the picture',
    speed: 'speaking rate of the script (0.5 to 2)',
    subjectOnce: 'give exactly one of --avatar or --photo',
    speechOnce: 'give either --text with --voice, or --audio',
    badBackground: (kind) => `a background must be a colour, an image or a video, not ${kind}`,
  },
  dubbing: {
    description: 'Dubbing projects: create one from a video or audio (or a finished video translation), translate, speak, export.',
    create: 'Create a project; with --wait, wait until its lines are prepared.',
    edition: 'studio (one language) or pro (several)',
    from: 'the language spoken in the file',
    to: 'the languages to dub into, comma-separated',
    translation: 'make the project from this finished video translation job instead of a file',
    fileOrTranslation: 'give either a file (or upload id) or --translation, not both',
    textSource: 'where the original lines come from (none: type them in the web app)',
    subtitles: 'a subtitle file with the original lines (sets --text-source subtitle-file)',
    speakers: 'how many people speak, when you know',
    projectLine: (id, title, status, languages) => `${id}  ${status}  languages ${languages}  ${title}`.trimEnd(),
    list: 'List your projects, newest first.',
    get: 'Print a project as JSON (segments, translations, takes).',
    translate: 'Translate the project’s lines into one of its languages (a job).',
    synthesize: 'Speak the project’s lines in one of its languages (a job).',
    language: 'one of the project’s languages',
    segments: 'which lines: all, or changed (not translated or spoken since their last change)',
    segment: 'only this line (its id; repeatable)',
    translator: 'the translation engine (default: the first that translates the pair)',
    export: 'Export languages of the project: video, audio, stems, subtitles, project (a job; --out saves the files).',
    exportLanguages: 'the languages to export, comma-separated (default: all of the project’s)',
    allowOverlap: 'export even where a take runs past its segment’s end: it plays over what follows (without this, such a project is refused and the segments are named)',
    formats: 'what to export, comma-separated',
    badFormats: (unknown, known) => `cannot export ${unknown}: choose from ${known}`,
  },
  series: {
    description: 'Series: a drama’s glossary, characters and voices, its episodes run as video translations, the season board and the season zip.',
    create: 'Create a series.',
    source: 'the language the series is spoken in',
    target: 'the languages to localise into, comma-separated',
    glossary: 'a CSV of terms: source,target[,language] (no language: every target language)',
    characters: 'a CSV of characters: name,gender[,one column per target language holding its voice key]',
    badRow: (file, line, columns) => `${file}, line ${line}: needs ${columns}`,
    created: (id, name, languages) => `created ${name} (${id}): ${languages}`,
    notFound: (name) => `no series named or with the id "${name}"`,
    add: 'Add episodes: every video of a folder in name order, or the files given; quoted first, the cost printed, then started.',
    subtitles: 'the subtitles burned into the videos: keep them (default), replace them, or bilingual',
    output: 'what each language gets: dub (default), subtitles (cheaper) or both',
    textSource: 'where each episode’s lines come from',
    noVideos: (input) => `no video files in ${input}`,
    quoteLine: (name, seconds, points) => `${name}  ${seconds.toFixed(1)} s  ${points} points`,
    quoteTotal: (episodes, languages, points) => `${episodes} episodes × ${languages}: ${points} points`,
    noQuote: 'this server gives no quote for series episodes; the points frozen are printed once they are added',
    added: (episodes, points) => `${episodes} episodes added, ${points} points frozen`,
    status: 'The season board: each episode and language with status, cost and quality signals.',
    header: ['ep', 'title', 'language', 'status', 'progress', 'points', 'sped up', 'over slot', 'glossary', 'text left', 'drift s'],
    notMeasured: '-',
    download: 'Download the season as a zip: every finished episode’s videos and subtitle files.',
    downloadOut: 'the zip file (default: the series name .zip)',
    saved: (file, bytes) => `saved ${file} (${bytes} bytes)`,
  },
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
  tool: {
    input: '本地文件（先上传）或之前上传的 ID',
    wait: '等待任务完成（终端上显示进度）',
    out: '把结果保存到这里（隐含 --wait）：一个文件，或以 / 结尾的文件夹（保存全部结果文件）',
    idempotencyKey: '可安全重试的键：同一个键和请求返回同一个任务，只扣一次积分（默认每次运行一个新键，重试创建时沿用）',
    title: '任务标题（显示在历史记录中）',
    noFile: (file) => `${file} 既不是文件，也不是上传 ID`,
    uploading: (file) => `正在上传 ${file} …`,
    uploaded: (id, name) => `已上传 ${name}：${id}`,
    created: (key) => `幂等键 ${key}`,
    retrying: (seconds) => `服务器繁忙：${seconds} 秒后用同一个幂等键重试`,
    languages: '语言代码，用逗号分隔（en、es、zh 等）',
    badList: (value) => `“${value}”不是用逗号分隔的列表`,
    badNumber: (value) => `“${value}”不是数字`,
  },
  speechToSpeech: {
    description: '语音转语音：用另一个声音重说一段录音，保持原有节奏。',
    voice: '要使用的声音（见 `voxwork voices`）',
    denoise: '先去除录音中的噪声',
    keepBackground: '在新声音下保留录音的背景音',
    format: '音频格式',
  },
  clone: {
    description: '声音克隆：用一段录音做出你自己的声音（占用一个声音名额，须经同意）。',
    name: '声音名称',
    language: '录音所说的语言（en、zh 等）',
    consent: '你确认这是你自己的声音，或声音的主人已同意克隆',
    voiceLine: (key, name) => `声音 ${name}：${key}`,
  },
  translate: {
    description: '视频翻译：把视频配音成其他语言（原文来自语音、画面中的字幕或字幕文件）。',
    from: '视频所说的语言',
    to: '要配音成的语言，用逗号分隔',
    subtitles: '含原文台词的字幕文件（`SRT`、`VTT` 或 `ASS`；相当于 --text-source subtitle-file）',
    subtitlesAre: '--subtitles 文件的内容：原文台词（`source`，默认），或已译成唯一 --to 语言的译文（`translation`：按原文朗读，无需翻译引擎）',
    textSource: '原文台词的来源',
    voice: '某种语言使用的声音，写作 `language=voiceKey`（可重复；未指定时自动选用声音库中最合适的声音）',
    badVoice: (value) => `“${value}”不是 \`language=voiceKey\` 的形式`,
    mode: '快速（`quick`），或专业（`pro`，在网页中暂停等待审校）',
    speakers: '说话人数（已知时填写）',
    background: '新声音下如何保留背景音（`local`，或某个分离引擎）',
    burnSubtitles: '把译文字幕画进画面',
    burnedSubtitles: '视频中烧录的字幕：保留（`keep`，默认）、替换（`replace`：擦除原字幕，按原样式把译文画在原位置）或双语（`bilingual`：把译文画在原字幕旁）',
    output: '每种语言得到什么：配音（`dub`，默认）、字幕（`subtitles`：保留原声，画上新字幕；价格更低）或两者（`both`）',
  },
  erase: {
    description: '视频擦除：擦除视频中的字幕、文字或区域（自动查找，或按你给出的区域）。',
    region: '要擦除的矩形（像素）：`x,y,width,height[,startSeconds,endSeconds]`（可重复；不给则自动查找）',
    badRegion: (value) => `“${value}”不是 \`x,y,width,height[,startSeconds,endSeconds]\` 的形式`,
    detect: '未给出区域时自动查找的内容',
    fill: '擦除处像素的填充方式',
  },
  extract: {
    description: '字幕提取：把视频画面中的字幕读成 `SRT`、`VTT` 和文字稿。',
    languages: '要识别的文字，用逗号分隔（zh、en）',
  },
  burnIn: {
    description: '字幕压制：把字幕文件（`SRT`、`VTT` 或 `ASS`）画进视频。',
    subtitles: '字幕文件',
    size: '字号',
    position: '字幕的位置',
    look: '文字描边，或文字后面的底框',
    textColor: '文字颜色（`#RRGGBB`）',
    outlineColor: '描边颜色（`#RRGGBB`）',
    bold: '粗体',
    maxLines: '每条字幕最多几行（更长的会被折行）',
  },
  separate: {
    description: '音频分离：把一段录音（或视频的声音）分成人声和背景音两轨。',
    engine: '分离引擎',
  },
  avatar: {
    description: '数字人视频（照片说话）：内置数字人或一张照片说出一段脚本或一段录音。',
    avatar: '内置数字人的 ID（例如 `mei`）',
    expression: '内置数字人的表情',
    photo: '一张人脸照片（本地图片或上传 ID），代替内置数字人',
    text: '要说的脚本（与 --voice 一起使用）',
    voice: '朗读脚本的声音（见 `voxwork voices`）',
    audio: '用一段录音对口型，代替脚本（本地文件或上传 ID）',
    background: '颜色（`#RRGGBB`），或图片、视频（本地文件或上传 ID）',
    layout: '视频画幅',
    resolution: '视频高度（像素）',
    captions: '画面中不加字幕',
    speed: '脚本的语速（0.5 到 2）',
    subjectOnce: '请只给出 --avatar 或 --photo 其中之一',
    speechOnce: '请给出 --text 加 --voice，或者 --audio',
    badBackground: (kind) => `背景须为颜色、图片或视频，而不是 ${kind}`,
  },
  dubbing: {
    description: '配音项目：从视频或音频（或已完成的视频翻译）创建，然后翻译、配音、导出。',
    create: '创建项目；加 --wait 时等待台词准备完成。',
    edition: '工作室版 `studio`（一种语言）或专业版 `pro`（多种语言）',
    from: '文件所说的语言',
    to: '要配音成的语言，用逗号分隔',
    translation: '从这个已完成的视频翻译任务创建项目，而不是从文件',
    fileOrTranslation: '请给出文件（或上传 ID）或 --translation，二者只能选一',
    textSource: '原文台词的来源（`none`：在网页中手动输入）',
    subtitles: '含原文台词的字幕文件（相当于 --text-source subtitle-file）',
    speakers: '说话人数（已知时填写）',
    projectLine: (id, title, status, languages) => `${id}  ${{ preparing: '准备中', ready: '就绪', failed: '失败' }[status] ?? status}  语言 ${languages}  ${title}`.trimEnd(),
    list: '列出你的项目，最新的在前。',
    get: '以 JSON 显示一个项目（台词、译文、配音）。',
    translate: '把项目的台词翻译成项目的某种语言（一个任务）。',
    synthesize: '用项目的某种语言为台词配音（一个任务）。',
    language: '项目的语言之一',
    segments: '哪些台词：全部（`all`），或有改动的（`changed`：改动后尚未翻译或配音）',
    segment: '只处理这一句台词（台词 ID；可重复）',
    translator: '翻译引擎（默认：第一个能翻译这对语言的引擎）',
    export: '导出项目的语言：视频、音频、分轨、字幕、项目文件（一个任务；--out 保存文件）。',
    exportLanguages: '要导出的语言，用逗号分隔（默认：项目的全部语言）',
    allowOverlap: '即使有配音超出片段结束时间也导出：它会与后面的内容重叠播放（不加此项时，这样的项目会被拒绝，并列出相关片段）',
    formats: '要导出的内容，用逗号分隔',
    badFormats: (unknown, known) => `无法导出 ${unknown}：可选 ${known}`,
  },
  series: {
    description: '剧集：一部剧的术语表、角色与配音，每一集按视频翻译运行，以及整季看板与整季压缩包。',
    create: '新建剧集。',
    source: '剧集原本使用的语言',
    target: '要本地化成的语言，用逗号分隔',
    glossary: '术语表 CSV：`source,target[,language]`（不填语言：所有目标语言）',
    characters: '角色 CSV：`name,gender`，再加每个目标语言一列，填该语言的 voice key',
    badRow: (file, line, columns) => `${file} 第 ${line} 行：需要 ${columns}`,
    created: (id, name, languages) => `已创建 ${name}（${id}）：${languages}`,
    notFound: (name) => `没有名为或编号为“${name}”的剧集`,
    add: '添加剧集：文件夹中的所有视频按文件名排序，或所给的文件；先报价并显示积分，再开始。',
    subtitles: '视频中烧录的字幕：保留（默认）、替换，或双语',
    output: '每种语言得到什么：配音（默认）、仅字幕（更便宜）或两者',
    textSource: '每一集的台词从哪里来',
    noVideos: (input) => `${input} 中没有视频文件`,
    quoteLine: (name, seconds, points) => `${name}  ${seconds.toFixed(1)} 秒  ${points} 积分`,
    quoteTotal: (episodes, languages, points) => `${episodes} 集 × ${languages}：${points} 积分`,
    noQuote: '此服务器不提供剧集报价；添加后会显示冻结的积分',
    added: (episodes, points) => `已添加 ${episodes} 集，冻结 ${points} 积分`,
    status: '整季看板：每一集每种语言的状态、费用与质量信号。',
    header: ['集', '标题', '语言', '状态', '进度', '积分', '加速', '超出时段', '术语', '残留文字', '漂移 秒'],
    notMeasured: '未测',
    download: '下载整季压缩包：每一集已完成的视频与字幕文件。',
    downloadOut: '压缩包文件（默认：以剧集名命名的 `.zip`）',
    saved: (file, bytes) => `已保存 ${file}（${bytes} 字节）`,
  },
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
