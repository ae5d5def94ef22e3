import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, TestInfo } from '@playwright/test';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '../../apps/web/app/routes.ts';
import { expect, test } from './fixtures.ts';
import { freshUserCookie, SHELL_ROUTES, type RouteCase } from './route-list.ts';

/**
 * Issue 18's acceptance walk, and the only test that visits every page: every page of the route
 * table (`apps/web/app/routes.ts`; articles and category lists from `/sitemap.xml`, which the app
 * derives from its content) and every shell route of spec §2 (`SHELL_ROUTES` in route-list.ts) in
 * English and Chinese: in light at 375 and 1440 px, in dark at 1440 px (six walks; see `WALKS`).
 * One browser context per (language, width, scheme), public pages first, then the workbench signed
 * in (a user per context); nothing waits beyond the page's load event but the h1 check (which
 * waits for the heading to show). Articles and category lists (one template each) are walked in
 * light only. Each visit checks the
 * status the document answers with, that the page stays at its address and its `<html lang>`. At 1440 px every page shows a visible h1, and a 404 page the
 * not-found heading in its language. At 375 px in light (once per language), signed out, every
 * workbench page sends the visitor to `/login` (200, never `/zh/login`), and signed in, every
 * guest-only page (login, register, forgot password) sends the visitor to `/`.
 * (These were routes.e2e.ts's checks, which visited the shell routes a second time: issue 32.)
 * With `WALK_SHOTS=1`, the light walks also save a screenshot of every shell route at their width
 * under test-results/ (after the network is idle); CI leaves them out (decision 051).
 * Each page fails on:
 * - horizontal overflow (the document wider than the viewport; a table inside its own scroll
 *   container is fine, since that does not widen the document);
 * - visible text not in the page's language: on Chinese pages a text made only of Latin words
 *   outside `LATIN_ALLOWED` (brand and product names, units), on English pages any CJK character
 *   (an element with its own `lang`, like the language switcher's "中文", is exempt);
 * - a raw id or code in visible text (uuid, snake_case, camelCase, language tags, i18n keys);
 * - a broken image; a console error or uncaught exception (a 4xx/5xx page's own "Failed to load
 *   resource" is its status, checked apart).
 * In English at 1440 px, every workbench page is also checked by axe-core (WCAG 2.2 A and AA rules)
 * in both schemes: no serious or critical violation.
 * `<code>`, `<pre>`, `<kbd>` and `<samp>` hold code on purpose, `translate="no"` names (a user's
 * initials, voice names): neither is read.
 */

interface Walk {
  path: string;
  /** Articles and category lists share one template each: walked in the light scheme only. */
  lightOnly?: boolean;
  /** The HTTP status the document answers with. */
  status: number;
  signedIn: boolean;
  /** A shell route of spec §2 (route-list.ts): screenshotted with `WALK_SHOTS=1`. */
  shell?: boolean;
}

/** Flattens the route table into locale-neutral path patterns (`zh?/pricing` → `/pricing`). */
function routePatterns(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.path === undefined ? [] : [`/${entry.path.replace(/^zh\?\/?/, '')}`]),
    ...routePatterns(entry.children ?? []),
  ]);
}

const STATUS_PAGES = new Set(['/401', '/403', '/404', '/500', '/503']);
/** Pages that send a signed-in visitor away: visited signed out. */
const GUEST_ONLY = new Set(['/login', '/register', '/forgot-password']);

/** The status a shell route's document answers with (signed in for the workbench, signed out otherwise). */
function shellStatus(route: RouteCase): number {
  if (route.kind === 'status') return route.status!;
  if (route.kind === 'protected-not-found') return 404;
  return 200;
}

/**
 * Every page to visit: the route table, its `:slug` marketing pages from the sitemap, unknown slugs
 * and paths (404), and the shell routes of route-list.ts the table does not name as such (unknown
 * ids, component-level paths).
 */
