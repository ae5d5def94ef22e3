/**
 * In the browser, zod (the contract's schemas, loaded with the forms) tests whether it may compile
 * parsers with `new Function("")`: the Content-Security-Policy refuses eval (decision 024), and the
 * refused test is reported as a violation. Jitless mode skips the test; zod reads this global
 * config (its `z.config()` store) when a schema is built, so it is set before any route module
 * loads: root.tsx imports this module first. It writes the store directly rather than calling
 * `z.config({ jitless: true })`, which would put zod into every marketing page's bundle (decision 011's
 * budget). The server keeps zod's compiled parsers.
 */
if (typeof document !== "undefined") {
  const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
}

export {};
