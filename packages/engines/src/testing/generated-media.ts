/** Test media made on the spot (espeak-ng speech, ffmpeg lavfi tones and silence): nothing checked in. */
import path from 'node:path';
import { runFfmpeg, runMediaTool } from '@voxwork/media';

const quiet = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

/** espeak-ng speaking `text` into a WAV (22.05 kHz mono). */
export async function makeSpeech(dir: string, name: string, text: string, voice = 'en-us'): Promise<string> {
  const file = path.join(dir, name);
  await runMediaTool('espeak-ng', ['-v', voice, '-w', file, '--', text]);
  return file;
}

/** `input` with `beforeSeconds` of digital silence in front and `afterSeconds` behind, 16-bit WAV. */
export async function padWithSilence(input: string, output: string, beforeSeconds: number, afterSeconds: number): Promise<string> {
  const delayMs = Math.round(beforeSeconds * 1000);
  await runFfmpeg([...quiet, '-i', input, '-af', `adelay=${delayMs}:all=1,apad=pad_dur=${afterSeconds}`, '-c:a', 'pcm_s16le', output]);
  return output;
}

export async function makeSilence(dir: string, name: string, seconds: number, sampleRate = 16_000): Promise<string> {
  const file = path.join(dir, name);
  await runFfmpeg([...quiet, '-f', 'lavfi', '-i', `anullsrc=r=${sampleRate}:cl=mono`, '-t', String(seconds), '-c:a', 'pcm_s16le', file]);
  return file;
}

export async function makeTone(dir: string, name: string, seconds: number, frequency = 440): Promise<string> {
  const file = path.join(dir, name);
  await runFfmpeg([...quiet, '-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=16000:duration=${seconds}`, '-c:a', 'pcm_s16le', file]);
  return file;
}

/** `seconds` of espeak speech made by repeating one sentence file (`-stream_loop`), for long-input tests. */
export async function makeLongSpeech(dir: string, name: string, seconds: number): Promise<string> {
  const sentence = await makeSpeech(dir, `${name}.sentence.wav`, 'The quick brown fox jumps over the lazy dog, and then it rests.');
  const file = path.join(dir, name);
  await runFfmpeg([...quiet, '-stream_loop', '-1', '-i', sentence, '-t', String(seconds), '-c:a', 'pcm_s16le', file]);
  return file;
}

/** ffmpeg's test pattern (moving colour bars) as a small MPEG-4 video: `seconds` long, with a tone when `withAudio`. */
export async function makeTestVideo(dir: string, name: string, seconds: number, options: { width?: number; height?: number; frameRate?: number; withAudio?: boolean } = {}): Promise<string> {
  const file = path.join(dir, name);
  const size = `${options.width ?? 160}x${options.height ?? 120}`;
  const audio = options.withAudio ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=16000:duration=${seconds}`, '-c:a', 'aac'] : [];
  await runFfmpeg([...quiet, '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=${options.frameRate ?? 10}:duration=${seconds}`, ...audio, '-c:v', 'mpeg4', '-q:v', '3', '-pix_fmt', 'yuv420p', file]);
  return file;
}

/** One frame of ffmpeg's test pattern as a PNG. */
export async function makeTestImage(dir: string, name: string, options: { width?: number; height?: number } = {}): Promise<string> {
  const file = path.join(dir, name);
  await runFfmpeg([...quiet, '-f', 'lavfi', '-i', `testsrc=size=${options.width ?? 160}x${options.height ?? 120}:rate=1:duration=1`, '-frames:v', '1', file]);
  return file;
}
