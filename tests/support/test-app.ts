import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '@voxwork/db';
import { createApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { freePort, TEST_OPERATOR_TOKEN, TEST_SIGN_SECRET } from './server-process.ts';
import { freshPglite } from './test-database.ts';

export interface TestApp {
  app: App;
  /** `http://127.0.0.1:{port}`, also the app's PUBLIC_URL. */
  base: string;
  dataDir: string;
  /** Stops the app and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * The app in this process on a free loopback port, with a fresh DATA_DIR and (unless given) a fresh
 * PGlite: role `api`, the test signing secret and operator token, silent logs. `env` overrides any of it.
 */
export async function startTestApp(options: { name: string; env?: Record<string, string>; database?: DatabaseHandle }): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `voxwork-${options.name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    ROLE: 'api',
    API_SIGN_SECRET: TEST_SIGN_SECRET,
    OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
    LOG_LEVEL: 'silent',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    ...options.env,
  });
  const app = await createApp(config, { database: options.database ?? (await freshPglite()) });
  await app.listen();
  return {
    app,
    base,
    dataDir,
    async stop() {
      await app.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
