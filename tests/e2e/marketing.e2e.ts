import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { localized } from './route-list.ts';
import { initialScriptSizes, MARKETING_JS_BUDGET_GZIP } from '../support/initial-scripts.ts';

/**
 * The marketing site (issue 3 items 8 and 9). Every page, article and category list in both
 * languages is visited by the route walk (route-walk.e2e.ts: status, `<html lang>`, a visible h1,
 * canonical and hreflang, description and Open Graph, console errors, overflow, language). Here: the
 * content folder, then the behaviours: pricing toggle and currencies, help-center search, the share and order
 * landing pages with unknown ids, the forced dark /mobile, client-side navigation in Chinese,
 * sitemap.xml and robots.txt.
 */

const CONTENT = path.resolve(import.meta.dirname, '../../apps/web/content');

interface ContentArticle {
  kind: 'blog' | 'guides';
  locale: 'en' | 'zh';
  slug: string;
  category: string;
}

function frontMatterField(source: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(source.split(/^---$/m)[1] ?? '');
  if (!match?.[1]) throw new Error(`front matter without ${name}`);
  return match[1].trim().replace(/^["']|["']$/g, '');
}

const ARTICLES: ContentArticle[] = (['blog', 'guides'] as const).flatMap((kind) =>
  (['en', 'zh'] as const).flatMap((locale) =>
    readdirSync(path.join(CONTENT, kind, locale))
      .filter((file) => file.endsWith('.md'))
      .map((file) => {
        const source = readFileSync(path.join(CONTENT, kind, locale, file), 'utf8');
        return { kind, locale, slug: frontMatterField(source, 'slug'), category: frontMatterField(source, 'category') };
      }),
  ),
);

test('the content folder holds at least 6 blog articles and 6 guides per language, each in both languages', () => {
  for (const kind of ['blog', 'guides'] as const) {
    for (const locale of ['en', 'zh'] as const) {
      expect(ARTICLES.filter((article) => article.kind === kind && article.locale === locale).length).toBeGreaterThanOrEqual(6);
    }
    const slugs = (locale: 'en' | 'zh') => ARTICLES.filter((article) => article.kind === kind && article.locale === locale).map((article) => article.slug).sort();
    expect(slugs('zh')).toEqual(slugs('en'));
  }
});

// Decision 011: a marketing page loads at most 120 KB gzip of JavaScript before it is interactive
// (`bench:web` prints the same figure). Sizes of the built files, not timings.
test('marketing pages load at most 120 KB gzip of JavaScript before interaction', async ({ request }) => {
  for (const pagePath of ['/', '/zh', '/zh/pricing', '/blog', '/zh/guides']) {
    const response = await request.get(pagePath);
    expect(response.status(), pagePath).toBe(200);
    const sizes = await initialScriptSizes(await response.text(), async (url) => {
      const asset = await request.get(url, { headers: { 'accept-encoding': 'identity' } });
      expect(asset.status(), url).toBe(200);
      return asset.body();
    });
    const total = sizes.reduce((sum, file) => sum + file.gzip, 0);
    expect(total, `${pagePath}: ${sizes.map((file) => `${file.url} ${(file.gzip / 1024).toFixed(1)} KB`).join(', ')}`).toBeLessThanOrEqual(MARKETING_JS_BUDGET_GZIP);
  }
});

test.describe('marketing behaviour', () => {
  test('pricing shows USD in English, CNY in Chinese, and the yearly toggle changes prices', async ({ page }) => {
    await page.goto('/pricing');
    await page.waitForLoadState('networkidle');
    const pro = page.getByTestId('price-pro');
    await expect(pro).toContainText('$12');
    await page.getByRole('radio', { name: 'Yearly' }).click();
    await expect(pro).toContainText('$99');
    await expect(page.getByText('$8.25 per month, billed yearly')).toBeVisible();
    await expect(page.getByRole('row', { name: /Video translations per month/ })).toContainText('Unlimited');
    await expect(page.getByRole('link', { name: 'Go to workbench pricing' })).toHaveAttribute('href', '/workbench/pricing');

    await page.goto('/zh/pricing');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('price-pro')).toContainText('¥79');
    await page.getByRole('radio', { name: '按年' }).click();
    await expect(page.getByTestId('price-pro')).toContainText('¥699');
    await expect(page.getByRole('link', { name: '前往工作台价格页' })).toHaveAttribute('href', '/zh/workbench/pricing');
  });

  test('help-center search filters the articles of the page language', async ({ page }) => {
    await page.goto('/help-center');
    await page.waitForLoadState('networkidle');
    const articles = page.getByTestId('help-article');
    const total = await articles.count();
    expect(total).toBeGreaterThan(5);
    await page.getByRole('searchbox', { name: 'Search help articles' }).fill('subtitles');
    await expect(articles.first()).toContainText(/subtitles/i);
    expect(await articles.count()).toBeLessThan(total);
    await page.getByRole('searchbox').fill('zzzz-nothing');
    await expect(articles).toHaveCount(0);
    await expect(page.getByTestId('help-results-count')).toContainText('No article matches');

    await page.goto('/zh/help-center');
    await page.waitForLoadState('networkidle');
    await page.getByRole('searchbox', { name: '搜索帮助文章' }).fill('克隆');
    await expect(page.getByTestId('help-article').first()).toContainText('克隆');
  });

  test('/share explains shared links, and an unknown id is reported invalid or expired', async ({ page }) => {
    await page.goto('/share');
    await expect(page.getByTestId('share-state')).toHaveAttribute('data-state', 'empty');
    await page.goto('/share?id=abc123');
    await expect(page.getByTestId('share-state')).toHaveAttribute('data-state', 'invalid');
    await expect(page.getByTestId('share-state')).toContainText('invalid or has expired');
    await page.goto('/zh/share?id=abc123');
    await expect(page.getByTestId('share-state')).toContainText('链接无效或已过期');
  });

  test('the order landing page: no order, an unknown order (links to My plan), a real order id asks a visitor to sign in', async ({ page }) => {
    await page.goto('/transfer-station/subscription-test');
    await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'none');
    await page.goto('/transfer-station/subscription-test?order=ord_123');
    await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'not-found');
    await expect(page.getByTestId('order-state')).toContainText('ord_123');
    await expect(page.getByTestId('order-state')).toContainText('No order found');
    await expect(page.getByRole('link', { name: 'Go to My plan' })).toHaveAttribute('href', '/workbench/my-plan');
    await page.goto('/zh/transfer-station/subscription-test?order=4f1c2b4e-8a1d-4c7e-9b1a-2f3e4d5c6b7a');
    await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'sign-in');
    await expect(page.getByRole('link', { name: '登录', exact: true })).toHaveAttribute('href', '/zh/login');
  });

  test('/mobile is shown in dark mode', async ({ page }) => {
    await page.goto('/mobile');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  });

  test('client-side navigation keeps the language (loader data of /zh pages is Chinese)', async ({ page }) => {
    await page.goto('/zh');
    await page.waitForLoadState('networkidle');
    await page.locator('footer').getByRole('link', { name: '价格', exact: true }).click();
    await expect(page).toHaveURL(/\/zh\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('简单的套餐，用积分结算');
    await page.locator('footer').getByRole('link', { name: '关于我们' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('我们为多语言发布的人打造工具');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });

  test('an article renders its Markdown and links to its category list', async ({ page }) => {
    await page.goto('/guides/srt-vs-vtt-subtitles');
    await expect(page.locator('.article-body h2').first()).toBeVisible();
    await expect(page.locator('.article-body table')).toBeVisible();
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    const structured = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as { '@type'?: string; headline?: string };
    expect(structured['@type']).toBe('Article');
    expect(structured.headline).toBe('Subtitles: SRT vs VTT, and which one to export');
    await page.getByRole('link', { name: 'Video', exact: true }).first().click();
    await expect(page).toHaveURL(/\/guides-list\/video$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Video guides');
  });

  test('sitemap.xml lists every page and article in both languages; robots.txt points at it', async ({ request }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toContain('xml');
    const xml = await sitemap.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    for (const page of ['/', '/zh', '/pricing', '/zh/pricing', '/FAQ', '/zh/FAQ', '/blog', '/zh/guides']) expect(locs).toContain(page);
    for (const article of ARTICLES) expect(locs).toContain(localized(`/${article.kind}/${article.slug}`, article.locale === 'zh' ? '/zh' : ''));
    expect(xml).toContain('hreflang="x-default"');

    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });
});
