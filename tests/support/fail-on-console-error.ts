import { afterEach, vi } from 'vitest';

// House rule: a console.error during a test fails it.
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  if (errors.length === 0) return;
  const logged = errors.splice(0).map((args) => args.map(String).join(' '));
  vi.restoreAllMocks();
  throw new Error(`console.error was called during the test:\n${logged.join('\n')}`);
});
