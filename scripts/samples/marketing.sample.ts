/**
 * samples:marketing — the audio samples, before/after demos, workbench screenshots and article
 * covers of the marketing pages, made by the product itself on this machine (no stock assets,
 * nothing downloaded). The real server runs in this process with every role (web + API + worker,
 * PGlite, the local engines); the script signs up users, calls the tools over HTTP as the web app
 * does, downloads what they make, and drives Debian's Chromium through the built web app for the
 * screenshots. It writes, overwriting what is there:
 *
 *   apps/web/public/samples/voices/            voice-1.mp3 … voice-6.mp3   (text to speech, six voices)
 *   apps/web/public/samples/speech-to-speech/  before.mp3, after.mp3
 *   apps/web/public/samples/voice-cloning/     reference.mp3, cloned.mp3
 *   apps/web/public/samples/talking-photo/     before.png, after.mp4, after.jpg
 *   apps/web/public/samples/video-erasure/     before.mp4, after.mp4, before.jpg, after.jpg
 *   apps/web/public/samples/workbench/         tts-{en,zh}-{light,dark}.jpg, translator-{en,zh}-{light,dark}.jpg
 *                                              (or voices-… when no translator run could be made),
 *                                              dubbing-{en,zh}-{light,dark}.jpg (the dubbing studio's editor)
 *   apps/web/public/covers/                    eight article covers, 1200×630 JPEG
 *
 * and a `sample.json` in each samples folder (what made it: commit, engines, voices, texts,
 * durations measured with ffprobe). A part that fails is reported and the others are still
 * written; the exit code is 1 then. Run again after a change that alters what the product makes:
 *   npm run samples:marketing
 * or only some parts (the other outputs stay as they are), comma-separated, from `PARTS` (marketing/marketing-run.ts):
 *   npm run samples:marketing -- --only dubbing
 *
 * The parts live in marketing/: the run's shared state and server (`marketing-run.ts`), helpers,
 * the tool samples, the browser, the workbench and dubbing screenshots, and the covers.
 */
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { covers } from './marketing/covers.ts';
import { dubbingScreenshots } from './marketing/dubbing-shots.ts';
import { closeBrowser } from './marketing/marketing-browser.ts';
import { createUser, part } from './marketing/marketing-helpers.ts';
import { app, failures, notes, only, runs, state, work, written } from './marketing/marketing-run.ts';
import { speechToSpeechSample, talkingPhotoSample, videoErasureSample, voiceCloningSample, voicesSample } from './marketing/tool-samples.ts';
import { screenshots } from './marketing/workbench-shots.ts';

try {
  await app.listen();
  state.apiUser = await createUser('api', 'Voxwork Samples');
  if (only) console.info(`[marketing] only: ${only.join(', ')}`);
  if (runs('voices')) await part('voices', voicesSample);
  if (runs('speech-to-speech')) await part('speech-to-speech', speechToSpeechSample);
  if (runs('voice-cloning')) await part('voice-cloning', voiceCloningSample);
  if (runs('talking-photo')) await part('talking-photo', talkingPhotoSample);
  if (runs('video-erasure')) await part('video-erasure', videoErasureSample);
  if (runs('workbench')) await part('workbench screenshots', screenshots);
  if (runs('dubbing')) await part('dubbing studio screenshots', dubbingScreenshots);
  if (runs('covers')) await covers();
} finally {
  await closeBrowser();
  await app.stop();
  await rm(work, { recursive: true, force: true });
}

console.info('\n[marketing] written:');
for (const file of [...new Set(written)]) {
  const size = (await stat(file).catch(() => null))?.size;
  console.info(`  ${path.relative(process.cwd(), file).padEnd(60)} ${size === undefined ? 'missing' : `${(size / 1024).toFixed(1)} KB`}`);
}
for (const note of notes) console.info(`[marketing] note: ${note}`);
if (failures.length > 0) {
  console.error(`\n[marketing] ${failures.length} part(s) failed:`);
  for (const failure of failures) console.error(`  ${failure.part}: ${failure.error.split('\n')[0]}`);
  process.exitCode = 1;
}
