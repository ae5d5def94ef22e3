import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, type JobView } from '@voxwork/contract';
import { probeMedia, runFfmpeg } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabases } from '../support/test-database.ts';
import { charactersFound, toolClient, type ToolClient } from '../support/tool-client.ts';
import { createPpocr } from '../../packages/engines/src/index.ts';
import { makeErasureClip, type ErasureClip } from '../../packages/engines/src/testing/generated-erasure.ts';

/** Jobs run in this process: the test app is also a worker. */
const WORKER_ENV = { ROLE: 'api,worker', JOB_POLL_INTERVAL_SECONDS: '0.5' };

/** The cues burned in: a bilingual one (the file's own line break kept), a long Chinese line that must be broken, and English. */
const CUES = [
  { start: 0.5, end: 2.3, text: '你终于回来了\nYou finally came back' },
  { start: 2.6, end: 4.6, text: '对不起，我不是故意的，当年的事情另有隐情，你听我解释好不好' },
  { start: 4.9, end: 5.8, text: 'See you at eight tomorrow' },
];
/** A line after the clip's end: left out and counted. */
const AFTER_END = { start: 30, end: 32, text: 'Too late' };

const srtTime = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
};
const srtOf = (cues: ReadonlyArray<{ start: number; end: number; text: string }>) => cues.map((cue, index) => `${index + 1}\n${srtTime(cue.start)} --> ${srtTime(cue.end)}\n${cue.text}\n`).join('\n');

/** PSNR (dB) of a crop of two videos, frame by frame averaged (ffmpeg's `psnr` filter). */
async function cropPsnr(a: string, b: string, crop: { width: number; height: number; x: number; y: number }): Promise<number> {
  const area = `crop=${crop.width}:${crop.height}:${crop.x}:${crop.y}`;
  const { stderr } = await runFfmpeg(['-hide_banner', '-nostdin', '-i', a, '-i', b, '-lavfi', `[0:v]${area}[a];[1:v]${area}[b];[a][b]psnr`, '-f', 'null', '-']);
  const match = /average:([\d.]+|inf)/.exec(stderr);
  if (!match) throw new Error(`no PSNR in ${stderr.slice(-500)}`);
  return match[1] === 'inf' ? Infinity : Number(match[1]);
}

/** One frame at `seconds` as RGB bytes. */
async function frameAt(video: string, seconds: number, file: string): Promise<Buffer> {
  await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', file]);
  return readFile(file);
}

/**
 * Subtitle burn-in end to end over HTTP with the real renderer (libass through ffmpeg): the
 * subtitles are drawn where and how the style says (OCR reads them back, a long Chinese line is
 * broken into two rows inside the frame, the text is the chosen colour), the rest of the picture
 * and the sound are kept, points are charged once; bad files are refused with nothing charged.
 */
