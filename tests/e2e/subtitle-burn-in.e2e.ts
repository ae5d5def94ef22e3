import { makeErasureClip } from '../../packages/engines/src/testing/generated-erasure.ts';
import { freshUserCookie } from './route-list.ts';
import { expect, fullPageShot, test } from './fixtures.ts';

/**
 * Subtitle burn-in against the real server and libass: in English at 1440 px a generated 4 s clip
 * is uploaded from the hub's card, an SRT chosen (its lines listed, one after the video's end
 * counted), the style changed and previewed live over the video, the video rendered and its MP4
 * downloaded; in Chinese at 375 px in dark mode a file that is no subtitle file gets the
 * catalogue's message. Screenshots go to the test's output folder.
 */

const SRT = `1
00:00:00,300 --> 00:00:01,800
你终于回来了
You finally came back

2
00:00:02,000 --> 00:00:03,800
对不起，我不是故意的，当年的事情另有隐情，你听我解释好不好

3
00:00:09,000 --> 00:00:10,000
Too late
`;

const makeClip = () => makeErasureClip({ width: 640, height: 360, durationSeconds: 4, cues: [], fontSize: 22, margin: 20, panSpeed: 60 });

test('en, 1440 px: from the hub, a video and an SRT, a yellow boxed style previewed live, burned in and downloaded', async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const clip = await makeClip();
  await context.addCookies([await freshUserCookie(baseURL!, 'burn-in')]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/workbench/ai-tools');
  await page.getByRole('link', { name: /Subtitle burn-in/ }).click();
  await expect(page).toHaveURL(/\/workbench\/ai-tools\/subtitle-burn-in$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subtitle burn-in');
  // The sidebar shows the hub as the current place.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'AI tools' })).toHaveClass(/bg-primary-soft/);

  await page.locator('[data-slot="upload-dropzone-input"]').setInputFiles(clip.clean);
  await expect(page.getByTestId('video-source-ready')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('burn-in-estimate')).toHaveText('2 points for 0:04');
  await page.getByTestId('subtitle-file-input').setInputFiles({ name: 'drama.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(SRT) });
  await expect(page.getByTestId('subtitle-summary')).toHaveText('3 lines · 0:00 – 0:10');
  await expect(page.getByText('1 line starts after the video ends and will be left out.')).toBeVisible();
  await expect(page.getByTestId('subtitle-lines').getByRole('listitem')).toHaveCount(2);

  // The first line is previewed before playback; the style applies at once.
  const preview = page.getByTestId('burn-in-preview-line');
  await expect(preview).toContainText('你终于回来了');
  await page.getByRole('radio', { name: 'Box' }).check({ force: true });
  await page.getByTestId('text-colour').getByRole('radio', { name: 'Yellow' }).check({ force: true });
  await page.getByRole('radio', { name: 'Large' }).check({ force: true });
  await expect(preview.locator('span')).toHaveCSS('color', 'rgb(255, 212, 0)');
  // Scrubbed to the long Chinese line: broken into two rows, as the server will.
  await page.locator('video').first().evaluate((video: HTMLVideoElement) => new Promise((resolve) => {
    video.addEventListener('seeked', resolve, { once: true });
    video.currentTime = 2.5;
  }));
  await expect(preview).toContainText('另有隐情');
  expect((await preview.innerText()).split('\n')).toHaveLength(2);
  await fullPageShot(page, testInfo.outputPath('en-1440-style.png'));

  await page.getByTestId('burn-in-create').click();
  await expect(page.getByTestId('burn-in-result')).toBeVisible({ timeout: 180_000 });
  const download = page.getByTestId('download-video');
  const response = await page.request.get((await download.getAttribute('href'))!);
  expect(response.status()).toBe(200);
  expect((await response.body()).subarray(4, 8).toString('latin1')).toBe('ftyp');
  await fullPageShot(page, testInfo.outputPath('en-1440-result.png'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await fullPageShot(page, testInfo.outputPath('en-1440-result-dark.png'));
});

test('zh, 375 px, dark: a file that is no subtitle file is refused in the catalogue’s words, nothing to start', async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const clip = await makeClip();
  await context.addCookies([await freshUserCookie(baseURL!, 'burn-in')]);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/zh/workbench/ai-tools/subtitle-burn-in');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('字幕压制');
  await page.locator('[data-slot="upload-dropzone-input"]').setInputFiles(clip.clean);
  await expect(page.getByTestId('video-source-ready')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('subtitle-file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some notes') });
  await expect(page.getByTestId('subtitle-file-error')).toHaveText('无法读取字幕文件：这不是 SRT、WebVTT 或 ASS 字幕文件。请上传 SRT、VTT 或 ASS 文件。');
  await expect(page.getByTestId('burn-in-create')).toBeDisabled();
  await page.getByTestId('subtitle-file-input').setInputFiles({ name: 'drama.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(SRT) });
  await expect(page.getByTestId('subtitle-summary')).toHaveText('3 行 · 0:00 – 0:10');
  await expect(page.getByTestId('burn-in-create')).toBeEnabled();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'nothing wider than the screen').toBeLessThanOrEqual(0);
  await fullPageShot(page, testInfo.outputPath('zh-375-dark.png'));
});
