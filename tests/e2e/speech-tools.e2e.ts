import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Download, Page } from '@playwright/test';
import { createVerifiedUser } from '../support/accounts.ts';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE, fakeMicrophoneArgs } from '../support/chromium.ts';
import { expect, test } from './fixtures.ts';

/**
 * The speech tools of issue 7 against the real server and its local engines, in English at
 * 1440 px and in Chinese at 375 px: the voice library (filters kept in the URL, favourites, "Use
 * this voice"), text to speech with a library voice (mp3 and SRT downloaded and checked byte by
 * byte), and a voice cloned from a speech recording made here with espeak-ng, used in text to
 * speech and in speech to speech.
 */

const LOCALES = [
  {
    prefix: '',
    viewport: { width: 1440, height: 900 },
    text: { female: 'Female', favorites: 'Favourites', all: 'All voices', emptyFavorites: 'Star voices to find them here.', accepted: 'The recording is good to use.' },
  },
  {
    prefix: '/zh',
    viewport: { width: 375, height: 812 },
    text: { female: '女声', favorites: '收藏', all: '全部声音', emptyFavorites: '收藏声音后会显示在这里。', accepted: '录音可以使用。' },
  },
] as const;

const SCRIPT = 'Hello from Voxwork. [pause 1s] This sentence is spoken by a local voice, and it comes with subtitles.';
const CLONE_SPEECH =
  'Good morning everyone. My name is Alex and I record audio books for a living. Today I will read a few sentences so that the computer can learn how my voice sounds. ' +
  'I speak slowly and clearly, with short pauses between the sentences. The weather is mild, the coffee is hot, and the microphone is ready. Thank you for listening to this short recording.';

// The microphone: Chromium's fake capture device plays an espeak-ng recording into getUserMedia.
const MICROPHONE_WAV = path.join(mkdtempSync(path.join(tmpdir(), 'voxwork-mic-')), 'microphone.wav');
execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', MICROPHONE_WAV, CLONE_SPEECH]);
test.use({
  launchOptions: {
    executablePath: CHROMIUM_EXECUTABLE,
    args: [...CHROMIUM_ARGS, ...fakeMicrophoneArgs(MICROPHONE_WAV)],
  },
});

async function signIn(context: BrowserContext, baseURL: string, label: string) {
  const user = await createVerifiedUser(baseURL, process.env.E2E_DATA_DIR ?? '', `speech-${label}-${Date.now()}@example.com`);
  const value = { token: user.token, userId: user.userId, nickName: 'Speech User', email: '', isGuest: false };
  await context.addCookies([{ name: 'user_info', value: encodeURIComponent(JSON.stringify(value)), url: baseURL }]);
  return user;
}

async function downloadBytes(page: Page, testId: string): Promise<{ bytes: Buffer; name: string }> {
  const downloading = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const download: Download = await downloading;
  const file = await download.path();
  return { bytes: await readFile(file), name: download.suggestedFilename() };
}

/** An MPEG audio frame header (after an optional ID3v2 tag): 11 sync bits, layer III. */
function expectMp3(bytes: Buffer) {
  let offset = 0;
  if (bytes.subarray(0, 3).toString('latin1') === 'ID3') {
    const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
    offset = 10 + size;
  }
  expect(bytes.length).toBeGreaterThan(offset + 1000);
  expect(bytes[offset], 'frame sync').toBe(0xff);
  expect(bytes[offset + 1]! & 0xe0, 'frame sync').toBe(0xe0);
  expect((bytes[offset + 1]! >> 1) & 0x03, 'layer III').toBe(0x01);
}

