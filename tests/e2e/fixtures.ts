import { test as base, expect } from '@playwright/test';

/**
 * Every page test fails when the browser logs a console error or throws an uncaught exception.
 * A test that expects one (a 404 document makes Chromium log "Failed to load resource") lists it
 * in `expectedConsoleErrors`.
 */
export const test = base.extend<{ expectedConsoleErrors: RegExp[]; consoleErrors: string[] }>({
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (expectedConsoleErrors.some((pattern) => pattern.test(message.text()))) return;
        errors.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'the browser logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
