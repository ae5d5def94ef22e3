/**
 * A short episode with English subtitles burned in at mid-frame height and a channel logo (the
 * subtitle corpus's `english-mid-logo` clip), given a soundtrack (a tone: the corpus clips are
 * silent, and the video translator takes videos with sound). Made once per corpus version, beside
 * the corpus clip, written to a temporary name and renamed in (a test in another worker never
 * reads one half-written). `height` scales it down (the series tests and browser tests run
 * 480p: the same look, less than half the pixels to read and erase); the clip's sizes
 * (width, height, glyph) are scaled with it, its cue times and shares of the frame stay.
 * `look: 'dark-on-light'` draws the same cues, place and background as dark letters on a light
 * plate (shop videos, some dramas) instead of the corpus's white outlined text.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { CORPUS_FONTS, makeCorpus, type CorpusClip } from '../../packages/engines/src/testing/subtitle-corpus.ts';

const run = promisify(execFile);

export interface SubtitledEpisode {
  /** The episode with its soundtrack (MP4). */
  file: string;
  clip: CorpusClip;
}

/** Dark-on-light: the letters' colour and the plate's (a warm near-white, nearly opaque). */
export const DARK_ON_LIGHT = { text: '#1E1E28', plate: '#F2EEE4' } as const;

export async function makeSubtitledEpisode(options: { height?: number; look?: 'light-outline' | 'dark-on-light' } = {}): Promise<SubtitledEpisode> {
  const corpusClip = (await makeCorpus(['english-mid-logo']))[0]!;
  const height = options.height ?? corpusClip.height;
  const scale = height / corpusClip.height;
  const darkOnLight = options.look === 'dark-on-light';
  const clip: CorpusClip =
    scale === 1 && !darkOnLight
      ? corpusClip
      : {
          ...corpusClip,
          width: 2 * Math.round((corpusClip.width * scale) / 2),
          height,
          row: { ...corpusClip.row, glyph: Math.round(corpusClip.row.glyph * scale), ...(darkOnLight ? { name: 'english-mid-dark-on-light', look: 'box' as const } : {}) },
        };
  const suffix = `${darkOnLight ? '-dark-on-light' : ''}${scale === 1 ? '' : `-${height}p`}`;
  const file = corpusClip.file.replace(/\.mp4$/, `-with-sound${suffix}.mp4`);
  if (!existsSync(file)) {
    const partial = `${file}.${randomBytes(4).toString('hex')}.mp4`;
    if (darkOnLight) await renderDarkOnLight(clip, partial);
    else {
      const video = scale === 1 ? ['-c:v', 'copy'] : ['-vf', `scale=${clip.width}:${clip.height}`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p'];
      await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', corpusClip.file, '-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=48000:duration=${corpusClip.row.seconds}`, '-map', '0:v', '-map', '1:a', ...video, '-c:a', 'aac', '-shortest', partial]);
    }
    await rename(partial, file);
  }
  return { file, clip };
}

/** The clip's cues as dark DejaVu Sans letters on a light plate, over the corpus's panning bars, with its logo and a tone. */
async function renderDarkOnLight(clip: CorpusClip, output: string): Promise<void> {
  const work = await mkdtemp(path.join(path.dirname(output), 'making-'));
  try {
    const { width, height } = clip;
    const size = clip.row.glyph;
    const colour = (hex: string) => `0x${hex.slice(1)}`;
    const filters: string[] = [];
    for (const [index, cue] of clip.cues.entries()) {
      const textFile = path.join(work, `cue-${index}.txt`);
      await writeFile(textFile, cue.text);
      filters.push(
        `drawtext=fontfile=${CORPUS_FONTS.sans}:textfile=${textFile}:expansion=none:fontsize=${size}:fontcolor=${colour(DARK_ON_LIGHT.text)}:box=1:boxcolor=${colour(DARK_ON_LIGHT.plate)}@0.94:boxborderw=${Math.round(size / 4)}:x=(w-text_w)/2:y=${Math.round(clip.row.centre * height - size / 2)}:enable='gte(t,${cue.startSeconds.toFixed(2)})*lt(t,${cue.endSeconds.toFixed(2)})'`,
      );
    }
    const logo = path.join(work, 'logo.txt');
    await writeFile(logo, '星河TV');
    const small = Math.round(Math.min(width, height) / 26);
    filters.push(`drawtext=fontfile=${CORPUS_FONTS.zenhei}:textfile=${logo}:expansion=none:fontsize=${Math.round(small * 1.2)}:fontcolor=white@0.8:borderw=2:bordercolor=black@0.6:x=w-text_w-28:y=h-text_h-28`);
    // The corpus's `panning` background at this size.
    const background = `smptehdbars=s=${width * 2}x${height}:r=25,hue=h=40,crop=${width}:${height}:x='min(${width},t*${Math.round((120 * height) / 720)})':y=0`;
    await run('ffmpeg', [
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', background,
      '-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=48000:duration=${clip.row.seconds}`,
      '-vf', [...filters, 'format=yuv420p'].join(','),
      '-map', '0:v', '-map', '1:a', '-t', String(clip.row.seconds),
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-c:a', 'aac',
      output,
    ]);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
