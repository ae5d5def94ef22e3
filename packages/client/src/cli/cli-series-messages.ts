/**
 * What the `voxwork series` commands (`series-commands.ts`) say, in English and Chinese; part of
 * `CliMessages` (`cli-messages.ts`).
 */
import type { CliLanguage } from './cli-messages.ts';

export interface CliSeriesMessages {
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
}

const en: CliSeriesMessages = {
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
};

const zh: CliSeriesMessages = {
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
};

export const CLI_SERIES_MESSAGES: Record<CliLanguage, CliSeriesMessages> = { en, zh };
