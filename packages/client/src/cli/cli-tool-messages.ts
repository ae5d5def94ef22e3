/**
 * What the tool commands (`tool-commands.ts`: speech to speech, cloning, video translation, erasure,
 * subtitle extraction and burn-in, separation, avatars, dubbing) say, in English and Chinese; part of
 * `CliMessages` (`cli-messages.ts`).
 */
import type { CliLanguage } from './cli-messages.ts';

export interface CliToolMessages {
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
}

const en: CliToolMessages = {
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
};

const zh: CliToolMessages = {
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
};

export const CLI_TOOL_MESSAGES: Record<CliLanguage, CliToolMessages> = { en, zh };
