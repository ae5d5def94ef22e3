import { makeSubtitledEpisode } from '../support/subtitled-episode.ts';
import { freshUserCookie, userInfoCookie } from './route-list.ts';
import { expect, fullPageShot, test } from './fixtures.ts';

/**
 * Replacing the burned-in subtitles (issue 28) in the browser: the form's two choices in English
 * at 1440 px (light) and in Chinese at 375 px (dark), the estimate at the subtitles-only price; then
 * a pro run of an episode with English subtitles burned in stops at the review gate with each
 * Spanish line drawn on its erased frame, and exports a subtitled video. Screenshots of each state
 * go to the test's output folder.
 */
const RUNS = [
  { locale: 'en', prefix: '', width: 1440, height: 900, scheme: 'light', estimate: 'About 10 points', replace: 'Replace them', subtitlesOnly: 'Subtitles only' },
  { locale: 'zh', prefix: '/zh', width: 375, height: 812, scheme: 'dark', estimate: '约 10 积分', replace: '替换字幕', subtitlesOnly: '仅字幕' },
] as const;

for (const run of RUNS) {
  test(`${run.locale}, ${run.width} px: replace the subtitles, subtitles only, at the lower price`, async ({ page, context, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const episode = await makeSubtitledEpisode({ height: 480 });
    await context.addCookies([await userInfoCookie(baseURL!)]);
    await page.setViewportSize({ width: run.width, height: run.height });
    await page.emulateMedia({ colorScheme: run.scheme });
    await page.goto(`${run.prefix}/workbench/video-translator`);
    await page.locator('[data-slot="upload-dropzone-input"]').setInputFiles(episode.file);
    await expect(page.getByTestId('video-preview')).toBeVisible({ timeout: 30_000 });
    await page.locator('[data-testid="target-language"][data-language="es"]').click();
    const field = page.getByTestId('picture-subtitles-field');
    await expect(field).toContainText(run.replace);
    // Subtitles only is offered once something is drawn.
    await expect(field.getByTestId('output-subtitles')).toBeDisabled();
    await field.getByTestId('subtitles-replace').check();
    await field.getByTestId('output-subtitles').check();
    await expect(field).toContainText(run.subtitlesOnly);
    await expect(page.getByTestId('estimate-points')).toHaveText(run.estimate);
    // Speech has no picture lines: replacing is off then, and keeping comes back.
    await page.getByTestId('text-source-speech').check();
    await expect(field.getByTestId('subtitles-replace')).toBeDisabled();
    await expect(field.getByTestId('subtitles-keep')).toBeChecked();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId('text-source-auto').check();
    await field.getByTestId('subtitles-replace').check();
    await field.getByTestId('output-subtitles').check();
    await fullPageShot(page, testInfo.outputPath(`${run.locale}-${run.width}-${run.scheme}-form.png`));
  });
}

test('en, 1440 px: a pro run stops at the review with each line drawn on its erased frame, then exports the subtitled video', async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(600_000);
  const episode = await makeSubtitledEpisode({ height: 480 });
  await context.addCookies([await freshUserCookie(baseURL!, 'replace-pro', 'E2E Replacer')]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/workbench/video-translator-pro');
  await page.locator('[data-slot="upload-dropzone-input"]').setInputFiles(episode.file);
  await expect(page.getByTestId('video-preview')).toBeVisible({ timeout: 30_000 });
  await page.locator('[data-testid="target-language"][data-language="es"]').click();
  await page.getByTestId('subtitles-replace').check();
  await page.getByTestId('output-subtitles').check();
  await page.getByTestId('translation-start').click();

  const review = page.getByTestId('translation-review');
  await expect(review).toBeVisible({ timeout: 480_000 });
  const stills = review.getByTestId('review-still');
  await expect(stills).toHaveCount(episode.clip.cues.length);
  // Every still loaded (a JPEG of the frame, not a broken image).
  await expect.poll(() => stills.evaluateAll((images: HTMLImageElement[]) => images.every((image) => image.complete && image.naturalWidth > 0)), { timeout: 20_000 }).toBe(true);
  await review.getByTestId('review-stills').scrollIntoViewIfNeeded();
  await fullPageShot(page, testInfo.outputPath('en-1440-light-review-stills.png'));

  await review.getByTestId('review-export').click();
  await expect(page.getByTestId('translation-result')).toBeVisible({ timeout: 240_000 });
  await expect(page.getByTestId('download-video')).toHaveAttribute('href', /.+/);
  await expect(page.getByTestId('download-dubbed-audio')).toHaveCount(0);
  await fullPageShot(page, testInfo.outputPath('en-1440-light-result.png'));
});
