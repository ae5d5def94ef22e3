import type { BrowserContext, Page } from '@playwright/test';
import { createVerifiedUser } from '../support/accounts.ts';
import { expect, fullPageShot, test } from './fixtures.ts';

/**
 * What a new user meets (issue 18, first slice), in English at 1440 px and Chinese at 375 px: voice
 * cards and the voice picker describe voices for people (no engine notes, raw ids or untranslated
 * tags), language counts are what the filter lists, plan features count right, and text to speech
 * says what it needs for an empty script and how much of a too-long paste was cut. With SHOTS_DIR
 * set, it also saves full-page screenshots of the voice library and pricing pages there.
 */

const LOCALES = [
  {
    prefix: '',
    lang: 'en',
    viewport: { width: 1440, height: 900 },
    text: { chinese: /^Chinese \((\d+)\)$/, cloneOne: '1 cloned voice', jobsOne: '1 job at a time', emptyHint: 'Type or paste the text to speak', pasteCut: 'the first 60,000 characters were pasted and the last 40,000 left out' },
  },
  {
    prefix: '/zh',
    lang: 'zh',
    viewport: { width: 375, height: 812 },
    text: { chinese: /^中文（(\d+)）$|^中文 \((\d+)\)$/, cloneOne: '1 个克隆声音', jobsOne: '同时运行 1 个任务', emptyHint: '输入或粘贴要朗读的文本后即可生成', pasteCut: '已粘贴前 60,000 个字符，末尾 40,000 个字符未粘贴' },
  },
] as const;

/** Engine notes and ids that once showed on voice cards. */
const DEVELOPER_TEXT = /WER|pocketsphinx|HTS|diphone|clustergen|Formant synthesis|flite:|espeak:|festival:|zh-cmn|\bslt\b|~\d/i;

async function signIn(context: BrowserContext, baseURL: string, label: string) {
  const user = await createVerifiedUser(baseURL, process.env.E2E_DATA_DIR ?? '', `polish-${label}-${Date.now()}@example.com`);
  const value = { token: user.token, userId: user.userId, nickName: 'Polish User', email: '', isGuest: false };
  await context.addCookies([{ name: 'user_info', value: encodeURIComponent(JSON.stringify(value)), url: baseURL }]);
}

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await fullPageShot(page, `${process.env.SHOTS_DIR}/${process.env.SHOTS_TAG ?? 'after'}-${name}.png`);
}

for (const { prefix, lang, viewport, text } of LOCALES) {
  test.describe(`new user polish ${prefix || '/'} (${viewport.width} px)`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });

    test('voice cards speak to people; the Chinese count is what the filter lists', async ({ page, context, baseURL }) => {
      test.setTimeout(90_000);
      await signIn(context, baseURL!, `library-${lang}`);
      await page.goto(`${prefix}/workbench/voice-library`);
      const cards = page.getByTestId('voice-card');
      // The first listing loads every local engine (cold on a fresh server).
      await expect(cards.first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('voice-count')).not.toContainText('…');
      await shot(page, `voice-library-${lang}`);

      // Every loaded card: no engine notes, a description that says what it suits, names given once.
      const more = page.getByTestId('voice-load-more');
      while (await more.isVisible()) {
        const before = await cards.count();
        await more.click();
        await expect.poll(() => cards.count()).toBeGreaterThan(before);
      }
      const texts = await cards.allInnerTexts();
      expect(texts.length).toBeGreaterThan(40);
      for (const card of texts) expect(card).not.toMatch(DEVELOPER_TEXT);
      const names = await page.getByTestId('voice-name').allInnerTexts();
      expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
      const descriptions = await page.getByTestId('voice-description').allInnerTexts();
      for (const description of descriptions) expect(description).toMatch(lang === 'zh' ? /适合/ : /Suits /);
      if (lang === 'zh') {
        // Tags in Chinese: no Latin-letter use-case chip except ASMR.
        const chips = await page.locator('[data-testid="voice-card"] ul li').allInnerTexts();
        expect(chips.filter((chip) => /[a-z]/i.test(chip) && chip !== 'ASMR')).toEqual([]);
      }

      // The language menu: one entry per language, and Chinese lists exactly the voices it counts.
      const languageOptions = await page.getByTestId('voice-filter-language').locator('option').allInnerTexts();
      const labels = languageOptions.map((option) => option.replace(/\s*[（(]\d+[)）]$/, ''));
      expect(labels.filter((label, index) => labels.indexOf(label) !== index)).toEqual([]);
      expect(languageOptions.join('|')).not.toMatch(/zh-|cmn/);
      const chinese = languageOptions.map((option) => option.match(text.chinese)).find(Boolean);
      expect(chinese, languageOptions.join(' | ')).toBeTruthy();
      const count = Number(chinese![1] ?? chinese![2]);
      await page.getByTestId('voice-filter-language').selectOption('zh');
      await expect(page).toHaveURL(/language=zh/);
      await expect(page.getByTestId('voice-count')).not.toContainText('…');
      await expect(cards).toHaveCount(count);
    });

    test('plans count in words; the pricing pages have no internal names', async ({ page, context, baseURL }) => {
      await signIn(context, baseURL!, `pricing-${lang}`);
      await page.goto(`${prefix}/workbench/pricing`);
      const free = page.locator('[data-plan="free"]');
      await expect(free).toContainText(text.cloneOne);
      await expect(free).toContainText(text.jobsOne);
      await expect(page.locator('body')).not.toContainText('vtUseLimit');
      await page.goto(`${prefix}/pricing`);
      await expect(page.locator('body')).not.toContainText('vtUseLimit');
      if (lang === 'zh') await expect(page.locator('main')).not.toContainText('点数');
      await shot(page, `pricing-${lang}`);
    });

    test('text to speech says what it needs for an empty script and what a long paste lost', async ({ page, context, baseURL }) => {
      await signIn(context, baseURL!, `editor-${lang}`);
      await page.goto(`${prefix}/workbench/text-to-speech`);
      const script = page.getByTestId('tts-script');
      const generate = page.getByTestId('tts-generate');
      await expect(generate).toBeDisabled();
      await expect(page.getByTestId('tts-empty-hint')).toContainText(text.emptyHint);
      await script.fill('   \n  ');
      await expect(generate).toBeDisabled();
      await expect(page.getByTestId('tts-empty-hint')).toBeVisible();
      await script.fill('Hello.');
      await expect(generate).toBeEnabled();
      await expect(page.getByTestId('tts-empty-hint')).toHaveCount(0);

      // 100,000 characters pasted into an empty box: 60,000 kept, and the user is told.
      await script.fill('');
      await script.evaluate((area) => {
        const data = new DataTransfer();
        data.setData('text/plain', 'a'.repeat(100_000));
        area.focus();
        area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      });
      await expect(page.getByTestId('tts-paste-cut')).toContainText(text.pasteCut);
      expect(await script.inputValue()).toHaveLength(60_000);
    });
  });
}
