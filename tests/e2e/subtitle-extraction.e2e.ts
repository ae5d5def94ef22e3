import { bilingualCues, makeErasureClip } from '../../packages/engines/src/testing/generated-erasure.ts';
import { makeCorpus } from '../../packages/engines/src/testing/subtitle-corpus.ts';
import { freshUserCookie } from './route-list.ts';
import { expect, fullPageShot, test } from './fixtures.ts';

/**
 * Subtitle extraction against the real server and its local text reader (PP-OCRv4): in English at
 * 1440 px from the AI tools hub's card, a generated 4 s clip with a bilingual subtitle is read into
 * lines (the video with the extracted VTT as its track, the table, downloads per language, the
 * history's result dialog with its downloads); in Chinese at 375 px in dark mode the Chinese row
 * alone is read, and a clip without subtitles fails with the catalogue's words. Screenshots go to
 * the test's output folder.
 */

// The video erasure e2e's clip (made once per machine): 你终于回来了 over "You finally came back", 0.6–2.8 s.
const makeClip = () => makeErasureClip({ width: 640, height: 360, durationSeconds: 4, cues: bilingualCues().slice(0, 1), fontSize: 22, margin: 20, panSpeed: 60 });

test('en, 1440 px: from the hub card to the extracted lines, the track on the video, downloads and the history dialog', async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const clip = await makeClip();
  await context.addCookies([await freshUserCookie(baseURL!, 'extraction')]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/workbench/ai-tools');
  await page.getByRole('link', { name: /Subtitle extraction/ }).click();
  await expect(page).toHaveURL(/\/workbench\/ai-tools\/subtitle-extraction$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subtitle extraction');
  await expect(page.getByText('Read by PP-OCRv4, on our servers.')).toBeVisible();

  await page.locator('[data-slot="upload-dropzone-input"]').setInputFiles(clip.subtitled);
  await expect(page.getByTestId('video-source-ready')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('extraction-estimate')).toHaveText('Reading the whole video costs 2 points (0:04).');
  await fullPageShot(page, testInfo.outputPath('en-1440-ready.png'));
  await page.getByTestId('extraction-create').click();
  // The run's progress (queued or reading), unless it has already finished.
  await expect(page.getByTestId('job-progress').or(page.getByTestId('extraction-result'))).toBeVisible({ timeout: 30_000 });
  await fullPageShot(page, testInfo.outputPath('en-1440-running.png'));
  await expect(page.getByTestId('extraction-result')).toBeVisible({ timeout: 120_000 });

  await expect(page.getByTestId('extraction-summary')).toHaveText('Lines: 1 · Bilingual: Chinese and English');
  const rows = page.getByTestId('subtitle-line');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('你终于回来了');
  await expect(rows.first()).toContainText('You finally came back');
  // The extracted VTT is the video's track: the browser loads its cue.
  const video = page.getByTestId('extraction-video');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.textTracks[0]?.cues?.length ?? 0), { timeout: 10_000 }).toBe(1);
  expect(await video.evaluate((element: HTMLVideoElement) => (element.textTracks[0]!.cues![0] as VTTCue).text)).toBe('你终于回来了\nYou finally came back');

  // Copy: the transcript reaches the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await page.getByTestId('copy-transcript').click();
  await expect(page.getByText('Copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('你终于回来了\nYou finally came back');

  for (const name of ['all-srt', 'all-vtt', 'all-txt', 'zh-srt', 'zh-vtt', 'zh-txt', 'en-srt', 'en-vtt', 'en-txt']) await expect(page.getByTestId(`download-${name}`)).toBeVisible();
  const srt = await page.request.get((await page.getByTestId('download-en-srt').getAttribute('href'))!);
  expect(srt.status()).toBe(200);
  expect(await srt.text()).toMatch(/^1\n00:00:00,\d{3} --> 00:00:02,\d{3}\nYou finally came back\n$/);
  await fullPageShot(page, testInfo.outputPath('en-1440-result.png'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await fullPageShot(page, testInfo.outputPath('en-1440-result-dark.png'));
  await page.emulateMedia({ colorScheme: 'light' });

  // The history below: the run, opened in its dialog, downloads every file.
  const item = page.getByTestId('history-item').first();
  await expect(item).toHaveAttribute('data-status', 'completed');
  await item.getByTestId('history-open').click();
  const dialog = page.getByTestId('result-dialog');
  await expect(dialog).toContainText('Extracted subtitles');
  await expect(dialog.getByTestId('media-download')).toHaveCount(9);
  const vtt = await page.request.get((await dialog.getByTestId('media-preview').filter({ hasText: 'subtitles.zh.vtt' }).getByTestId('media-download').getAttribute('href'))!);
  expect(await vtt.text()).toContain('你终于回来了');
  await fullPageShot(page, testInfo.outputPath('en-1440-history-dialog.png'));
});

test('zh, 375 px, dark: Chinese only, and a clip without subtitles fails in the catalogue’s words', async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const clip = await makeClip();
  await context.addCookies([await freshUserCookie(baseURL!, 'extraction')]);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/zh/workbench/ai-tools');
  await page.getByRole('link', { name: /字幕提取/ }).click();
  await expect(page).toHaveURL(/\/zh\/workbench\/ai-tools\/subtitle-extraction$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('字幕提取');

  await page.locator('[data-slot="upload-dropzone-input"]').setInputFiles(clip.subtitled);
  await expect(page.getByTestId('extraction-estimate')).toHaveText('识别整个视频需要 2 积分（0:04）。', { timeout: 30_000 });
  await page.getByTestId('languages-zh').check();
  await page.getByTestId('extraction-create').click();
  await expect(page.getByTestId('extraction-result')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('subtitle-line')).toHaveCount(1);
  await expect(page.getByTestId('subtitle-line').first()).toContainText('你终于回来了');
  await expect(page.getByTestId('subtitle-line').first()).not.toContainText('You');
  await expect(page.getByTestId('download-all-txt')).toBeVisible();
  await expect(page.getByTestId('download-zh-srt')).toHaveCount(0);
  const txt = await page.request.get((await page.getByTestId('download-all-txt').getAttribute('href'))!);
  expect(await txt.text()).toBe('你终于回来了\n');
  let overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'nothing wider than the screen').toBeLessThanOrEqual(0);
  await fullPageShot(page, testInfo.outputPath('zh-375-dark-result.png'));

  await page.getByRole('button', { name: '换一个视频' }).click();
  await page.locator('[data-slot="upload-dropzone-input"]').setInputFiles(clip.clean);
  await expect(page.getByTestId('video-source-ready')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('extraction-create').click();
  await expect(page.getByTestId('job-failed')).toContainText('该视频中没有找到硬字幕', { timeout: 120_000 });
  overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'nothing wider than the screen').toBeLessThanOrEqual(0);
  await fullPageShot(page, testInfo.outputPath('zh-375-dark-failed.png'));
});

test('en 1440 px and zh 375 px dark: Chinese over English is two tracks shown on a frame; the English one picked is read alone', async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(300_000);
  const [clip] = await makeCorpus(['bilingual-bottom']);
  await context.addCookies([await freshUserCookie(baseURL!, 'extraction-tracks')]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/workbench/ai-tools/subtitle-extraction');
  await page.locator('[data-slot="upload-dropzone-input"]').setInputFiles(clip!.file);
  await expect(page.getByTestId('video-source-ready')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('extraction-create').click();
  await expect(page.getByTestId('extraction-result')).toBeVisible({ timeout: 180_000 });
  // Each track timed on its own, paired by time: three bilingual lines.
  await expect(page.getByTestId('subtitle-line')).toHaveCount(3);
  await expect(page.getByTestId('subtitle-line').first()).toContainText('你终于回来了');
  await expect(page.getByTestId('subtitle-line').first()).toContainText('You finally came back.');
  const tracks = page.getByTestId('subtitle-tracks');
  await expect(tracks.getByTestId('subtitle-track-box')).toHaveCount(2);
  const items = tracks.getByTestId('subtitle-track-item');
  await expect(items.nth(0)).toContainText('Track 1 · Chinese');
  await expect(items.nth(1)).toContainText('Track 2 · English');
  await expect(items.nth(0)).toContainText('Read');
  await expect(items.nth(1)).toContainText(/\d+–\d+ % of the height · letters \d+ px · 3 lines seen/);
  await fullPageShot(page, testInfo.outputPath('tracks-en-1440.png'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await fullPageShot(page, testInfo.outputPath('tracks-en-1440-dark.png'));
  await page.emulateMedia({ colorScheme: 'light' });

  // By keyboard: the English track's radio, then the button.
  await items.nth(1).getByRole('radio').focus();
  await page.keyboard.press('Space');
  await expect(items.nth(1).getByRole('radio')).toBeChecked();
  await page.getByTestId('subtitle-track-pick').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('extraction-result')).toBeVisible({ timeout: 180_000 });
  await expect(tracks).toContainText('This result reads only the track you picked.', { timeout: 180_000 });
  await expect(page.getByTestId('subtitle-line')).toHaveCount(3);
  await expect(page.getByTestId('subtitle-lines')).not.toContainText('你终于回来了');
  await expect(page.getByTestId('subtitle-line').first()).toContainText('You finally came back.');
  await expect(page.getByTestId('subtitle-track-pick')).toBeDisabled();
  await fullPageShot(page, testInfo.outputPath('tracks-en-1440-picked.png'));

  await page.setViewportSize({ width: 375, height: 812 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/zh/workbench/ai-tools/subtitle-extraction');
  await page.locator('[data-slot="upload-dropzone-input"]').setInputFiles(clip!.file);
  await expect(page.getByTestId('video-source-ready')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('extraction-create').click();
  await expect(page.getByTestId('extraction-result')).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId('subtitle-track-item').nth(1)).toContainText('字幕轨 2 · 英文');
  await expect(page.getByTestId('subtitle-track-pick')).toContainText('只读取这条字幕轨');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'nothing wider than the screen').toBeLessThanOrEqual(0);
  await fullPageShot(page, testInfo.outputPath('tracks-zh-375-dark.png'));
});
