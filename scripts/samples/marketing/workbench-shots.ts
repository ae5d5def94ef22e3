/**
 * The workbench screenshots of `samples:marketing`: text to speech and the video translator's result
 * (or the voice library when no translator run could be made) in English and Chinese, light and
 * dark, and the pages the getting-started and points-and-plans covers are cut from.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { makeDubbingClip } from '../../../tests/support/dubbing-media.ts';
import { isDubbingShot, launchBrowser, lightAndDark, LOCALES, readWorkbenchJson, settle, signedInContext } from './marketing-browser.ts';
import { call, createUser, finished, libraryVoices, upload, writeJson } from './marketing-helpers.ts';
import { base, BRAND, commit, MADE_BY, notes, SAMPLES, type User, work } from './marketing-run.ts';

/** A video translator run of a short English clip into Spanish, owned by `user` (for its result page). */
async function translatorRun(user: User, title: string): Promise<string> {
  const clip = await makeDubbingClip({ name: 'marketing-translator', seconds: 8, width: 640, height: 360, picture: 'shop', burnedSubtitles: false, cacheDir: work, lines: [
    { startSeconds: 0.5, text: 'Welcome to our shop.' },
    { startSeconds: 3.0, text: 'This phone has a bright screen.' },
    { startSeconds: 5.6, text: 'The battery lasts all day.' },
  ] });
  const uploadId = await upload(user, 'spring-sale.mp4', clip.file);
  const { jobId } = await call<{ jobId: string }>(user, '/api/video-translation/create', {
    uploadId,
    sourceLanguage: 'en',
    targetLanguages: ['es'],
    textSource: 'subtitle-file',
    subtitleFile: { name: 'spring-sale.srt', text: await readFile(clip.srt, 'utf8') },
    title,
    // Soft subtitles only: the result page's players show the track, and burned-in lines would show twice.
    burnSubtitles: false,
  });
  await finished(user, jobId);
  return jobId;
}

