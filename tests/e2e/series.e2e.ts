import { copyFile, mkdir, mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeSubtitledEpisode } from '../support/subtitled-episode.ts';
import { freshUserCookie } from './route-list.ts';
import { expect, fullPageShot, test } from './fixtures.ts';

/**
 * The season page (issue 28) in the browser: a series created with a glossary (typed and pasted as
 * CSV), Spanish and Catalan, and a character with a Spanish voice, two generated episodes (English subtitles burned in,
 * 6 s each) uploaded at once, added as "replace the subtitles, subtitles only", the board followed
 * until both are done, their quality signals shown, the season downloaded as one zip and a season
 * file on its own. In English at
 * 1440 px (light) and in Chinese at 375 px (dark). Screenshots go to `SERIES_SHOTS` (default the
 * test's output folder).
 */
const RUNS = [
  { locale: 'en', prefix: '', width: 1440, height: 900, scheme: 'light', done: 'Done', notMeasured: 'not measured yet', zipLabel: 'Download season (.zip)' },
  { locale: 'zh', prefix: '/zh', width: 375, height: 812, scheme: 'dark', done: '已完成', notMeasured: '尚未测量', zipLabel: '下载整季（.zip）' },
] as const;

/** Two episodes: the same generated clip under two names (the page numbers them in name order). */
async function twoEpisodes(): Promise<string[]> {
  const episode = await makeSubtitledEpisode({ height: 480 });
  const folder = await mkdtemp(join(tmpdir(), 'season-'));
  const files = [join(folder, 'E02 The door.mp4'), join(folder, 'E01 The contract.mp4')];
  for (const file of files) await copyFile(episode.file, file);
  return files;
}

