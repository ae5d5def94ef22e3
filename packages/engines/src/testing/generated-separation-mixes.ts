/**
 * Voice + music mixes made on the spot for measuring a separator against the truth: the voice is a
 * local TTS engine (flite or espeak-ng), the music is synthesised here (chords with harmonics, a
 * drum kit with a bass line, a detuned pad), both kept as float PCM at 48 kHz, so SDR per stem is
 * computed against the very sources that were added. Stereo mixes put the voice in the centre and
 * the music wide (each channel its own voicing, drum pattern or detune). Nothing is downloaded.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from '@voxwork/media';
import { decodeToPcm } from '../audio/pcm-audio.ts';
import { makeSpeech } from './generated-media.ts';
import { makeFliteSpeech } from './generated-voices.ts';
import { seededRandom as random } from '../seeded-random.ts';

export const MIX_SAMPLE_RATE = 48_000;

/** Music, or white noise (what a denoiser is made for: the check that separating music costs nothing there). */
export type MusicKind = 'chords' | 'drums' | 'pad' | 'white-noise';

export interface SeparationMixSpec {
  name: string;
  music: MusicKind;
  channels: 1 | 2;
  /** Voice power over music power, dB, over the whole mix. */
  voiceToMusicDb: number;
  voice: { engine: 'flite'; voice: 'slt' | 'awb' | 'rms' | 'kal' } | { engine: 'espeak-ng'; voice: string };
  text: string;
  /** Music alone before the voice starts and after it ends, seconds (default 1). */
  leadSeconds?: number;
}

export interface SeparationMix {
  spec: SeparationMixSpec;
  /** The mix as a 16-bit WAV at 48 kHz (what a separator is given). */
  file: string;
  sampleRate: number;
  /** The voice alone, mono, as it is in each channel of the mix (centre). */
  voice: Float32Array;
  /** The music alone, per channel. */
  music: Float32Array[];
  /** voice + music per channel, as float (the WAV holds the same, quantised). */
  mix: Float32Array[];
}

const midiHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

/** Piano-like chords: each note 8 harmonics at 1/k, a 10 ms attack and a 1.2 s decay; a chord a second. */
function chords(length: number, rate: number, channel: number): Float32Array {
  const out = new Float32Array(length);
  const progression = [
    [57, 60, 64, 69],
    [53, 57, 60, 65],
    [55, 59, 62, 67],
    [52, 55, 59, 64],
  ];
  const chordSamples = rate;
  for (let start = 0, index = 0; start < length; start += chordSamples, index++) {
    // Left and right voice the chord differently (low notes left, high right), which makes it wide.
    const notes = progression[index % progression.length]!.filter((_, position) => channel === 0 ? position !== 3 : position !== 0);
    for (const note of notes) {
      const f0 = midiHz(note);
      for (let sample = 0; sample < chordSamples && start + sample < length; sample++) {
        const time = sample / rate;
        const envelope = Math.min(1, time / 0.01) * Math.exp(-time / 1.2);
        let value = 0;
        for (let harmonic = 1; harmonic <= 8; harmonic++) value += Math.sin(2 * Math.PI * f0 * harmonic * (1 + 0.0004 * harmonic * harmonic) * time) / harmonic;
        out[start + sample] = out[start + sample]! + value * envelope;
      }
    }
  }
  return out;
}

/** Drums and bass: kick (pitch sweep 120→50 Hz) on beats 1 and 3, snare (noise + 190 Hz) on 2 and 4, hats in eighths, a plucked bass; 120 bpm. */
function drums(length: number, rate: number, channel: number): Float32Array {
  const out = new Float32Array(length);
  const noise = random(11 + channel);
  const beat = Math.round(rate / 2);
  const bassNotes = [40, 40, 43, 45];
  for (let start = 0, index = 0; start < length; start += beat / 2, index++) {
    const onBeat = index % 2 === 0;
    const beatIndex = Math.floor(index / 2);
    for (let sample = 0; sample < beat / 2 && start + sample < length; sample++) {
      const time = sample / rate;
      let value = 0;
      if (onBeat && beatIndex % 2 === 0) {
        const phase = 2 * Math.PI * (50 * time + (70 / 30) * (1 - Math.exp(-30 * time)));
        value += 1.2 * Math.sin(phase) * Math.exp(-time / 0.12);
      }
      if (onBeat && beatIndex % 2 === 1) value += (0.6 * (noise() * 2 - 1) + 0.4 * Math.sin(2 * Math.PI * 190 * time)) * Math.exp(-time / 0.07) * (channel === 0 ? 1 : 0.5);
      // Hats louder on the right, with their own noise in each channel.
      value += 0.25 * (noise() * 2 - 1) * Math.exp(-time / 0.02) * (channel === 1 ? 1 : 0.4);
      // The bass, centred-ish: a decaying saw-like tone.
      const bassHz = midiHz(bassNotes[Math.floor(beatIndex / 2) % bassNotes.length]!);
      let bass = 0;
      for (let harmonic = 1; harmonic <= 6; harmonic++) bass += Math.sin(2 * Math.PI * bassHz * harmonic * time) / harmonic;
      value += 0.45 * bass * Math.exp(-time / 0.25);
      out[start + sample] = out[start + sample]! + value;
    }
  }
  // High-pass the hats' DC away: a one-pole DC blocker.
  let previousIn = 0;
  let previousOut = 0;
  for (let index = 0; index < length; index++) {
    const value = out[index]! - previousIn + 0.995 * previousOut;
    previousIn = out[index]!;
    previousOut = value;
    out[index] = value;
  }
  return out;
}

