import { expect, test } from './fixtures.ts';

test.describe('smoke', () => {
  for (const [path, lang] of [
    ['/', 'en'],
    ['/zh/', 'zh-CN'],
  ] as const) {
    test(`${path} loads in ${lang}, hydrates and shows its heading`, async ({ page }, testInfo) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: testInfo.outputPath(`home-${lang}.png`), fullPage: true });
    });
  }

  test.describe('not found', () => {
    test.use({ expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });
    test('an unknown page answers 404 with the not-found page', async ({ page }) => {
      const response = await page.goto('/this-page-does-not-exist');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Oops! Page Not Found!' })).toBeVisible();
    });
  });
});
