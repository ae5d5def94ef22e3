import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

/** Name of the binding the pages call on a `securitypolicyviolation` event. */
const CSP_BINDING = '__voxworkCspViolation';

/**
 * Reports every Content-Security-Policy violation of every page of a context (popups and frames
 * included) through an exposed binding: the event fires even where Chromium's console message
 * would be filtered by `expectedConsoleErrors`.
 */
async function watchCspViolations(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding(CSP_BINDING, ({ page }, report: string) => violations.push(`CSP violation on ${page?.url() ?? '?'}: ${report}`));
  await context.addInitScript((binding) => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as Record<string, (report: string) => void>)[binding];
        report?.(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`);
      },
      true,
    );
  }, CSP_BINDING);
}

/**
 * Every page test fails when the browser logs a console error, throws an uncaught exception or
 * reports a CSP violation (decision 024), in the test's page or in any context the test opens.
 * A test that expects a console error (a 404 document makes Chromium log "Failed to load resource")
 * lists it in `expectedConsoleErrors`; a CSP violation is never expected.
 */
export const test = base.extend<{ expectedConsoleErrors: RegExp[]; consoleErrors: string[] }>({
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, context, browser, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (expectedConsoleErrors.some((pattern) => pattern.test(message.text()))) return;
        // "Failed to load resource" names no address; the message's location does.
        const where = message.location().url;
        errors.push(`console.error: ${message.text()}${where && message.text().startsWith('Failed to load resource') ? ` (${where})` : ''}`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await watchCspViolations(context, violations);
      // Contexts the test opens itself (a second visitor, another language) are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const opened = await newContext(...args);
        await watchCspViolations(opened, violations);
        return opened;
      };
      try {
        await use(errors);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'the browser reported Content-Security-Policy violations').toEqual([]);
      expect(errors, 'the browser logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The whole page at its current width: the viewport is made as tall as the page for the shot (a
 * full-page screenshot would paint the sticky header and sidebar at the scroll offset), then put back.
 */
export async function fullPageShot(page: Page, path: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
}
