/**
 * Test media for video erasure: a clean clip (a detailed picture panned like a moving camera, with
 * a tone) and the same clip with burned-in subtitles (Chinese over English, white with a dark
 * outline, WenQuanYi Zen Hei), so that an erased result can be compared with the truth. Made once
 * per machine under the system's temp folder, keyed by a hash of what makes them.
 */
import { createHash } from 'node:crypto';
import { access, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '@voxwork/media';
import { SUBTITLE_FONT, type SubtitleCue } from './generated-subtitles.ts';

export interface ErasureClipOptions {
  width: number;
  height: number;
  durationSeconds: number;
  frameRate?: number;
  /** Each cue is drawn as given; a line feed makes a second row. */
  cues: readonly SubtitleCue[];
  fontSize: number;
  /** Distance of the text's bottom from the picture's bottom. */
  margin: number;
  /** Camera speed in pixels per second, horizontally; the vertical motion is a slow sway of a third of it. */
  panSpeed?: number;
}

export interface ErasureClip {
  /** The picture without text (H.264 CRF 14, with a 440 Hz AAC tone). */
  clean: string;
  /** The same picture with the subtitles burned in (H.264 CRF 16, the clean clip's audio copied). */
  subtitled: string;
  cues: readonly SubtitleCue[];
  width: number;
  height: number;
  frameRate: number;
}

const quiet = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

/** Bilingual lines for erasure tests: `[zh, en, seconds shown, gap after]`. */
export const BILINGUAL_LINES: ReadonlyArray<readonly [string, string, number, number]> = [
  ['你终于回来了', 'You finally came back', 2.2, 0.6],
  ['我等了你整整三年', 'I waited for three years', 2.6, 0.4],
  ['对不起我不是故意的', 'Sorry, I did not mean it', 2.4, 0.8],
  ['这份合同你必须签字', 'You have to sign this', 2.2, 0.5],
  ['明天早上八点见', 'See you at eight tomorrow', 2.5, 0.6],
  ['我们离婚吧', 'Let us get a divorce', 2.0, 0.5],
];

/** `lines` one after another from `startSeconds`, each a two-row cue (Chinese above English). */
export function bilingualCues(lines: ReadonlyArray<readonly [string, string, number, number]> = BILINGUAL_LINES, startSeconds = 0.6): SubtitleCue[] {
  let time = startSeconds;
  return lines.map(([zh, en, shown, gap]) => {
    const cue = { text: `${zh}\n${en}`, startSeconds: Math.round(time * 100) / 100, endSeconds: Math.round((time + shown) * 100) / 100 };
    time += shown + gap;
    return cue;
  });
}

/** The clean and the subtitled clip, made on first use. */
export async function makeErasureClip(options: ErasureClipOptions): Promise<ErasureClip> {
  const frameRate = options.frameRate ?? 25;
  const pan = options.panSpeed ?? 100;
  const key = createHash('sha256').update(JSON.stringify({ version: 1, ...options, frameRate, pan })).digest('hex').slice(0, 16);
  const cacheDir = path.join(tmpdir(), 'voxwork-test-media');
  const clean = path.join(cacheDir, `erasure-${key}-clean.mp4`);
  const subtitled = path.join(cacheDir, `erasure-${key}-subtitled.mp4`);
  const result = { clean, subtitled, cues: options.cues, width: options.width, height: options.height, frameRate };
  if (await access(subtitled).then(() => true, () => false)) return result;
  await mkdir(cacheDir, { recursive: true });
  const work = await mkdtemp(path.join(cacheDir, 'making-'));
  try {
    const { width, height, durationSeconds } = options;
    // A still texture larger than the frame: smooth colour gradients under a cellular automaton's shapes, softened a little like a camera's picture.
    const textureWidth = width + Math.ceil(pan * durationSeconds) + 64;
    const textureHeight = height + Math.ceil(pan / 3) * 2 + 64;
    const texture = path.join(work, 'texture.png');
    await runFfmpeg([
      ...quiet,
      '-f', 'lavfi', '-i', `gradients=s=${textureWidth}x${textureHeight}:n=6:seed=7:speed=0.00001,format=rgb24`,
      '-f', 'lavfi', '-i', `cellauto=s=${Math.ceil(textureWidth / 6)}x${Math.ceil(textureHeight / 6)}:rule=30:random_fill_ratio=0.5:random_seed=11,scale=${textureWidth}x${textureHeight}:flags=bicubic,format=rgb24`,
      '-filter_complex', '[1]gblur=sigma=1.2[cells];[0][cells]blend=all_mode=overlay:all_opacity=0.7,eq=contrast=1.15',
      '-frames:v', '1', texture,
    ]);
    const sway = Math.round(pan / 3);
    const cleanPartial = path.join(work, 'clean.mp4');
    // The texture is decoded once and its frame repeated (`loop`), not read again for each frame as
    // the image demuxer's `-loop 1` does: a 600-s clip's texture is a ~60 MB PNG, and decoding it
    // 15,000 times took longer than the bench it was made for. The same frames (framemd5 of both).
    await runFfmpeg([
      ...quiet,
      '-framerate', String(frameRate), '-i', texture,
      '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${durationSeconds}`,
      '-vf', `loop=loop=-1:size=1:start=0,setpts=N/(${frameRate}*TB),crop=${width}:${height}:x='32+t*${pan}':y='32+${sway}+${sway}*sin(t*1.3)',format=yuv420p`,
      '-t', String(durationSeconds),
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '14',
      '-c:a', 'aac', '-b:a', '128k',
      '-shortest', cleanPartial,
    ]);
    const filters: string[] = [];
    for (const [index, cue] of options.cues.entries()) {
      const textFile = path.join(work, `cue-${index}.txt`);
      await writeFile(textFile, cue.text);
      filters.push(
        `drawtext=fontfile=${SUBTITLE_FONT}:textfile=${textFile}:expansion=none:fontsize=${options.fontSize}:fontcolor=white:borderw=${Math.max(2, Math.round(options.fontSize / 16))}:bordercolor=black:line_spacing=${Math.round(options.fontSize / 4)}:x=(w-text_w)/2:y=h-${options.margin}-text_h:enable='gte(t,${cue.startSeconds})*lt(t,${cue.endSeconds})'`,
      );
    }
    const subtitledPartial = path.join(work, 'subtitled.mp4');
    await runFfmpeg([...quiet, '-i', cleanPartial, '-vf', [...filters, 'format=yuv420p'].join(','), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '16', '-c:a', 'copy', subtitledPartial]);
    await rename(cleanPartial, clean);
    await rename(subtitledPartial, subtitled);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return result;
}
