import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { userInfoCookie } from './route-list.ts';

/** Behaviours of the front-end shell (issue 3): guards, colour mode, language, version check, dialogs, forms. */

test.describe('guards (spec §2/§6)', () => {
  test('the server answers 302 to /login for /workbench… without a token, and to / for guest-only pages with one', async ({ request }) => {
    for (const target of ['/workbench/home', '/zh/workbench/voice-library', '/workbench', '/zh/workbench/anything/else']) {
      const response = await request.get(target, { maxRedirects: 0 });
      expect(response.status(), target).toBe(302);
      expect(new URL(response.headers().location!, 'http://x').pathname, target).toBe('/login');
    }
    const cookie = `user_info=${encodeURIComponent(JSON.stringify({ token: 't' }))}`;
    for (const target of ['/login', '/zh/login', '/register', '/zh/register', '/forgot-password', '/zh/forgot-password']) {
      const response = await request.get(target, { maxRedirects: 0, headers: { cookie } });
      expect(response.status(), target).toBe(302);
      expect(new URL(response.headers().location!, 'http://x').pathname, target).toBe('/');
    }
    // A cookie without a token is a guest.
    const guest = await request.get('/workbench/home', { maxRedirects: 0, headers: { cookie: `user_info=${encodeURIComponent('{"userId":"g"}')}` } });
    expect(guest.status()).toBe(302);
  });

  test('client navigation (as a <Link> does) into the workbench without a token lands on /login with no flash of the workbench', async ({ page }) => {
    await page.addInitScript(() => {
      const seen = { sidebar: false };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="workbench-sidebar"], [data-testid="empty-state"]')) seen.sidebar = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/zh/login-basic');
    await page.waitForLoadState('networkidle');
    // The router's own navigate, exactly what a <Link> click calls.
    await page.evaluate(() => (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate('/zh/workbench/text-to-speech'));
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Voxwork');
    expect(await page.evaluate(() => (window as unknown as { __seen: { sidebar: boolean } }).__seen.sidebar)).toBe(false);
  });

  test('signed in, the workbench header shows the user menu with name, points and plan (no sign-in link)', async ({ page, context, baseURL }) => {
    await context.addCookies([await userInfoCookie(baseURL!)]);
    await page.goto('/workbench/home');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('header-points')).toHaveText('300 points');
    await expect(page.getByTestId('header-plan')).toHaveText('Free');
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('user-menu-name')).toHaveText('E2E User');
    await expect(page.getByTestId('user-menu-points')).toHaveText('300 points');
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Sign in' })).toHaveCount(0);
  });

  test('a made-up token is signed out and the guarded page sends the visitor to /login', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'user_info', value: encodeURIComponent(JSON.stringify({ token: 'made-up-token', userId: 'nobody' })), url: baseURL! }]);
    await page.goto('/workbench/home');
    await expect(page).toHaveURL(/\/login$/);
    const cookie = (await context.cookies(baseURL!)).find((candidate) => candidate.name === 'user_info');
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ token: '', isGuest: true });
  });
});

test.describe('colour mode (spec §3/§4)', () => {
  test('the preference is stored under nuxt-color-mode and survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login');
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await page.getByTestId('color-mode-switcher').click();
    await page.getByTestId('color-mode-dark').click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });

  test("'system' follows the emulated prefers-color-scheme, live", async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });

  test('no flash: the stored mode is on <html> before the body is parsed', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('nuxt-color-mode', 'dark');
      const record = { classAtBody: null as string | null };
      (window as unknown as { __record: typeof record }).__record = record;
      const observer = new MutationObserver(() => {
        if (document.body && record.classAtBody === null) {
          record.classAtBody = document.documentElement.className;
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/register');
    expect(await page.evaluate(() => (window as unknown as { __record: { classAtBody: string } }).__record.classAtBody)).toMatch(/\bdark\b/);
  });

  test('/mobile is forced dark in the server HTML and released after navigation', async ({ page, request }) => {
    const html = await (await request.get('/mobile')).text();
    expect(html).toMatch(/<html[^>]*class="dark"/);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(() => localStorage.setItem('nuxt-color-mode', 'light'));
    await page.goto('/mobile');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate('/login'));
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });
});

