import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { makeDubbingClip } from '../support/dubbing-media.ts';
import { freshUserCookie } from './route-list.ts';
import { expect, fullPageShot, test } from './fixtures.ts';

/**
 * Issue 31, points 2 and 4, in the browser against the real server and its local engines (no
 * translation engine knows Chinese here). Point 2: Chinese → English in the video translator says
 * so with language names (no "sh → en", no "administrator") and offers what works: the English
 * subtitle file as the translation (taken, and a real run dubs the video with it), the lines
 * typed in dubbing, or the help center's "Set up an engine". Point 4: dubbing pro's "From a video
 * translation" starts with that translation chosen, marks every language as the video translator
 * does, and carries a further language ticked into the project. Screenshots at 375 and 1440 px.
 */

const SHOTS = process.env.WAYTH_SHOTS_DIR;

const TEXTS = {
  en: {
    prefix: '',
    source: 'Language spoken in the video',
    needsEngine: 'needs an engine',
    title: 'No engine here translates Chinese into English.',
    noOffline: 'Nothing here translates Chinese offline.',
    useFile: 'Use a subtitle file in English as the translation',
    fromFile: 'from your file',
    given: 'The translation is your subtitle file',
    fromTranslation: 'from the translation',
    typed: 'type the translation',
    english: 'English',
    spanish: 'Spanish',
    offline: 'offline',
    helpTitle: 'Set up an engine',
  },
  zh: {
    prefix: '/zh',
    source: '视频中的语言',
    needsEngine: '需要引擎',
    title: '此处没有可将中文翻译为英语的引擎。',
    noOffline: '此处无法离线翻译中文。',
    useFile: '用英语字幕文件作为译文',
    fromFile: '来自你的文件',
    given: '译文来自你的字幕文件',
    fromTranslation: '来自视频翻译',
    typed: '手动输入译文',
    english: '英语',
    spanish: '西班牙语',
    offline: '离线',
    helpTitle: '配置引擎',
  },
} as const;

/** A full-page shot into the test's output folder, and into WAYTH_SHOTS_DIR when set (to look at), at each width. */
async function shots(page: Page, name: string, outputPath: (name: string) => string) {
  const viewport = page.viewportSize()!;
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 812 });
    await fullPageShot(page, outputPath(`${name}-${width}.png`));
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await fullPageShot(page, path.join(SHOTS, `${name}-${width}.png`));
    }
  }
  await page.setViewportSize(viewport);
}