for (const run of RUNS) {
  test(`${run.locale}, ${run.width} px, ${run.scheme}: a two-episode season localised, subtitles replaced`, async ({ page, context, baseURL }, testInfo) => {
    test.setTimeout(900_000);
    const shots = process.env.SERIES_SHOTS ?? testInfo.outputPath();
    await mkdir(shots, { recursive: true });
    const shot = (name: string) => fullPageShot(page, join(shots, `${run.locale}-${run.width}-${run.scheme}-${name}.png`));
    const files = await twoEpisodes();
    await context.addCookies([await freshUserCookie(baseURL!, `series-${run.locale}`, 'E2E Season')]);
    await page.setViewportSize({ width: run.width, height: run.height });
    await page.emulateMedia({ colorScheme: run.scheme });
    await page.goto(`${run.prefix}/workbench/series`);

    // Empty: no series yet.
    await expect(page.getByTestId('series-list-empty')).toBeVisible();
    await expect(page.getByTestId('series-empty')).toBeVisible();
    await shot('empty');

    // Create: name, source English, Spanish and Catalan (one run per episode makes both, decision 076).
    const create = page.getByTestId('series-create');
    await create.getByTestId('series-name').fill(`Jade Heir ${run.locale}`);
    for (const language of ['es', 'ca']) {
      await create.locator(`[data-testid="series-target"][data-language="${language}"]`).click();
      await expect(create.locator(`[data-testid="series-target"][data-language="${language}"]`)).toHaveAttribute('aria-pressed', 'true');
    }
    await create.getByTestId('series-create-submit').click();
    const memory = page.getByTestId('series-memory');
    await expect(memory).toBeVisible();
    await expect(page).toHaveURL(/[?&]series=[0-9a-f-]{36}/);
    await expect(page.getByTestId('series-item')).toHaveCount(1);

    // Glossary: one term typed, two pasted (one for Spanish only), a line without a translation skipped.
    await memory.getByTestId('glossary-add').click();
    await memory.getByTestId('glossary-source').first().fill('contract');
    await memory.getByTestId('glossary-target').first().fill('contrato');
    await memory.getByTestId('glossary-paste').click();
    await memory.getByTestId('glossary-paste-text').fill('door,puerta,es\n"story","historia"\nno translation here\n');
    await memory.getByTestId('glossary-paste-apply').click();
    await expect(memory.getByTestId('glossary-row')).toHaveCount(3);
    await expect(memory.getByTestId('glossary-paste-note')).toBeVisible();
    await expect(memory.getByTestId('glossary-language').nth(1)).toHaveValue('es');

    // A character with a Spanish voice from the library (the picker offers Spanish voices).
    await memory.getByTestId('character-add').click();
    await memory.getByTestId('character-name').fill('Lin');
    await memory.getByTestId('character-gender').selectOption('female');
    await memory.locator('[data-testid="character-voice"][data-language="es"]').getByTestId('character-voice-choose').click();
    const picker = page.getByTestId('voice-picker');
    await picker.getByTestId('voice-select').first().click({ timeout: 30_000 });
    await expect(picker).toBeHidden();
    await expect(memory.getByTestId('character-voice-selected')).toBeVisible();
    await expect(memory.getByTestId('series-unsaved')).toBeVisible();
    await memory.getByTestId('series-save').click();
    await expect(memory.getByTestId('series-unsaved')).toBeHidden();
    await shot('memory');

    // Saved: a reload reads the memory back.
    await page.reload();
    await expect(page.getByTestId('series-memory').getByTestId('glossary-row')).toHaveCount(3);
    await expect(page.getByTestId('series-memory').getByTestId('character-name')).toHaveValue('Lin');
    // The stored voice is shown by name, with its preview.
    await expect(page.getByTestId('series-memory').getByTestId('character-voice-selected')).toBeVisible();

    // Two videos at once; replace the subtitles, subtitles only; the quote (or why there is none) before anything runs.
    const add = page.getByTestId('add-episodes');
    await expect(page.getByTestId('season-board-empty')).toBeVisible();
    await add.getByTestId('episodes-input').setInputFiles(files);
    await expect(add.locator('[data-testid="episode-upload"][data-state="done"]')).toHaveCount(2, { timeout: 60_000 });
    await expect(add.getByTestId('episode-upload').first()).toContainText('E01');
    await add.getByTestId('subtitles-replace').check();
    await add.getByTestId('output-subtitles').check();
    const quoted = add.getByTestId('series-quote-cost');
    await expect(quoted.or(add.getByTestId('series-quote-error'))).toBeVisible({ timeout: 30_000 });
    const quote = (await quoted.isVisible()) ? await quoted.textContent() : null;
    await shot('quote');
    await add.getByTestId('episodes-add').click();

    // The board: both episodes, followed until done; the points held equal the quote when there was one.
    const board = page.getByTestId('season-board');
    await expect(board.getByTestId('board-episode')).toHaveCount(2, { timeout: 30_000 });
    if (quote) {
      const cost = /\d+/.exec(quote)![0];
      await expect(board.getByTestId('episode-cost').first()).toContainText(/\d+/);
      const held = await board.getByTestId('episode-cost').allTextContents();
      expect(held.map((text) => Number(/\d+/.exec(text)![0])).reduce((sum, value) => sum + value, 0)).toBe(Number(cost));
    }
    await expect(board.getByTestId('board-episode').first()).toContainText('E01');
    await shot('running');
    await expect(board.locator('[data-testid="board-episode"][data-status="completed"]')).toHaveCount(2, { timeout: 840_000 });
    await expect(board.getByTestId('episode-status').first()).toHaveText(run.done);
    // Per episode and language its result: both languages of an episode open the one run that made them.
    await expect(board.getByTestId('episode-result-link')).toHaveCount(4);
    const links = await board.getByTestId('episode-result-link').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(new Set(links).size).toBe(2);
    await expect(board.getByTestId('episode-result-link').first()).toHaveAttribute('href', new RegExp(`^${run.prefix}/workbench/video-translator/details/[0-9a-f-]{36}$`));
    // Every signal is a badge; one not measured says so and is never shown as 0.
    const badges = board.getByTestId('signal-badge');
    await expect(badges).toHaveCount(20);
    for (const badge of await board.locator('[data-testid="signal-badge"][data-measured="false"]').all()) await expect(badge).toContainText(run.notMeasured);
    // Each badge says what it measures: in its accessible name, and as a tooltip.
    await expect(badges.first()).toHaveAttribute('aria-label', /.{20,}/);
    await badges.first().hover();
    await expect(page.getByRole('tooltip')).toBeVisible();

    // The whole season in one click: a zip, through a short-lived signed link.
    const seasonFiles = page.getByTestId('season-files');
    const zipButton = seasonFiles.getByTestId('season-zip');
    await expect(zipButton).toBeEnabled();
    await expect(zipButton).toHaveText(run.zipLabel);
    const zipDownload = page.waitForEvent('download');
    await zipButton.click();
    const zip = await zipDownload;
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    expect((await stat(await zip.path())).size).toBeGreaterThan(0);
    expect(await zip.failure()).toBeNull();

    // Below it, a video and its subtitles per episode and language; one downloads.
    await expect(seasonFiles.getByTestId('season-file-row')).toHaveCount(4, { timeout: 30_000 });
    const download = page.waitForEvent('download');
    await seasonFiles.getByTestId('season-file').first().click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.mp4$/);
    expect((await file.createReadStream()) !== null).toBe(true);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    await shot('completed');
  });
}
