import { describe, expect, it } from 'vitest';
import { finishAudioArgs, formatFromFileName, transformFilter } from './remote-audio.ts';

describe('remote audio ffmpeg arguments', () => {
  it('re-encodes vendor audio into the asked format, with pitch (rubberband, formants kept) and gain', () => {
    expect(finishAudioArgs('in.wav', { kind: 'encoded', format: 'wav' }, 'out.mp3', 'mp3', { pitchSemitones: 12, volume: 0.5 })).toEqual([
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', 'in.wav', '-vn',
      '-af', 'rubberband=pitch=2.000000:formant=preserved,volume=0.5',
      '-c:a', 'libmp3lame', '-q:a', '3', '-f', 'mp3', 'out.mp3',
    ]);
  });

  it('reads raw PCM with its rate and writes raw PCM mono at a known rate', () => {
    expect(finishAudioArgs('in.pcm', { kind: 'pcm', sampleRate: 24_000, channels: 1 }, 'out.wav', 'wav', {})).toEqual([
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 's16le', '-ar', '24000', '-ac', '1', '-i', 'in.pcm', '-vn',
      '-c:a', 'pcm_s16le', '-f', 'wav', 'out.wav',
    ]);
    expect(finishAudioArgs('in.mp3', { kind: 'encoded', format: 'mp3' }, 'out.pcm', 'pcm', {})).toEqual([
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', 'in.mp3', '-vn', '-ac', '1', '-ar', '24000', '-c:a', 'pcm_s16le', '-f', 's16le', 'out.pcm',
    ]);
  });

  it('has nothing to filter for a neutral transform, and a format for common file names', () => {
    expect(transformFilter({})).toBeUndefined();
    expect(transformFilter({ pitchSemitones: 0, volume: 1 })).toBeUndefined();
    expect(transformFilter({ pitchSemitones: -12 })).toBe('rubberband=pitch=0.500000:formant=preserved');
    expect(['a.WAV', 'b.mp3', 'c.opus', 'd.ogg', 'e.flac', 'f.raw', 'g.m4a'].map(formatFromFileName)).toEqual(['wav', 'mp3', 'ogg', 'ogg', 'flac', 'pcm', undefined]);
  });
});
