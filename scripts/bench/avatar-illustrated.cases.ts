/**
 * bench:avatar cases of the illustrated avatars and the scene compositor (kept apart from the
 * talking photo's cases so the two lists merge easily): frames per second drawing an avatar
 * alone, rendering it to an MP4 (ffmpeg's H.264 encoder beside it), and composing a scene with
 * captions — at 512 px and 1080 px. Each case reports frames made and its wall time; the bench
 * script prints them. Figures, not assertions.
 */
import path from 'node:path';
import { makeTestVideo } from '../../packages/engines/src/testing/generated-media.ts';
import { createFlite } from '../../packages/engines/src/flite/flite-speech-synthesizer.ts';
import { mouthTrack } from '../../packages/engines/src/avatar/mouth-track.ts';
import { composeVideo } from '../../packages/engines/src/avatar/compositor.ts';
import { findIllustratedAvatar } from '../../packages/engines/src/avatar/illustrated/avatar-catalog.ts';
import { avatarPoses, AvatarRenderer } from '../../packages/engines/src/avatar/illustrated/avatar-renderer.ts';
import { createIllustratedAvatarAnimator } from '../../packages/engines/src/avatar/illustrated/illustrated-avatar-animator.ts';
import type { WordTiming } from '../../packages/engines/src/capabilities/speech-synthesizer.ts';

export interface AvatarBenchContext {
  /** A work folder of the run. */
  dir: string;
}

export interface AvatarBenchOutcome {
  frames: number;
  /** Seconds of video made. */
  videoSeconds: number;
  notes?: string;
}

export interface AvatarBenchCase {
  name: string;
  /** The picture's size, e.g. `512×512`. */
  size: string;
  run(context: AvatarBenchContext): Promise<AvatarBenchOutcome>;
}

const SCRIPT =
  'Hello and welcome. This is a short benchmark of the illustrated avatars. The avatar speaks, blinks and moves its head while the captions follow the words, and every frame is drawn in Node and streamed into the encoder.';

let speech: Promise<{ audioFile: string; words: WordTiming[] }> | undefined;
/** About 12 s of speech with word timings (flite), made once per run. */
function benchSpeech(dir: string) {
  speech ??= createFlite()
    .doSynthesize({ text: SCRIPT, voice: 'slt', outputFile: path.join(dir, 'speech.wav') })
    .then((result) => ({ audioFile: result.audio.file, words: result.words }));
  return speech;
}

function drawOnly(size: number): AvatarBenchCase {
  return {
    name: 'illustrated avatar: draw + read back (RGBA frames, no encoder)',
    size: `${size}×${size}`,
    async run({ dir }) {
      const { audioFile, words } = await benchSpeech(dir);
      const track = await mouthTrack({ audioFile, frameRate: 25, words });
      const pose = avatarPoses('ava', track);
      const renderer = new AvatarRenderer(findIllustratedAvatar('ava')!, size, size);
      for (let frame = 0; frame < track.poses.length; frame++) {
        renderer.render(pose(frame));
        // Yield as a stream's consumer would, so the collector frees the frames drawn.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return { frames: track.poses.length, videoSeconds: track.poses.length / 25 };
    },
  };
}

function animateMp4(size: number): AvatarBenchCase {
  return {
    name: 'voxwork:illustrated-avatar doAnimate → MP4 (H.264 veryfast + AAC)',
    size: `${size}×${size}`,
    async run({ dir }) {
      const { audioFile, words } = await benchSpeech(dir);
      const result = await createIllustratedAvatarAnimator().doAnimate({ source: { avatarId: 'omar' }, audioFile, words, width: size, height: size, outputFile: path.join(dir, `avatar-${size}.mp4`) });
      const frames = Math.round(result.video.durationSeconds * result.video.frameRate);
      return { frames, videoSeconds: result.video.durationSeconds };
    },
  };
}

function compose(layout: '16:9' | '9:16', resolution: number, background: 'color' | 'video'): AvatarBenchCase {
  const size = layout === '16:9' ? `${Math.round((resolution * 16) / 9 / 2) * 2}×${resolution}` : `${resolution}×${Math.round((resolution * 16) / 9 / 2) * 2}`;
  return {
    name: `compositor ${layout}: avatar on a ${background === 'color' ? 'colour' : 'looped video'} background, captions, title, logo → MP4`,
    size,
    async run({ dir }) {
      const { audioFile, words } = await benchSpeech(dir);
      const backdrop = background === 'color' ? ({ kind: 'color', color: '#e4ecf7' } as const) : ({ kind: 'video', file: await makeTestVideo(dir, 'background.mp4', 4, { width: 1280, height: 720 }) } as const);
      const result = await composeVideo({
        layout,
        resolution,
        outputFile: path.join(dir, `compose-${layout.replace(':', 'x')}-${resolution}-${background}.mp4`),
        scenes: [{ background: backdrop, subject: { animator: createIllustratedAvatarAnimator(), source: { avatarId: 'mei' } }, audioFile, words, texts: [{ text: 'Voxwork 演示', x: 0.5, y: 0.08, color: '#1d2b4f' }] }],
      });
      return { frames: result.frameCount, videoSeconds: result.durationSeconds, notes: `${result.captions.length} captions` };
    },
  };
}

export const illustratedAvatarCases: AvatarBenchCase[] = [
  drawOnly(512),
  drawOnly(1080),
  animateMp4(512),
  animateMp4(1080),
  compose('16:9', 512, 'color'),
  compose('16:9', 1080, 'color'),
  compose('9:16', 512, 'video'),
  compose('9:16', 1080, 'video'),
];
