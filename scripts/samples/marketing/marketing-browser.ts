/**
 * The browser side of `samples:marketing`'s screenshots: Debian's Chromium, signed in as a user in
 * a language, a page waited on until it settles (no toast, no placeholder), shot light and dark;
 * and samples/workbench/sample.json, which the workbench and dubbing shots share.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { base, notes, SAMPLES, type User, written } from './marketing-run.ts';

export const LOCALES = [
  { lang: 'en', prefix: '', browserLocale: 'en-US', nickName: 'Maya Chen', voiceLanguage: 'en', voiceKey: 'festival:festival/cmu_us_slt_arctic_hts', title: 'Spring sale', dubbingTitle: 'Phone ad', script: 'Welcome to the spring sale at Green Leaf Market. Every plant in the shop is twenty percent off this weekend. Come early for the best picks!' },
  { lang: 'zh', prefix: '/zh', browserLocale: 'zh-CN', nickName: '林小雨', voiceLanguage: 'zh', voiceKey: 'espeak:espeak-ng/cmn+f3', title: '春季促销', dubbingTitle: '手机广告', script: '欢迎来到绿叶花园的春季促销。本周末店里所有绿植一律八折。早点来，挑选最好看的那一盆！' },
] as const;

/** Waits until the page has settled: no request for a moment, fonts loaded, no skeleton or spinner shown. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => true));
  await page
    .waitForFunction(() => !document.querySelector('[data-slot="skeleton"], .animate-pulse, [aria-busy="true"]'), undefined, { timeout: 15_000 })
    .catch(() => notes.push(`screenshots: ${page.url()} still showed a loading placeholder after 15 s`));
  await page.mouse.move(0, 899);
  await page.waitForTimeout(400);
}

/** An error toast fails the shot; a passing one ("Generating …") is waited out. */
export async function withoutToasts(page: Page, name: string) {
  const errors = page.locator('[data-sonner-toast][data-type="error"]');
  if ((await errors.count()) > 0) throw new Error(`${name}: an error toast on the page: ${(await errors.allInnerTexts()).join(' | ')}`);
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
  if ((await page.locator('[data-sonner-toast]').count()) > 0) throw new Error(`${name}: a toast stayed on the page: ${(await page.locator('[data-sonner-toast]').allInnerTexts()).join(' | ')}`);
}

/** Whether a computed background colour is a dark one (rgb, oklch or lab). */
export const isDark = (background: string) => /rgb\(\s*(\d|[1-4]\d),/.test(background) || /oklch\(0\.[0-2]/.test(background) || /lab\(\s*([0-9]|1\d)[.\s]/.test(background);

/** Light, then dark (the app follows the system scheme when no mode is stored); checks that the page really turned dark. */
export async function lightAndDark(page: Page, name: string, options: { dark?: boolean } = {}) {
  const folder = path.join(SAMPLES, 'workbench');
  await page.emulateMedia({ colorScheme: 'light' });
  await settle(page);
  await withoutToasts(page, name);
  await page.screenshot({ path: path.join(folder, `${name}-light.jpg`), type: 'jpeg', quality: 75 });
  written.push(path.join(folder, `${name}-light.jpg`));
  if (options.dark === false) return;
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.documentElement.classList.contains('dark'), undefined, { timeout: 5_000 });
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await settle(page);
  await page.screenshot({ path: path.join(folder, `${name}-dark.jpg`), type: 'jpeg', quality: 75 });
  written.push(path.join(folder, `${name}-dark.jpg`));
  await page.emulateMedia({ colorScheme: 'light' });
  if (!isDark(background)) notes.push(`screenshots: ${name}-dark body background is ${background}`);
}

let browser: Browser | undefined;

export async function launchBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  return browser;
}

/** A browser context at 1440×900 signed in as `user` (the web app's user_info cookie). */
export async function signedInContext(user: User, locale: (typeof LOCALES)[number], colorScheme: 'light' | 'dark'): Promise<BrowserContext> {
  const context = await (await launchBrowser()).newContext({ viewport: { width: 1440, height: 900 }, colorScheme, locale: locale.browserLocale, deviceScaleFactor: 1 });
  await context.addCookies([{ name: 'user_info', value: encodeURIComponent(JSON.stringify({ token: user.token, userId: user.userId, nickName: locale.nickName, email: '', isGuest: false })), url: base }]);
  return context;
}

/**
 * samples/workbench/sample.json is written by two parts, `workbench` and `dubbing`: each replaces
 * its own files and shots (the dubbing ones are named `dubbing-…`) and keeps the other's.
 */
export const WORKBENCH_JSON = path.join(SAMPLES, 'workbench', 'sample.json');
export const isDubbingShot = (name: string) => /(^|\/)dubbing-/.test(name);
interface WorkbenchMade {
  files: string[];
  shots: Record<string, unknown>;
  [key: string]: unknown;
}
export async function readWorkbenchJson(): Promise<WorkbenchMade> {
  const text = await readFile(WORKBENCH_JSON, 'utf8').catch(() => null);
  const made = (text ? JSON.parse(text) : {}) as Partial<WorkbenchMade>;
  return { ...made, files: made.files ?? [], shots: made.shots ?? {} };
}

/** Closes the browser when a part opened it. */
export async function closeBrowser() {
  await browser?.close().catch(() => undefined);
}
