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
