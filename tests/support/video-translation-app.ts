/**
 * What the video translation tests share (`video-translation.test.ts`,
 * `video-translation-review.test.ts`): a test app that is also a worker, on a database of its own,
 * with a verified user and the 12 s English clip; and the user's calls (`toolClient`) with waiting
 * for a run to stop at its review gate. The calls go as `vt.user` at the time of each call: some
 * tests switch to a user of their own.
 */
import type { JobView } from '@voxwork/contract';
import { afterAll, beforeAll } from 'vitest';
import { createVerifiedUser } from './accounts.ts';
import { makeDubbingClip, type DubbingClip } from './dubbing-media.ts';
import { startTestApp, type TestApp } from './test-app.ts';
import type { OpenTestDatabase } from './test-database.ts';
import { toolClient } from './tool-client.ts';

/** Jobs run in this process: the test app is also a worker. */
const WORKER_ENV = { ROLE: 'api,worker', JOB_POLL_INTERVAL_SECONDS: '0.5' };

/** One target language of a finished run's output. */
export interface TargetResult {
  language: string;
  lines: Array<{ id: string; startSeconds: number; endSeconds: number; source: string; translation: string; dubStartSeconds: number; dubEndSeconds: number; speed: number; fit: string }>;
}

export interface VideoTranslationUser {
  token: string;
  userId: string;
}

interface VideoTranslationApp {
  testApp: TestApp;
  base: string;
  user: VideoTranslationUser;
  clip: DubbingClip;
  /** Stops the app and closes (and drops) its database. */
  stop(): Promise<void>;
}

/** The app (named `name`, its first user `name-…@example.com`) on a database `open` gives, and the clip. */
async function startVideoTranslationApp(open: OpenTestDatabase, name: string): Promise<VideoTranslationApp> {
  const opened = await open();
  let testApp: TestApp | undefined;
  const stop = async () => {
    await testApp?.stop();
    await opened.cleanup();
  };
  try {
    testApp = await startTestApp({ name, env: WORKER_ENV, database: opened.handle });
    const user = await createVerifiedUser(testApp.base, testApp.dataDir, `${name}-${Date.now()}@example.com`);
    const clip = await makeDubbingClip({ name: 'vt-en-12s', seconds: 12 });
    return { testApp, base: testApp.base, user, clip, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The calls of the user `current()` names when each call is made. */
function videoTranslationCalls(current: () => { base: string; user: VideoTranslationUser }) {
  const client = () => toolClient(current().base, current().user);
  const data = <T>(pathName: string, body: unknown): Promise<T> => client().data<T>(pathName, body);
  return {
    call: (pathName: string, body: unknown, language?: string) => client().call(pathName, body, language),
    data,
    points: () => client().points(),
    /** The job once it has ended (completed, failed or cancelled). */
    until: (jobId: string, timeoutMs = 240_000) => client().until(jobId, timeoutMs),
    /** The job once it waits at its review gate; an error when it ends or the time is up first. */
    async untilPaused(jobId: string, timeoutMs = 240_000): Promise<JobView> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const view = await data<JobView>('/api/jobs/get', { jobId });
        if (view.status === 'paused') return view;
        if (['completed', 'failed', 'cancelled'].includes(view.status) || Date.now() > deadline) throw new Error(`job ${jobId} did not stop for review: ${JSON.stringify(view).slice(0, 500)}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    },
    upload: (name: string, file: string) => client().upload(name, file),
    download: (url: string, file: string) => client().download(url, file),
  };
}

export type VideoTranslationSuite = VideoTranslationApp & ReturnType<typeof videoTranslationCalls>;

/**
 * For a `describe` block: starts the app before its tests and stops it after them. The app, its
 * base URL, the user (which a test may replace) and the clip are the object's fields once started.
 */
export function useVideoTranslationApp(open: OpenTestDatabase, name: string): VideoTranslationSuite {
  const vt = {} as VideoTranslationSuite;
  Object.assign(vt, videoTranslationCalls(() => vt));
  beforeAll(async () => {
    Object.assign(vt, await startVideoTranslationApp(open, name));
  }, 120_000);
  afterAll(async () => {
    await vt.stop?.();
  });
  return vt;
}