/** SRT: numbered cues, `hh:mm:ss,mmm --> hh:mm:ss,mmm`, text, blank line. */
function expectSrt(bytes: Buffer, words: string[]) {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const cues = text.trim().split(/\r?\n\r?\n/);
  expect(cues.length).toBeGreaterThan(0);
  cues.forEach((cue, index) => {
    const lines = cue.split(/\r?\n/);
    expect(lines[0]).toBe(String(index + 1));
    expect(lines[1]).toMatch(/^\d{2}:\d{2}:\d{2},\d{3} --> \d{2}:\d{2}:\d{2},\d{3}$/);
    expect(lines.slice(2).join(' ').trim().length).toBeGreaterThan(0);
  });
  for (const word of words) expect(text).toContain(word);
}

for (const { prefix, viewport, text } of LOCALES) {
  test.describe(`speech tools ${prefix || '/'} (${viewport.width} px)`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });

    test('voice library: filters in the URL, favourites, use a voice in text to speech', async ({ page, context, baseURL }) => {
      test.setTimeout(90_000);
      await signIn(context, baseURL!, `library-${prefix ? 'zh' : 'en'}`);
      await page.goto(`${prefix}/workbench/voice-library`);
      const cards = page.getByTestId('voice-card');
      await expect(cards.first()).toBeVisible();
      const allCount = await cards.count();

      await page.getByTestId('voice-filter-gender').selectOption('female');
      await expect(page).toHaveURL(/gender=female/);
      await expect(page.getByTestId('voice-count')).not.toContainText('…');
      const female = await cards.count();
      expect(female).toBeGreaterThan(0);
      expect(female).toBeLessThanOrEqual(allCount);
      for (const card of await cards.all()) await expect(card).toContainText(text.female);

      // Star the first voice; it shows under favourites; unstar it there and it leaves.
      const first = cards.first();
      const name = (await first.getByTestId('voice-name').textContent())!;
      await first.getByTestId('voice-favorite').click();
      await expect(first.getByTestId('voice-favorite')).toHaveAttribute('aria-pressed', 'true');
      await page.getByRole('tab', { name: text.favorites }).click();
      await expect(page).toHaveURL(/tab=favorites/);
      await expect(cards).toHaveCount(1);
      await expect(cards.first().getByTestId('voice-name')).toHaveText(name);
      await cards.first().getByTestId('voice-favorite').click();
      await expect(page.getByTestId('voice-empty')).toHaveText(text.emptyFavorites);

      // Back to all voices, keyboard on the tabs; "Use this voice" opens text to speech with it.
      await page.getByRole('tab', { name: text.all }).click();
      await expect(cards.first()).toBeVisible();
      const key = await cards.first().getAttribute('data-voice-key');
      await cards.first().getByTestId('voice-use').click();
      await expect(page).toHaveURL(new RegExp(`^${baseURL}${prefix}/workbench/text-to-speech\\?voice=${encodeURIComponent(key!).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await expect(page.getByTestId('selected-voice')).toHaveAttribute('data-voice-key', key!);
    });

    test('text to speech with a library voice: live estimate, Ctrl+Enter, mp3 and SRT downloads', async ({ page, context, baseURL }) => {
      test.setTimeout(180_000);
      await signIn(context, baseURL!, `tts-${prefix ? 'zh' : 'en'}`);
      await page.goto(`${prefix}/workbench/text-to-speech`);
      await expect(page.getByTestId('selected-voice')).not.toHaveAttribute('data-voice-key', '');
      const script = page.getByTestId('tts-script');
      await script.fill(SCRIPT);
      // Markup is not billed: the count is the spoken characters.
      const billable = 'Hello from Voxwork.'.length + 'This sentence is spoken by a local voice, and it comes with subtitles.'.length;
      await expect(page.getByTestId('tts-characters')).toContainText(`${billable} / 5000`);
      await expect(page.getByTestId('tts-estimate')).toContainText('1');
      await script.press('ControlOrMeta+Enter');
      await expect(page.getByTestId('download-audio')).toBeVisible({ timeout: 150_000 });
      await expect(page.getByTestId('speech-result').locator('[data-slot="waveform-player"]')).toHaveAttribute('data-state', 'ready');

      const audio = await downloadBytes(page, 'download-audio');
      expect(audio.name).toMatch(/\.mp3$/);
      expectMp3(audio.bytes);
      const srt = await downloadBytes(page, 'download-srt');
      expect(srt.name).toMatch(/\.srt$/);
      expectSrt(srt.bytes, ['Voxwork', 'subtitles']);
      await expect(page.getByTestId('download-vtt')).toBeVisible();
      // The page's history lists the job; nothing on the page scrolls sideways (375 px included).
      await expect(page.getByTestId('history-item').first()).toHaveAttribute('data-status', 'completed');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    });

    test('voice cloning from a recording, then the cloned voice in text to speech and speech to speech', async ({ page, context, baseURL }, testInfo) => {
      test.setTimeout(300_000);
      const wav = testInfo.outputPath('clone-source.wav');
      execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', wav, CLONE_SPEECH]);
      await signIn(context, baseURL!, `clone-${prefix ? 'zh' : 'en'}`);

      await page.goto(`${prefix}/workbench/voice-cloning`);
      await expect(page.getByTestId('clone-honest-note')).toBeVisible();
      await expect(page.getByTestId('clone-slots')).toContainText('0');
      await page.locator('[data-slot="upload-dropzone-input"]').setInputFiles(wav);
      await expect(page.getByTestId('clone-check-verdict')).toHaveAttribute('data-accepted', 'true', { timeout: 60_000 });
      await expect(page.getByTestId('clone-check-verdict')).toHaveText(text.accepted);
      const name = prefix ? '克隆测试' : 'Clone test';
      await page.getByTestId('clone-name').fill(name);
      await page.getByTestId('clone-language').selectOption('en');
      await expect(page.getByTestId('clone-create')).toBeDisabled();
      await page.getByTestId('clone-consent').check();
      await page.getByTestId('clone-create').click();
      await expect(page.getByTestId('clone-ready')).toBeVisible({ timeout: 180_000 });
      await expect(page.getByTestId('my-cloned-voices').getByTestId('cloned-voice')).toContainText(name);
      // With a clone listed the page still fits (it was 1,462 px wide at 1440 once), and the row's delete button is inside its card.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      const card = (await page.getByTestId('my-cloned-voices').boundingBox())!;
      const remove = (await page.getByTestId('cloned-voice').getByRole('button').last().boundingBox())!;
      expect(remove.x + remove.width).toBeLessThanOrEqual(card.x + card.width);
      if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/voice-cloning-with-clone-${prefix ? 'zh' : 'en'}.png`, fullPage: true });

      // In text to speech.
      await page.getByTestId('clone-use-tts').click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/workbench/text-to-speech\\?voice=cloned`));
      await expect(page.getByTestId('selected-voice-name')).toHaveText(name);
      await page.getByTestId('tts-script').fill('This is my cloned voice speaking.');
      await page.getByTestId('tts-generate').click();
      await expect(page.getByTestId('download-audio')).toBeVisible({ timeout: 150_000 });
      expectMp3((await downloadBytes(page, 'download-audio')).bytes);

      // In speech to speech, with the same recording as the source.
      await page.goto(`${prefix}/workbench/speech-to-speech`);
      await page.getByTestId('choose-voice').click();
      const picker = page.getByTestId('voice-picker');
      await expect(picker.getByRole('tab', { selected: true })).toHaveText(prefix ? '我的声音' : 'My voices');
      await picker.getByTestId('voice-card').filter({ hasText: name }).getByTestId('voice-select').click();
      await expect(page.getByTestId('selected-voice-name')).toHaveText(name);
      await page.locator('[data-slot="upload-dropzone-input"]').setInputFiles(wav);
      await expect(page.getByTestId('sts-estimate')).toContainText(/\d/);
      await page.getByTestId('sts-convert').click();
      await expect(page.getByTestId('sts-result')).toBeVisible({ timeout: 180_000 });
      const converted = await downloadBytes(page, 'download-audio');
      expectMp3(converted.bytes);
    });
  });
}

test('text to speech editor: plan limit, pause insertion, dialogue speakers, language detection, pronunciation dictionary', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(context, baseURL!, 'editor');
  await page.goto('/workbench/text-to-speech');
  await expect(page.getByTestId('selected-voice')).not.toHaveAttribute('data-voice-key', '');
  const script = page.getByTestId('tts-script');

  // Over the free plan's 5,000 characters: said at once, and Generate refuses without a call.
  await script.fill('a'.repeat(5001));
  await expect(page.getByTestId('tts-characters')).toContainText('5001 / 5000');
  await expect(page.getByRole('alert').filter({ hasText: 'Your plan allows 5000 characters per job.' })).toBeVisible();

  // The pause goes in at the caret, with spaces where words touch.
  await script.fill('Hello world');
  await script.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(5, 5));
  await page.getByTestId('insert-pause').click();
  await expect(script).toHaveValue('Hello [pause 1s] world');

  // Dialogue mode lists the speakers, each with the main voice until changed.
  await page.getByTestId('tts-dialogue').check();
  await script.fill('Anna: Hi Ben.\nBen: Hi Anna.');
  const speakers = page.getByTestId('tts-speakers');
  await expect(speakers).toContainText('Anna');
  await expect(speakers).toContainText('Ben');
  await page.getByTestId('tts-dialogue').uncheck();

  // Chinese text: detected, and a Chinese voice suggested in one click.
  await script.fill('今天天气很好，我们一起去公园散步吧。');
  await page.getByTestId('tts-detect').click();
  await expect(page.getByTestId('tts-detection')).toContainText('Chinese');
  await page.getByTestId('tts-use-suggested').click();
  await expect(page.getByTestId('selected-voice')).toHaveAttribute('data-voice-key', /.+/);
  await expect(page.getByTestId('tts-use-suggested')).toHaveCount(0);

  // Pronunciation dictionary: add an entry, see it listed, delete it.
  await page.getByRole('button', { name: 'Pronunciations' }).click();
  const dictionary = page.getByTestId('pronunciation-dialog');
  await dictionary.getByLabel('Term').fill('Voxwork');
  await dictionary.getByLabel('Say it as').fill('vox work');
  await dictionary.getByRole('button', { name: 'Add entry' }).click();
  await expect(dictionary.getByTestId('pronunciation-list')).toContainText('Voxwork → vox work');
  await dictionary.getByRole('button', { name: 'Delete Voxwork' }).click();
  await expect(dictionary.getByText('No entries for this language yet.')).toBeVisible();
});

test.describe('recording in the browser', () => {
  test('records with a timer and level meter, refuses under 10 s, uploads the take and checks it', async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['microphone'], { origin: baseURL! });
    await signIn(context, baseURL!, 'recorder');
    await page.goto('/workbench/voice-cloning');
    await page.getByRole('tab', { name: 'Record' }).click();
    await page.getByTestId('record-start').click();
    const timer = page.getByRole('timer');
    await expect(timer).toContainText('0:02 of 3:00 max');
    await expect(page.getByText('Record at least 10 seconds.')).toBeVisible();
    // The level meter moves while the fake microphone speaks.
    await expect
      .poll(async () => Number(await page.getByRole('progressbar', { name: 'Input level' }).getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect(timer).toContainText('0:12', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByText(/^Recorded 0:1\d$/)).toBeVisible();
    await page.getByRole('button', { name: 'Use this recording' }).click();
    await expect(page.getByTestId('audio-source-ready')).toContainText(/recording-\d{4}-\d{2}-\d{2}-\d{4}\.wav/);
    await expect(page.getByTestId('clone-check-verdict')).toBeVisible({ timeout: 60_000 });
  });
});
