/**
 * `npm run build --workspace @voxwork/client`: compiles the client and the `voxwork` command to
 * JavaScript with type declarations in `dist/` (ES2022 modules; the sources' `.ts` import
 * specifiers rewritten to `.js`), so both run on Node ≥ 20 without type stripping and the package
 * could be published as it is (decision 039). `dist/` is not committed: the package's `prepare`
 * (npm ci/install/pack), `scripts/bootstrap.sh` and the CLI's acceptance test build it.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('.', import.meta.url));
export const CLIENT_DIST = fileURLToPath(new URL('./dist/', import.meta.url));
/** The built command (what `bin.voxwork` names). */
export const CLIENT_CLI = fileURLToPath(new URL('./dist/cli.js', import.meta.url));

/** Builds `dist/` from scratch; throws with the compiler's output when the sources do not compile. */
export function buildClient(): void {
  rmSync(CLIENT_DIST, { recursive: true, force: true });
  // The monorepo's TypeScript (openapi-typescript brings an older one into this package's node_modules).
  const tsc = createRequire(new URL('../../package.json', import.meta.url)).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: PACKAGE_DIR, stdio: ['ignore', 'inherit', 'inherit'] });
  // The generated types are a declaration file already: tsc does not copy it, the declarations import it.
  copyFileSync(new URL('./src/openapi.d.ts', import.meta.url), new URL('./dist/openapi.d.ts', import.meta.url));
  chmodSync(CLIENT_CLI, 0o755);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildClient();
