/**
 * A short episode with English subtitles burned in at mid-frame height and a channel logo (the
 * subtitle corpus's `english-mid-logo` clip), given a soundtrack (a tone: the corpus clips are
 * silent, and the video translator takes videos with sound). Made once per corpus version, beside
 * the corpus clip, written to a temporary name and renamed in (a test in another worker never
 * reads one half-written). `height` scales it down (the series tests and browser tests run
 * 480p: the same look, less than half the pixels to read and erase); the clip's sizes
 * (width, height, glyph) are scaled with it, its cue times and shares of the frame stay.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { promisify } from 'node:util';
import { makeCorpus, type CorpusClip } from '../../packages/engines/src/testing/subtitle-corpus.ts';

const run = promisify(execFile);

export interface SubtitledEpisode {
  /** The episode with its soundtrack (MP4). */
  file: string;
  clip: CorpusClip;
}

export async function makeSubtitledEpisode(options: { height?: number } = {}): Promise<SubtitledEpisode> {
  const corpusClip = (await makeCorpus(['english-mid-logo']))[0]!;
  const height = options.height ?? corpusClip.height;
  const scale = height / corpusClip.height;
  const clip: CorpusClip =
    scale === 1
      ? corpusClip
      : { ...corpusClip, width: 2 * Math.round((corpusClip.width * scale) / 2), height, row: { ...corpusClip.row, glyph: Math.round(corpusClip.row.glyph * scale) } };
  const file = corpusClip.file.replace(/\.mp4$/, scale === 1 ? '-with-sound.mp4' : `-with-sound-${height}p.mp4`);
  if (!existsSync(file)) {
    const partial = `${file}.${randomBytes(4).toString('hex')}.mp4`;
    const video = scale === 1 ? ['-c:v', 'copy'] : ['-vf', `scale=${clip.width}:${clip.height}`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p'];
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', corpusClip.file, '-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=48000:duration=${corpusClip.row.seconds}`, '-map', '0:v', '-map', '1:a', ...video, '-c:a', 'aac', '-shortest', partial]);
    await rename(partial, file);
  }
  return { file, clip };
}
