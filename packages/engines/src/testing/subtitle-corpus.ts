/**
 * The subtitle corpus (issue 27): short 720p clips with burned-in subtitles wherever videos put
 * them, made by ffmpeg's drawtext with fonts from Debian packages, from ONE table (`CORPUS`) in
 * which a new case is one line. Each clip knows its truth: the cues (text, start, end; a line feed
 * is a second row, drawn as its own line) and the on-screen texts that are distractors (logo,
 * sign, title card, timecode, frame counter). Clips are made once and cached under the system's
 * temp folder in a folder named by the hash of the table and the generator's version, so tests
 * and the benchmark of one run share them.
 *
 * Fonts: fonts-wqy-zenhei, fonts-wqy-microhei, fonts-arphic-ukai, fonts-dejavu-core (see
 * scripts/bootstrap.sh's TEST_PACKAGES).
 */
import { createHash } from 'node:crypto';
import { access, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DetectedTextBox, SubtitleTrackCandidate } from '../capabilities/text-detector.ts';
import { scriptLanguage } from '../ppocr/subtitle-tracks.ts';
import { comparableText, textSimilarity } from '../ppocr/text-lines.ts';
import { renderTextOverBackground, type SubtitleCue } from './generated-subtitles.ts';
import { scoreSubtitles } from './subtitle-score.ts';

export const CORPUS_FONTS = {
  zenhei: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
  microhei: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  ukai: '/usr/share/fonts/truetype/arphic/ukai.ttc',
  sans: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  serif: '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf',
  mono: '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf',
} as const;
type Font = keyof typeof CORPUS_FONTS;

type Orientation = '16:9' | '9:16';
type Colour = 'white' | 'yellow' | 'cyan';
type Look = 'outline' | 'shadow' | 'box';
/** What the cues say: Chinese, English, Chinese over English (two tracks), two Chinese rows, lines filling 95 % of the width, or nothing. */
type Script = 'zh' | 'en' | 'zh+en' | 'zh-2rows' | 'zh-wide' | 'en-wide' | 'none';
type Background = 'colour' | 'bars' | 'panning' | 'cellauto' | 'life' | 'gradients';
type Distractor = 'timecode' | 'frame-counter' | 'logo' | 'title-card' | 'shop-sign';

export interface CorpusRow {
  name: string;
  orientation: Orientation;
  /** Centre of the subtitle block, share of the picture's height (0.1–0.9). */
  centre: number;
  colour: Colour;
  look: Look;
  /** Glyph height (font size) in pixels at 720p. */
  glyph: number;
  font: Font;
  script: Script;
  background: Background;
  distractors: readonly Distractor[];
  seconds: number;
  /** Which set of cue timings (0–3). */
  timing: number;
}

// name | orientation | centre | colour | look | glyph | font | script | background | distractors | seconds | timing
const row = (name: string, orientation: Orientation, centre: number, colour: Colour, look: Look, glyph: number, font: Font, script: Script, background: Background, distractors: readonly Distractor[] = [], seconds = 6, timing = 0): CorpusRow => ({ name, orientation, centre, colour, look, glyph, font, script, background, distractors, seconds, timing });