function walkList(sitemapPaths: string[]): Walk[] {
  const walks: Walk[] = [];
  for (const pattern of routePatterns(routes)) {
    if (pattern === '/sitemap.xml' || pattern === '/robots.txt') continue;
    const signedIn = pattern.startsWith('/workbench');
    if (pattern === '/*') {
      walks.push({ path: '/no-such-page', status: 404, signedIn: false });
    } else if (pattern === '/workbench/*') {
      walks.push({ path: '/workbench/no-such-page', status: 404, signedIn: true });
    } else if (pattern.includes('/:')) {
      if (signedIn) {
        walks.push({ path: pattern.replace(/:slug$/, 'no-such-id'), status: 404, signedIn });
      } else {
        const prefix = pattern.replace(/:slug$/, '');
        const matches = sitemapPaths.filter((path) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/'));
        expect(matches.length, `sitemap pages for ${pattern}`).toBeGreaterThan(0);
        walks.push(...matches.map((path) => ({ path, status: 200, signedIn, lightOnly: true })), { path: `${prefix}no-such-slug`, status: 404, signedIn });
      }
    } else {
      walks.push({ path: pattern, status: STATUS_PAGES.has(pattern) ? Number(pattern.slice(1)) : 200, signedIn });
    }
  }
  for (const route of SHELL_ROUTES) {
    const signedIn = route.kind === 'protected' || route.kind === 'protected-not-found';
    const walk = walks.find((entry) => entry.path === route.path);
    if (walk) {
      expect(walk.status, `${route.path}: route-list.ts and the route table agree on the status`).toBe(shellStatus(route));
      walk.shell = true;
    } else {
      walks.push({ path: route.path, status: shellStatus(route), signedIn, shell: true });
    }
  }
  return walks;
}

const NOT_FOUND_HEADING = { en: 'Oops! Page Not Found!', zh: '哎呀！页面未找到！' } as const;

/** Latin words a Chinese page may show: brand and product names, formats, units. Lower case. */
const LATIN_ALLOWED = new Set(
  [
    'voxwork', 'ai', 'api', 'pro', 'studio', 'mp3', 'mp4', 'wav', 'srt', 'vtt', 'ass', 'mov', 'webm', 'ogg', 'm4a', 'flac', 'png', 'jpg', 'jpeg', 'webp', 'pdf', 'csv', 'json', 'zip',
    'asmr', 'kb', 'mb', 'gb', 'khz', 'hz', 'px', 'ms', 's', 'min', 'fps', 'p', 'k', 'x', 'id', 'url', 'ui', 'tts', 'asr', 'ocr', 'faq', 'ok', 'vip', 'logo',
    'email', 'e-mail', 'google', 'github', 'wechat', 'alipay', 'stripe', 'paypal', 'youtube', 'tiktok', 'bilibili', 'instagram', 'facebook', 'x', 'twitter', 'linkedin',
    'chrome', 'safari', 'firefox', 'edge', 'ios', 'android', 'usd', 'cny', 'rmb', 'english', 'piper', 'kokoro', 'whisper', 'flite', 'espeak', 'ffmpeg', 'webhook', 'webhooks', 'bearer', 'https', 'http',
  ].map((word) => word.toLowerCase()),
);

/** camelCase words people write that are not identifiers. */
const CAMEL_ALLOWED = new Set(['iPhone', 'iPad', 'macOS', 'iOS', 'eBay', 'YouTube', 'TikTok', 'WeChat', 'LinkedIn', 'GitHub', 'PayPal', 'JavaScript', 'TypeScript', 'WebM', 'OpenAPI', 'eSpeak', 'kHz', 'vLLM']);

interface PageReport {
  overflow: string | null;
  language: string[];
  codes: string[];
  images: string[];
}

/** Runs in the page: the four page checks (overflow, language, raw codes, images). */
function inspectPage({ zh, latinAllowed, camelAllowed }: { zh: boolean; latinAllowed: string[]; camelAllowed: string[] }): PageReport {
  const latin = new Set(latinAllowed);
  const camel = new Set(camelAllowed);
  const pageLang = document.documentElement.lang;
  const report: PageReport = { overflow: null, language: [], codes: [], images: [] };
  const width = document.documentElement.scrollWidth;
  if (width > window.innerWidth) {
    // Name the widest element that sticks out, to make the report useful.
    let culprit = '';
    let right = window.innerWidth;
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect();
      if (box.right > right + 0.5 && element.checkVisibility()) {
        right = box.right;
        culprit = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].slice(0, 4).join('.')} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
      }
    }
    report.overflow = `document ${width} px wide in a ${window.innerWidth} px viewport; widest: ${culprit}`;
  }
  const CODE_PATTERNS: [string, RegExp][] = [
    ['uuid', /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i],
    ['snake_case', /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/],
    ['language tag', /\b[a-z]{2,3}-(?:[A-Z]{2}|Hans|Hant|cmn|yue|wuu)\b/],
    ['i18n key', /\b[a-z][a-zA-Z0-9]*(?:\.[a-z][a-zA-Z0-9]*){2,}\b/],
  ];
  const texts: { text: string; element: Element }[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    const text = (node.nodeValue ?? '').replace(/\s+/g, ' ').trim();
    if (!element || !text) continue;
    if (element.closest('script, style, noscript, template, code, pre, kbd, samp, [translate="no"]')) continue;
    if (!element.checkVisibility({ visibilityProperty: true })) continue;
    texts.push({ text, element });
  }
  for (const input of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')) {
    // An example address (https://…, name@example.com) is no text of any language.
    const example = /^(?:https?:\/\/\S+|[^\s@]+@[^\s@]+\.[a-z]+)$/i.test(input.placeholder.trim());
    if (input.checkVisibility({ visibilityProperty: true }) && input.placeholder.trim() && !example) texts.push({ text: input.placeholder.trim(), element: input });
  }
  for (const image of document.querySelectorAll('img[alt]')) {
    const alt = image.getAttribute('alt')!.trim();
    if (alt && image.checkVisibility({ visibilityProperty: true })) texts.push({ text: alt, element: image });
  }
  const where = (element: Element) => {
    const id = element.closest('[data-testid]')?.getAttribute('data-testid');
    return `<${element.tagName.toLowerCase()}>${id ? ` in [data-testid=${id}]` : ''}`;
  };
  for (const { text, element } of texts) {
    const lang = element.closest('[lang]')?.getAttribute('lang') ?? pageLang;
    const ownLanguage = lang.split('-')[0] === pageLang.split('-')[0];
    if (ownLanguage) {
      if (zh) {
        // Only Latin words (no digits, no Han): every word must be an allowed name or unit.
        if (/^[A-Za-z][A-Za-z\s'’&.,:;!?()/+·–—-]*$/.test(text)) {
          const words = text.toLowerCase().split(/[^a-z0-9-]+/).filter(Boolean);
          const unknown = words.filter((word) => !latin.has(word));
          if (unknown.length > 0) report.language.push(`"${text.slice(0, 80)}" ${where(element)}`);
        }
      } else if (/[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff01-\uff5e\u3000-\u303f]/.test(text)) {
        report.language.push(`"${text.slice(0, 80)}" ${where(element)}`);
      }
    }
    for (const [name, pattern] of CODE_PATTERNS) {
      const match = pattern.exec(text);
      if (match) report.codes.push(`${name} "${match[0]}" in "${text.slice(0, 80)}" ${where(element)}`);
    }
    for (const match of text.matchAll(/\b[a-z]+[A-Z][a-zA-Z0-9]*\b/g)) {
      if (!camel.has(match[0])) report.codes.push(`camelCase "${match[0]}" in "${text.slice(0, 80)}" ${where(element)}`);
    }
  }
  for (const image of document.images) {
    if (image.complete && image.naturalWidth === 0 && image.getAttribute('src')) report.images.push(image.currentSrc || image.src);
  }
  return report;
}

