import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { JobView } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabases } from '../support/test-database.ts';
import { toolClient, type ToolClient } from '../support/tool-client.ts';
import { createPpocr } from '../../packages/engines/src/index.ts';
import { textSimilarity } from '../../packages/engines/src/ppocr/text-lines.ts';
import { rawFrameBytes, rawVideoFramesArgs, readRawVideoFrames } from '../../packages/media/src/index.ts';
import { DARK_ON_LIGHT, makeSubtitledEpisode, type SubtitledEpisode } from '../support/subtitled-episode.ts';

const run = promisify(execFile);
/** Jobs run in this process: the test app is also a worker. */
const WORKER_ENV = { ROLE: 'api,worker', JOB_POLL_INTERVAL_SECONDS: '0.5' };
/** Frames of the outputs are kept here to be looked at (set VOXWORK_SHOTS to keep them elsewhere). */
const SHOTS = process.env.VOXWORK_SHOTS ?? path.join(tmpdir(), 'voxwork-shots', 'drawn-looks');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const luminance = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
const lumOf = (hex: string) => luminance(...([1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as [number, number, number]));
const srtTexts = (srt: string) =>
  srt
    .trim()
    .split(/\r?\n\r?\n/)
    .map((block) => block.split(/\r?\n/))
    .map((lines) => ({ times: lines[1]!.split(' --> ').map((stamp) => stamp.replace(',', '.').split(':').map(Number).reduce((sum, part) => sum * 60 + part, 0)), text: lines.slice(2).join(' ') }));

/**
 * Issue 28, the drawn subtitles' looks on real video (decision 069): a source whose subtitles are
 * dark letters on a light plate is measured as such and its translation drawn the same way; the
 * bilingual layout keeps the original line readable and draws the translation just above it.
 * Generated 480p episodes (English → Spanish offline, subtitles only, quick mode); frames of the
 * outputs are read by PP-OCR and their pixels looked at.
 */
describe.each(testDatabases().slice(-1))('drawn subtitles on real video on %s', (_name, open) => {
  let testApp: TestApp;
  let cleanup: () => Promise<void>;
  let client: ToolClient;
  let work: string;

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    testApp = await startTestApp({ name: 'vt-drawn-looks', env: WORKER_ENV, database: opened.handle });
    client = toolClient(testApp.base, await createVerifiedUser(testApp.base, testApp.dataDir, `vt-drawn-looks-${Date.now()}@example.com`));
    work = await mkdtemp(path.join(tmpdir(), 'voxwork-vt-drawn-looks-'));
    await mkdir(SHOTS, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    await testApp?.stop();
    await cleanup?.();
    if (work) await rm(work, { recursive: true, force: true });
  });

  /** The episode run English → Spanish, subtitles only, with `subtitles`; the subtitled video, its soft subtitles and the job. */
  async function translated(episode: SubtitledEpisode, subtitles: 'replace' | 'bilingual') {
    const uploadId = await client.upload('episode.mp4', episode.file);
    const created = await client.data<{ jobId: string }>('/api/video-translation/create', { uploadId, sourceLanguage: 'en', targetLanguages: ['es'], subtitles, output: 'subtitles' });
    const job: JobView = await client.until(created.jobId, 400_000);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const dir = await mkdtemp(path.join(work, `${subtitles}-`));
    const video = await client.download(job.media.find((media) => media.name === 'es-subtitled.mp4')!.url, path.join(dir, 'es.mp4'));
    const srt = await client.download(job.media.find((media) => media.name === 'es-subtitles.srt')!.url, path.join(dir, 'es.srt'));
    return { job, video, cues: srtTexts(await readFile(srt, 'utf8')) };
  }

  const frameAt = async (file: string, seconds: number, name: string) => {
    const output = path.join(SHOTS, name);
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-ss', seconds.toFixed(3), '-i', file, '-frames:v', '1', output]);
    return output;
  };
  const readFrame = async (image: string) => {
    const read = await (await createPpocr()).doDetect({ input: { frames: [{ imageFile: image, timeSeconds: 0 }] }, mode: 'all-text', languages: ['en'] });
    return read.boxes.map((box) => ({ text: box.text, box: box.box as Box }));
  };
  /** Luminances of the image's pixels inside `box` (even corners and sizes, as ffmpeg crops). */
  const pixelsIn = async (image: string, box: Box) => {
    const even = (value: number) => 2 * Math.floor(value / 2);
    const crop = { x: even(box.x), y: even(box.y), width: even(box.width), height: even(box.height) };
    const values: number[] = [];
    for await (const frame of readRawVideoFrames(rawVideoFramesArgs({ input: image, frameCount: 1, crop }), rawFrameBytes(crop.width, crop.height), {})) {
      for (let offset = 0; offset < frame.length; offset += 3) values.push(luminance(frame[offset]!, frame[offset + 1]!, frame[offset + 2]!));
    }
    return values.sort((a, b) => a - b);
  };

  it('measures dark letters on a light plate as such and draws the Spanish the same way where the English was, none of it left', async () => {
    const episode = await makeSubtitledEpisode({ height: 480, look: 'dark-on-light' });
    const { clip } = episode;
    // The finder reads the source's dark-on-light lines (what the rest stands on).
    const { job, video, cues } = await translated(episode, 'replace');
    const output = job.output as { drawnStyle: { look: string; textColor: string; outlineColor: string; glyphHeight: number; centreY: number } };
    expect(output.drawnStyle.look).toBe('box');
    expect(lumOf(output.drawnStyle.textColor)).toBeLessThan(80);
    expect(lumOf(output.drawnStyle.outlineColor)).toBeGreaterThan(180);
    expect(Math.abs(lumOf(output.drawnStyle.outlineColor) - lumOf(DARK_ON_LIGHT.plate))).toBeLessThan(30);
    expect(output.drawnStyle.glyphHeight).toBeGreaterThan(clip.row.glyph * 0.6);
    expect(output.drawnStyle.glyphHeight).toBeLessThan(clip.row.glyph * 1.2);
    expect(cues).toHaveLength(clip.cues.length);
    const sourceCentre = clip.row.centre * clip.height;
    for (const [index, cue] of cues.entries()) {
      const image = await frameAt(video, (cue.times[0]! + cue.times[1]!) / 2, `dark-on-light-line-${index + 1}.png`);
      const texts = await readFrame(image);
      const drawn = texts.filter((text) => Math.abs(text.box.y + text.box.height / 2 - sourceCentre) <= clip.height * 0.1);
      const drawnText = drawn.map((text) => text.text).join(' ');
      expect(textSimilarity(drawnText, cue.text), `line ${index + 1}: read "${drawnText}", subtitle "${cue.text}" (${JSON.stringify(texts)})`).toBeGreaterThanOrEqual(0.75);
      for (const text of texts) for (const line of clip.cues) expect(textSimilarity(text.text, line.text), `"${text.text}" is "${line.text}"`).toBeLessThan(0.5);
      // The drawn line's box: mostly a light plate, with dark ink on it.
      for (const text of drawn) {
        const pixels = await pixelsIn(image, text.box);
        expect(pixels[Math.floor(pixels.length / 2)], `line ${index + 1}: the plate under "${text.text}"`).toBeGreaterThan(170);
        expect(pixels[Math.floor(pixels.length * 0.05)], `line ${index + 1}: the ink of "${text.text}"`).toBeLessThan(90);
      }
    }
  }, 500_000);

  it('bilingual: the original line stays readable and the translation sits just above it, inside the frame, not overlapping', async () => {
    const episode = await makeSubtitledEpisode({ height: 480 });
    const { clip } = episode;
    const { video, cues } = await translated(episode, 'bilingual');
    expect(cues).toHaveLength(clip.cues.length);
    const sourceCentre = clip.row.centre * clip.height;
    for (const [index, cue] of cues.entries()) {
      const image = await frameAt(video, (cue.times[0]! + cue.times[1]!) / 2, `bilingual-line-${index + 1}.png`);
      const texts = await readFrame(image);
      const seen = JSON.stringify(texts);
      // The original, where it was.
      const original = texts.filter((text) => textSimilarity(text.text, clip.cues[index]!.text) >= 0.75);
      expect(original, `line ${index + 1}: the English line (${seen})`).toHaveLength(1);
      const englishBox = original[0]!.box;
      expect(Math.abs(englishBox.y + englishBox.height / 2 - sourceCentre), seen).toBeLessThanOrEqual(clip.height * 0.05);
      // The translation (its rows read together): above the original, within a band of two rows' height, inside the frame.
      const above = texts.filter((text) => text !== original[0] && text.box.y + text.box.height / 2 < englishBox.y);
      expect(textSimilarity(above.map((text) => text.text).join(' '), cue.text), `line ${index + 1}: read above "${above.map((text) => text.text).join(' ')}", subtitle "${cue.text}" (${seen})`).toBeGreaterThanOrEqual(0.75);
      for (const text of above) {
        expect(text.box.y, seen).toBeGreaterThanOrEqual(0);
        // Not overlapping the original (2 px for the detector's box edges), and just above it.
        expect(text.box.y + text.box.height, seen).toBeLessThanOrEqual(englishBox.y + 2);
        expect(englishBox.y - (text.box.y + text.box.height), seen).toBeLessThanOrEqual(englishBox.height * 2.5);
      }
    }
  }, 500_000);
});
