import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { signedCall } from '../support/accounts.ts';
import { startOidcProvider } from '../support/oidc-test-provider.ts';
import { freePort, startServer, TEST_OPERATOR_TOKEN, TEST_SIGN_SECRET, type ServerProcess } from '../support/server-process.ts';
import { startSmtpInbox } from '../support/smtp-inbox.ts';
import { expect, test } from './fixtures.ts';

/**
 * Accounts end to end (issue 4) against a server of their own: mail goes over SMTP to a real
 * `smtp-server` started here, the `oidc` provider is a local `oidc-provider`, and PUBLIC_URL is the
 * server's own address (the OIDC callback is registered there). Every page is opened by absolute URL.
 */
test.describe.configure({ timeout: 90_000 });
// A refused sign-in (wrong password) answers 401, which Chromium logs as a failed resource.
test.use({ expectedConsoleErrors: [/Failed to load resource: (the server responded with a status of 40[01]|net::ERR_INTERNET_DISCONNECTED)/] });

const OIDC_CLIENT = { clientId: 'voxwork-e2e', clientSecret: 'voxwork-e2e-oidc-secret-0123456789' };

let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
let oidc: Awaited<ReturnType<typeof startOidcProvider>>;
let server: ServerProcess;
let base = '';
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  smtp = await startSmtpInbox();
  oidc = await startOidcProvider({ ...OIDC_CLIENT, redirectUris: [`${base}/api/auth/callback/oidc`] });
  dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-accounts-e2e-'));
  server = await startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    ROLE: 'all',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    PUBLIC_URL: base,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Voxwork <noreply@voxwork.test>',
    OIDC_DISCOVERY_URL: oidc.discoveryUrl,
    OIDC_CLIENT_ID: OIDC_CLIENT.clientId,
    OIDC_CLIENT_SECRET: OIDC_CLIENT.clientSecret,
    OIDC_PROVIDER_NAME: 'Local OIDC',
    AUTH_RATE_LIMIT_PER_MINUTE: '200',
  });
  await waitForReady(base);
});

test.afterAll(async () => {
  await server?.kill();
  await oidc?.close();
  await smtp?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function waitForReady(url: string) {
  for (let attempt = 0; attempt < 120; attempt++) {
    const ok = await fetch(`${url}/readyz`).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the accounts test server did not get ready:\n${server.output().slice(-3000)}`);
}

async function createGiftCode(points: number): Promise<string> {
  const created = await signedCall(base, TEST_SIGN_SECRET, '/api/operator/giftCodes/create', { count: 1, points }, { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` });
  expect(created.code).toBe(0);
  return (created.data!.codes as { code: string }[])[0]!.code;
}

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

async function storedUser(page: Page): Promise<{ token?: string; isGuest?: boolean; userId?: string }> {
  const cookie = (await page.context().cookies(base)).find((candidate) => candidate.name === 'user_info');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as { token?: string; isGuest?: boolean; userId?: string }) : {};
}

/** A verified account made through the API (registration through the form is covered in its own test). */
async function apiUser(label: string, password: string) {
  const email = uniqueEmail(label);
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email, password, name: label, callbackURL: '/login-loading' }) });
  expect(signUp.ok).toBe(true);
  const verify = await smtp.waitFor(email, /Confirm your email/);
  await fetch(verify.links.find((link) => link.includes('/verify-email'))!, { redirect: 'manual' });
  return email;
}

async function signInThroughForm(page: Page, email: string, password: string, prefix = '') {
  await page.goto(`${base}${prefix}/login`);
  await page.waitForLoadState('networkidle');
  const form = page.getByTestId('auth-form');
  await form.getByLabel(prefix ? '邮箱' : 'Email').fill(email);
  await form.getByLabel(prefix ? '密码' : 'Password').fill(password);
  await form.getByRole('button', { name: prefix ? '登录' : 'Sign in' }).click();
}

