import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTone } from '../testing/generated-media.ts';
import { readWavInfo } from '@voxwork/media';
import { encodeSpeechArgs, finishSpeechAudio, rubberbandArgs } from './speech-output.ts';

describe('speech output', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-speech-output-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('builds rubberband and ffmpeg argument lists', () => {
    expect(rubberbandArgs({ input: 'a.wav', output: 'b.wav', pitchSemitones: -3 })).toEqual(['-3', '-F', '-q', '-p', '-3', 'a.wav', 'b.wav']);
    expect(rubberbandArgs({ input: 'a.wav', output: 'b.wav', tempo: 1.25, pitchSemitones: 0 })).toEqual(['-3', '-F', '-q', '-T', '1.25', 'a.wav', 'b.wav']);
    expect(encodeSpeechArgs({ input: 'a.wav', output: 'b.mp3', volume: 0.5, format: 'mp3' })).toMatchInlineSnapshot(`
      [
        "-hide_banner",
        "-nostdin",
        "-loglevel",
        "error",
        "-y",
        "-i",
        "a.wav",
        "-vn",
        "-af",
        "volume=0.5",
        "-ac",
        "1",
        "-c:a",
        "libmp3lame",
        "-q:a",
        "4",
        "-f",
        "mp3",
        "b.mp3",
      ]
    `);
    expect(encodeSpeechArgs({ input: 'a.wav', output: 'b.wav', format: 'wav' })).not.toContain('-af');
  });

  it('reads a WAV header without reading the samples', async () => {
    const tone = await makeTone(dir, 'tone.wav', 1.5);
    expect(await readWavInfo(tone)).toEqual({ sampleRate: 16_000, channels: 1, bitsPerSample: 16, durationSeconds: 1.5 });
  });

  it('stretches the tempo and reports the facts of the written file', async () => {
    const tone = await makeTone(dir, 'tone2.wav', 2);
    const result = await finishSpeechAudio({ rawWav: tone, outputFile: path.join(dir, 'out.ogg'), format: 'ogg', pitchSemitones: 0, tempo: 2, volume: 1, scratchWav: path.join(dir, 'scratch.wav') });
    expect(result.durationSeconds).toBeGreaterThan(0.95);
    expect(result.durationSeconds).toBeLessThan(1.1);
    expect(result.stepsMs.rubberbandMs).toBeGreaterThan(0);
  });
});
