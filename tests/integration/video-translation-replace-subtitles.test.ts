import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ErrorCode, TOOL_PRICES, type JobView, type VideoTranslationReview } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabases } from '../support/test-database.ts';
import { toolClient, type ToolClient } from '../support/tool-client.ts';
import { createPpocr } from '../../packages/engines/src/index.ts';
import { textSimilarity } from '../../packages/engines/src/ppocr/text-lines.ts';
import type { CorpusClip } from '../../packages/engines/src/testing/subtitle-corpus.ts';
import { makeSubtitledEpisode } from '../support/subtitled-episode.ts';

const run = promisify(execFile);
/** Jobs run in this process: the test app is also a worker. */
const WORKER_ENV = { ROLE: 'api,worker', JOB_POLL_INTERVAL_SECONDS: '0.5' };
/** Frames of the outputs are kept here to be looked at (set VOXWORK_SHOTS to keep them elsewhere). */
const SHOTS = process.env.VOXWORK_SHOTS ?? path.join(tmpdir(), 'voxwork-shots', 'replace');

interface SrtCue {
  start: number;
  end: number;
  text: string;
}

function parseSrt(text: string): SrtCue[] {
  const seconds = (stamp: string) => {
    const [h, m, s] = stamp.replace(',', '.').split(':').map(Number);
    return h! * 3600 + m! * 60 + s!;
  };
  return text
    .trim()
    .split(/\r?\n\r?\n/)
    .map((block) => block.split(/\r?\n/))
    .map((lines) => {
      const [from, to] = lines[1]!.split(' --> ');
      return { start: seconds(from!), end: seconds(to!), text: lines.slice(2).join('\n') };
    });
}

/**
 * Issue 28, "one run per episode" (decision 055): a clip with English subtitles burned in at
 * mid-frame height and a channel logo, translated English → Spanish offline (Apertium) with the
 * subtitles replaced. OCR on frames of the output finds the Spanish lines where the English ones
 * were and no English subtitle text; the logo stays; the soft subtitles are the lines drawn.
 */