/** Register through the form, then open the mailed verification link: it signs in and opens the workbench. */
async function registerAndVerify(page: Page, options: { prefix: '' | '/zh'; name: string; email: string; password: string; labels: Record<'name' | 'email' | 'password' | 'confirm' | 'submit', string>; checkMail: RegExp }) {
  await page.goto(`${base}${options.prefix}/register`);
  await page.waitForLoadState('networkidle');
  const form = page.getByTestId('auth-form');
  await form.getByLabel(options.labels.name).fill(options.name);
  await form.getByLabel(options.labels.email).fill(options.email);
  await form.getByLabel(options.labels.password, { exact: true }).fill(options.password);
  await form.getByLabel(options.labels.confirm).fill(options.password);
  await form.getByRole('button', { name: options.labels.submit }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(options.checkMail);
  await expect(page.getByText(options.email)).toBeVisible();
  expect((await storedUser(page)).token ?? '').toBe('');

  const mail = await smtp.waitFor(options.email, /Confirm your email|验证/);
  const link = mail.links.find((candidate) => candidate.includes('/api/auth/verify-email'));
  expect(link, mail.body).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(`${base}${options.prefix}/workbench/home`);
}

test.describe('accounts (en)', () => {
  test('register → verify by the mailed link → sign in → redeem a code → points in header and history → sign out → guarded', async ({ page }) => {
    const email = uniqueEmail('ada');
    const password = 'correct horse 42';
    await registerAndVerify(page, {
      prefix: '',
      name: 'Ada Lovelace',
      email,
      password,
      labels: { name: 'Name', email: 'Email', password: 'Password', confirm: 'Confirm password', submit: 'Create account' },
      checkMail: /Check your mail/,
    });
    // The verification link signed the user in: identity and account are in the store.
    await expect(page.getByTestId('header-points')).toHaveText('300 points');
    await expect(page.getByTestId('header-plan')).toHaveText('Free');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ada Lovelace');
    expect(await storedUser(page)).toMatchObject({ isGuest: false });

    // Sign out, then sign in with the password.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${base}/login`);
    expect(await storedUser(page)).toMatchObject({ isGuest: true, token: '' });
    const form = page.getByTestId('auth-form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${base}/workbench/home`);
    await expect(page.getByTestId('header-points')).toHaveText('300 points');

    // Redeem an operator-made code on my-plan: header and history follow.
    const code = await createGiftCode(500);
    await page.getByRole('link', { name: 'Points history' }).click();
    await expect(page).toHaveURL(`${base}/workbench/my-plan`);
    await expect(page.getByTestId('points-history').locator('tbody tr')).toHaveCount(1);
    await page.getByTestId('gift-code-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Gift code').fill(code.toLowerCase());
    await dialog.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByText('Gift code redeemed: 500 points and 0 membership days added.')).toBeVisible();
    await expect(page.getByTestId('header-points')).toHaveText('800 points');
    await expect(page.getByTestId('summary-available')).toHaveText('800');
    const rows = page.getByTestId('points-history').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Gift code');
    await expect(rows.first()).toContainText('+500');
    await expect(rows.nth(1)).toContainText('Monthly grant');
    // Type filter.
    await page.getByLabel('Type').selectOption('redeem');
    await expect(rows).toHaveCount(1);

    // The header shows points and plan on every workbench page.
    await page.goto(`${base}/workbench/text-to-speech`);
    await expect(page.getByTestId('header-points')).toHaveText('800 points');

    // Sign out: the workbench is guarded again.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${base}/login`);
    await page.goto(`${base}/workbench/my-plan`);
    await expect(page).toHaveURL(`${base}/login`);
  });

  test('forgot password end to end: mailed link → new password → sign in with it', async ({ page, request }) => {
    const email = uniqueEmail('grace');
    // The account itself is made through the API (its registration is covered above).
    const signUp = await request.post(`${base}/api/auth/sign-up/email`, { data: { email, password: 'old password 1', name: 'Grace', callbackURL: '/login-loading' } });
    expect(signUp.ok()).toBe(true);
    const verify = await smtp.waitFor(email, /Confirm your email/);
    await request.get(verify.links.find((link) => link.includes('/verify-email'))!, { maxRedirects: 0 });

    await page.goto(`${base}/forgot-password`);
    await page.waitForLoadState('networkidle');
    await page.getByTestId('auth-form').getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your mail');

    const mail = await smtp.waitFor(email, /Reset your Voxwork password/);
    const link = mail.links.find((candidate) => candidate.includes('/api/auth/reset-password/'));
    expect(link, mail.body).toBeTruthy();
    await page.goto(link!);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    const form = page.getByTestId('auth-form');
    await form.getByLabel('New password').fill('new password 2');
    await form.getByLabel('Confirm password').fill('new password 2');
    await form.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Your password was changed. Sign in with the new one.').first()).toBeVisible();

    // The old password no longer works; the new one does.
    await page.goto(`${base}/login`);
    await page.waitForLoadState('networkidle');
    const login = page.getByTestId('auth-form');
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill('old password 1');
    await login.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('auth-service-error')).toHaveText('The email or password is incorrect.');
    await login.getByLabel('Password').fill('new password 2');
    await login.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${base}/workbench/home`);
    await expect(page.getByTestId('header-points')).toHaveText('300 points');
  });

  test('sign-in with the local OpenID Connect provider (popup, dev login form)', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${base}/login`);
    await page.waitForLoadState('networkidle');
    const button = page.getByRole('button', { name: 'Continue with Local OIDC' });
    await expect(button).toBeVisible();
    // Only configured providers get a button.
    await expect(page.getByTestId('auth-providers').getByRole('button')).toHaveCount(1);

    const popupOpened = page.waitForEvent('popup');
    await button.click();
    const popup = await popupOpened;
    await popup.waitForLoadState();
    await popup.locator('input[name="login"]').fill('alice');
    await popup.locator('input[name="password"]').fill('any password');
    await popup.locator('button[type="submit"]').click();
    // Consent screen of the dev interactions.
    await popup.locator('button[type="submit"]').click();

    await expect(page).toHaveURL(`${base}/workbench/home`, { timeout: 20_000 });
    await expect(page.getByTestId('header-points')).toHaveText('300 points');
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('user-menu-name')).toHaveText('OIDC alice');
  });

  test.describe('provider redirect', () => {
    // The provider's own dev login page asks for outside resources (unresolvable here) and its /favicon.ico (404).
    test.use({ expectedConsoleErrors: [/Failed to load resource: (net::ERR_NAME_NOT_RESOLVED|the server responded with a status of 404)/] });
    test('on mobile (375 px) the provider sign-in goes by redirect and /login-loading completes it', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      const notFound: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 404) notFound.push(new URL(response.url()).pathname);
      });
      await page.goto(`${base}/zh/login`);
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: '使用 Local OIDC 继续' }).click();
      await page.waitForURL((url) => url.origin === oidc.issuer);
      await page.locator('input[name="login"]').fill('bob');
      await page.locator('input[name="password"]').fill('any password');
      await page.locator('button[type="submit"]').click();
      await page.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(`${base}/zh/workbench/home`, { timeout: 20_000 });
      await expect(page.getByTestId('header-points')).toHaveText('300 积分');
      expect(await storedUser(page)).toMatchObject({ isGuest: false });
      expect(notFound.filter((path) => path !== '/favicon.ico')).toEqual([]);
    });
  });

  test('bad input: wrong password, unknown email, short password, malformed gift code → messages, nothing changes', async ({ page, request }) => {
    const email = uniqueEmail('linus');
    const password = 'right password 9';
    await request.post(`${base}/api/auth/sign-up/email`, { data: { email, password, name: 'Linus', callbackURL: '/login-loading' } });
    const verify = await smtp.waitFor(email, /Confirm your email/);
    await request.get(verify.links.find((link) => link.includes('/verify-email'))!, { maxRedirects: 0 });

    await page.goto(`${base}/login`);
    await page.waitForLoadState('networkidle');
    const form = page.getByTestId('auth-form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('wrong password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('auth-service-error')).toHaveText('The email or password is incorrect.');
    await form.getByLabel('Email').fill(uniqueEmail('nobody'));
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('auth-service-error')).toHaveText('The email or password is incorrect.');
    await expect(page).toHaveURL(`${base}/login`);
    expect((await storedUser(page)).token ?? '').toBe('');

    await page.goto(`${base}/register`);
    await page.waitForLoadState('networkidle');
    const register = page.getByTestId('auth-form');
    await register.getByLabel('Name').fill('Short');
    await register.getByLabel('Email').fill(uniqueEmail('short'));
    await register.getByLabel('Password', { exact: true }).fill('123');
    await register.getByLabel('Confirm password').fill('123');
    await register.getByRole('button', { name: 'Create account' }).click();
    await expect(register.getByText('The password must be at least 6 characters.')).toBeVisible();
    await expect(page.getByTestId('check-mail')).toHaveCount(0);
    // Registering an existing email answers "already in use" (Better Auth) or the check-mail page (no account enumeration).
    await register.getByLabel('Email').fill(email);
    await register.getByLabel('Password', { exact: true }).fill('another password 1');
    await register.getByLabel('Confirm password').fill('another password 1');
    await register.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('auth-service-error').or(page.getByTestId('check-mail'))).toBeVisible();

    // Signed in: a malformed gift code changes nothing.
    await page.goto(`${base}/login`);
    await page.waitForLoadState('networkidle');
    await page.getByTestId('auth-form').getByLabel('Email').fill(email);
    await page.getByTestId('auth-form').getByLabel('Password').fill(password);
    await page.getByTestId('auth-form').getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${base}/workbench/home`);
    await page.goto(`${base}/workbench/my-plan`);
    await expect(page.getByTestId('header-points')).toHaveText('300 points');
    await page.getByTestId('gift-code-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Gift code').fill('<script>alert(1)</script>');
    await dialog.getByRole('button', { name: 'Redeem' }).click();
    await expect(dialog.getByTestId('gift-code-error')).toHaveText('This gift code does not exist.');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('header-points')).toHaveText('300 points');
    await expect(page.getByTestId('points-history').locator('tbody tr')).toHaveCount(1);
  });

  test('offline: the sign-in fails with the network message at once, nothing changes', async ({ page }) => {
    // Offline only once the page has done what it does after hydration (its deferred features
    // loaded, its links' routes discovered): on a busy machine the network can be quiet for
    // 500 ms before hydration has even ended, and going offline then fails those loads instead.
    const settled = Promise.all([page.waitForResponse((response) => response.url().includes('/__manifest')), page.waitForResponse((response) => /\/assets\/deferred-features-/.test(response.url()))]);
    await page.goto(`${base}/login`);
    await settled;
    await page.waitForLoadState('networkidle');
    await page.context().setOffline(true);
    const form = page.getByTestId('auth-form');
    await form.getByLabel('Email').fill('someone@example.com');
    await form.getByLabel('Password').fill('some password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('auth-service-error')).toHaveText('The network did not answer in time. Check your connection and try again.');
    await page.context().setOffline(false);
    expect((await storedUser(page)).token ?? '').toBe('');
  });

  test('account page: nickname, password change needs the current password, deletion re-authenticates the same user', async ({ page }) => {
    const password = 'first password 1';
    const email = await apiUser('kim', password);
    await signInThroughForm(page, email, password);
    await expect(page).toHaveURL(`${base}/workbench/home`);
    await page.goto(`${base}/workbench/account`);
    // The field takes the current name once the page has hydrated: typing before that (a busy machine) was mixed into it.
    await expect(page.getByLabel('Nickname')).toHaveValue('kim');
    await page.getByLabel('Nickname').fill('Kim Renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('user-menu-name')).toHaveText('Kim Renamed');
    await page.keyboard.press('Escape');

    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password').fill('second password 2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The current password is incorrect.')).toBeVisible();
    await page.getByLabel('Current password').fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password was changed.')).toBeVisible();
    // Still signed in on this device with the new session.
    await page.reload();
    await expect(page.getByTestId('header-points')).toHaveText('300 points');

    const deletion = page.getByTestId('account-delete');
    await deletion.getByLabel('Enter your password to confirm').fill(password);
    await deletion.getByRole('button', { name: 'Delete my account' }).click();
    await expect(deletion.getByText('The current password is incorrect.')).toBeVisible();
    await deletion.getByLabel('Enter your password to confirm').fill('second password 2');
    await deletion.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(`${base}/`);
    expect(await storedUser(page)).toMatchObject({ isGuest: true, token: '' });
    await signInThroughForm(page, email, 'second password 2');
    await expect(page.getByTestId('auth-service-error')).toHaveText('The email or password is incorrect.');
  });

  test.describe('checkout', () => {
    test.use({ expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });
    test('pricing: buying a point pack goes through the test-mode checkout and the points arrive', async ({ page }) => {
      const password = 'buyer password 1';
      const email = await apiUser('buyer', password);
      const notFound: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 404) notFound.push(new URL(response.url()).pathname);
      });
      await signInThroughForm(page, email, password);
      await expect(page).toHaveURL(`${base}/workbench/home`);
      await page.goto(`${base}/workbench/pricing`);
      await page.waitForLoadState('networkidle');
      await page.locator('[data-product="points-1000"]').click();
      await expect(page.getByText('TEST MODE — no real money moves')).toBeVisible();
      await page.getByRole('button', { name: 'Approve payment' }).click();
      await expect(page).toHaveURL(/\/transfer-station\/subscription-test\?order=/);
      await page.goto(`${base}/workbench/my-plan`);
      await expect(page.getByTestId('header-points')).toHaveText('1,300 points');
      await expect(page.getByTestId('points-history').locator('tbody tr').first()).toContainText('Purchase');
      // The sandbox's server-rendered page has no icon link, so Chromium asks for /favicon.ico: the only 404 allowed.
      expect(notFound.filter((path) => path !== '/favicon.ico')).toEqual([]);
    });
  });
});

test.describe('accounts (zh)', () => {
  test('注册 → 邮件链接验证 → 工作台 → 兑换码 → 积分更新 → 退出 → 受保护', async ({ page }) => {
    const email = uniqueEmail('zh');
    await registerAndVerify(page, {
      prefix: '/zh',
      name: '李雷',
      email,
      password: '中文密码 123',
      labels: { name: '名称', email: '邮箱', password: '密码', confirm: '确认密码', submit: '创建账号' },
      checkMail: /请查收邮件/,
    });
    await expect(page.getByTestId('header-points')).toHaveText('300 积分');
    await expect(page.getByTestId('header-plan')).toHaveText('免费版');

    const code = await createGiftCode(200);
    await page.goto(`${base}/zh/workbench/my-plan`);
    await page.getByTestId('gift-code-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('礼品码').fill('NOT-A-CODE');
    await dialog.getByRole('button', { name: '兑换' }).click();
    await expect(dialog.getByTestId('gift-code-error')).toHaveText('兑换码不存在。');
    await dialog.getByLabel('礼品码').fill(code);
    await dialog.getByRole('button', { name: '兑换' }).click();
    await expect(page.getByTestId('header-points')).toHaveText('500 积分');
    await expect(page.getByTestId('points-history').locator('tbody tr').first()).toContainText('兑换码');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(`${base}/zh/login`);
    await page.goto(`${base}/zh/workbench/home`);
    await expect(page).toHaveURL(`${base}/login`);

    // Wrong password, in Chinese.
    await page.goto(`${base}/zh/login`);
    await page.waitForLoadState('networkidle');
    const form = page.getByTestId('auth-form');
    await form.getByLabel('邮箱').fill(email);
    await form.getByLabel('密码').fill('错误的密码 000');
    await form.getByRole('button', { name: '登录' }).click();
    await expect(page.getByTestId('auth-service-error')).toHaveText('邮箱或密码不正确。');
  });
});