/** A sustained pad: three detuned saw-like voices per note (a different detune per channel), slow swell, a chord each 2 s with a 0.3 s crossfade. */
function pad(length: number, rate: number, channel: number): Float32Array {
  const out = new Float32Array(length);
  const progression = [
    [50, 57, 62, 66],
    [48, 55, 60, 64],
    [45, 52, 57, 60],
    [47, 54, 59, 62],
  ];
  const detunes = channel === 0 ? [-0.006, 0, 0.004] : [-0.003, 0.002, 0.007];
  const chordSamples = 2 * rate;
  const fade = Math.round(0.3 * rate);
  for (let start = 0, index = 0; start < length; start += chordSamples, index++) {
    for (const note of progression[index % progression.length]!) {
      for (const detune of detunes) {
        const f0 = midiHz(note) * (1 + detune);
        const phase0 = (note * 0.37 + detune * 100 + channel) % 1;
        for (let sample = -fade; sample < chordSamples + fade && start + sample < length; sample++) {
          if (start + sample < 0) continue;
          const time = sample / rate;
          const envelope = sample < 0 ? (sample + fade) / (2 * fade) : sample < fade ? 0.5 + sample / (2 * fade) : sample >= chordSamples - fade ? Math.max(0, (chordSamples + fade - sample) / (2 * fade)) : 1;
          let value = 0;
          for (let harmonic = 1; harmonic <= 10; harmonic++) value += Math.sin(2 * Math.PI * (f0 * harmonic * time + phase0 * harmonic)) / (harmonic * harmonic * 0.5 + 0.5);
          const swell = 0.8 + 0.2 * Math.sin(2 * Math.PI * 0.25 * ((start + sample) / rate) + channel);
          out[start + sample] = out[start + sample]! + value * envelope * swell;
        }
      }
    }
  }
  return out;
}

function whiteNoise(length: number, _rate: number, channel: number): Float32Array {
  const next = random(29 + channel);
  return Float32Array.from({ length }, () => next() * 2 - 1);
}

const generators: Record<MusicKind, (length: number, rate: number, channel: number) => Float32Array> = { chords, drums, pad, 'white-noise': whiteNoise };

const power = (samples: Float32Array) => samples.reduce((sum, value) => sum + value * value, 0);

/** Speaks the spec's text, synthesises its music, mixes them at the spec's ratio and writes the mix (peak −1 dBFS). */
export async function makeSeparationMix(dir: string, spec: SeparationMixSpec): Promise<SeparationMix> {
  const rate = MIX_SAMPLE_RATE;
  const speechFile =
    spec.voice.engine === 'flite' ? await makeFliteSpeech(dir, `${spec.name}-voice.wav`, spec.text, spec.voice.voice) : await makeSpeech(dir, `${spec.name}-voice.wav`, spec.text, spec.voice.voice);
  const speech = (await decodeToPcm(speechFile, rate)).samples;
  const lead = Math.round((spec.leadSeconds ?? 1) * rate);
  const length = speech.length + 2 * lead;
  const voice = new Float32Array(length);
  voice.set(speech, lead);
  const music = Array.from({ length: spec.channels }, (_, channel) => generators[spec.music](length, rate, channel));
  const musicPower = music.reduce((sum, channel) => sum + power(channel), 0) / spec.channels;
  const gain = Math.sqrt((power(voice) / musicPower) * 10 ** (-spec.voiceToMusicDb / 10));
  for (const channel of music) for (let index = 0; index < length; index++) channel[index] = channel[index]! * gain;
  const mix = music.map((channel) => Float32Array.from(channel, (value, index) => value + voice[index]!));
  // One scale for everything, so the mix peaks at −1 dBFS and the sources stay its exact parts.
  const peak = Math.max(...mix.map((channel) => channel.reduce((max, value) => Math.max(max, Math.abs(value)), 0)));
  const scale = 0.89 / peak;
  for (const samples of [voice, ...music, ...mix]) for (let index = 0; index < samples.length; index++) samples[index] = samples[index]! * scale;
  const interleaved = new Float32Array(length * spec.channels);
  for (let index = 0; index < length; index++) for (let channel = 0; channel < spec.channels; channel++) interleaved[index * spec.channels + channel] = mix[channel]![index]!;
  const raw = path.join(dir, `${spec.name}-mix.f32le`);
  await writeFile(raw, new Uint8Array(interleaved.buffer));
  const file = path.join(dir, `${spec.name}-mix.wav`);
  await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'f32le', '-ar', String(rate), '-ac', String(spec.channels), '-i', raw, '-c:a', 'pcm_s16le', file]);
  return { spec, file, sampleRate: rate, voice, music, mix };
}

/**
 * SDR (10·log10(|s|² / |s − ŝ|²), dB) of a stem with any number of channels against a truth with its own: when the stem has fewer
 * channels (a mono stem of a stereo mix), it is compared with the truth folded to mono (what a
 * mono stem can be at best); otherwise channel by channel, the errors summed.
 */
export function stemSignalToDistortion(truth: readonly Float32Array[], estimate: readonly Float32Array[]): number {
  const fold = (channels: readonly Float32Array[]) => Float32Array.from(channels[0]!, (_, index) => channels.reduce((sum, channel) => sum + channel[index]!, 0) / channels.length);
  const pairs: Array<[Float32Array, Float32Array]> = estimate.length < truth.length ? [[fold(truth), fold(estimate)]] : truth.map((channel, index) => [channel, estimate[Math.min(index, estimate.length - 1)]!]);
  let signal = 0;
  let error = 0;
  for (const [s, e] of pairs) {
    for (let index = 0; index < Math.min(s.length, e.length); index++) {
      signal += s[index]! ** 2;
      error += (s[index]! - e[index]!) ** 2;
    }
  }
  return 10 * Math.log10(signal / Math.max(error, 1e-20));
}
