import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { freshUserCookie } from './route-list.ts';
import { expect, fullPageShot, test } from './fixtures.ts';

/**
 * The talking photo's portrait check on the page: a portrait whose head is tilted and whose mouth
 * is open in a smile (face-api's demo photo 3, cut around its smiling face and turned 20° with
 * ffmpeg at test time) is checked for free as soon as it is uploaded; the advice (tilt with its
 * angle, open mouth) shows beside the photo in English and in Chinese, at 1440 and 375 px, and the
 * person may still go on (in English, a free preview is made). Screenshots go to the test's output folder.
 */

const run = promisify(execFile);
const SAMPLE = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo', 'sample3.jpg');

async function tiltedSmile(): Promise<string> {
  const dir = path.join(tmpdir(), 'voxwork-test-media', 'avatar-photo-check-e2e');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'tilted-smile.png');
  await run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', SAMPLE, '-vf', 'crop=760:760:1240:30,rotate=-20*PI/180:fillcolor=0x808080,crop=540:540:110:110', '-frames:v', '1', file]);
  return file;
}

async function uploadTiltedSmile(page: Page, prefix: string) {
  await page.goto(`${prefix}/workbench/ai-avatar-video?speaker=photo`);
  await page.locator('[data-testid="photo-dropzone"] [data-slot="upload-dropzone-input"]').setInputFiles(await tiltedSmile());
  const check = page.getByTestId('photo-check');
  await expect(check).toBeVisible({ timeout: 60_000 });
  await expect(check).toHaveAttribute('data-verdict', 'warn');
  const tilt = check.locator('[data-kind="tilt"]');
  await expect(tilt).toHaveAttribute('data-verdict', 'warn');
  await expect(check.locator('[data-kind="mouth"]')).toHaveAttribute('data-verdict', 'warn');
  await expect(check.locator('[data-kind="lighting"]')).toHaveAttribute('data-verdict', 'ok');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'nothing wider than the screen').toBeLessThanOrEqual(0);
  return { check, tilt };
}

for (const width of [1440, 375]) {
  test(`en, ${width} px: a tilted, open-smile portrait gets the tilt (with its angle) and open-mouth advice before anything is charged; the person may go on`, async ({ page, context, baseURL }, testInfo) => {
    test.setTimeout(240_000);
    await context.addCookies([await freshUserCookie(baseURL!, 'avatar-check')]);
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: width === 375 ? 'dark' : 'light' });
    const { check, tilt } = await uploadTiltedSmile(page, '');
    await expect(check).toContainText('This photo will work, but another would look better');
    await expect(tilt).toContainText(/The head is tilted (1[5-9]|2[0-9])° to one side/);
    await expect(check.locator('[data-kind="mouth"]')).toContainText('The mouth is open in the photo');
    await expect(check).toContainText('You can go on with this photo, or choose another.');
    await fullPageShot(page, testInfo.outputPath(`en-${width}-photo-check.png`));
    if (width === 1440) {
      // Warnings only: the free preview is still made from this photo.
      await expect(page.getByTestId('avatar-voice')).not.toHaveAttribute('data-voice-key', '');
      await page.getByTestId('avatar-script').fill('Hello, this is my talking photo.');
      await page.getByLabel('Size').selectOption('512');
      await page.getByTestId('avatar-preview').click();
      await expect(page.getByTestId('avatar-preview-video')).toBeVisible({ timeout: 180_000 });
    }
  });

  test(`zh, ${width} px: the same advice in Chinese`, async ({ page, context, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    await context.addCookies([await freshUserCookie(baseURL!, 'avatar-check')]);
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: width === 375 ? 'dark' : 'light' });
    const { check, tilt } = await uploadTiltedSmile(page, '/zh');
    await expect(check).toContainText('这张照片可以使用，但换一张效果会更好');
    await expect(tilt).toContainText(/头部向一侧倾斜了 (1[5-9]|2[0-9])°/);
    await expect(check.locator('[data-kind="mouth"]')).toContainText('照片中嘴巴是张开的');
    await expect(check).toContainText('你可以继续使用这张照片，也可以换一张。');
    await expect(check).not.toContainText(/[A-Za-z]{4,}/);
    await fullPageShot(page, testInfo.outputPath(`zh-${width}-photo-check.png`));
  });
}