export async function screenshots() {
  const folder = path.join(SAMPLES, 'workbench');
  await mkdir(folder, { recursive: true });
  await launchBrowser();
  const shots: Record<string, unknown> = {};
  // One user per language (each page's history then holds only its own language's runs), each
  // with a video translator run of its own; if either run fails, both languages show the voice library.
  const users = [];
  let second: 'translator' | 'voices' = 'translator';
  for (const locale of LOCALES) {
    const user = await createUser(`browser-${locale.lang}`, locale.nickName);
    let runId: string | null = null;
    try {
      runId = await translatorRun(user, locale.title);
    } catch (error) {
      second = 'voices';
      notes.push(`screenshots: no video translator run for ${locale.lang} (${error instanceof Error ? error.message : String(error)}); the voice library was shot instead`);
    }
    users.push({ locale, user, runId });
  }
  for (const { locale, user, runId } of users) {
    const context = await signedInContext(user, locale, 'light');
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));

      // Text to speech, after generating a short script with a voice of the page's language.
      const voices = await libraryVoices(user, locale.voiceLanguage);
      const voice = voices.find((candidate) => candidate.key === locale.voiceKey) ?? voices[0]!;
      await page.goto(`${base}${locale.prefix}/workbench/text-to-speech?voice=${encodeURIComponent(voice.key)}`);
      await page.getByTestId('selected-voice').and(page.locator(`[data-voice-key="${voice.key}"]`)).waitFor({ timeout: 30_000 });
      await page.getByTestId('tts-script').fill(locale.script);
      await page.getByTestId('tts-generate').click();
      await page.getByTestId('download-audio').waitFor({ state: 'visible', timeout: 180_000 });
      await page.locator('[data-testid="speech-result"] [data-slot="waveform-player"][data-state="ready"]').waitFor({ timeout: 60_000 });
      await lightAndDark(page, `tts-${locale.lang}`);
      // For the cover: the same page at 1600×840 (the cover's shape), so the title, the script and the result player all fit; scaled to 1200×630 later.
      await page.setViewportSize({ width: 1600, height: 840 });
      await settle(page);
      await page.screenshot({ path: path.join(work, `tts-cover-${locale.lang}.png`) });
      await page.setViewportSize({ width: 1440, height: 900 });
      shots[`tts-${locale.lang}`] = { page: `${locale.prefix}/workbench/text-to-speech`, voiceKey: voice.key, voiceName: voice.name, script: locale.script };

      // The second page: the video translator's result page for the run, or the voice library.
      if (runId && second === 'translator') {
        await page.goto(`${base}${locale.prefix}/workbench/video-translator/details/${runId}`);
        await page.getByTestId('translation-result').waitFor({ state: 'visible', timeout: 60_000 });
        await page.waitForFunction(() => [...document.querySelectorAll('video')].every((video) => video.readyState >= 2), undefined, { timeout: 30_000 });
        // Both players at a moment with a subtitle cue on screen, the seeked frame painted (a shot
        // right after 'seeked' once caught a half-decoded frame with a dark speck in it).
        await page.locator('video').evaluateAll(async (videos: HTMLVideoElement[]) => {
          await Promise.all(videos.map((video) => new Promise<void>((resolve) => {
            // A paused video may never call back for a frame in headless Chromium: at most 3 s.
            setTimeout(resolve, 3_000);
            video.addEventListener('seeked', () => video.requestVideoFrameCallback(() => resolve()), { once: true });
            video.currentTime = 1.4;
          })));
        });
        await page.waitForTimeout(1_500);
        await lightAndDark(page, `translator-${locale.lang}`);
        shots[`translator-${locale.lang}`] = { page: `${locale.prefix}/workbench/video-translator/details/<run>`, run: 'an 8 s English clip dubbed into Spanish from its SRT (quick mode, Spanish subtitles as a soft track)', title: locale.title };
      } else {
        await page.goto(`${base}${locale.prefix}/workbench/voice-library`);
        await page.getByTestId('voice-card').first().waitFor({ timeout: 30_000 });
        await lightAndDark(page, `voices-${locale.lang}`);
        shots[`voices-${locale.lang}`] = { page: `${locale.prefix}/workbench/voice-library` };
      }

      // Points and plans (for the covers), light only.
      await page.goto(`${base}${locale.prefix}/workbench/my-plan`);
      await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
      await settle(page);
      await page.screenshot({ path: path.join(work, `plan-${locale.lang}.jpg`), type: 'jpeg', quality: 90 });
      shots[`plan-${locale.lang}`] = { page: `${locale.prefix}/workbench/my-plan`, usedFor: `covers/points-and-plans${locale.lang === 'zh' ? '-zh' : ''}.jpg` };
      if (problems.length > 0) notes.push(`screenshots ${locale.lang}: ${problems.join('; ')}`);
    } finally {
      await context.close();
    }
  }
  // The dubbing part's shots, as they are.
  const previous = await readWorkbenchJson();
  await writeJson(folder, {
    madeBy: MADE_BY,
    commit,
    browser: 'Debian chromium, headless, 1440×900, JPEG quality 75',
    colourMode: 'the app follows the system scheme when no mode is stored: light and dark are emulated prefers-color-scheme, checked by the <html class="dark"> the app sets',
    second,
    files: [...['tts', second].flatMap((name) => ['en', 'zh'].flatMap((lang) => ['light', 'dark'].map((scheme) => `/samples/workbench/${name}-${lang}-${scheme}.jpg`))), ...previous.files.filter(isDubbingShot)],
    shots: { ...shots, ...Object.fromEntries(Object.entries(previous.shots).filter(([name]) => isDubbingShot(name))) },
    covers: {
      'getting-started.jpg / getting-started-zh.jpg': 'the text-to-speech page in the same state as tts-{en,zh}-light.jpg, shot at 1600×840 and scaled to 1200×630',
      'points-and-plans.jpg / points-and-plans-zh.jpg': '/workbench/my-plan (plan, points, points history), light, 1440×900 scaled to 1200 wide and cropped from the top',
      'video-localization.jpg': 'samples/video-translator/after-es.mp4 at 4 s',
      'ecommerce-video.jpg': 'samples/video-translator/before.mp4 at 10 s',
      'local-vs-neural.jpg': `ffmpeg showwavespic of voices/voice-1.mp3 (${BRAND.primary}) and voices/voice-4.mp3 (${BRAND.accent}) on ${BRAND.dark}`,
      'lip-sync.jpg': 'talking-photo/after.jpg scaled to 644 px high, its bottom 14 px cut (the torso stops a few pixels above the frame’s edge), centred on the video’s backdrop colour',
    },
  });
}
