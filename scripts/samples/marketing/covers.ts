/**
 * The eight article covers of `samples:marketing` (1200×630 JPEG): cut from the workbench shots and
 * the samples, or drawn with ffmpeg.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { cover, ffmpeg, part } from './marketing-helpers.ts';
import { BRAND, COVERS, runs, SAMPLES, state, work, written } from './marketing-run.ts';

export async function covers() {
  await mkdir(COVERS, { recursive: true });
  // Cut from the workbench part's screenshots: kept as they are when that part did not run.
  const fromWorkbench: Array<[string, () => Promise<void>]> = [
    ['getting-started.jpg', () => cover(path.join(work, 'tts-cover-en.png'), path.join(COVERS, 'getting-started.jpg'), 'top')],
    ['getting-started-zh.jpg', () => cover(path.join(work, 'tts-cover-zh.png'), path.join(COVERS, 'getting-started-zh.jpg'), 'top')],
    ['points-and-plans.jpg', () => cover(path.join(work, 'plan-en.jpg'), path.join(COVERS, 'points-and-plans.jpg'), 'top')],
    ['points-and-plans-zh.jpg', () => cover(path.join(work, 'plan-zh.jpg'), path.join(COVERS, 'points-and-plans-zh.jpg'), 'top')],
  ];
  const steps: Array<[string, () => Promise<void>]> = [
    ...(runs('workbench') ? fromWorkbench : []),
    [
      'video-localization.jpg',
      async () => {
        const still = path.join(work, 'after-es.png');
        await ffmpeg(['-ss', '4', '-i', path.join(SAMPLES, 'video-translator/after-es.mp4'), '-frames:v', '1', still]);
        await cover(still, path.join(COVERS, 'video-localization.jpg'));
      },
    ],
    [
      'ecommerce-video.jpg',
      async () => {
        const still = path.join(work, 'before.png');
        await ffmpeg(['-ss', '10', '-i', path.join(SAMPLES, 'video-translator/before.mp4'), '-frames:v', '1', still]);
        await cover(still, path.join(COVERS, 'ecommerce-video.jpg'));
      },
    ],
    [
      'local-vs-neural.jpg',
      async () => {
        // Two of the voices as waveforms in the brand's colours on its dark background: an English voice above, the Mandarin one below.
        const out = path.join(COVERS, 'local-vs-neural.jpg');
        await ffmpeg([
          '-i', path.join(SAMPLES, 'voices/voice-1.mp3'),
          '-i', path.join(SAMPLES, 'voices/voice-4.mp3'),
          '-f', 'lavfi', '-i', `color=c=${BRAND.dark}:s=1200x630:d=1`,
          '-filter_complex',
          [
            `[0:a]aformat=channel_layouts=mono,showwavespic=s=1040x230:colors=${BRAND.primary}:scale=sqrt:draw=full[a]`,
            `[1:a]aformat=channel_layouts=mono,showwavespic=s=1040x230:colors=${BRAND.accent}:scale=sqrt:draw=full[b]`,
            '[2:v][a]overlay=80:70[ab]',
            '[ab][b]overlay=80:330,format=yuvj420p[v]',
          ].join(';'),
          '-map', '[v]', '-frames:v', '1', '-q:v', '5', out,
        ]);
        written.push(out);
      },
    ],
    [
      'lip-sync.jpg',
      async () => {
        // The square avatar frame centred on the video's own backdrop colour; its bottom 2 % cut off
        // (the avatar's torso stops a few pixels above the frame's edge, which shows as a strip).
        const still = state.avatarPoster ?? path.join(SAMPLES, 'talking-photo/after.jpg');
        const out = path.join(COVERS, 'lip-sync.jpg');
        await ffmpeg(['-i', still, '-vf', 'scale=-2:644:flags=lanczos,crop=iw:630:0:0,pad=1200:630:(ow-iw)/2:0:color=0xE4E6FB', '-frames:v', '1', '-q:v', '5', out]);
        written.push(out);
      },
    ],
  ];
  for (const [name, step] of steps) await part(`cover ${name}`, step);
}
