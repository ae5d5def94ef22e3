/**
 * Videos with burned-in subtitles made by ffmpeg's drawtext (Debian's WenQuanYi Zen Hei, white
 * with a dark outline, over a busy moving test pattern), for the text detector's tests and
 * benchmark. Each video is made once and kept under the system's temp folder by a hash of what
 * makes it, so test files and runs share it.
 */
import { createHash } from 'node:crypto';
import { access, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '@voxwork/media';

/** Debian's `fonts-wqy-zenhei` (installed by the test set-up in scripts/bootstrap.sh). */
export const SUBTITLE_FONT = '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc';

export interface SubtitleCue {
  /** A line feed makes a two-row subtitle. */
  text: string;
  startSeconds: number;
  endSeconds: number;
}

export interface SubtitledVideoOptions {
  width: number;
  height: number;
  frameRate?: number;
  /** lavfi source drawn behind the text (default `testsrc2`, moving colour bars with a running clock). */
  background?: 'testsrc2' | 'cellauto' | 'rgbtestsrc';
  fontSize: number;
  /** Distance of the text's bottom from the bottom of the picture (or of its top from the top when `position` is `top`). */
  margin: number;
  position?: 'bottom' | 'top';
  durationSeconds: number;
  cues: readonly SubtitleCue[];
}

function backgroundSource(options: SubtitledVideoOptions): string {
  const size = `${options.width}x${options.height}`;
  const rate = options.frameRate ?? 25;
  switch (options.background ?? 'testsrc2') {
    case 'cellauto':
      // A cellular automaton scrolling up, enlarged eight times and tinted pink: light and dark shapes everywhere.
      return `cellauto=s=${Math.ceil(options.width / 8)}x${Math.ceil(options.height / 8)}:rate=${rate}:rule=110:random_fill_ratio=0.5,scale=${size}:flags=bilinear,format=rgb24,colorchannelmixer=rr=0.9:gg=0.6:bb=0.3:rg=0.2:bg=0.4`;
    case 'rgbtestsrc':
      return `rgbtestsrc=s=${size}:rate=${rate}`;
    default:
      return `testsrc2=s=${size}:rate=${rate}`;
  }
}

/** A silent H.264 clip: a lavfi `source` with `filters` (drawtext and the like) over it, `seconds` long. */
export async function renderTextOverBackground(source: string, filters: readonly string[], seconds: number, file: string): Promise<void> {
  await runFfmpeg([
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', source,
    '-vf', [...filters, 'format=yuv420p'].join(','),
    '-t', String(seconds),
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20',
    file,
  ]);
}

/** The subtitled video (H.264, yuv420p), made on first use. */
export async function makeSubtitledVideo(options: SubtitledVideoOptions): Promise<string> {
  const key = createHash('sha256').update(JSON.stringify({ version: 2, background: backgroundSource(options), ...options })).digest('hex').slice(0, 16);
  const cacheDir = path.join(tmpdir(), 'voxwork-test-media');
  const file = path.join(cacheDir, `subtitled-${key}.mp4`);
  if (await access(file).then(() => true, () => false)) return file;
  await mkdir(cacheDir, { recursive: true });
  const work = await mkdtemp(path.join(cacheDir, 'making-'));
  try {
    const filters: string[] = [];
    for (const [index, cue] of options.cues.entries()) {
      const textFile = path.join(work, `cue-${index}.txt`);
      await writeFile(textFile, cue.text);
      const y = options.position === 'top' ? `${options.margin}` : `h-${options.margin}-text_h`;
      filters.push(
        `drawtext=fontfile=${SUBTITLE_FONT}:textfile=${textFile}:expansion=none:fontsize=${options.fontSize}:fontcolor=white:borderw=${Math.max(2, Math.round(options.fontSize / 16))}:bordercolor=black:line_spacing=${Math.round(options.fontSize / 4)}:x=(w-text_w)/2:y=${y}:enable='gte(t,${cue.startSeconds})*lt(t,${cue.endSeconds})'`,
      );
    }
    const partial = path.join(work, 'video.mp4');
    await renderTextOverBackground(backgroundSource(options), filters, options.durationSeconds, partial);
    await rename(partial, file);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return file;
}

/** Cues one after another: each `[text, seconds shown, gap after]`, starting at `startSeconds`. */
export function cuesInSequence(lines: ReadonlyArray<readonly [string, number, number]>, startSeconds = 0.5): SubtitleCue[] {
  let time = startSeconds;
  return lines.map(([text, shown, gap]) => {
    const cue = { text, startSeconds: round(time), endSeconds: round(time + shown) };
    time += shown + gap;
    return cue;
  });
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;

/** Twelve lines of a short drama (one in two rows), 1.2–3 s each, gaps of 0–1 s. */
export const CHINESE_DRAMA_LINES: ReadonlyArray<readonly [string, number, number]> = [
  ['你终于回来了', 1.6, 0.4],
  ['我等了你整整三年', 2.2, 0.6],
  ['对不起，我不是故意的', 2.4, 0],
  ['当年的事情另有隐情', 2.0, 0.8],
  ['你还想骗我到什么时候', 2.6, 0.3],
  ['这份合同你必须签字', 1.8, 0],
  ['从今天开始\n我就是这家公司的总裁', 3.0, 0.5],
  ['妈，您别生气了', 1.2, 0.7],
  ['明天早上八点在门口等我', 2.3, 1.0],
  ['他到底是什么身份', 1.5, 0],
  ['董事长，车已经准备好了', 2.8, 0.4],
  ['我们离婚吧', 1.4, 0.6],
];

/** Ten English lines, 1.2–3 s each, gaps of 0–1 s. */
export const ENGLISH_DRAMA_LINES: ReadonlyArray<readonly [string, number, number]> = [
  ['You finally came back.', 1.6, 0.5],
  ['I waited for you for three years.', 2.4, 0.3],
  ["I'm sorry, I didn't mean it.", 2.0, 0],
  ['There is more to that story.', 2.2, 0.8],
  ['How long will you keep lying to me?', 2.7, 0.4],
  ['You have to sign this contract.', 1.8, 0],
  ['Meet me at the door at eight tomorrow.', 2.5, 0.6],
  ['Who is he, really?', 1.3, 1.0],
  ['The car is ready, sir.', 1.5, 0],
  ['Let us get a divorce.', 1.6, 0.5],
];