/**
 * Runs in a marketing page (once per language, at 1440 px in light): a visible h1, the canonical
 * URL, the hreflang alternates (en, zh-CN, x-default), a description and the Open Graph title and
 * URL (what marketing.e2e checked page by page before the walk took it over).
 */
function inspectSeo({ pathname, neutral }: { pathname: string; neutral: string }): string[] {
  const problems: string[] = [];
  const h1 = document.querySelector('h1');
  if (!h1 || !h1.checkVisibility() || !h1.textContent?.trim()) problems.push('no visible h1');
  const href = (selector: string) => document.querySelector(selector)?.getAttribute('href') ?? null;
  const content = (selector: string) => document.querySelector(selector)?.getAttribute('content') ?? null;
  const pathOf = (url: string | null) => (url ? new URL(url).pathname : null);
  const canonical = href('link[rel="canonical"]');
  if (pathOf(canonical) !== pathname) problems.push(`canonical ${canonical}`);
  const zh = neutral === '/' ? '/zh' : `/zh${neutral}`;
  for (const [hreflang, target] of [['en', neutral], ['zh-CN', zh], ['x-default', neutral]]) {
    const alternate = href(`link[rel="alternate"][hreflang="${hreflang}"]`);
    if (pathOf(alternate) !== target) problems.push(`hreflang ${hreflang} ${alternate}`);
  }
  if (!/\S.{14,}/.test(content('meta[name="description"]') ?? '')) problems.push('no description');
  if (!content('meta[property="og:title"]')?.trim()) problems.push('no og:title');
  if (content('meta[property="og:url"]') !== canonical) problems.push(`og:url ${content('meta[property="og:url"]')}`);
  return problems;
}