/** The table: one line per clip. */
export const CORPUS: readonly CorpusRow[] = [
  row('bottom-white-outline', '16:9', 0.88, 'white', 'outline', 40, 'zenhei', 'zh', 'bars'),
  row('top-white-outline', '16:9', 0.1, 'white', 'outline', 36, 'zenhei', 'zh', 'colour', [], 5, 1),
  row('mid-16x9-yellow-shadow', '16:9', 0.5, 'yellow', 'shadow', 40, 'microhei', 'zh', 'cellauto', [], 6, 2),
  row('mid-9x16-above-centre', '9:16', 0.42, 'white', 'outline', 44, 'zenhei', 'zh', 'panning', [], 6, 0),
  row('9x16-above-buttons', '9:16', 0.72, 'yellow', 'outline', 40, 'zenhei', 'zh', 'gradients', [], 7, 3),
  row('9x16-low-cyan', '9:16', 0.85, 'cyan', 'outline', 36, 'microhei', 'zh', 'bars', [], 5, 1),
  row('9x16-high-box', '9:16', 0.2, 'white', 'box', 40, 'zenhei', 'zh', 'colour', [], 6, 2),
  row('16x9-60pc-box', '16:9', 0.6, 'white', 'box', 36, 'zenhei', 'zh', 'cellauto', [], 6, 0),
  row('16x9-30pc-cyan-shadow', '16:9', 0.3, 'cyan', 'shadow', 32, 'microhei', 'zh', 'panning', [], 7, 3),
  row('16x9-70pc-brush', '16:9', 0.7, 'white', 'outline', 48, 'ukai', 'zh', 'bars', [], 6, 1),
  row('9x16-brush-yellow', '9:16', 0.65, 'yellow', 'outline', 44, 'ukai', 'zh', 'life', [], 6, 2),
  row('glyph-24-bottom', '16:9', 0.9, 'white', 'outline', 24, 'zenhei', 'zh', 'colour', [], 5, 0),
  row('glyph-72-mid', '16:9', 0.45, 'white', 'outline', 72, 'zenhei', 'zh', 'bars', [], 7, 3),
  row('glyph-28-9x16-mid', '9:16', 0.55, 'white', 'box', 28, 'microhei', 'zh', 'panning', [], 5, 1),
  row('english-sans-bottom', '16:9', 0.85, 'white', 'outline', 40, 'sans', 'en', 'panning', [], 6, 0),
  row('english-serif-mid', '16:9', 0.5, 'yellow', 'shadow', 40, 'serif', 'en', 'cellauto', [], 6, 2),
  row('english-9x16-box', '9:16', 0.6, 'white', 'box', 32, 'sans', 'en', 'gradients', [], 6, 1),
  row('english-mid-logo', '16:9', 0.55, 'white', 'outline', 40, 'sans', 'en', 'panning', ['logo'], 6, 0),
  row('wide-zh-bottom', '16:9', 0.88, 'white', 'outline', 64, 'zenhei', 'zh-wide', 'bars', [], 6, 0),
  row('wide-en-bottom', '16:9', 0.86, 'white', 'outline', 36, 'mono', 'en-wide', 'panning', [], 6, 2),
  row('wide-zh-9x16', '9:16', 0.7, 'yellow', 'outline', 36, 'zenhei', 'zh-wide', 'colour', [], 5, 1),
  row('two-rows-bottom', '16:9', 0.84, 'white', 'outline', 36, 'zenhei', 'zh-2rows', 'bars', [], 7, 3),
  row('two-rows-9x16-mid', '9:16', 0.5, 'white', 'box', 36, 'microhei', 'zh-2rows', 'cellauto', [], 6, 0),
  row('bilingual-bottom', '16:9', 0.84, 'white', 'outline', 40, 'zenhei', 'zh+en', 'panning', [], 6, 1),
  row('bilingual-9x16-mid', '9:16', 0.6, 'yellow', 'outline', 36, 'zenhei', 'zh+en', 'gradients', [], 6, 2),
  row('distractor-timecode', '16:9', 0.85, 'white', 'outline', 40, 'zenhei', 'zh', 'colour', ['timecode'], 6, 0),
  row('distractor-frame-counter', '9:16', 0.45, 'white', 'outline', 40, 'zenhei', 'zh', 'bars', ['frame-counter'], 6, 1),
  row('distractor-logo', '16:9', 0.5, 'white', 'outline', 40, 'zenhei', 'zh', 'cellauto', ['logo'], 6, 2),
  row('distractor-title-card', '16:9', 0.8, 'white', 'outline', 40, 'zenhei', 'zh', 'panning', ['title-card'], 7, 3),
  row('distractor-shop-sign', '9:16', 0.7, 'white', 'outline', 40, 'zenhei', 'zh', 'gradients', ['shop-sign'], 6, 0),
  row('distractors-all-mid', '16:9', 0.4, 'yellow', 'shadow', 40, 'microhei', 'zh', 'bars', ['timecode', 'logo', 'shop-sign', 'title-card'], 7, 1),
  row('distractors-9x16-all', '9:16', 0.62, 'white', 'box', 36, 'zenhei', 'zh', 'colour', ['frame-counter', 'logo', 'shop-sign'], 6, 2),
  row('no-subtitles', '16:9', 0.5, 'white', 'outline', 40, 'zenhei', 'none', 'bars', ['logo', 'title-card', 'timecode'], 5, 0),
  row('no-subtitles-9x16', '9:16', 0.5, 'white', 'outline', 40, 'zenhei', 'none', 'cellauto', ['shop-sign', 'frame-counter'], 5, 0),
];

