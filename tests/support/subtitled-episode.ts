/**
 * A short episode with English subtitles burned in at mid-frame height and a channel logo (the
 * subtitle corpus's `english-mid-logo` clip), given a soundtrack (a tone: the corpus clips are
 * silent, and the video translator takes videos with sound). Made once per corpus version, beside
 * the corpus clip, written to a temporary name and renamed in (a test in another worker never
 * reads one half-written).
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

export async function makeSubtitledEpisode(): Promise<SubtitledEpisode> {
  const clip = (await makeCorpus(['english-mid-logo']))[0]!;
  const file = clip.file.replace(/\.mp4$/, '-with-sound.mp4');
  if (!existsSync(file)) {
    const partial = `${file}.${randomBytes(4).toString('hex')}.mp4`;
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', clip.file, '-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=48000:duration=${clip.row.seconds}`, '-map', '0:v', '-map', '1:a', '-c:v', 'copy', '-c:a', 'aac', '-shortest', partial]);
    await rename(partial, file);
  }
  return { file, clip };
}