describe.each(testDatabases().slice(-1))('video translation replacing the burned-in subtitles on %s', (_name, open) => {
  let testApp: TestApp;
  let cleanup: () => Promise<void>;
  let client: ToolClient;
  let clip: CorpusClip;
  let video: string;
  let work: string;

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    testApp = await startTestApp({ name: 'vt-replace', env: WORKER_ENV, database: opened.handle });
    client = toolClient(testApp.base, await createVerifiedUser(testApp.base, testApp.dataDir, `vt-replace-${Date.now()}@example.com`));
    ({ clip, file: video } = await makeSubtitledEpisode());
    work = await mkdtemp(path.join(tmpdir(), 'voxwork-vt-replace-'));
    await mkdir(SHOTS, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    await testApp?.stop();
    await cleanup?.();
    if (work) await rm(work, { recursive: true, force: true });
  });

  const frameAt = async (file: string, seconds: number, name: string) => {
    const output = path.join(SHOTS, name);
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-ss', seconds.toFixed(3), '-i', file, '-frames:v', '1', output]);
    return output;
  };
  const centreY = (box: { y: number; height: number }) => box.y + box.height / 2;
  const english = () => clip.cues.map((cue) => cue.text);

  /** The checks of the acceptance on one output video and its soft subtitles. */
  async function checkReplaced(videoFile: string, srtFile: string, tag: string) {
    const cues = parseSrt(await readFile(srtFile, 'utf8'));
    expect(cues).toHaveLength(clip.cues.length);
    const ocr = await createPpocr();
    const sourceCentre = clip.row.centre * clip.height;
    for (const [index, cue] of cues.entries()) {
      const frame = await frameAt(videoFile, (cue.start + cue.end) / 2, `${tag}-line-${index + 1}.png`);
      const read = await ocr.doDetect({ input: { frames: [{ imageFile: frame, timeSeconds: 0 }] }, mode: 'all-text', languages: ['en'] });
      const texts = read.boxes.map((box) => ({ text: box.text, centre: centreY(box.box) }));
      // The drawn line (its rows read together) says what the soft subtitle says, where the English line was.
      const drawn = texts.filter((text) => Math.abs(text.centre - sourceCentre) <= clip.height * 0.1);
      const drawnText = drawn.map((text) => text.text).join(' ');
      expect(textSimilarity(drawnText, cue.text.replace(/\n/g, ' ')), `${tag} line ${index + 1}: read "${drawnText}", subtitle "${cue.text}" (${JSON.stringify(texts)})`).toBeGreaterThanOrEqual(0.75);
      // No English subtitle text anywhere in the frame.
      for (const text of texts) for (const line of english()) expect(textSimilarity(text.text, line), `${tag}: "${text.text}" is "${line}"`).toBeLessThan(0.5);
    }
    // The logo (a distractor, not a subtitle) stays.
    const logoFrame = await frameAt(videoFile, 2.0, `${tag}-logo.png`);
    const logo = await ocr.doDetect({ input: { frames: [{ imageFile: logoFrame, timeSeconds: 0 }] }, mode: 'all-text', languages: ['zh', 'en'] });
    expect(logo.boxes.some((box) => textSimilarity(box.text, '星河TV') >= 0.6), JSON.stringify(logo.boxes.map((box) => box.text))).toBe(true);
    return cues;
  }

  it('refuses what cannot be drawn, with catalogue errors in both languages', async () => {
    const uploadId = await client.upload('episode.mp4', video);
    const fromSpeech = await client.call('/api/video-translation/create', { uploadId, sourceLanguage: 'en', targetLanguages: ['es'], textSource: 'speech', subtitles: 'replace' }, 'zh');
    expect(fromSpeech.code).toBe(ErrorCode.VIDEO_SUBTITLES_NEED_PICTURE_LINES);
    expect(fromSpeech.message).toContain('替换字幕需要画面中烧录的字幕');
    const nothing = await client.call('/api/video-translation/create', { uploadId, sourceLanguage: 'en', targetLanguages: ['es'], output: 'subtitles' }, 'en');
    expect(nothing.code).toBe(ErrorCode.VIDEO_SUBTITLES_OUTPUT_NOTHING_DRAWN);
    expect(nothing.message).toContain('must draw new subtitles');
    // A picked style is checked like every field: a colour is #RRGGBB.
    const badColour = await client.call('/api/video-translation/create', { uploadId, sourceLanguage: 'en', targetLanguages: ['es'], subtitles: 'replace', subtitleStyles: { es: { color: 'yellow' } } }, 'en');
    expect(badColour.code).toBe(ErrorCode.INVALID_PARAMETER);
    expect(JSON.stringify(badColour)).toContain('subtitleStyles');
    const options = await client.data<{ pricePerMinute: number; subtitlesPricePerMinute: number }>('/api/video-translation/options', {});
    expect(options.subtitlesPricePerMinute).toBe(TOOL_PRICES.videoTranslationSubtitlesPerMinute);
    expect(options.subtitlesPricePerMinute).toBeLessThan(options.pricePerMinute);
  });

  it('replaces the English subtitles with Spanish ones where they were, subtitles only (pro: each line drawn on its frame at the review gate): the logo stays, soft subtitles = drawn, charged the subtitles price', async () => {
    const uploadId = await client.upload('episode.mp4', video);
    const before = await client.points();
    const created = await client.data<{ jobId: string; cost: number }>('/api/video-translation/create', { uploadId, sourceLanguage: 'en', targetLanguages: ['es'], subtitles: 'replace', output: 'subtitles', mode: 'pro' });
    expect(created.cost).toBe(TOOL_PRICES.videoTranslationSubtitlesPerMinute);
    // Pro: the job stops at the review gate with a still per line (the line drawn on the erased frame); nothing is pending (no voice).
    for (const deadline = Date.now() + 300_000; ; ) {
      const view = await client.data<JobView>('/api/jobs/get', { jobId: created.jobId });
      if (view.status === 'paused') break;
      if (['completed', 'failed', 'cancelled'].includes(view.status) || Date.now() > deadline) throw new Error(`job did not stop for review: ${JSON.stringify(view).slice(0, 500)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const review = await client.data<VideoTranslationReview>('/api/video-translation/review', { jobId: created.jobId });
    expect(review.pending.lines).toBe(0);
    const stills = review.targets[0]!.lines.map((line) => line.stillUrl);
    expect(stills).toHaveLength(clip.cues.length);
    for (const [index, url] of stills.entries()) {
      expect(url, `line ${index + 1}`).toBeTruthy();
      const still = await client.download(url!, path.join(SHOTS, `review-still-${index + 1}.jpg`));
      const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width', '-of', 'csv=p=0', still]);
      expect(stdout.trim()).toBe('mjpeg,960');
      // The still shows the line as it will be drawn.
      const read = await (await createPpocr()).doDetect({ input: { frames: [{ imageFile: still, timeSeconds: 0 }] }, mode: 'all-text', languages: ['en'] });
      expect(read.boxes.some((box) => textSimilarity(box.text, review.targets[0]!.lines[index]!.translation) >= 0.75), JSON.stringify(read.boxes.map((box) => box.text))).toBe(true);
    }
    await client.data('/api/video-translation/review/approve', { jobId: created.jobId });
    const job: JobView = await client.until(created.jobId);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const output = job.output as { subtitles: string; output: string; drawnStyle: { centreY: number; glyphHeight: number; textColor: string; look: string } | null; targets: Array<{ lines: Array<{ source: string; translation: string }> }> };
    expect(output).toMatchObject({ subtitles: 'replace', output: 'subtitles' });
    // The measured style: the line's centre and glyph height, white text with an outline.
    expect(Math.abs(output.drawnStyle!.centreY - clip.row.centre * clip.height)).toBeLessThanOrEqual(clip.height * 0.03);
    expect(output.drawnStyle!.glyphHeight).toBeGreaterThan(clip.row.glyph * 0.5);
    expect(output.drawnStyle!.glyphHeight).toBeLessThan(clip.row.glyph * 1.2);
    expect(output.drawnStyle!.look).toBe('outline');
    expect(Number.parseInt(output.drawnStyle!.textColor.slice(1, 3), 16)).toBeGreaterThan(200);
    expect(output.targets[0]!.lines.map((line) => line.source)).toHaveLength(clip.cues.length);
    // One video per language (original sound, new subtitles) and the soft subtitles; no dub.
    const videos = job.media.filter((media) => media.role === 'video');
    expect(videos.map((media) => media.name)).toEqual(['es-subtitled.mp4']);
    expect(job.media.some((media) => media.role === 'audio')).toBe(false);
    const dir = await mkdtemp(path.join(work, 'out-'));
    const videoFile = await client.download(videos[0]!.url, path.join(dir, 'es.mp4'));
    const srt = await client.download(job.media.find((media) => media.name === 'es-subtitles.srt')!.url, path.join(dir, 'es.srt'));
    const cues = await checkReplaced(videoFile, srt, 'subtitles-only');
    expect(cues.map((cue) => cue.text.replace(/\n/g, ' '))).toEqual(output.targets[0]!.lines.map((line) => line.translation));
    // The original sound is kept (the tone), as long as the video.
    const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', videoFile]);
    expect(stdout.trim()).toBe('aac');
    expect(job.cost.settled).toBe(created.cost);
    const after = await client.points();
    expect(before.availablePoint - after.availablePoint).toBe(created.cost);
    expect(after.freezePoint).toBe(before.freezePoint);
  }, 400_000);

  it('replaces them in a dubbed video too, and hands back the subtitled one beside it (output both, dub price)', async () => {
    const uploadId = await client.upload('episode.mp4', video);
    // A picked colour for the Spanish lines (the rest as measured).
    const created = await client.data<{ jobId: string; cost: number }>('/api/video-translation/create', { uploadId, sourceLanguage: 'en', targetLanguages: ['es'], subtitles: 'replace', output: 'both', subtitleStyles: { es: { color: '#7fffd4' } } });
    expect(created.cost).toBe(TOOL_PRICES.videoTranslationPerMinute);
    const job = await client.until(created.jobId, 480_000);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect((job.input as { targets: Array<{ drawnStyle?: unknown }> }).targets[0]!.drawnStyle).toEqual({ color: '#7fffd4' });
    const videos = job.media.filter((media) => media.role === 'video').map((media) => media.name);
    expect(videos).toEqual(['es-video.mp4', 'es-subtitled.mp4']);
    const dir = await mkdtemp(path.join(work, 'both-'));
    const srt = await client.download(job.media.find((media) => media.name === 'es-subtitles.srt')!.url, path.join(dir, 'es.srt'));
    const dubbed = await client.download(job.media.find((media) => media.name === 'es-video.mp4')!.url, path.join(dir, 'es-video.mp4'));
    await checkReplaced(dubbed, srt, 'both-dubbed');
    expect(job.cost.settled).toBe(created.cost);
  }, 600_000);
});