/** A few clips that together cover mid-frame placement, yellow, a box, bilingual, distractors and no subtitles (for tests). */
export const FAST_SUBSET = ['mid-9x16-above-centre', 'mid-16x9-yellow-shadow', '9x16-high-box', 'bilingual-bottom', 'distractors-all-mid', 'no-subtitles'] as const;

/** Cue timings `[shown, gap after]` (seconds), the first starting at 0.4 s. */
const TIMINGS: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  [[1.4, 0.4], [0.8, 0.3], [2.0, 0]],
  [[1.0, 0], [1.6, 0.5], [1.2, 0]],
  [[2.2, 0.3], [0.6, 0.4], [1.5, 0]],
  [[1.2, 0.6], [1.8, 0], [0.9, 0.4], [1.0, 0]],
];

const ZH = ['你终于回来了', '我等了你整整三年', '当年的事情另有隐情', '这份合同你必须签字', '明天早上八点在门口等我'];
const EN = ['You finally came back.', 'I waited for three years.', 'There is more to that story.', 'Sign this contract today.', 'Meet me at the door.'];
const ZH_SECOND = ['对不起', '我不是故意的', '你听我解释', '都过去了'];
/** 19 characters: at the row's glyph size they fill ~95 % of the width (CJK glyphs are one em wide). */
const ZH_WIDE = ['欢迎回来今天我们一起做一道简单的番茄蛋汤', '先把两个鸡蛋打散然后加入一点点盐和清水', '最后撒上葱花一碗热腾腾的汤就做好了吃吧'];
const EN_WIDE = ['Welcome back, today we cook a simple tomato and egg soup.', 'First beat two eggs, then add some salt and cold water.', 'Finally add green onion and the hot soup is ready now.'];

export interface CorpusDistractor {
  kind: Distractor;
  /** What it shows (a timecode or counter: a sample of it). */
  text: string;
}

export interface CorpusClip {
  row: CorpusRow;
  file: string;
  width: number;
  height: number;
  cues: SubtitleCue[];
  distractors: CorpusDistractor[];
}

const GENERATOR_VERSION = 2;

/** The hash of the whole table (and the generator): the cache folder's name. */
export function corpusKey(): string {
  return createHash('sha256').update(JSON.stringify({ GENERATOR_VERSION, CORPUS, TIMINGS, ZH, EN, ZH_SECOND, ZH_WIDE, EN_WIDE })).digest('hex').slice(0, 16);
}

function sizeOf(row: CorpusRow) {
  return row.orientation === '16:9' ? { width: 1280, height: 720 } : { width: 720, height: 1280 };
}

