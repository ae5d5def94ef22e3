/**
 * Real audio for the replay servers: the request's text spoken by espeak-ng, encoded by ffmpeg
 * into the format the request asked for — so adapters are tested on audio as a vendor sends it
 * (MP3 frames, Ogg Opus, FLAC, streamed WAV, raw PCM), never on fixtures.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { runFfmpeg, runMediaTool, withWorkDir } from '@voxwork/media';

export type ReplayAudioFormat =
  | { codec: 'mp3'; sampleRate: number; bitrateKbps?: number }
  | { codec: 'opus' }
  | { codec: 'aac' }
  | { codec: 'flac'; sampleRate?: number }
  /** Streamed WAV: the RIFF and data sizes are 0xffffffff, as HTTP APIs that stream WAV write them. */
  | { codec: 'wav-stream'; sampleRate: number }
  | { codec: 'pcm'; sampleRate: number };

const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

function encodeArgs(format: ReplayAudioFormat): string[] {
  switch (format.codec) {
    case 'mp3':
      return ['-ac', '1', '-ar', String(format.sampleRate), '-c:a', 'libmp3lame', '-b:a', `${format.bitrateKbps ?? 128}k`, '-f', 'mp3'];
    case 'opus':
      return ['-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', '48k', '-f', 'ogg'];
    case 'aac':
      return ['-ac', '1', '-ar', '24000', '-c:a', 'aac', '-b:a', '64k', '-f', 'adts'];
    case 'flac':
      return ['-ac', '1', '-ar', String(format.sampleRate ?? 24_000), '-c:a', 'flac', '-f', 'flac'];
    case 'wav-stream':
      return ['-ac', '1', '-ar', String(format.sampleRate), '-c:a', 'pcm_s16le', '-f', 'wav'];
    case 'pcm':
      return ['-ac', '1', '-ar', String(format.sampleRate), '-c:a', 'pcm_s16le', '-f', 's16le'];
  }
}

/** Encodes an audio file (any format ffmpeg reads) as `format`. */
export async function encodeReplayAudio(input: string, format: ReplayAudioFormat): Promise<Buffer> {
  return withWorkDir('replay-audio', async (_dir, file) => {
    const output = file('audio.out');
    await runFfmpeg([...QUIET, '-i', input, '-vn', ...encodeArgs(format), output]);
    const bytes = await readFile(output);
    if (format.codec === 'wav-stream' && bytes.length >= 44) {
      bytes.writeUInt32LE(0xffffffff, 4);
      const data = bytes.indexOf('data', 12, 'latin1');
      if (data > 0) bytes.writeUInt32LE(0xffffffff, data + 4);
    }
    return bytes;
  });
}

/** `text` spoken by espeak-ng (en-us), encoded as `format`; also returns its duration in seconds. */
export async function speakReplayAudio(text: string, format: ReplayAudioFormat, voice = 'en-us'): Promise<{ bytes: Buffer; durationSeconds: number }> {
  return withWorkDir('replay-speech', async (_dir, file) => {
    const wav = file('speech.wav');
    const textFile = file('text.txt');
    await writeFile(textFile, text);
    await runMediaTool('espeak-ng', ['-v', voice, '-w', wav, '-f', textFile]);
    const header = await readFile(wav);
    // espeak-ng writes 16-bit mono PCM WAV with a 44-byte header.
    const sampleRate = header.readUInt32LE(24);
    const durationSeconds = (header.length - 44) / 2 / sampleRate;
    return { bytes: await encodeReplayAudio(wav, format), durationSeconds };
  });
}
