/**
 * The subtitle corpus (issue 27) through the product's own services: which corpus clips the
 * integration tests `corpus-services-*.test.ts` send through the real HTTP API (ONE table,
 * `CORPUS_SERVICE_CLIPS`), each clip with a soundtrack (the video translator needs one; the
 * picture is copied, so its frames are the corpus's), the app with a translator for Chinese
 * (the OpenAI-compatible chat adapter served by the local replay server), and two users: one whose
 * UI is in English, one whose UI is in Chinese. The web app sends the page's language (its path,
 * `/zh/…`, as `<html lang>`) as `Accept-Language` on every call, and that is what a user's UI
 * language changes on the server: the words of every error (envelopes, jobs' and projects' errors).
 */
import { randomBytes } from 'node:crypto';
import { access, rename, rm } from 'node:fs/promises';
import type { DatabaseHandle } from '@voxwork/db';
import { runFfmpeg } from '@voxwork/media';
import type { DetectedTextBox } from '../../packages/engines/src/capabilities/text-detector.ts';
import { startOpenAIChatReplayServer } from '../../packages/engines/src/testing/openai-chat-replay.ts';
import { makeCorpus, type CorpusClip } from '../../packages/engines/src/testing/subtitle-corpus.ts';
import { createVerifiedUser } from './accounts.ts';
import { startTestApp, type TestApp } from './test-app.ts';
import { toolClient, type ToolClient } from './tool-client.ts';

/** A user's UI language, as the web app sends it (`Accept-Language`). */
export type UiLanguage = 'en' | 'zh-CN';

/**
 * The clips, what each varies, and whose they are (the English or the Chinese user). Not the
 * bilingual rows (how those are read is changing). One line per clip.
 */
export const CORPUS_SERVICE_CLIPS: ReadonlyArray<{ name: string; user: UiLanguage; varies: string }> = [
  { name: 'mid-9x16-above-centre', user: 'en', varies: '9:16, centre at 42 % of the height, white outline, panning' },
  { name: 'distractors-all-mid', user: 'zh-CN', varies: '16:9, centre at 40 %, yellow with a shadow, still bars; timecode, logo, shop sign, title card' },
  { name: '9x16-high-box', user: 'zh-CN', varies: '9:16, centre at 20 %, white in a box, still colour' },
  { name: 'english-mid-logo', user: 'en', varies: '16:9, English (DejaVu Sans), centre at 55 %, panning; a channel logo' },
  { name: 'no-subtitles', user: 'en', varies: 'no subtitles; logo, title card, timecode (both users run it)' },
];

/** The clip without subtitles (both users run it). */
export const NO_SUBTITLES = 'no-subtitles';

export interface ServiceClip extends CorpusClip {
  /** The clip with a quiet soundtrack (picture copied): what is uploaded. */
  upload: string;
  /** The cues' language. */
  language: 'zh' | 'en';
}

/** Raised when the soundtrack below changes: its files get new names (the corpus's folder is named by the table only). */
const SOUND_VERSION = 1;

/** A corpus clip with a quiet two-tone soundtrack muxed in, its picture copied (made once, beside the corpus's clips). */
async function withSound(clip: CorpusClip): Promise<string> {
  const file = clip.file.replace(/\.mp4$/, `.sound-${SOUND_VERSION}.mp4`);
  if (await access(file).then(() => true, () => false)) return file;
  const partial = `${file}.partial-${process.pid}-${randomBytes(3).toString('hex')}.mp4`;
  try {
    await runFfmpeg([
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
      '-i', clip.file,
      '-f', 'lavfi', '-i', `aevalsrc='0.05*sin(2*PI*196*t)|0.05*sin(2*PI*247*t)':s=48000:d=${clip.row.seconds}`,
      '-map', '0:v', '-map', '1:a', '-c:v', 'copy', '-c:a', 'aac', '-shortest', partial,
    ]);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return file;
}

/** The table's clips, made (or taken from the corpus's cache) with their soundtracks. */
export async function serviceClips(): Promise<Map<string, ServiceClip>> {
  const clips = await makeCorpus(CORPUS_SERVICE_CLIPS.map((entry) => entry.name));
  const made = new Map<string, ServiceClip>();
  for (const clip of clips) made.set(clip.row.name, { ...clip, upload: await withSound(clip), language: clip.row.script === 'en' ? 'en' : 'zh' });
  return made;
}

/** The lines a service gave as the timed boxes `scoreCorpusClip` reads. */
export const asBoxes = (lines: ReadonlyArray<{ text: string; startSeconds: number; endSeconds: number }>): DetectedTextBox[] =>
  lines.map((line) => ({ text: line.text, startSeconds: line.startSeconds, endSeconds: line.endSeconds, box: { x: 0, y: 0, width: 1, height: 1 }, confidence: 1 }));

/** The translation the replayed chat model gives a Chinese line. */
export const translatedLine = (text: string) => `EN ${[...text].length} characters`;

export interface CorpusServices {
  app: TestApp;
  /** A signed-in user's calls in their UI language. */
  users: Record<UiLanguage, ToolClient>;
  stop(): Promise<void>;
}

/** The app as a worker too, with Apertium and the replayed chat translator (Chinese), and the two users. */
export async function startCorpusServices(name: string, database: DatabaseHandle): Promise<CorpusServices> {
  const chat = await startOpenAIChatReplayServer({ translate: (line) => translatedLine(line.text) });
  const saved = { ...process.env };
  // The engine registry reads its selection from the process environment (as video-translation-remote.test.ts does).
  Object.assign(process.env, { OPENAI_CHAT_BASE_URL: `${chat.url}/v1`, OPENAI_CHAT_MODEL: 'gpt-4o-mini', ENGINES_TRANSLATOR: 'apertium:apertium,openai:gpt-4o-mini' });
  const app = await startTestApp({ name, env: { ROLE: 'api,worker', JOB_POLL_INTERVAL_SECONDS: '0.5' }, database });
  const stamp = `${Date.now()}-${randomBytes(2).toString('hex')}`;
  const user = async (language: UiLanguage) => toolClient(app.base, await createVerifiedUser(app.base, app.dataDir, `${name}-${language.toLowerCase()}-${stamp}@example.com`), language);
  return {
    app,
    users: { en: await user('en'), 'zh-CN': await user('zh-CN') },
    async stop() {
      await app.stop();
      await chat.close();
      process.env = saved;
    },
  };
}