/** The cues of a row (its truth). */
export function cuesOf(row: CorpusRow): SubtitleCue[] {
  if (row.script === 'none') return [];
  const timing = TIMINGS[row.timing % TIMINGS.length]!;
  let time = 0.4;
  return timing.map(([shown, gap], index) => {
    const text = (() => {
      switch (row.script) {
        case 'en':
          return EN[index % EN.length]!;
        case 'zh+en':
          return `${ZH[index % ZH.length]!}\n${EN[index % EN.length]!}`;
        case 'zh-2rows':
          return `${ZH[index % ZH.length]!}\n${ZH_SECOND[index % ZH_SECOND.length]!}`;
        case 'zh-wide':
          return ZH_WIDE[index % ZH_WIDE.length]!;
        case 'en-wide':
          return EN_WIDE[index % EN_WIDE.length]!;
        default:
          return ZH[index % ZH.length]!;
      }
    })();
    // A clip shorter than its timings ends its last cue.
    const cue = { text, startSeconds: round(time), endSeconds: round(Math.min(row.seconds, time + shown)) };
    time += shown + gap;
    return cue;
  });
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;

function distractorsOf(row: CorpusRow): CorpusDistractor[] {
  const texts: Record<Distractor, string> = { timecode: '00:00:01:05', 'frame-counter': 'FRAME 125', logo: '星河TV', 'title-card': '第一集 重逢', 'shop-sign': '老王面馆' };
  return row.distractors.map((kind) => ({ kind, text: texts[kind] }));
}

/** Random sources are seeded: a clip and its clean twin (and every machine's copy) show the same picture. */
const SEED = 27;
const GRADIENT_SPARE_COLOURS = [3, 4, 5, 6, 7].map((index) => `c${index}=0x808080`).join(':');

function backgroundSource(row: CorpusRow): string {
  const { width, height } = sizeOf(row);
  const size = `${width}x${height}`;
  switch (row.background) {
    case 'colour':
      return `color=c=0x2f4f6f:s=${size}:r=25`;
    case 'bars':
      return `smptehdbars=s=${size}:r=25`;
    case 'panning':
      // A wide still pattern the camera pans across.
      return `smptehdbars=s=${width * 2}x${height}:r=25,hue=h=40,crop=${width}:${height}:x='min(${width},t*120)':y=0`;
    case 'cellauto':
      return `cellauto=s=${Math.ceil(width / 8)}x${Math.ceil(height / 8)}:rate=25:rule=110:random_fill_ratio=0.5:random_seed=${SEED},scale=${size}:flags=bilinear,format=rgb24,colorchannelmixer=rr=0.9:gg=0.6:bb=0.3:rg=0.2:bg=0.4`;
    case 'life':
      return `life=s=${Math.ceil(width / 6)}x${Math.ceil(height / 6)}:rate=25:mold=10:ratio=0.3:seed=${SEED}:death_color=#203040:life_color=#b08040,scale=${size}:flags=bilinear`;
    case 'gradients':
      // Every colour and the line given: ffmpeg 5.1 draws the unset ones at random whatever the seed.
      return `gradients=s=${size}:r=25:speed=0.02:seed=${SEED}:n=3:c0=0xd04050:c1=0x60e040:c2=0x2050b0:${GRADIENT_SPARE_COLOURS}:x0=${Math.round(width * 0.2)}:y0=0:x1=${Math.round(width * 0.8)}:y1=${height}`;
  }
}

const COLOURS: Record<Colour, string> = { white: 'white', yellow: '0xffe000', cyan: '0x00e8ff' };

const escapeTime = (seconds: number) => seconds.toFixed(2);

/** drawtext options for one text in the row's look. */
function styled(row: CorpusRow, size: number): string {
  switch (row.look) {
    case 'outline':
      return `fontcolor=${COLOURS[row.colour]}:borderw=${Math.max(2, Math.round(size / 16))}:bordercolor=black`;
    case 'shadow':
      return `fontcolor=${COLOURS[row.colour]}:shadowx=${Math.max(2, Math.round(size / 14))}:shadowy=${Math.max(2, Math.round(size / 14))}:shadowcolor=black@0.8`;
    case 'box':
      return `fontcolor=${COLOURS[row.colour]}:box=1:boxcolor=black@0.55:boxborderw=${Math.round(size / 4)}`;
  }
}

/** What a render of a row shows: everything (the clip), the clip without its subtitles (the truth an erasure is scored against), or the background alone. */
export type CorpusVariant = 'subtitled' | 'clean' | 'background';

async function makeClip(row: CorpusRow, file: string, work: string, variant: CorpusVariant = 'subtitled'): Promise<void> {
  const { width, height } = sizeOf(row);
  const cues = variant === 'subtitled' ? cuesOf(row) : [];
  const filters: string[] = [];
  let fileIndex = 0;
  const textFile = async (text: string) => {
    const name = path.join(work, `${row.name}-${fileIndex++}.txt`);
    await writeFile(name, text);
    return name;
  };
  const zhFont = row.font === 'sans' || row.font === 'serif' || row.font === 'mono' ? CORPUS_FONTS.zenhei : CORPUS_FONTS[row.font];
  const enFont = row.font === 'serif' || row.font === 'mono' ? CORPUS_FONTS[row.font] : CORPUS_FONTS.sans;
  const centreY = row.centre * height;
  for (const cue of cues) {
    const enable = `enable='gte(t,${escapeTime(cue.startSeconds)})*lt(t,${escapeTime(cue.endSeconds)})'`;
    const rows = cue.text.split('\n');
    // Row sizes: the second row of a bilingual cue is English, smaller.
    const sizes = rows.map((_, index) => (row.script === 'zh+en' && index === 1 ? Math.round(row.glyph * 0.7) : row.glyph));
    const gap = Math.round(row.glyph * 0.45);
    const total = sizes.reduce((sum, size) => sum + size, 0) + gap * (rows.length - 1);
    let top = centreY - total / 2;
    for (const [index, text] of rows.entries()) {
      const size = sizes[index]!;
      const isEnglish = !/[\u3400-\u9fff]/.test(text);
      const font = isEnglish ? enFont : zhFont;
      filters.push(`drawtext=fontfile=${font}:textfile=${await textFile(text)}:expansion=none:fontsize=${size}:${styled(row, size)}:x=(w-text_w)/2:y=${Math.round(top)}:${enable}`);
      top += size + gap;
    }
  }
  for (const distractor of variant === 'background' ? [] : row.distractors) {
    const small = Math.round(Math.min(width, height) / 26);
    switch (distractor) {
      case 'timecode':
        filters.push(`drawtext=fontfile=${CORPUS_FONTS.mono}:timecode='00\\:00\\:00\\:00':rate=25:fontsize=${small}:fontcolor=white:box=1:boxcolor=black@0.6:x=24:y=24`);
        break;
      case 'frame-counter':
        filters.push(`drawtext=fontfile=${CORPUS_FONTS.mono}:text='FRAME %{frame_num}':fontsize=${small}:fontcolor=white:borderw=2:bordercolor=black:x=w-text_w-24:y=h*0.06`);
        break;
      case 'logo':
        filters.push(`drawtext=fontfile=${CORPUS_FONTS.zenhei}:textfile=${await textFile('星河TV')}:expansion=none:fontsize=${Math.round(small * 1.2)}:fontcolor=white@0.8:borderw=2:bordercolor=black@0.6:x=w-text_w-28:y=h-text_h-28`);
        break;
      case 'title-card':
        filters.push(`drawtext=fontfile=${CORPUS_FONTS.ukai}:textfile=${await textFile('第一集 重逢')}:expansion=none:fontsize=${Math.round(Math.min(width, height) / 9)}:fontcolor=0xffd0a0:borderw=3:bordercolor=black:x=(w-text_w)/2:y=h*0.22:enable='lt(t,1.6)'`);
        break;
      case 'shop-sign':
        filters.push(`drawtext=fontfile=${CORPUS_FONTS.zenhei}:textfile=${await textFile('老王面馆')}:expansion=none:fontsize=${Math.round(Math.min(width, height) / 14)}:fontcolor=0xfff0c0:box=1:boxcolor=0x802010:boxborderw=14:x=w*0.08:y=h*0.3`);
        break;
    }
  }
  await renderTextOverBackground(backgroundSource(row), filters, row.seconds, file);
}

/** The clips of `names` (all rows by default), made on first use under the corpus's cache folder. */
export async function makeCorpus(names?: readonly string[]): Promise<CorpusClip[]> {
  const rows = names ? CORPUS.filter((entry) => names.includes(entry.name)) : CORPUS;
  const clips: CorpusClip[] = [];
  for (const entry of rows) clips.push({ row: entry, file: await corpusRender(entry, 'subtitled'), ...sizeOf(entry), cues: cuesOf(entry), distractors: distractorsOf(entry) });
  return clips;
}

/** A render of `row` (the clip itself, or its clean or bare twin: same frames, same seeds), made on first use under the corpus's cache folder. */
export async function corpusRender(row: CorpusRow, variant: CorpusVariant): Promise<string> {
  const cacheDir = path.join(tmpdir(), 'voxwork-test-media', `subtitle-corpus-${corpusKey()}`);
  await mkdir(cacheDir, { recursive: true });
  const file = path.join(cacheDir, variant === 'subtitled' ? `${row.name}.mp4` : `${row.name}.${variant}.mp4`);
  if (await access(file).then(() => true, () => false)) return file;
  const work = await mkdtemp(path.join(cacheDir, 'making-'));
  try {
    const partial = path.join(work, 'clip.mp4');
    await makeClip(row, partial, work, variant);
    await rename(partial, file);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return file;
}

export interface CorpusScore {
  characterAccuracy: number;
  cuesMade: number;
  cuesFound: number;
  /** Largest |start error| and |end error| over the cues found (seconds). */
  worstStartError: number;
  worstEndError: number;
  /** Lines read that are a distractor's text or match no cue. */
  distractorCues: number;
  report: string;
  /** Chinese over English: each track's own score (its language, its rows of the cues, its lines). */
  tracks?: Array<{ language: 'zh' | 'en'; score: CorpusScore }>;
}

/** How the subtitles read from a clip compare with its truth (targets: ≥ 95 %, exact count, ±0.2 s, 0 distractor cues). */
export function scoreCorpusClip(clip: CorpusClip, boxes: readonly DetectedTextBox[], tracks: readonly SubtitleTrackCandidate[] = []): CorpusScore {
  if (clip.row.script === 'zh+en') return scoreBilingual(clip, boxes, tracks);
  return scoreCues(clip, clip.cues, boxes);
}

function scoreCues(clip: CorpusClip, cues: readonly SubtitleCue[], boxes: readonly DetectedTextBox[]): CorpusScore {
  const score = scoreSubtitles(cues, boxes);
  const found = score.lines.filter((line) => line.read !== undefined);
  const distractorCues = boxes.filter((box) => score.extraLines.includes(box) || clip.distractors.some((distractor) => textSimilarity(box.text, distractor.text) >= 0.6 || (comparableText(distractor.text).length >= 3 && comparableText(box.text).join('').includes(comparableText(distractor.text).join(''))))).length;
  return {
    characterAccuracy: score.characterAccuracy,
    cuesMade: cues.length,
    cuesFound: boxes.length,
    worstStartError: Math.max(0, ...found.map((line) => Math.abs(line.startError!))),
    worstEndError: Math.max(0, ...found.map((line) => Math.abs(line.endError!))),
    distractorCues,
    report: [
      ...score.lines.map((line) => `  ${line.expected} → ${line.read ?? '(missed)'} (${line.startError?.toFixed(2) ?? '-'}, ${line.endError?.toFixed(2) ?? '-'})`),
      ...score.extraLines.map((box) => `  extra: ${box.text} ${box.startSeconds}–${box.endSeconds}`),
    ].join('\n'),
  };
}

/**
 * Chinese over English is two tracks (decision 070): each row of the cues is scored against the
 * lines of the track of its language (a line's track's language, or its own script), each track
 * on its own; the clip's figures are the worse of the two (characters, timing) and their sums (cues).
 */
function scoreBilingual(clip: CorpusClip, boxes: readonly DetectedTextBox[], tracks: readonly SubtitleTrackCandidate[]): CorpusScore {
  const languageOf = (box: DetectedTextBox) => (box.track !== undefined ? tracks[box.track]?.language : undefined) ?? scriptLanguage([box.text]);
  const scores = (['zh', 'en'] as const).map((language, row) => ({
    language,
    score: scoreCues(
      clip,
      clip.cues.map((cue) => ({ ...cue, text: cue.text.split('\n')[row]! })),
      boxes.filter((box) => languageOf(box) === language),
    ),
  }));
  return {
    characterAccuracy: Math.min(...scores.map(({ score }) => score.characterAccuracy)),
    cuesMade: scores.reduce((sum, { score }) => sum + score.cuesMade, 0),
    cuesFound: boxes.length,
    worstStartError: Math.max(...scores.map(({ score }) => score.worstStartError)),
    worstEndError: Math.max(...scores.map(({ score }) => score.worstEndError)),
    distractorCues: scores.reduce((sum, { score }) => sum + score.distractorCues, 0),
    tracks: scores,
    report: scores.map(({ language, score }) => `  track ${language}: ${(score.characterAccuracy * 100).toFixed(1)} %, ${score.cuesFound}/${score.cuesMade} cues\n${score.report}`).join('\n'),
  };
}
