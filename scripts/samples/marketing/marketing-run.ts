/**
 * What the parts of one `samples:marketing` run share: where the samples go, the parts asked for
 * (`--only`), the server this process runs for them (every role, PGlite, the local engines; started
 * when this module loads, listening once the run begins), the commit, what one part hands another
 * (`state`), and what was written, what failed and the notes reported at the end.
 */
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import type { VoiceView } from '../../../packages/contract/src/index.ts';
import { createApp } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { freePort, TEST_SIGN_SECRET } from '../../../tests/support/server-process.ts';
import { freshPglite } from '../../../tests/support/test-database.ts';

const run = promisify(execFile);
export const PUBLIC = path.resolve(import.meta.dirname, '../../../apps/web/public');
export const SAMPLES = path.join(PUBLIC, 'samples');
export const COVERS = path.join(PUBLIC, 'covers');
export const MADE_BY = 'npm run samples:marketing';
/** The brand's colours (apps/web/app/app.css: --vx-primary, --vx-accent, the dark --vx-background). */
export const BRAND = { primary: '#6d6af0', accent: '#2cc3d1', dark: '#0e1018' };
/** A video sample above this is re-encoded (and sample.json says so). */
export const VIDEO_BUDGET_BYTES = 600 * 1024;

export interface User {
  token: string;
  userId: string;
  name: string;
}

/**
 * The parts, in the order they run. `workbench` is the text-to-speech and video translator shots
 * (and the pages the tts and plan covers are cut from), `dubbing` the dubbing studio's editor shots;
 * both record their shots in samples/workbench/sample.json, each keeping the other's. `covers`
 * without `workbench` leaves the four covers cut from its screenshots as they are.
 */
export const PARTS = ['voices', 'speech-to-speech', 'voice-cloning', 'talking-photo', 'video-erasure', 'workbench', 'dubbing', 'covers'] as const;
type PartName = (typeof PARTS)[number];
export const only = parseArgs({ options: { only: { type: 'string', multiple: true } } }).values.only?.flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean);
const unknownParts = (only ?? []).filter((name) => !(PARTS as readonly string[]).includes(name));
if (unknownParts.length > 0) throw new Error(`--only: no part called ${unknownParts.join(', ')} (the parts: ${PARTS.join(', ')})`);
export const runs = (name: PartName) => !only || only.includes(name);

export const written: string[] = [];
export const failures: Array<{ part: string; error: string }> = [];
export const notes: string[] = [];
export const state: { apiUser?: User; sloane?: VoiceView; avatarPoster?: string } = {};

export const work = await mkdtemp(path.join(tmpdir(), 'voxwork-marketing-'));
const port = await freePort();
export const base = `http://127.0.0.1:${port}`;
// Every role in this process, so the browser gets the built web app from the same server; the web
// app signs its calls with API_SIGN_SECRET's default (read from the process environment), so the
// server keeps the default too.
export const app = await createApp(
  loadConfig({ ROLE: 'all', API_SIGN_SECRET: TEST_SIGN_SECRET, LOG_LEVEL: 'silent', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: work, JOB_POLL_INTERVAL_SECONDS: '0.5' }),
  { database: await freshPglite() },
);

export const commit = (await run('git', ['rev-parse', '--short', 'HEAD']).catch(() => ({ stdout: 'unknown' }))).stdout.trim();
