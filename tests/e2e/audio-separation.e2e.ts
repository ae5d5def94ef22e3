import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { makeSpeech } from '../../packages/engines/src/testing/generated-media.ts';
import { freshUserCookie } from './route-list.ts';
import { expect, fullPageShot, test } from './fixtures.ts';

/**
 * Audio separation against the real server and its local engine (RNNoise): in English at 1440 px
 * (light) a generated 6 s speech + music WAV is uploaded from the AI tools hub's card, separated,
 * the tracks switched, a stem downloaded and the history's result dialog opened with both stems; in
 * Chinese at 375 px in dark mode the same sound as a video's audio track, and a video without sound
 * refused in the catalogue's words. Screenshots go to the test's output folder.
 */

const run = promisify(execFile);
const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

/** Made once per run: speech in the centre over a wide music bed (WAV), the same as a video's sound, and a video without sound. */
async function makeMedia() {
  const dir = path.join(tmpdir(), 'voxwork-test-media', 'separation-e2e');
  await mkdir(dir, { recursive: true });
  const wav = path.join(dir, 'market.wav');
  const video = path.join(dir, 'market.mp4');
  const silent = path.join(dir, 'silent.mp4');
  if (existsSync(silent)) return { wav, video, silent };
  const spoken = await makeSpeech(dir, 'voice.wav', 'The market opens at nine and the bread is still warm.', 'en-us');
  await run('ffmpeg', [
    ...QUIET, '-i', spoken, '-f', 'lavfi', '-i',
    "aevalsrc='0.07*(sin(2*PI*220*t)+0.6*sin(2*PI*277.2*t))|0.07*(sin(2*PI*329.6*t)+0.6*sin(2*PI*392*t))':s=44100:d=6",
    '-filter_complex', '[0:a]aresample=44100,adelay=500:all=1,apad,atrim=0:6,volume=0.6,pan=stereo|c0=c0|c1=c0[s];[1:a][s]amix=inputs=2:normalize=0[out]',
    '-map', '[out]', '-c:a', 'pcm_s16le', wav,
  ]);
  await run('ffmpeg', [...QUIET, '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10:duration=6', '-i', wav, '-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', video]);
  await run('ffmpeg', [...QUIET, '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', silent]);
  return { wav, video, silent };
}

test('en, 1440 px: from the hub card, separate a recording, switch tracks, download a stem, find both stems in the history', async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const media = await makeMedia();
  await context.addCookies([await freshUserCookie(baseURL!, 'separation')]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/workbench/ai-tools');
  await page.getByRole('link', { name: /Audio separation/ }).click();
  await expect(page).toHaveURL(/\/workbench\/ai-tools\/audio-separation$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audio separation');
  const offer = page.getByTestId('separator-offer').first();
  await expect(offer).toContainText('Speech enhancement (RNNoise)');
  await expect(offer.getByTestId('separator-location')).toHaveText('Local');
  await expect(offer).toContainText('3 points per started minute');

  await page.locator('[data-slot="upload-dropzone-input"]').setInputFiles(media.wav);
  await expect(page.getByTestId('separation-source-ready')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('separation-estimate')).toHaveText(/^Cost: 3 points for 0:0[56]$/);
  await fullPageShot(page, testInfo.outputPath('en-1440-ready.png'));
  await page.getByTestId('separation-create').click();
  const players = page.getByTestId('stem-players');
  await expect(players).toBeVisible({ timeout: 120_000 });
  await expect(players.locator('[data-slot="waveform-player"][data-state="ready"]')).toHaveCount(3, { timeout: 30_000 });
  // Switch: the background takes over (playing); solo: playing the voice pauses it.
  await page.getByTestId('switch-background').click();
  await expect(page.getByTestId('switch-background')).toHaveAttribute('aria-checked', 'true');
  const paused = (track: string) => players.locator(`[data-track="${track}"] audio`).evaluate((audio: HTMLAudioElement) => audio.paused);
  await expect.poll(() => paused('background')).toBe(false);
  await players.locator('[data-track="voice"]').getByRole('button', { name: 'Play' }).click();
  await expect(page.getByTestId('switch-voice')).toHaveAttribute('aria-checked', 'true');
  await expect.poll(() => paused('background')).toBe(true);
  expect(await paused('voice')).toBe(false);
  await page.getByTestId('switch-background').click();
  await expect.poll(() => paused('voice')).toBe(true);

  const download = page.getByTestId('download-voice-wav');
  const response = await page.request.get((await download.getAttribute('href'))!);
  expect(response.status()).toBe(200);
  const bytes = await response.body();
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
  await fullPageShot(page, testInfo.outputPath('en-1440-result.png'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await fullPageShot(page, testInfo.outputPath('en-1440-result-dark.png'));
  await page.emulateMedia({ colorScheme: 'light' });

  const item = page.getByTestId('history-item').first();
  await expect(item).toHaveAttribute('data-status', 'completed');
  await expect(item).toContainText('Voice and background');
  await item.getByTestId('history-open').click();
  const dialog = page.getByTestId('result-dialog');
  await expect(dialog).toBeVisible();
  for (const name of ['voice.wav', 'background.wav', 'voice.mp3', 'background.mp3']) await expect(dialog.getByText(name, { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('en-1440-history-dialog.png') });
});

test('zh, 375 px, dark: a video’s sound separated; a video without sound refused in the catalogue’s words', async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const media = await makeMedia();
  await context.addCookies([await freshUserCookie(baseURL!, 'separation')]);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/zh/workbench/ai-tools/audio-separation');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('人声分离');
  await expect(page.getByTestId('separator-offer').first().getByTestId('separator-location')).toHaveText('本地');

  await page.locator('[data-slot="upload-dropzone-input"]').setInputFiles(media.silent);
  await expect(page.getByTestId('separation-refused')).toHaveText(/该视频没有音轨/, { timeout: 30_000 });
  await expect(page.getByTestId('separation-create')).toBeDisabled();
  await expect(page.getByTestId('separation-estimate')).toHaveText('上传带声音的文件后显示费用。');
  await fullPageShot(page, testInfo.outputPath('zh-375-dark-refused.png'));
  await page.getByRole('button', { name: '换一个文件' }).click();

  await page.locator('[data-slot="upload-dropzone-input"]').setInputFiles(media.video);
  await expect(page.getByText('将分离视频的第一条音轨。')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('separation-estimate')).toContainText('3 积分');
  await page.getByTestId('separation-create').click();
  await expect(page.getByTestId('stem-players')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('stem-players').locator('[data-slot="waveform-player"][data-state="ready"]')).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByTestId('switch-voice')).toHaveText('人声');
  await expect(page.getByTestId('download-background-mp3')).toContainText('背景声 · MP3');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'nothing wider than the screen').toBeLessThanOrEqual(0);
  await fullPageShot(page, testInfo.outputPath('zh-375-dark-result.png'));
});
