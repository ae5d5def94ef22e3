/**
 * The dubbing studio screenshots of `samples:marketing`: a project of a two-person clip dubbed into
 * Spanish, its editor shot in English and Chinese, light and dark.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { DubbingProject } from '../../../packages/contract/src/index.ts';
import { makeDubbingClip } from '../../../tests/support/dubbing-media.ts';
import { isDark, isDubbingShot, LOCALES, readWorkbenchJson, settle, signedInContext, withoutToasts } from './marketing-browser.ts';
import { call, createUser, finished, upload, writeJson } from './marketing-helpers.ts';
import { base, commit, notes, SAMPLES, type User, work, written } from './marketing-run.ts';

/**
 * The clip of the dubbing shots: four short English lines by two people (festival's SLT, a woman,
 * and kal, a man), 10 s; lines Apertium translates well (it makes "nuestra poca tienda" of "our
 * little shop" and "Lo compra hoy y ahorrar dinero" of "Buy it today and save money").
 */
const DUBBING_LINES = [
  { startSeconds: 0.5, text: 'Welcome to our shop.' },
  { startSeconds: 2.8, text: 'This phone has a bright screen.', voice: 'kal_diphone' },
  { startSeconds: 5.3, text: 'The battery lasts all day.' },
  { startSeconds: 7.8, text: 'It is on sale this week.', voice: 'kal_diphone' },
];
/** The segment selected in the shots (the third), shown in the inspector: its Spanish take fits its time (the second's runs over). */
const DUBBING_SELECTED = 2;
const DUBBING_BLOCKS = '[data-testid="timeline-track"] [data-segment-id]';

/**
 * A dubbing studio project of the clip, owned by `user`, as the public API's dubbing run makes one
 * (tests/integration/api-client-cli.test.ts): from the upload with its SRT as the text source
 * (two speakers), prepared, translated into Spanish offline (Apertium) and every segment spoken.
 */
async function dubbingProject(user: User, title: string): Promise<DubbingProject> {
  const clip = await makeDubbingClip({ name: 'marketing-dubbing', seconds: 10, width: 640, height: 360, picture: 'shop', burnedSubtitles: false, cacheDir: work, lines: DUBBING_LINES });
  const uploadId = await upload(user, 'phone-ad.mp4', clip.file);
  const { projectId, prepareJobId } = await call<{ projectId: string; prepareJobId: string | null }>(user, '/api/dubbing/projects/create', {
    edition: 'studio',
    title,
    from: { kind: 'upload', uploadId, sourceLanguage: 'en', textSource: 'subtitle-file', subtitleFile: { name: 'phone-ad.srt', text: await readFile(clip.srt, 'utf8') }, speakers: 2 },
    targetLanguages: ['es'],
  });
  if (prepareJobId) await finished(user, prepareJobId);
  const prepared = await call<DubbingProject>(user, '/api/dubbing/projects/get', { projectId });
  if (prepared.status !== 'ready') throw new Error(`dubbing project ${projectId} is ${prepared.status} after preparing: ${JSON.stringify(prepared.error)}`);
  if (prepared.segments.length !== DUBBING_LINES.length) throw new Error(`dubbing project ${projectId} has ${prepared.segments.length} segments, the SRT ${DUBBING_LINES.length} lines`);
  for (const step of ['translate', 'synthesize'] as const) {
    const { jobId } = await call<{ jobId: string; cost: number }>(user, `/api/dubbing/${step}`, { projectId, language: 'es', segments: { kind: 'all' } });
    await finished(user, jobId);
  }
  const project = await call<DubbingProject>(user, '/api/dubbing/projects/get', { projectId });
  const unfinished = project.segments.filter((segment) => !segment.translations.es || !segment.takes.es);
  if (unfinished.length > 0) throw new Error(`dubbing project ${projectId}: ${unfinished.length} segment(s) without a Spanish line or take`);
  return project;
}

/**
 * The editor as someone who just dubbed the clip sees it: every segment spoken, the playhead and
 * the preview inside the selected segment (a click on the ruler above it), the segment
 * selected (the inspector shows its lines and take), both waveforms drawn, everything saved and
 * nothing running or loading.
 */