describe.each(testDatabases().slice(-1))('subtitle burn-in on %s', (_name, open) => {
  let testApp: TestApp;
  let cleanup: () => Promise<void>;
  let client: ToolClient;
  let clip: ErasureClip;
  let dir: string;

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    testApp = await startTestApp({ name: 'burn-in', env: WORKER_ENV, database: opened.handle });
    const user = await createVerifiedUser(testApp.base, testApp.dataDir, `burn-in-${Date.now()}@example.com`);
    client = toolClient(testApp.base, user);
    dir = await mkdtemp(path.join(tmpdir(), 'burn-in-test-'));
    // The erasure tests' moving, detailed picture (cached per machine); its clean version has no text.
    clip = await makeErasureClip({ width: 640, height: 360, durationSeconds: 6, cues: [], fontSize: 22, margin: 20, panSpeed: 60 });
  }, 180_000);
  afterAll(async () => {
    await testApp?.stop();
    await cleanup?.();
    if (dir && !process.env.KEEP_TEST_MEDIA) await rm(dir, { recursive: true, force: true });
  });

  it('offers the price and the plan’s limit', async () => {
    expect(await client.data('/api/subtitle-burn-in/options', {})).toEqual({ pricePerMinute: 2, maxVideoMinutes: 2 });
  });

  it('draws each line in the chosen style (OCR reads ≥ 95 % of it back, the long Chinese line broken into two rows in the frame, magenta text), keeps the rest of the picture and the sound, charges 2 points', async () => {
    const uploadId = await client.upload('clip.mp4', clip.clean);
    const before = await client.points();
    const created = await client.data<{ jobId: string; cost: number; lines: number; linesAfterEnd: number }>('/api/subtitle-burn-in/create', {
      uploadId,
      subtitleFile: { name: 'clip.srt', text: srtOf([...CUES, AFTER_END]) },
      // On a plate: the picture under the line is generated with ffmpeg's `gradients`, whose colours
      // differ from machine to machine (its seed is ignored), and under a thin outline magenta letters
      // over a magenta stretch of it were not read back. The plate keeps the read-back about drawing.
      style: { size: 'medium', position: 'bottom', textColor: '#FF30C0', look: 'box', outlineColor: '#101010', bold: false, maxLines: 2 },
    });
    expect(created).toMatchObject({ cost: 2, lines: 3, linesAfterEnd: 1 });
    const job = await client.until(created.jobId);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const after = await client.points();
    expect(before.availablePoint - after.availablePoint).toBe(2);
    expect(after.freezePoint).toBe(before.freezePoint);

    const video = job.media.find((file) => file.role === 'video')!;
    const burned = await client.download(video.url, path.join(dir, 'burned.mp4'));
    const [input, output] = await Promise.all([probeMedia(clip.clean), probeMedia(burned)]);
    expect(output.video).toMatchObject({ width: 640, height: 360 });
    expect(Math.abs((output.durationSeconds ?? 0) - (input.durationSeconds ?? 0))).toBeLessThan(0.1);
    // The sound is copied, not re-encoded.
    expect(output.audio?.codec).toBe(input.audio?.codec);
    expect(output.audio?.bitRate).toBe(input.audio?.bitRate);

    // Above the subtitles the picture is the input's, but for one re-encode.
    const top = await cropPsnr(burned, clip.clean, { width: 640, height: 180, x: 0, y: 0 });
    console.info(`[burn-in] PSNR of the top half against the input: ${top.toFixed(1)} dB`);
    expect(top).toBeGreaterThan(35);

    // OCR reads every line back while it is shown, and nothing before the first.
    const read = await createPpocr().doDetect({ input: { videoFile: burned, framesPerSecond: 4 }, mode: 'all-text', languages: ['zh', 'en'] });
    console.info(`[burn-in] OCR: ${JSON.stringify(read.boxes.map((box) => [box.text, box.startSeconds, box.endSeconds, box.box]))}`);
    for (const cue of CUES) {
      // Boxes are timed to the samples (every 0.25 s): overlapping the cue, not starting before the previous one ended.
      const boxes = read.boxes.filter((box) => box.endSeconds > cue.start && box.startSeconds < cue.end);
      const text = boxes.map((box) => box.text).join(' ');
      const expected = cue.text.replace(/[^\p{L}\p{N}]/gu, '').length;
      console.info(`[burn-in] ${cue.start}–${cue.end} s: read ${charactersFound(cue.text, text)}/${expected}: ${JSON.stringify(boxes.map((box) => [box.text, box.box]))}`);
      expect(charactersFound(cue.text, text) / expected).toBeGreaterThanOrEqual(0.95);
      for (const box of boxes) expect(box.box.x + box.box.width).toBeLessThanOrEqual(640);
    }
    expect(read.boxes.filter((box) => box.startSeconds < CUES[0]!.start - 0.25)).toEqual([]);
    // The long Chinese line takes two rows (broken to fit 90 % of the width), none starting with a comma.
    const rows = read.boxes.filter((box) => box.endSeconds > CUES[1]!.start && box.startSeconds < CUES[1]!.end && /\p{Script=Han}/u.test(box.text));
    expect(new Set(rows.map((box) => Math.round(box.box.y / 10))).size).toBe(2);
    for (const row of rows) expect(row.text).not.toMatch(/^[，。]/);

    // The text is the chosen magenta: the burn-in turns hundreds of pixels of the subtitle band magenta
    // that were not (the moving picture under the line is blue, green or yellow depending on the
    // machine's ffmpeg; a brightness or blue-channel rise alone depended on which). A wrong colour
    // (white, the default) turns none magenta.
    const [withText, clean] = await Promise.all([frameAt(burned, 1.4, path.join(dir, 'with.rgb')), frameAt(clip.clean, 1.4, path.join(dir, 'clean.rgb'))]);
    const magenta = (frame: Buffer, at: number) => frame[at]! > 150 && frame[at + 1]! < frame[at]! * 0.6 && frame[at + 2]! > 110;
    let turned = 0;
    for (let at = 250 * 640 * 3; at < withText.length; at += 3) if (magenta(withText, at) && !magenta(clean, at)) turned++;
    console.info(`[burn-in] ${turned} pixels turned magenta at 1.4 s`);
    expect(turned).toBeGreaterThan(100);
  }, 300_000);

  it('refuses a file it cannot read, a file whose lines all fall after the video, and a file that is no video: catalogue errors in both languages, nothing charged', async () => {
    const uploadId = await client.upload('clip.mp4', clip.clean);
    const before = await client.points();

    const unreadable = await client.call('/api/subtitle-burn-in/create', { uploadId, subtitleFile: { name: 'notes.txt', text: 'just some notes\nno times here' } }, 'zh');
    expect(unreadable).toMatchObject({ code: ErrorCode.SUBTITLE_FILE_INVALID, message: '无法读取字幕文件：这不是 SRT、WebVTT 或 ASS 字幕文件。请上传 SRT、VTT 或 ASS 文件。' });
    expect((await client.call('/api/subtitle-burn-in/create', { uploadId, subtitleFile: { name: 'notes.txt', text: 'just some notes' } })).message).toBe('The subtitle file could not be read: this is not an SRT, WebVTT or ASS subtitle file. Upload an SRT, VTT or ASS file.');
    const late = await client.call('/api/subtitle-burn-in/create', { uploadId, subtitleFile: { name: 'late.srt', text: srtOf([AFTER_END]) } }, 'zh');
    expect(late.code).toBe(ErrorCode.BURN_IN_NO_LINES_IN_VIDEO);
    expect(late.message).toContain('字幕文件的 1 行字幕都不在视频的时间范围内');
    const badColour = await client.call('/api/subtitle-burn-in/create', { uploadId, subtitleFile: { name: 'clip.srt', text: srtOf(CUES) }, style: { textColor: 'yellow' } });
    expect(badColour.code).not.toBe(0);

    const tone = path.join(dir, 'tone.wav');
    await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', tone]);
    const audioId = await client.upload('tone.wav', tone);
    const notVideo = await client.call('/api/subtitle-burn-in/create', { uploadId: audioId, subtitleFile: { name: 'clip.srt', text: srtOf(CUES) } });
    expect(notVideo.code).toBe(ErrorCode.VIDEO_NOT_READABLE);

    const after = await client.points();
    expect(after).toMatchObject({ availablePoint: before.availablePoint, freezePoint: before.freezePoint });
    // Only the one job of the test before: refusals leave no job behind.
    const history = await client.data<{ list: JobView[] }>('/api/jobs/list', { pageNum: 1, pageSize: 20, types: ['subtitle-burn-in.burn'] });
    expect(history.list).toHaveLength(1);
  }, 120_000);
});

