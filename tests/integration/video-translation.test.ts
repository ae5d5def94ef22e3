import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ErrorCode } from '@voxwork/contract';
import { describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../support/accounts.ts';
import { audioRms, levelDb, makeDubbingClip, MUSIC_TONE_ONLY, quietGaps, videoStreamMd5 } from '../support/dubbing-media.ts';
import { testDatabases } from '../support/test-database.ts';
import { type TargetResult, useVideoTranslationApp } from '../support/video-translation-app.ts';
import { createPpocr, measureVoiceInFiles } from '../../packages/engines/src/index.ts';

const run = promisify(execFile);

/**
 * Video translation end to end over HTTP with the real local engines: an English clip (speech over
 * a music bed, burned-in subtitles) dubbed into Spanish offline, checked as the acceptance
 * asks (length, picture bit-identical, lines in their slots, music kept, subtitles = translation,
 * points settled), and every bad input with its catalogue error and nothing charged. The pro mode's
 * review gate, speakers and the plan's limits are in `video-translation-review.test.ts`.
 */
// One database, PostgreSQL when CI has it, else PGlite (as in the review tests, whose gate race wants a real row lock).
describe.each(testDatabases().slice(-1))('video translation on %s', (_name, open) => {
  const vt = useVideoTranslationApp(open, 'vt');
  const { call, data, points, until, upload, download } = vt;

  it('offers the offline pairs and sources honestly', async () => {
    const options = await data<{ offlinePairs: string[]; translators: Array<{ id: string; location: string }>; recognizers: Array<{ id: string }>; pricePerMinute: number; monthlyLimit: number; usedThisMonth: number }>('/api/video-translation/options', {});
    expect(options.offlinePairs).toEqual(expect.arrayContaining(['en → es', 'es → en', 'en → ca']));
    expect(options.offlinePairs.some((pair) => pair.includes('zh'))).toBe(false);
    expect(options.recognizers.map((engine) => engine.id)).toContain('pocketsphinx:en-us');
    expect(options).toMatchObject({ pricePerMinute: 30, monthlyLimit: 3, usedThisMonth: 0 });
  });

  it('dubs an English vt.clip into Spanish offline: same length, same picture, lines in their slots, music kept, subtitles = translation, points settled', async () => {
    const uploadId = await upload('shop.mp4', vt.clip.file);
    const before = await points();
    const created = await data<{ jobId: string; cost: number }>('/api/video-translation/create', {
      uploadId,
      sourceLanguage: 'en',
      targetLanguages: ['es'],
      textSource: 'subtitle-file',
      subtitleFile: { name: 'shop.srt', text: await readFile(vt.clip.srt, 'utf8') },
    });
    expect(created.cost).toBe(30);
    const job = await until(created.jobId);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.stages.map((stage) => stage.name)).toEqual(['ingest', 'picture-lines', 'source-text', 'speakers', 'translate', 'synthesize', 'fit', 'drawn-subtitles', 'erase', 'stills', 'review', 'mix', 'mux', 'deliver']);
    const result = job.output as { targets: TargetResult[]; textSource: string; backgroundMethod: string };
    expect(result.textSource).toBe('subtitle-file');
    expect(result.backgroundMethod).toBe('centre-cancel');
    const [spanish] = result.targets;
    expect(spanish!.lines).toHaveLength(4);
    expect(spanish!.lines[0]!.translation).toMatch(/Bienvenido/);
    for (const line of spanish!.lines) {
      expect(line.dubStartSeconds).toBeGreaterThanOrEqual(line.startSeconds - 0.3);
      expect(line.dubEndSeconds, `${line.id} ${line.fit}`).toBeLessThanOrEqual(line.endSeconds + 0.3);
    }

    const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-vt-out-'));
    try {
      const video = job.media.find((media) => media.role === 'video')!;
      const output = await download(video.url, path.join(dir, 'es.mp4'));
      const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', output]);
      expect(Math.abs(Number(stdout) - vt.clip.durationSeconds)).toBeLessThanOrEqual(0.1);
      expect(await videoStreamMd5(output)).toBe(await videoStreamMd5(vt.clip.file));
      // Music where nobody speaks (before the first line, between lines), at least half its original level.
      const quiet = [[0, 0.5], [2.9, 3.1]] as const;
      for (const [start, end] of quiet) expect(await audioRms(output, start, end), `music at ${start}–${end} s`).toBeGreaterThanOrEqual(0.5 * (await audioRms(vt.clip.file, start, end)));
      // The Spanish subtitle track is the translation.
      const srt = job.media.find((media) => media.name === 'es-subtitles.srt')!;
      const text = await (await fetch(new URL(srt.url, vt.base))).text();
      for (const line of spanish!.lines) expect(text).toContain(line.translation);
      // Soft subtitle tracks in the MP4: Spanish and English.
      const { stdout: tracks } = await run('ffprobe', ['-v', 'error', '-select_streams', 's', '-show_entries', 'stream_tags=language', '-of', 'csv=p=0', output]);
      expect(tracks.trim().split('\n')).toEqual(['spa', 'eng']);
      for (const name of ['es-dubbed-audio.mp3', 'es-voice-stem.mp3', 'background-stem.mp3', 'source.srt', 'source.vtt', 'es-subtitles.vtt']) expect(job.media.map((media) => media.name)).toContain(name);
      // Several files of a kind save under different names: the title, then the file's own name.
      const saved = await fetch(new URL(job.media.find((media) => media.name === 'es-voice-stem.mp3')!.downloadUrl, vt.base));
      expect(saved.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('shop - es-voice-stem.mp3')}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const after = await points();
    expect(after.availablePoint).toBe(before.availablePoint - created.cost);
    expect(after.freezePoint).toBe(before.freezePoint);
  }, 300_000);

  it('keeps the music at its level between the lines (within 1 dB) and lowers it only under the new voice', async () => {
    // The bed holds a 12 kHz tone besides its chords: neither voice (16 and 22 kHz synthesis) reaches it, so a band-pass there hears the music alone.
    const music = "aevalsrc='0.06*sin(2*PI*220*t)+0.04*sin(2*PI*329.6*t)+0.02*sin(2*PI*12000*t)|0.06*sin(2*PI*277.2*t)+0.04*sin(2*PI*392*t)+0.02*sin(2*PI*12000*t)':s=48000:d=14";
    const bedClip = await makeDubbingClip({ name: 'vt-en-music-gaps-14s', seconds: 14, music, burnedSubtitles: false, lines: [
      { startSeconds: 1.0, text: 'Welcome to our little shop.' },
      { startSeconds: 5.5, text: 'The battery lasts all day.' },
      { startSeconds: 10.0, text: 'Buy it today.' },
    ] });
    const first = vt.user;
    vt.user = await createVerifiedUser(vt.base, vt.testApp.dataDir, `vt-bed-${Date.now()}@example.com`);
    const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-vt-bed-'));
    try {
      const uploadId = await upload('bed.mp4', bedClip.file);
      const { jobId } = await data<{ jobId: string }>('/api/video-translation/create', { uploadId, sourceLanguage: 'en', targetLanguages: ['es'], textSource: 'subtitle-file', subtitleFile: { name: 'bed.srt', text: await readFile(bedClip.srt, 'utf8') } });
      const job = await until(jobId);
      expect(job.status).toBe('completed');
      const spanish = (job.output as { targets: TargetResult[] }).targets[0]!;
      const output = await download(job.media.find((media) => media.role === 'video')!.url, path.join(dir, 'es.mp4'));
      // Where nobody speaks, in the original or in the dub (a quarter second clear of either, past the ramps).
      const gaps = quietGaps([...bedClip.lines.map((line) => [line.startSeconds, line.endSeconds] as const), ...spanish.lines.map((line) => [line.dubStartSeconds, line.dubEndSeconds] as const)], bedClip.durationSeconds);
      expect(gaps.length).toBeGreaterThanOrEqual(3);
      const figures: string[] = [];
      for (const [start, end] of gaps) {
        const [before, after] = [await levelDb(bedClip.file, start, end), await levelDb(output, start, end)];
        figures.push(`gap ${start.toFixed(2)}–${end.toFixed(2)} s: ${before.toFixed(1)} → ${after.toFixed(1)} dB`);
        expect(Math.abs(after - before), figures.at(-1)).toBeLessThanOrEqual(1);
      }
      // Under the new voice the music (its 12 kHz tone) is lowered.
      for (const line of spanish.lines) {
        const [start, end] = [line.dubStartSeconds + 0.15, line.dubEndSeconds - 0.15];
        const [before, after] = [await levelDb(bedClip.file, start, end, MUSIC_TONE_ONLY), await levelDb(output, start, end, MUSIC_TONE_ONLY)];
        figures.push(`music under ${line.id} ${start.toFixed(2)}–${end.toFixed(2)} s: ${before.toFixed(1)} → ${after.toFixed(1)} dB`);
        expect(after - before, figures.at(-1)).toBeLessThan(-3);
      }
      console.info(`background levels: ${figures.join('; ')}`);
    } finally {
      vt.user = first;
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it('burns the translated subtitles into the picture when asked: readable in the frame, lines broken to fit, no second track', async () => {
    const plain = await makeDubbingClip({ name: 'vt-en-12s-plain', seconds: 12, burnedSubtitles: false });
    const uploadId = await upload('plain.mp4', plain.file);
    const created = await data<{ jobId: string }>('/api/video-translation/create', {
      uploadId, sourceLanguage: 'en', targetLanguages: ['es'], textSource: 'subtitle-file', subtitleFile: { name: 'plain.srt', text: await readFile(plain.srt, 'utf8') }, burnSubtitles: true,
    });
    const job = await until(created.jobId);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const line = (job.output as { targets: TargetResult[] }).targets[0]!.lines[1]!;
    const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-vt-burn-'));
    try {
      const output = await download(job.media.find((media) => media.role === 'video')!.url, path.join(dir, 'es.mp4'));
      expect(await videoStreamMd5(output)).not.toBe(await videoStreamMd5(plain.file));
      const frame = path.join(dir, 'frame.png');
      await run('ffmpeg', ['-loglevel', 'error', '-ss', String((line.dubStartSeconds + line.dubEndSeconds) / 2), '-i', output, '-frames:v', '1', frame]);
      const read = await (await createPpocr()).doDetect({ input: { frames: [{ imageFile: frame, timeSeconds: 0 }] }, languages: ['en'] });
      const text = read.boxes.map((box) => box.text).join(' ').toLowerCase();
      // Most words of the Spanish line are in the picture (OCR may miss an accent or a space).
      const words = line.translation.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
      expect(words.filter((word) => text.includes(word)).length, `${line.translation} in "${text}"`).toBeGreaterThanOrEqual(Math.ceil(words.length / 2));
      const { stdout: tracks } = await run('ffprobe', ['-v', 'error', '-select_streams', 's', '-show_entries', 'stream_tags=language', '-of', 'csv=p=0', output]);
      expect(tracks.trim().split('\n')).toEqual(['eng']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('matches the original speaker: a profile measured from the video, rendered over a Spanish local voice, pitch near the original', async () => {
    const uploadId = await upload('shop.mp4', vt.clip.file);
    const created = await data<{ jobId: string }>('/api/video-translation/create', {
      uploadId, sourceLanguage: 'en', targetLanguages: ['es'], textSource: 'subtitle-file', subtitleFile: { name: 'shop.srt', text: await readFile(vt.clip.srt, 'utf8') }, voices: { es: 'match-original' },
    });
    const job = await until(created.jobId);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const target = (job.output as { targets: Array<{ voiceKey: string; spokenBy: string }> }).targets[0]!;
    expect(target.voiceKey).toBe('match-original');
    expect(target.spokenBy).toMatch(/^espeak:espeak-ng\/es/);
    const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-vt-match-'));
    try {
      const stem = await download(job.media.find((media) => media.name === 'es-voice-stem.mp3')!.url, path.join(dir, 'voice.mp3'));
      const speaker = await measureVoiceInFiles(vt.clip.speechFiles);
      const dub = await measureVoiceInFiles([stem]);
      // The dub's median pitch lands within 5 % of the original speaker's (measured: 174.8 Hz speaker, 172.9 Hz dub).
      expect(Math.abs(dub.medianPitchHz! / speaker.medianPitchHz! - 1), `${dub.medianPitchHz} Hz vs ${speaker.medianPitchHz} Hz`).toBeLessThanOrEqual(0.05);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('refuses bad input with catalogue errors in both languages and charges nothing', async () => {
    const before = await points();
    const videoId = await upload('shop.mp4', vt.clip.file);
    const pair = await call('/api/video-translation/create', { uploadId: videoId, sourceLanguage: 'en', targetLanguages: ['zh'], textSource: 'subtitle-file', subtitleFile: { name: 'a.srt', text: await readFile(vt.clip.srt, 'utf8') } }, 'zh');
    expect(pair.code).toBe(ErrorCode.TRANSLATION_PAIR_UNAVAILABLE);
    // Language names, what English goes into offline, and the ways through; no codes, no "administrator" (issue 31).
    expect(pair.message).toContain('此处没有可将英语翻译为中文的引擎');
    expect(pair.message).toContain('西班牙语');
    expect(pair.message).not.toMatch(/en → es|管理员/);
    const badSubtitles = await call('/api/video-translation/create', { uploadId: videoId, sourceLanguage: 'en', targetLanguages: ['es'], textSource: 'subtitle-file', subtitleFile: { name: 'a.srt', text: 'not subtitles at all' } });
    expect(badSubtitles.code).toBe(ErrorCode.SUBTITLE_FILE_INVALID);
    expect((await call('/api/video-translation/create', { uploadId: videoId, sourceLanguage: 'zh', targetLanguages: ['en'], textSource: 'speech' })).code).toBe(ErrorCode.SOURCE_TEXT_UNAVAILABLE);
    const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-vt-bad-'));
    try {
      const audioOnly = path.join(dir, 'speech.wav');
      await run('ffmpeg', ['-loglevel', 'error', '-i', vt.clip.file, '-vn', audioOnly]);
      expect((await call('/api/video-translation/create', { uploadId: await upload('speech.wav', audioOnly), sourceLanguage: 'en', targetLanguages: ['es'] })).code).toBe(ErrorCode.VIDEO_NOT_READABLE);
      const silentVideo = path.join(dir, 'silent.mp4');
      await run('ffmpeg', ['-loglevel', 'error', '-i', vt.clip.file, '-an', '-c', 'copy', silentVideo]);
      expect((await call('/api/video-translation/create', { uploadId: await upload('silent.mp4', silentVideo), sourceLanguage: 'en', targetLanguages: ['es'] })).code).toBe(ErrorCode.VIDEO_NO_AUDIO_TRACK);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(await points()).toEqual(before);
  });
});
