import { existsSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import path from 'node:path';
import { ConfigError, loadConfig, REPO_ROOT, resolveAuthSecret } from './config.ts';

/**
 * Entry point of every role: `node apps/server/src/main.ts [--role all|web|api|worker[,…]]`.
 * The embedded default (ROLE=all, no DATABASE_URL) runs web + api + worker in this one process on PGlite.
 */
// Variables from ./.env (or VOXWORK_ENV_FILE; empty turns it off), if present; the real environment wins.
const envFile = process.env.VOXWORK_ENV_FILE ?? path.join(REPO_ROOT, '.env');
if (envFile && existsSync(envFile)) process.loadEnvFile(envFile);

const roleArgument = process.argv.indexOf('--role');
const env = { ...process.env };
if (roleArgument !== -1 && process.argv[roleArgument + 1]) env.ROLE = process.argv[roleArgument + 1];

let config;
try {
  // The embedded default generates its AUTH_SECRET into DATA_DIR; a deployment must set it (exit 78 if not).
  config = resolveAuthSecret(loadConfig(env));
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  throw error;
}

// Node's on-disk compile cache (NODE_COMPILE_CACHE, else a folder under the system's temporary
// folder): a start after the first compiles none of the app's modules again (~1 s of CPU of ~3.5 s
// for loading the app, measured on a 2-core machine). Node checks each entry against its source.
// Named in the environment too, so the engines' worker threads (each loads its engine's modules)
// and the Node processes the app starts use the same cache: Node enables it per instance.
const compileCache = enableCompileCache();
if (compileCache.directory) process.env.NODE_COMPILE_CACHE ??= compileCache.directory;
// Loaded once the configuration is accepted: a refused one (exit 78) is told without loading the whole app first.
const { createApp } = await import('./app.ts');
const app = await createApp(config).catch((error: unknown) => {
  process.stderr.write(`Voxwork could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting now`);
      process.exit(130);
    }
    stopping = true;
    app.log.info({ signal }, 'stop requested');
    app
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'unclean stop');
        process.exit(1);
      });
  });
}

await app.listen();
// The log on stdout is JSON for machines; this line is for the person who typed the start command.
process.stderr.write(`\n  Voxwork is running at ${config.publicUrl}  (roles: ${config.roles.join(', ')}; stop with Ctrl+C)\n\n`);