test.describe('language (spec §4/§9)', () => {
  for (const [locale, expected] of [
    ['zh-CN', '/zh'],
    ['zh', '/zh'],
    ['zh-TW', '/'],
    ['zh-HK', '/'],
    ['zh-MO', '/'],
    ['en-US', '/'],
  ] as const) {
    test(`a first visit to / with browser language ${locale} lands on ${expected}`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ locale, baseURL });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page).toHaveURL(new RegExp(`${expected === '/' ? '/' : '/zh'}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', expected === '/zh' ? 'zh-CN' : 'en');
      await context.close();
    });
  }

  test('a stored choice wins over the browser language', async ({ browser, baseURL }) => {
    const en = await browser.newContext({ locale: 'zh-CN', baseURL });
    await en.addCookies([{ name: 'i18n_redirected', value: 'en', url: baseURL! }]);
    const enPage = await en.newPage();
    await enPage.goto('/');
    await expect(enPage.locator('html')).toHaveAttribute('lang', 'en');
    expect(new URL(enPage.url()).pathname).toBe('/');
    await en.close();

    const zh = await browser.newContext({ locale: 'en-US', baseURL });
    await zh.addCookies([{ name: 'i18n_redirected', value: 'zh', url: baseURL! }]);
    const zhPage = await zh.newPage();
    await zhPage.goto('/');
    await expect(zhPage).toHaveURL(/\/zh$/);
    await zh.close();
  });

  test('the switcher keeps the path and remembers the choice for 365 days, SameSite Lax', async ({ page, context }) => {
    await page.goto('/forgot-password?from=e2e');
    await page.waitForLoadState('networkidle');
    await page.getByTestId('language-switcher').click();
    await expect(page).toHaveURL(/\/zh\/forgot-password\?from=e2e$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'i18n_redirected');
    expect(cookie?.value).toBe('zh');
    expect(cookie?.sameSite).toBe('Lax');
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
    // Back to English by explicit choice: / then stays English.
    await page.getByTestId('language-switcher').click();
    await expect(page).toHaveURL(/\/forgot-password\?from=e2e$/);
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

test.describe('version check (spec §4/§7)', () => {
  test('a new build id in builds/latest.json brings a toast with a Reload button', async ({ page }) => {
    const latestPath = path.resolve('apps/web/build/client/builds/latest.json');
    const original = readFileSync(latestPath, 'utf8');
    const current = JSON.parse(original) as { id: string };
    try {
      const polled = page.waitForRequest((request) => /\/builds\/latest\.json\?timestamp=\d+/.test(request.url()));
      await page.goto('/login-basic?versionCheckMs=500');
      await polled;
      await expect(page.getByText('A new version of Voxwork is available.')).toHaveCount(0);
      writeFileSync(latestPath, JSON.stringify({ id: `${current.id}-e2e-next`, timestamp: Date.now() }));
      await expect(page.getByText('A new version of Voxwork is available.')).toBeVisible();
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
    } finally {
      writeFileSync(latestPath, original);
    }
  });

  test('the build manifest lists the route matcher and the prerendered pages', async ({ request }) => {
    const latest = (await (await request.get(`/builds/latest.json?timestamp=${Date.now()}`)).json()) as { id: string };
    const meta = (await (await request.get(`/builds/meta/${latest.id}.json`)).json()) as { id: string; matcher: Record<string, unknown>; prerendered: string[] };
    expect(meta.id).toBe(latest.id);
    expect(meta.prerendered).toEqual(expect.arrayContaining(['/', '/zh']));
    expect(Object.keys(meta.matcher)).toEqual(expect.arrayContaining(['/zh?', '/zh?/workbench/home', '/zh?/login']));
  });
});

test.describe('chunk load failure (spec §8/§9)', () => {
  test('a failed preload reloads the page once; a second failure within 10 seconds does not', async ({ page }) => {
    await page.goto('/login-basic');
    await page.waitForLoadState('networkidle');
    const fire = () =>
      page.evaluate(() => {
        const event = new Event('vite:preloadError', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    const reloaded = page.waitForEvent('load');
    expect(await fire()).toBe(true); // handled: the page reloads
    await reloaded;
    expect(await page.evaluate(() => sessionStorage.getItem('voxwork:chunk-reload-at'))).toMatch(/^\d+$/);
    await page.waitForLoadState('networkidle');
    expect(await fire()).toBe(false); // inside the window: left alone, no reload loop
  });
});

test.describe('workbench shell', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([await userInfoCookie(baseURL!)]);
  });

  test('the feedback dialog saves the message, page and contact on the server', async ({ page }) => {
    await page.goto('/zh/workbench/voice-cloning');
    await page.waitForLoadState('networkidle');
    await page.getByTestId('feedback-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '发送' }).click();
    await expect(dialog.getByText('请先填写反馈内容。')).toBeVisible();
    await dialog.getByLabel('反馈内容').fill('The voice list is empty');
    await expect(dialog.getByLabel('页面')).toHaveValue('/zh/workbench/voice-cloning');
    await dialog.getByLabel('联系方式（选填）').fill('e2e@example.com');
    const saved = page.waitForResponse((response) => response.url().includes('/api/feedback/create'));
    await dialog.getByRole('button', { name: '发送' }).click();
    const body = (await (await saved).json()) as { code: number; data: { id: string } };
    expect(body.code).toBe(0);
    expect(body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page.getByText('谢谢！你的反馈已发送。')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('the my-plan dialog lists the plans and point packs and links to pricing', async ({ page }) => {
    await page.goto('/workbench/home');
    await page.waitForLoadState('networkidle');
    await page.getByTestId('my-plan-open').click();
    const dialog = page.getByRole('dialog');
    for (const name of ['Free', 'Pro', 'Business', '1,000 points', '20,000 points']) await expect(dialog.getByText(name, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'See full pricing' })).toHaveAttribute('href', '/pricing');
  });

  test('the gift code modal on my-plan validates and shows the server\'s answer, never a fake success', async ({ page }) => {
    await page.goto('/workbench/my-plan');
    await page.waitForLoadState('networkidle');
    await page.getByTestId('gift-code-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Redeem' }).click();
    await expect(dialog.getByTestId('gift-code-error')).toHaveText('Enter a gift code.');
    const answered = page.waitForResponse((response) => response.url().includes('/bill/userAccount/redeemCode'));
    await dialog.getByLabel('Gift code').fill('NO-SUCH-CODE');
    await dialog.getByRole('button', { name: 'Redeem' }).click();
    const body = (await (await answered).json()) as { code: number };
    expect(body.code).not.toBe(0); // the e2e token is not a real session
    await expect(dialog.getByTestId('gift-code-error')).not.toHaveText('Enter a gift code.');
    await expect(dialog.getByTestId('gift-code-error')).not.toBeEmpty();
    await expect(page.getByText(/Gift code redeemed/)).toHaveCount(0);
  });

  test('at 375 px the sidebar is a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/workbench/home');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('workbench-sidebar')).toBeHidden();
    await page.getByTestId('drawer-open').click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Voice library' }).click();
    await expect(page).toHaveURL(/\/workbench\/voice-library$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Voice library');
  });

  test('at 769 px the sidebar is shown and the drawer button is not', async ({ page }) => {
    await page.setViewportSize({ width: 769, height: 800 });
    await page.goto('/workbench/home');
    await expect(page.getByTestId('workbench-sidebar')).toBeVisible();
    await expect(page.getByTestId('drawer-open')).toBeHidden();
  });

  test('the account page shows the profile with the initials avatar', async ({ page }) => {
    await page.goto('/workbench/account');
    await expect(page.getByTestId('account-profile')).toContainText('E2E User');
    await expect(page.getByTestId('account-profile')).toContainText('EU');
  });
});

test.describe('auth screens (issue 3 item 10, wired in issue 4)', () => {
  test.use({ expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 401/] });
  test('the login form validates, then shows the identity message of a refused sign-in (no fake success)', async ({ page }) => {
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    const form = page.getByTestId('auth-form');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.getByText('Enter your email address.')).toBeVisible();
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Password').fill('12345');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.getByText('Enter a valid email address.')).toBeVisible();
    await expect(form.getByText('The password must be at least 6 characters.')).toBeVisible();
    await form.getByLabel('Email').fill('someone@example.com');
    await form.getByLabel('Password').fill('123456');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('auth-service-error')).toHaveText('The email or password is incorrect.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the Chinese register form checks the confirmation, then asks to check the mail', async ({ page }) => {
    await page.goto('/zh/register');
    await page.waitForLoadState('networkidle');
    const form = page.getByTestId('auth-form');
    await form.getByLabel('名称').fill('测试');
    await form.getByLabel('邮箱').fill(`zh-${Date.now()}@example.com`);
    await form.getByLabel('密码', { exact: true }).fill('123456');
    await form.getByLabel('确认密码').fill('654321');
    await form.getByRole('button', { name: '创建账号' }).click();
    await expect(form.getByText('两次输入的密码不一致。')).toBeVisible();
    await form.getByLabel('确认密码').fill('123456');
    await form.getByRole('button', { name: '创建账号' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('请查收邮件');
  });
});

test.describe('not-found page (spec §2)', () => {
  test.use({ expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });
  test("'Go Back' returns to the previous page and 'Back to Home' goes to /", async ({ page }) => {
    await page.goto('/login-basic');
    await page.goto('/no/such/page');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByText("It seems like the page you're looking for does not exist or might have been removed.")).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/login-basic$/);
    await page.goto('/zh/no/such/page');
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/zh$/);
  });
});

test.describe('prefetch of prerendered pages (spec §9)', () => {
  test('pages linked from the current page are prefetched after load', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('link[rel="prefetch"][href*="pricing"]').first()).toBeAttached();
  });

  test('no prefetch on a slow-2g connection', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { effectiveType: 'slow-2g' } }));
    const metaRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/builds/meta/')) metaRequests.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    expect(metaRequests).toEqual([]);
  });
});