const LANGUAGES = [
  { locale: 'en', prefix: '', lang: 'en' },
  { locale: 'zh', prefix: '/zh', lang: 'zh-CN' },
] as const;
type Language = (typeof LANGUAGES)[number];
type Scheme = 'light' | 'dark';
const [ENGLISH, CHINESE] = LANGUAGES;

/**
 * The walks, two side by side per test (one core waits on the server while the other renders):
 * both languages at 375 px in light, then each language at 1440 px in light and dark. The dark
 * scheme is walked at 1440 px only (issue 32: the walk was the longest browser test, 316 s): what
 * a page is checked for depends on the width (overflow, h1, the guards at 375 px) or the language
 * (foreign text, raw codes, SEO), not on the scheme, and those run in the light walks at both
 * widths; what depends on the scheme is axe's colour contrast, run at 1440 px, and a console error
 * or broken image in dark, which the 1440 px dark walks of both languages still meet on every page.
 */
const WALKS: ReadonlyArray<{ title: string; walks: ReadonlyArray<{ language: Language; width: 375 | 1440; scheme: Scheme }> }> = [
  { title: 'en and zh at 375 px, light', walks: [{ language: ENGLISH, width: 375, scheme: 'light' }, { language: CHINESE, width: 375, scheme: 'light' }] },
  ...LANGUAGES.map((language) => ({
    title: `${language.locale} at 1440 px, light and dark`,
    walks: (['light', 'dark'] as const).map((scheme) => ({ language, width: 1440 as const, scheme })),
  })),
];

let sitemapPaths: string[] | undefined;

