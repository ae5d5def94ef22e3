import { createRequire } from 'node:module';
import path from 'node:path';
import { freshUserCookie } from './route-list.ts';
import { expect, fullPageShot, test } from './fixtures.ts';

/**
 * AI avatar video against the real server and its local engines: in English at 1440 px two scenes
 * (two illustrated avatars, the page's default voice, 9:16) get a free 5-second preview, then the
 * whole video renders and its MP4 and captions download; in Chinese at 375 px in dark mode a photo
 * speaker finds the face of face-api's sample portrait. Screenshots go to the test's output folder.
 */

const SAMPLE_PHOTO = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo', 'sample2.jpg');

test('en, 1440 px: two avatar scenes, a free preview, the video rendered with captions and downloaded', async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(300_000);
  await context.addCookies([await freshUserCookie(baseURL!, 'avatar')]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/workbench/ai-avatar-video');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI avatar video');
  const scenes = page.getByTestId('avatar-scene');
  await expect(scenes).toHaveCount(1);
  await expect(scenes.first().getByTestId('avatar-choices').getByRole('radio')).toHaveCount(8);
  // The page's default voice is set once the library answers.
  await expect(scenes.first().getByTestId('avatar-voice')).not.toHaveAttribute('data-voice-key', '');
  await scenes.first().getByTestId('avatar-script').fill('Hello and welcome. Today we look at three quick tips for better product photos.');
  await page.getByTestId('add-scene').click();
  await expect(scenes).toHaveCount(2);
  await scenes.nth(1).getByTestId('avatar-choices').getByRole('radio').nth(1).check({ force: true });
  await scenes.nth(1).getByTestId('avatar-script').fill('Use daylight. Keep the background plain.');
  await page.getByRole('radio', { name: '9:16 portrait' }).check({ force: true });
  await page.getByLabel('Size').selectOption('512');
  await expect(page.getByTestId('avatar-estimate')).toContainText('points');
  await fullPageShot(page, testInfo.outputPath('en-1440-scenes.png'));

  await page.getByTestId('avatar-preview').click();
  await expect(page.getByTestId('avatar-preview-video')).toBeVisible({ timeout: 120_000 });
  await page.getByTestId('avatar-create').click();
  await expect(page.getByTestId('avatar-result')).toBeVisible({ timeout: 240_000 });
  for (const link of ['download-video', 'download-captions']) {
    const response = await page.request.get((await page.getByTestId(link).getAttribute('href'))!);
    expect(response.status(), link).toBe(200);
  }
  await fullPageShot(page, testInfo.outputPath('en-1440-result.png'));
});

test('zh, 375 px, dark: from the hub\'s talking-photo card, a photo speaker finds the faces of a portrait and the talking photo is made', async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  await context.addCookies([await freshUserCookie(baseURL!, 'avatar')]);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/zh/workbench/ai-tools');
  await page.getByRole('link', { name: /照片说话/ }).click();
  await expect(page).toHaveURL(/\/zh\/workbench\/ai-avatar-video\?speaker=photo$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI 数字人视频');
  await expect(page.getByRole('radio', { name: '照片' })).toBeChecked();
  await page.locator('[data-testid="photo-dropzone"] [data-slot="upload-dropzone-input"]').setInputFiles(SAMPLE_PHOTO);
  await expect(page.getByTestId('faces-found')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('face-box').first()).toHaveAttribute('aria-pressed', 'true');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'nothing wider than the screen').toBeLessThanOrEqual(0);
  await fullPageShot(page, testInfo.outputPath('zh-375-dark-photo.png'));
  await expect(page.getByTestId('avatar-voice')).not.toHaveAttribute('data-voice-key', '');
  await page.getByTestId('avatar-script').fill('大家好，欢迎来到我们的店铺。');
  await page.getByLabel('尺寸').selectOption('512');
  await page.getByTestId('avatar-create').click();
  await expect(page.getByTestId('avatar-result')).toBeVisible({ timeout: 180_000 });
  await fullPageShot(page, testInfo.outputPath('zh-375-dark-result.png'));
});
