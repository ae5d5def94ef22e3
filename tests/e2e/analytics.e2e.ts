import { logRecentCall, type StoredEvent } from '@voxwork/contract';
import { operatorClient } from '../support/api.ts';
import { expect, test } from './fixtures.ts';

/** A public address in mainland China (Jinan, Shandong in DB-IP Lite), sent as X-Forwarded-For through the trusted loopback proxy. */
const VISITOR_IP = '114.114.114.114';

type Event = StoredEvent['event'] & { properties: Record<string, unknown> };

test.describe('analytics', () => {
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': VISITOR_IP } });

  test('two pages and a close: page_visit ×2 and exit_page with sequence, session, language, browser, source and cached IP info', async ({ page, context, baseURL }) => {
    const campaign = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const operator = operatorClient(baseURL!);
    /** This test's events (by its unique campaign), oldest first. */
    const ours = async (): Promise<Event[]> => {
      // The most the call gives: the other Playwright worker's pages log events at the same time.
      const { events } = await operator.call(logRecentCall, { limit: 500 });
      return events
        .map((stored) => stored.event as Event)
        .filter((event) => event.properties.utm_campaign === campaign)
        .sort((a, b) => Number(a.properties.sequence) - Number(b.properties.sequence) || Number(a.properties.session_seq) - Number(b.properties.session_seq));
    };

    await page.goto(`/?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // The first page_visit does not wait for the IP lookup; the lookup fills the cache in the background.
    await page.waitForFunction(() => window.localStorage.getItem('voxwork_ip_info') !== null);

    // Client-side navigation to the Chinese home page through the language switcher.
    await page.locator('header a[hreflang="zh-CN"]').first().click();
    await expect(page).toHaveURL(/\/zh\/?(\?|$)/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect.poll(async () => (await ours()).length, { timeout: 10_000 }).toBe(2);

    await page.close({ runBeforeUnload: true });
    await expect.poll(async () => (await ours()).map((event) => event.event_name), { timeout: 10_000 }).toEqual(['page_visit', 'page_visit', 'exit_page']);

    const [first, second, exit] = await ours();
    for (const [event, sequence] of [[first!, 1], [second!, 2], [exit!, 3]] as const) {
      expect(event.platform).toBe('WEB');
      expect(event.properties).toMatchObject({
        sequence,
        session_seq: 1,
        browser: 'Chrome',
        traffic_source: 'email',
        traffic_source_name: 'email',
        utm_source: 'newsletter',
        utm_medium: 'email',
      });
      expect(String(event.properties.browser_version)).toMatch(/^\d+\./);
      expect(typeof event.properties.ctime).toBe('number');
    }
    expect(first).toMatchObject({ event_name: 'page_visit', language: 'en', ip: null, properties: { path: '/', is_mainland: false, new_session: true } });
    // From the 48 h cache, filled after the first event.
    const located = { ip: VISITOR_IP, country: 'CN', province: 'Shandong', city: 'Jinan' };
    expect(second).toMatchObject({ event_name: 'page_visit', language: 'zh', ...located, properties: { path: '/zh', is_mainland: true } });
    expect(exit).toMatchObject({ event_name: 'exit_page', language: 'zh', ...located, properties: { path: '/zh', is_mainland: true } });

    // A new tab is a new page session of the same browser: the session counter moves on, the sequence restarts.
    const again = await context.newPage();
    await again.goto(`/zh?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`);
    await expect
      .poll(async () => (await ours()).filter((event) => event.properties.session_seq === 2).map((event) => [event.event_name, event.properties.sequence]))
      .toEqual([['page_visit', 1]]);
  });
});