for (const { locale, width, scheme } of [
  { locale: 'en', width: 1440, scheme: 'light' },
  { locale: 'zh', width: 375, scheme: 'dark' },
] as const) {
  const L = TEXTS[locale];
  test(`${locale}, ${width} px: Chinese → English has a way through (a subtitle file as the translation dubs it), and dubbing pro opens that translation with a further language`, async ({ page, context, baseURL }, testInfo) => {
    test.setTimeout(360_000);
    const clip = await makeDubbingClip({ name: 'vt-en-12s', seconds: 12 });
    await context.addCookies([await freshUserCookie(baseURL!, `way-through-${locale}`)]);
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 812 });
    await page.emulateMedia({ colorScheme: scheme });

    // Point 2: the pair nothing translates, said in names, with the ways through.
    await page.goto(`${L.prefix}/workbench/video-translator`);
    await page.getByLabel(L.source).selectOption('zh');
    const english = page.locator('[data-testid="target-language"][data-language="en"]');
    await expect(english).toHaveAttribute('data-availability', 'unavailable');
    await expect(english).toContainText(L.needsEngine);
    // Shown as unavailable (aria-disabled) but focusable: pressing it says why and what works.
    await english.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('no-engine-for-pair');
    await expect(panel).toContainText(L.title);
    await expect(panel).toContainText(L.noOffline);
    await expect(panel).not.toContainText('→');
    await expect(panel).not.toContainText(/administrator|管理员/);
    await expect(panel.getByTestId('set-up-engine')).toHaveAttribute('href', `${L.prefix}/help-center#set-up-engines`);
    await expect(panel.getByTestId('type-lines-in-dubbing')).toHaveAttribute('href', `${L.prefix}/workbench/dubbing-studio`);
    await expect(page.getByTestId('translation-start')).toBeDisabled();
    await shots(page, `${locale}-${scheme}-no-engine`, (name) => testInfo.outputPath(name));

    // The first way: the English subtitle file is the translation.
    await panel.getByTestId('use-translation-file').filter({ hasText: L.useFile }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByTestId('text-source-subtitle-file')).toBeChecked();
    await expect(page.getByTestId('subtitle-file-is-translation')).toBeChecked();
    await expect(english).toHaveAttribute('aria-pressed', 'true');
    await expect(english).toHaveAttribute('data-availability', 'file');
    await expect(english).toContainText(L.fromFile);
    await page.locator('[data-slot="upload-dropzone-input"]').setInputFiles(clip.file);
    await expect(page.getByTestId('video-preview')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('subtitle-file-input').setInputFiles(clip.srt);
    await expect(page.getByTestId('subtitle-file-name')).toContainText('vt-en-12s.srt');
    await expect(page.getByTestId('translation-start')).toBeEnabled();
    await shots(page, `${locale}-${scheme}-translation-file`, (name) => testInfo.outputPath(name));
    await page.getByTestId('translation-start').click();
    await expect(page.getByTestId('translation-result')).toBeVisible({ timeout: 240_000 });
    await expect(page.getByTestId('translation-result')).toContainText(L.given);
    await expect(page.getByTestId('translation-run').getByTestId('line-translation').first()).toContainText('Welcome to our little shop.');

    // Point 4: dubbing pro from that translation — chosen already, languages marked, a further one carried into the project.
    await page.goto(`${L.prefix}/workbench/dubbing-pro`);
    await page.getByTestId('dubbing-new-project').click();
    const dialog = page.getByTestId('dubbing-new-project-dialog');
    // From an upload in English: Spanish is marked as translated offline (Apertium), German as typed by hand.
    await expect(dialog.getByTestId('dubbing-target-chip-es')).toHaveText(`${L.spanish}, ${L.offline}`);
    await expect(dialog.getByTestId('dubbing-target-chip-de')).toHaveAttribute('data-availability', 'unavailable');
    await dialog.getByTestId('dubbing-from-video-translation').click();
    await expect(dialog.getByTestId('dubbing-translation')).not.toHaveValue('');
    await expect(dialog.getByTestId('dubbing-need-translation')).toHaveCount(0);
    const fixed = dialog.getByTestId('dubbing-target-chip-en');
    await expect(fixed).toHaveAttribute('data-availability', 'translation');
    await expect(fixed).toHaveText(`${L.english}, ${L.fromTranslation}`);
    await expect(dialog.getByTestId('dubbing-target-en')).toBeChecked();
    await expect(dialog.getByTestId('dubbing-target-en')).toBeDisabled();
    const spanish = dialog.getByTestId('dubbing-target-chip-es');
    await expect(spanish).toHaveAttribute('data-availability', 'unavailable');
    await expect(spanish).toHaveText(`${L.spanish}, ${L.typed}`);
    await dialog.getByTestId('dubbing-target-es').check();
    await expect(dialog.getByTestId('dubbing-no-translator')).toContainText(L.spanish);
    await shots(page, `${locale}-${scheme}-dubbing-from-translation`, (name) => testInfo.outputPath(name));
    await dialog.getByTestId('dubbing-create').click();
    await expect(page.getByTestId('dubbing-editor')).toBeVisible({ timeout: 120_000 });
    await expect.poll(() => page.getByTestId('dubbing-language').locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).sort()), { timeout: 60_000 }).toEqual(['en', 'es']);
  });
}

test('zh and en: the help center explains how the owner of the install sets up an engine', async ({ page }) => {
  for (const L of [TEXTS.en, TEXTS.zh]) {
    await page.goto(`${L.prefix}/help-center#set-up-engines`);
    const article = page.locator('#set-up-engines');
    await expect(article).toContainText(L.helpTitle);
    await expect(article).toContainText('ENGINES_TRANSLATOR');
    await expect(article).toContainText('OPENAI_CHAT_BASE_URL');
  }
});
