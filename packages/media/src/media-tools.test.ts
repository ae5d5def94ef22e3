import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concatWithSilenceArgs, extractAudioArgs, mixWithDuckingArgs, muxAudioArgs, resampleArgs } from './audio-args.ts';
import { FFMPEG_COMMON } from './ffmpeg-args.ts';
import { thumbnailArgs } from './image-args.ts';
import { measureLoudness, normalizeLoudness, probeMedia, waveformPeaks } from './media-tools.ts';
import { runFfmpeg } from './media-runner.ts';
import { burnSubtitlesArgs, softSubtitlesArgs, toSrt, toVtt } from './subtitle-args.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Real runs of every toolkit operation on generated media (ffmpeg lavfi). */
describe('media toolkit on real media', () => {
  let dir: string;
  const file = (name: string) => path.join(dir, name);
  const lavfi = (source: string) => ['-f', 'lavfi', '-i', source];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-media-'));
    await runFfmpeg([...FFMPEG_COMMON, ...lavfi('testsrc=size=320x240:rate=25:duration=2'), ...lavfi('sine=frequency=440:sample_rate=44100:duration=2'), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file('video.mp4')]);
    for (const [name, frequency] of [['s1.wav', 300], ['s2.wav', 500], ['s3.wav', 700]] as const) {
      await runFfmpeg([...FFMPEG_COMMON, ...lavfi(`sine=frequency=${frequency}:sample_rate=22050:duration=0.5`), file(name)]);
    }
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('probes, extracts and resamples', async () => {
    const info = await probeMedia(file('video.mp4'));
    expect(info.video).toMatchObject({ codec: 'h264', width: 320, height: 240, frameRate: 25 });
    expect(info.audio).toMatchObject({ codec: 'aac', sampleRate: 44100, channels: 1 });
    expect(info.durationSeconds).toBeCloseTo(2, 1);

    await runFfmpeg(extractAudioArgs({ input: file('video.mp4'), output: file('audio.wav'), sampleRate: 16000, channels: 1 }));
    const audio = await probeMedia(file('audio.wav'));
    expect(audio.video).toBeUndefined();
    expect(audio.audio).toMatchObject({ codec: 'pcm_s16le', sampleRate: 16000, channels: 1 });

    await runFfmpeg(resampleArgs({ input: file('audio.wav'), output: file('audio-8k.wav'), sampleRate: 8000 }));
    expect((await probeMedia(file('audio-8k.wav'))).audio?.sampleRate).toBe(8000);
  });

  it('normalises loudness to −16 LUFS in two passes', async () => {
    await runFfmpeg([...FFMPEG_COMMON, ...lavfi('sine=frequency=1000:duration=4'), '-af', 'volume=-30dB', file('quiet.wav')]);
    const before = await measureLoudness(file('quiet.wav'));
    expect(before!.inputI).toBeLessThan(-30);
    await normalizeLoudness({ input: file('quiet.wav'), output: file('normalised.wav') });
    const after = await measureLoudness(file('normalised.wav'));
    expect(Math.abs(after!.inputI - -16)).toBeLessThan(1);
    expect((await probeMedia(file('normalised.wav'))).audio?.sampleRate).toBe(48000);
  });

  it('concatenates with silence and draws the waveform peaks', async () => {
    await runFfmpeg(concatWithSilenceArgs({ inputs: [file('s1.wav'), file('s2.wav'), file('s3.wav')], output: file('sentences.wav'), gapSeconds: [0.3, 0.6], sampleRate: 24000 }));
    const info = await probeMedia(file('sentences.wav'));
    expect(info.durationSeconds).toBeCloseTo(0.5 * 3 + 0.3 + 0.6, 1);
    // 24 buckets of 0.1 s: sound, then the 0.3 s gap (buckets 5–7) silent, sound, then the 0.6 s gap.
    const waveform = await waveformPeaks(file('sentences.wav'), 24);
    expect(waveform.durationSeconds).toBeCloseTo(2.4, 1);
    const maxOf = (bucket: number) => Math.max(Math.abs(waveform.peaks[bucket * 2]!), Math.abs(waveform.peaks[bucket * 2 + 1]!));
    expect(maxOf(2)).toBeGreaterThan(0.05);
    expect(maxOf(6)).toBe(0);
    expect(maxOf(10)).toBeGreaterThan(0.05);
    expect(maxOf(15)).toBe(0);
    expect(maxOf(20)).toBeGreaterThan(0.05);
  });

  it('ducks the background under the voice', async () => {
    // Voice: 2 kHz for 1.5 s then silence; background: 150 Hz for 3 s.
    await runFfmpeg([...FFMPEG_COMMON, ...lavfi('sine=frequency=2000:duration=1.5'), '-af', 'apad=pad_dur=1.5', file('voice.wav')]);
    await runFfmpeg([...FFMPEG_COMMON, ...lavfi('sine=frequency=150:duration=3'), file('bed.wav')]);
    await runFfmpeg(mixWithDuckingArgs({ voice: file('voice.wav'), background: file('bed.wav'), output: file('mix.wav') }));
    expect((await probeMedia(file('mix.wav'))).durationSeconds).toBeCloseTo(3, 1);
    // The background alone (low-passed) while the voice speaks versus after it stops.
    const bedLevel = async (start: number) => {
      const { stderr } = await runFfmpeg(['-hide_banner', '-nostdin', '-ss', String(start), '-t', '0.8', '-i', file('mix.wav'), '-af', 'lowpass=f=300,lowpass=f=300,volumedetect', '-f', 'null', '-']);
      return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)![1]);
    };
    const underVoice = await bedLevel(0.5);
    const alone = await bedLevel(2.1);
    console.info(`[media] ducking: background ${underVoice} dB under the voice, ${alone} dB alone`);
    expect(alone - underVoice).toBeGreaterThan(6);
  });

  it('muxes audio into video (replace and add)', async () => {
    await runFfmpeg(muxAudioArgs({ video: file('video.mp4'), audio: file('sentences.wav'), output: file('dubbed.mp4'), mode: 'replace', language: 'chi' }));
    const replaced = await probeMedia(file('dubbed.mp4'));
    expect(replaced.streams.filter((stream) => stream.type === 'audio')).toHaveLength(1);
    expect(replaced.audio).toMatchObject({ codec: 'aac', language: 'chi' });
    expect(replaced.video?.codec).toBe('h264');

    await runFfmpeg(muxAudioArgs({ video: file('video.mp4'), audio: file('sentences.wav'), output: file('two-tracks.mkv'), mode: 'add', existingAudioTracks: 1, language: 'eng' }));
    const added = await probeMedia(file('two-tracks.mkv'));
    expect(added.streams.filter((stream) => stream.type === 'audio').map((stream) => stream.language ?? 'und')).toEqual(['und', 'eng']);
  });

  it('burns in subtitles (a CJK line too) and adds soft tracks', async () => {
    const segments = [
      { start: 0, end: 1, text: 'Hello subtitles' },
      { start: 1, end: 2, text: '你好，字幕' },
    ];
    await writeFile(file('subs.srt'), toSrt(segments));
    await writeFile(file('subs.vtt'), toVtt(segments));
    await runFfmpeg(burnSubtitlesArgs({ video: file('video.mp4'), subtitles: file('subs.srt'), output: file('burned.mp4'), fontSize: 28 }));
    const burned = await probeMedia(file('burned.mp4'));
    expect(burned.video).toMatchObject({ width: 320, height: 240 });
    expect(burned.audio?.codec).toBe('aac');
    // A frame with the text differs from the same frame without it.
    await runFfmpeg(thumbnailArgs({ input: file('video.mp4'), output: file('plain.jpg'), atSeconds: 1.5, format: 'jpeg' }));
    await runFfmpeg(thumbnailArgs({ input: file('burned.mp4'), output: file('texted.jpg'), atSeconds: 1.5, format: 'jpeg' }));
    expect((await readFile(file('plain.jpg'))).equals(await readFile(file('texted.jpg')))).toBe(false);

    await runFfmpeg(softSubtitlesArgs({ video: file('video.mp4'), output: file('soft.mp4'), container: 'mp4', tracks: [{ file: file('subs.srt'), language: 'eng' }, { file: file('subs.vtt'), language: 'chi' }] }));
    const soft = await probeMedia(file('soft.mp4'));
    expect(soft.streams.filter((stream) => stream.type === 'subtitle').map((stream) => [stream.codec, stream.language])).toEqual([['mov_text', 'eng'], ['mov_text', 'chi']]);

    await runFfmpeg(softSubtitlesArgs({ video: file('video.mp4'), output: file('soft.mkv'), container: 'mkv', tracks: [{ file: file('subs.vtt'), language: 'chi' }] }));
    expect((await probeMedia(file('soft.mkv'))).streams.find((stream) => stream.type === 'subtitle')?.codec).toBe('webvtt');

    await runFfmpeg([...FFMPEG_COMMON, ...lavfi('testsrc=size=64x48:rate=10:duration=1'), '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', file('clip.webm')]);
    await runFfmpeg(softSubtitlesArgs({ video: file('clip.webm'), output: file('soft.webm'), container: 'webm', tracks: [{ file: file('subs.vtt'), language: 'eng' }] }));
    expect((await probeMedia(file('soft.webm'))).streams.find((stream) => stream.type === 'subtitle')?.codec).toBe('webvtt');
  }, 60_000);

  it('takes thumbnails as JPEG and WebP', async () => {
    await runFfmpeg(thumbnailArgs({ input: file('video.mp4'), output: file('thumb.jpg'), atSeconds: 1, width: 160, format: 'jpeg' }));
    await runFfmpeg(thumbnailArgs({ input: file('video.mp4'), output: file('thumb.webp'), atSeconds: 1, width: 160, format: 'webp' }));
    const jpeg = await readFile(file('thumb.jpg'));
    const webp = await readFile(file('thumb.webp'));
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(webp.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect((await probeMedia(file('thumb.jpg'))).video).toMatchObject({ width: 160, height: 120 });
  });
});
