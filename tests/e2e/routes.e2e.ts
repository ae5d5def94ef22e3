import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { LANGUAGES, localized, SHELL_ROUTES, userInfoCookie, type RouteCase } from './route-list.ts';

/**
 * Every non-marketing route of spec §2 in both languages: status (200, 404 or the guard's
 * redirect), `<html lang>`, a visible heading, no console error (fixture), and a screenshot at
 * 375 px and 1440 px kept under test-results/.
 */
const WIDTHS = [1440, 375] as const;

async function screenshots(page: Page, name: string, outputPath: (name: string) => string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

const fileName = (path: string) => path.replace(/^\//, '').replace(/\//g, '_') || 'home';

for (const language of LANGUAGES) {
  test.describe(`shell routes (${language.locale})`, () => {
    for (const route of SHELL_ROUTES) {
      const path = localized(route.path, language.prefix);
      const expectsErrorStatus = route.kind === 'status' || route.kind === 'protected-not-found';

      test.describe(path, () => {
        if (expectsErrorStatus) test.use({ expectedConsoleErrors: [/Failed to load resource: the server responded with a status of (401|403|404|500|503)/] });

        test(`${path} (${route.kind})`, async ({ page, context, baseURL }, testInfo) => {
          await page.setViewportSize({ width: 1440, height: 900 });
          if (route.kind === 'protected' || route.kind === 'protected-not-found') {
            // Without a token: the guard sends the visitor to /login (never /zh/login).
            const guarded = await page.goto(path);
            expect(new URL(page.url()).pathname).toBe('/login');
            expect(guarded?.status()).toBe(200);
            // Let the login page finish its own start-up (it writes a guest user_info) before the
            // test swaps in a signed-in cookie; otherwise a late write can race the swap.
            await page.waitForLoadState('networkidle');
            await context.addCookies([await userInfoCookie(baseURL!)]);
          }
          if (route.kind === 'guest-only') {
            await expectGuestOnly(page, context, baseURL!, path);
          }

          const response = await page.goto(path);
          expect(new URL(page.url()).pathname).toBe(path);
          expect(response?.status()).toBe(expectedStatus(route));
          await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          if (expectedStatus(route) === 404) {
            await expect(page.getByRole('heading', { level: 1 })).toHaveText(language.locale === 'en' ? 'Oops! Page Not Found!' : '哎呀！页面未找到！');
          }
          await page.waitForLoadState('networkidle');
          await screenshots(page, `${language.locale}-${fileName(route.path)}`, (name) => testInfo.outputPath(name));
        });
      });
    }
  });
}

function expectedStatus(route: RouteCase): number {
  if (route.kind === 'status') return route.status!;
  if (route.kind === 'protected-not-found') return 404;
  return 200;
}

/** With a token, a guest-only page sends the visitor to `/`; the page itself is then checked without one. */
async function expectGuestOnly(page: Page, context: BrowserContext, baseURL: string, path: string) {
  await context.addCookies([await userInfoCookie(baseURL)]);
  await page.goto(path);
  expect(new URL(page.url()).pathname).toBe('/');
  await context.clearCookies();
}