const fileName = (path: string) => path.replace(/^\//, '').replace(/\//g, '_') || 'home';

async function walkPages(browser: Browser, baseURL: string, language: Language, width: number, scheme: Scheme, testInfo: TestInfo) {
  sitemapPaths ??= await (async () => {
    const xml = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname).filter((path) => !path.startsWith('/zh'));
  })();
  const walks = walkList(sitemapPaths).filter((walk) => scheme === 'light' || !walk.lightOnly);
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme, baseURL });
  const page: Page = await context.newPage();
  const findings: string[] = [];
  let current = '';
  let currentStatus = 200;
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (currentStatus >= 400 && /Failed to load resource: the server responded with a status of \d+/.test(message.text())) return;
    findings.push(`${current}: console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => findings.push(`${current}: uncaught: ${error.message}`));
  // A call answered "sign in first" (1000) signs the user out: name it, the walk then lands on /login.
  page.on('response', (response) => {
    if (!response.url().includes('/api/') || !(response.headers()['content-type'] ?? '').includes('json')) return;
    response.json().then(
      (body: { code?: number } | null) => {
        if (body?.code === 1000) findings.push(`${current}: ${new URL(response.url()).pathname} answered 1000 (signed out)`);
      },
      () => undefined,
    );
  });
  if (process.env.WALK_DEBUG) {
    // The page's own log, kept in localStorage so it survives the next navigation (a response body or a
    // console message of a page being left is lost): answers other than code 0, fetches that failed,
    // session checks and every write of a guest identity with its stack. Printed before the next page.
    await page.addInitScript(() => {
      const note = (line: string) => {
        try {
          localStorage.setItem('walkdbg', `${localStorage.getItem('walkdbg') ?? ''}\n${location.pathname} ${line}`);
        } catch {
          // opaque origins have no storage
        }
      };
      const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
      Object.defineProperty(Document.prototype, 'cookie', {
        configurable: true,
        get() {
          return cookie.get!.call(this);
        },
        set(value: string) {
          if (value.includes('Guest_')) note(`guest written: ${new Error().stack?.replace(/\s+/g, ' ')}`);
          cookie.set!.call(this, value);
        },
      });
      const original = window.fetch.bind(window);
      window.fetch = async (...args: Parameters<typeof fetch>) => {
        const url = typeof args[0] === 'string' ? args[0] : args[0] instanceof URL ? args[0].href : args[0].url;
        try {
          const response = await original(...args);
          void response.clone().text().then(
            (body) => {
              if (url.includes('/get-session') || !/^\{"code":0[,}]/.test(body)) note(`${response.status} ${url} ${body.slice(0, 160)}`);
            },
            (error: unknown) => note(`body of ${url} failed: ${String(error)}`),
          );
          return response;
        } catch (error) {
          note(`fetch ${url} failed: ${String(error)}`);
          throw error;
        }
      };
    });
  }
  let signedIn = false;
  const localized = (path: string) => (path === '/' ? language.prefix || '/' : `${language.prefix}${path}`);
  // The guards, once per language: at 375 px in light (the 1440 px walks carry axe and the h1 checks).
  const guardWalk = width === 375 && scheme === 'light';
  // Public pages first, signed out; then the workbench, signed in.
  for (const walk of [...walks.filter((entry) => !entry.signedIn), ...walks.filter((entry) => entry.signedIn)]) {
    if (walk.signedIn && !signedIn) {
      if (guardWalk) {
        // Signed out, the guard sends the visitor of every workbench page to /login (never /zh/login).
        for (const guarded of walks.filter((entry) => entry.signedIn)) {
          current = localized(guarded.path);
          currentStatus = 200;
          const response = await page.goto(current, { waitUntil: 'load' });
          expect.soft(new URL(page.url()).pathname, `${current} signed out: sent to /login`).toBe('/login');
          expect.soft(response?.status(), `${current} signed out: the login page's status`).toBe(200);
        }
        // The login page writes a guest user_info as it starts: leave it before the signed-in cookie goes in.
        await page.goto('about:blank');
      }
      // A user of its own per context: the walks run side by side and never share a session.
      await context.addCookies([await freshUserCookie(baseURL, `walk-${language.locale}${width}${scheme[0]}`)]);
      signedIn = true;
      if (guardWalk) {
        // Signed in, the guest-only pages send the visitor to `/`.
        for (const guestOnly of GUEST_ONLY) {
          current = localized(guestOnly);
          currentStatus = 200;
          await page.goto(current, { waitUntil: 'load' });
          expect.soft(new URL(page.url()).pathname, `${current} signed in: sent to /`).toBe('/');
        }
      }
    }
    current = localized(walk.path);
    currentStatus = walk.status;
    const started = Date.now();
    const response = await page.goto(current, { waitUntil: 'load' });
    if (process.env.WALK_TIMES) console.log(`${Date.now() - started} ms ${current}`);
    if (process.env.WALK_DEBUG) {
      const log = await page.evaluate(() => {
        const value = localStorage.getItem('walkdbg') ?? '';
        localStorage.removeItem('walkdbg');
        return value;
      }).catch(() => '');
      if (log.trim()) console.log(`[walk] ${language.locale}${width}${scheme} up to ${current}:${log}`);
    }
    if (walk.path === '/workbench') {
      // /workbench sends the visitor on to its home page.
    } else {
      expect.soft(new URL(page.url()).pathname, `${current} stays put`).toBe(current);
      expect.soft(response?.status(), `${current} status`).toBe(walk.status);
    }
    expect.soft(await page.locator('html').getAttribute('lang'), `${current} <html lang>`).toBe(language.lang);
    if (width === 1440) {
      const heading = page.getByRole('heading', { level: 1 });
      await expect.soft(heading, `${current} shows an h1`).toBeVisible();
      if (walk.status === 404) await expect.soft(heading, `${current} not-found heading`).toHaveText(NOT_FOUND_HEADING[language.locale]);
    }
    const report = await page.evaluate(inspectPage, { zh: language.locale === 'zh', latinAllowed: [...LATIN_ALLOWED], camelAllowed: [...CAMEL_ALLOWED] });
    if (report.overflow) findings.push(`${current} (${scheme}): overflow: ${report.overflow}`);
    // The developer pages document code: identifiers (jobId, vx_live_…) are their content, in both languages.
    const developerDocs = walk.path.startsWith('/developers');
    if (!(developerDocs && language.locale === 'zh')) for (const entry of report.language) findings.push(`${current}: not ${language.locale}: ${entry}`);
    if (!developerDocs) for (const entry of report.codes) findings.push(`${current}: raw code: ${entry}`);
    for (const entry of report.images) findings.push(`${current}: broken image: ${entry}`);
    if (!walk.signedIn && walk.status === 200 && width === 1440 && scheme === 'light' && sitemapPaths!.includes(walk.path)) {
      for (const problem of await page.evaluate(inspectSeo, { pathname: current, neutral: walk.path })) findings.push(`${current}: ${problem}`);
    }
    if (walk.signedIn && language.locale === 'en' && width === 1440) {
      // label-content-name-mismatch is an experimental axe rule (off by default); it flags the header's
      // account menu in light only, which is still to look into (issue 18 follow-up).
      // axe.run in the page itself (legacy mode): the default (runPartial) opens a blank page per run and
      // injects axe-core (650 kB) into both, to join results across cross-origin frames, which the app's
      // pages have none of. Only violations are read, so passes and incomplete nodes are not collected
      // (every rule still runs on every node). Decision 105.
      const axe = await new AxeBuilder({ page })
        .options({ resultTypes: ['violations'] })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .disableRules(['label-content-name-mismatch'])
        .setLegacyMode()
        .analyze();
      for (const violation of axe.violations.filter((entry) => entry.impact === 'serious' || entry.impact === 'critical')) {
        const targets = violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')}${node.failureSummary ? ` (${node.failureSummary.split('\n').slice(1, 2).join('').trim()})` : ''}`);
        findings.push(`${current} (${scheme}): axe ${violation.impact} ${violation.id}: ${violation.nodes.length} × ${targets.join('; ')}`);
      }
    }
    if (process.env.WALK_SHOTS && walk.shell && scheme === 'light') {
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: testInfo.outputPath(`${language.locale}-${fileName(walk.path)}-${width}.png`), fullPage: true });
    }
  }
  await context.close();
  return { findings, pages: walks.length };
}

for (const { title, walks } of WALKS) {
  test(`every page, ${title}: no overflow, foreign text, raw codes, broken images or console errors`, async ({ browser, baseURL }, testInfo) => {
    // Generous: on a busy two-core machine the English 1440 px walk (axe on every workbench page) took 5 minutes.
    test.setTimeout(600_000);
    const results = await Promise.all(walks.map(({ language, width, scheme }) => walkPages(browser, baseURL!, language, width, scheme, testInfo)));
    for (const [index, { findings, pages }] of results.entries()) {
      const { language, width, scheme } = walks[index]!;
      expect(pages).toBeGreaterThan(50);
      expect([...new Set(findings)], `${language.locale} at ${width} px, ${scheme}`).toEqual([]);
    }
  });
}