async function dubbingEditorReady(page: Page, project: DubbingProject) {
  await page.getByTestId('dubbing-editor').waitFor({ state: 'visible', timeout: 60_000 });
  const blocks = page.locator(DUBBING_BLOCKS);
  await page.waitForFunction(
    ({ selector, count }) => {
      const states = [...document.querySelectorAll(selector)].map((element) => element.getAttribute('data-state'));
      return states.length === count && states.every((state) => state === 'spoken');
    },
    { selector: DUBBING_BLOCKS, count: project.segments.length },
    { timeout: 30_000 },
  );
  const target = blocks.nth(DUBBING_SELECTED);
  const id = await target.getAttribute('data-segment-id');
  const box = await target.boundingBox();
  const ruler = await page.getByTestId('dubbing-timeline').getByRole('group').boundingBox();
  if (!id || !box || !ruler) throw new Error('dubbing: the timeline has no segment blocks on screen');
  await page.mouse.click(box.x + box.width * 0.4, ruler.y + 8);
  await target.click();
  await page.locator(`[data-testid="segment-inspector"][data-segment-id="${id}"]`).waitFor({ timeout: 10_000 });
  // The editor, its inspector showing a segment, is taller than 900 px: scrolled until the
  // timeline's bottom (and a little margin) is on screen.
  await page.getByTestId('dubbing-timeline').evaluate((timeline) => {
    timeline.scrollIntoView({ block: 'end' });
    let scroller = timeline.parentElement;
    while (scroller && !(scroller.scrollHeight > scroller.clientHeight && /auto|scroll/.test(getComputedStyle(scroller).overflowY))) scroller = scroller.parentElement;
    (scroller ?? document.scrollingElement)?.scrollBy(0, 16);
  });
  // The preview's frame at the playhead, painted (a paused video may never call back for a frame in headless Chromium: at most 3 s).
  await page.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="dubbing-preview"]');
    return !!video && video.readyState >= 2 && !video.seeking;
  }, undefined, { timeout: 30_000 });
  await page.getByTestId('dubbing-preview').evaluate((video: HTMLVideoElement) => new Promise<void>((resolve) => {
    setTimeout(resolve, 3_000);
    video.requestVideoFrameCallback(() => resolve());
  }));
  // Both waveforms drawn: the original's (its peaks file loaded) and the dub's (the takes' peaks).
  await page.waitForFunction(() => {
    const canvases = [...document.querySelectorAll<HTMLCanvasElement>('[data-testid="dubbing-timeline"] canvas')];
    return canvases.length === 2 && canvases.every((canvas) => {
      const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
      let drawn = 0;
      for (let index = 3; pixels && index < pixels.length; index += 4) if (pixels[index]! > 0) drawn += 1;
      return drawn > 500;
    });
  }, undefined, { timeout: 30_000 });
  await page.getByTestId('dubbing-save-state').and(page.locator('[data-state="saved"]')).waitFor({ timeout: 15_000 });
  await page.getByTestId('dubbing-job').first().waitFor({ state: 'detached', timeout: 30_000 });
  for (const busy of ['dubbing-editor-loading', 'dubbing-conflict', 'dubbing-remote-change']) {
    if ((await page.getByTestId(busy).count()) > 0) throw new Error(`dubbing: the editor shows ${busy}`);
  }
}

export async function dubbingScreenshots() {
  const folder = path.join(SAMPLES, 'workbench');
  await mkdir(folder, { recursive: true });
  const files: string[] = [];
  const shots: Record<string, unknown> = {};
  for (const locale of LOCALES) {
    // A user of its own per language (the project list then holds only its own language's project).
    const user = await createUser(`dubbing-${locale.lang}`, locale.nickName);
    const project = await dubbingProject(user, locale.dubbingTitle);
    const pagePath = `${locale.prefix}/workbench/dubbing-studio/details/${project.id}`;
    const name = `dubbing-${locale.lang}`;
    // Each scheme loads the page anew (the timeline's canvases take the theme's colours when they draw).
    for (const scheme of ['light', 'dark'] as const) {
      const context = await signedInContext(user, locale, scheme);
      try {
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        await page.goto(`${base}${pagePath}`);
        await dubbingEditorReady(page, project);
        if ((await page.evaluate(() => document.documentElement.classList.contains('dark'))) !== (scheme === 'dark')) throw new Error(`${name}-${scheme}: the page is not in the ${scheme} scheme`);
        const lang = await page.evaluate(() => document.documentElement.lang);
        if (!lang.startsWith(locale.lang)) throw new Error(`${name}-${scheme}: the page's language is ${lang}`);
        await settle(page);
        await withoutToasts(page, `${name}-${scheme}`);
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        if ((scheme === 'dark') !== isDark(background)) notes.push(`screenshots: ${name}-${scheme} body background is ${background}`);
        const file = path.join(folder, `${name}-${scheme}.jpg`);
        await page.screenshot({ path: file, type: 'jpeg', quality: 75 });
        written.push(file);
        files.push(`/samples/workbench/${name}-${scheme}.jpg`);
        if (problems.length > 0) notes.push(`screenshots ${name}-${scheme}: ${problems.join('; ')}`);
      } finally {
        await context.close();
      }
    }
    const selected = project.segments[DUBBING_SELECTED]!;
    shots[name] = {
      page: `${locale.prefix}/workbench/dubbing-studio/details/<project>`,
      commit,
      project: {
        title: locale.dubbingTitle,
        edition: 'studio',
        run: 'a 10 s English clip (tests/support/dubbing-media.ts makeDubbingClip, picture "shop", two festival voices) with its SRT as the text source and two speakers; prepared, translated into Spanish offline (Apertium) and every segment spoken, nothing edited',
        sourceLanguage: project.sourceLanguage,
        targetLanguages: project.targetLanguages,
        characters: project.characters.length,
        segments: project.segments.map((segment) => ({ startMs: segment.startMs, endMs: segment.endMs, source: segment.sourceText, es: segment.translations.es ?? null, takeMs: segment.takes.es?.durationMs ?? null })),
      },
      selected: { segment: DUBBING_SELECTED + 1, source: selected.sourceText, es: selected.translations.es ?? null },
      state: 'scrolled to the timeline’s bottom; the playhead and the preview inside the selected segment (a click on the ruler), the segment clicked (the inspector shows it), both waveforms drawn, saved, no job running; each scheme a fresh load of the page',
    };
  }
  const previous = await readWorkbenchJson();
  await writeJson(folder, {
    ...previous,
    files: [...previous.files.filter((file) => !isDubbingShot(file)), ...files],
    shots: { ...Object.fromEntries(Object.entries(previous.shots).filter(([shot]) => !isDubbingShot(shot))), ...shots },
  });
}
