import { afterEach, beforeAll, vi } from 'vitest';

// House rule: a console.error during a test fails it. console.error is wrapped once per worker: the
// unit project shares its workers between files (isolate: false), where this file runs for each one.
const shared = globalThis as typeof globalThis & { __voxworkConsoleErrors?: unknown[][] };
const errors = (shared.__voxworkConsoleErrors ??= (() => {
  const logged: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    logged.push(args);
    original(...args);
  };
  return logged;
})());

// What an earlier file logged after its last test (in an afterAll) is not this file's.
beforeAll(() => {
  errors.splice(0);
});

afterEach(() => {
  if (errors.length === 0) return;
  const logged = errors.splice(0).map((args) => args.map(String).join(' '));
  vi.restoreAllMocks();
  throw new Error(`console.error was called during the test:\n${logged.join('\n')}`);
});
