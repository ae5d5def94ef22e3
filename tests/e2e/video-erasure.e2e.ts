import { bilingualCues, makeErasureClip } from '../../packages/engines/src/testing/generated-erasure.ts';
import { makeCorpus } from '../../packages/engines/src/testing/subtitle-corpus.ts';
import { freshUserCookie } from './route-list.ts';
import { expect, fullPageShot, test } from './fixtures.ts';

/**
 * The AI tools hub and video erasure against the real server and its local engines: in English at
 * 1440 px a generated 4 s clip with a two-row subtitle is uploaded, its text found and listed, a
 * rectangle drawn, the 10-second preview made, the whole video erased and the result shown with its
 * before/after slider and MP4 download; in Chinese at 375 px in dark mode a clip without text says
 * so in the catalogue's words and offers drawn regions. Screenshots go to the test's output folder.
 */

const makeClip = () => makeErasureClip({ width: 640, height: 360, durationSeconds: 4, cues: bilingualCues().slice(0, 1), fontSize: 22, margin: 20, panSpeed: 60 });

test('en, 1440 px: from the hub, find the subtitle, draw a region, preview, erase, compare and download', async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(300_000);
  const clip = await makeClip();
  await context.addCookies([await freshUserCookie(baseURL!, 'erasure')]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/workbench/ai-tools');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI tools');
  await expect(page.getByTestId('ai-tool-card')).toHaveCount(5);
  await fullPageShot(page, testInfo.outputPath('en-1440-hub.png'));
  await page.getByRole('link', { name: /Video erasure/ }).first().click();
  await expect(page).toHaveURL(/\/workbench\/ai-tools\/video-erasure$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Video erasure');

  await page.locator('[data-slot="upload-dropzone-input"]').setInputFiles(clip.subtitled);
  await expect(page.getByTestId('region-editor')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('erasure-estimate')).toHaveText('Erasing the whole video costs 10 points (0:04).');
  await page.getByTestId('find-text').click();
  await expect(page.getByTestId('found-count')).toHaveText('Found: 1. Untick any you want to keep.', { timeout: 120_000 });
  await expect(page.getByTestId('region-item')).toHaveCount(1);
  await expect(page.getByTestId('region-item').first()).toContainText('你终于回来了');

  // A drawn rectangle in the top left corner, over the whole video.
  const surface = page.getByTestId('region-surface');
  const box = (await surface.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.05, box.y + box.height * 0.05);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('region-item')).toHaveCount(2);
  await fullPageShot(page, testInfo.outputPath('en-1440-regions.png'));

  await page.getByTestId('erasure-preview').click();
  await expect(page.getByTestId('erasure-preview-video')).toBeVisible({ timeout: 120_000 });
  await page.getByTestId('erasure-create').click();
  await expect(page.getByTestId('erasure-result')).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId('before-after-slider')).toBeVisible();
  await page.getByTestId('before-after-slider').fill('30');
  const download = page.getByTestId('download-video');
  await expect(download).toHaveAttribute('href', /.+/);
  const response = await page.request.get((await download.getAttribute('href'))!);
  expect(response.status()).toBe(200);
  expect((await response.body()).subarray(4, 8).toString('latin1')).toBe('ftyp');
  await fullPageShot(page, testInfo.outputPath('en-1440-result.png'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await fullPageShot(page, testInfo.outputPath('en-1440-result-dark.png'));
});

test('zh, 375 px, dark: a video without text says so and offers drawn regions', async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const clip = await makeClip();
  await context.addCookies([await freshUserCookie(baseURL!, 'erasure')]);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/zh/workbench/ai-tools/video-erasure');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('视频擦除');
  await page.locator('[data-slot="upload-dropzone-input"]').setInputFiles(clip.clean);
  await expect(page.getByTestId('region-editor')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('find-text').click();
  await expect(page.getByTestId('no-text')).toContainText('该视频中没有找到可擦除的文字', { timeout: 120_000 });
  await page.getByTestId('no-text').getByRole('button').click();
  await expect(page.getByText('在画面上拖动即可框选矩形')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'nothing wider than the screen').toBeLessThanOrEqual(0);
  await fullPageShot(page, testInfo.outputPath('zh-375-dark.png'));
  await page.goto('/zh/workbench/ai-tools');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI 工具');
  await fullPageShot(page, testInfo.outputPath('zh-375-dark-hub.png'));
});

test('en 1440 px: Chinese over English found as two tracks, each row its own regions; the English track picked finds only it', async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(300_000);
  const [clip] = await makeCorpus(['bilingual-bottom']);
  await context.addCookies([await freshUserCookie(baseURL!, 'erasure-tracks')]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/workbench/ai-tools/video-erasure');
  await page.locator('[data-slot="upload-dropzone-input"]').setInputFiles(clip!.file);
  await expect(page.getByTestId('region-editor')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('find-text').click();
  // Three cues, each row a region of its own.
  await expect(page.getByTestId('found-count')).toHaveText('Found: 6. Untick any you want to keep.', { timeout: 180_000 });
  const tracks = page.getByTestId('subtitle-tracks');
  await expect(tracks.getByTestId('subtitle-track-item')).toHaveCount(2);
  await expect(tracks.getByTestId('subtitle-track-item').nth(1)).toContainText('Track 2 · English');
  await fullPageShot(page, testInfo.outputPath('tracks-en-1440.png'));
  await tracks.getByTestId('subtitle-track-item').nth(1).getByRole('radio').check();
  await page.getByTestId('subtitle-track-pick').click();
  await expect(tracks).toContainText('This result reads only the track you picked.', { timeout: 180_000 });
  await expect(page.getByTestId('found-count')).toHaveText('Found: 3. Untick any you want to keep.', { timeout: 180_000 });
  await expect(page.getByTestId('region-list')).not.toContainText('你终于回来了');
  await expect(page.getByTestId('region-item').first()).toContainText('You finally came back.');
  await page.emulateMedia({ colorScheme: 'dark' });
  await fullPageShot(page, testInfo.outputPath('tracks-en-1440-picked-dark.png'));
});
