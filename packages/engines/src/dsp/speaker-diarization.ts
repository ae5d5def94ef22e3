/**
 * Speech segments and speakers of a recording (`dsp:speakers`): the bed-robust segmentation of
 * `audio/speech-segments.ts`, the voice features and clustering of `audio/speaker-clustering.ts`,
 * and a summary per speaker. Signal processing, not a speaker-embedding model: it tells voices
 * apart by pitch and spectral envelope, which separates a woman from a man reliably and two men of
 * different timbre usually; two similar voices may merge (the review gate lets the user split or
 * merge). Decision 030 has the figures.
 */
import type { SpeakerSummary as ContractSpeakerSummary } from '@voxwork/contract';
import { writeFile } from 'node:fs/promises';
import { MediaProcessError, withWorkDir } from '@voxwork/media';
import { FloatFile } from '../audio/float-file.ts';
import { decodeToPcmFile, type PcmAudio } from '../audio/pcm-audio.ts';
import { quantile, trackPitchInSpans } from '../audio/pitch-tracker.ts';
import { clusterSpeakers, segmentVoiceFeatures, type SpeakerClusteringOptions } from '../audio/speaker-clustering.ts';
import { detectSpeechSegments, type SpectralStores, type SpeechSegmentOptions } from '../audio/speech-segments.ts';
import { suppressSteadyBackground } from '../audio/steady-background.ts';
import type { VoiceActivityDetector } from '../capabilities/voice-activity-detector.ts';
import { EngineInputError } from '../engine-errors.ts';
import { asEngineError } from './dsp-voice-profiler.ts';

export const DSP_SPEAKERS_ENGINE_ID = 'dsp:speakers';
/** What the soundtrack is decoded to: speech lies under 8 kHz. */
const SAMPLE_RATE = 16_000;
/** How far the speech heard may reach beyond an utterance's given span. */
const UTTERANCE_REACH_SECONDS = 0.3;
/**
 * Medians at or above this are suggested as female: the geometric middle of typical adult men
 * (~115 Hz) and women (~210 Hz). At 165 Hz a light female voice (flite's slt, 164.9 Hz once the
 * music bed is taken out of the pitch) was called a man's.
 */
const FEMALE_MEDIAN_PITCH_HZ = 155;

export interface SpeakerSegment {
  startSeconds: number;
  endSeconds: number;
  /** `s1`, `s2`, … in order of first appearance. */
  speakerId: string;
  /** The segment's own median pitch, Hz (null when too little of it is voiced). */
  medianPitchHz: number | null;
}

/** A speaker as the contract's review shows it (its pitch the median over all its segments' voiced frames, its seconds their total), and how many segments it speaks. */
export interface SpeakerSummary extends ContractSpeakerSummary {
  segments: number;
}

export interface FindSpeakersOptions extends SpeechSegmentOptions, Pick<SpeakerClusteringOptions, 'mergeDistance' | 'maxSpeakers'> {
  /** How many speakers the user says there are; without it the count is estimated. */
  speakerCount?: number | undefined;
  /**
   * A neural VAD (silero) whose segments gate the spectral one (`gate`): drums and other
   * transients in the bed stop counting as speech. Without it the segmentation is spectral only.
   */
  vad?: VoiceActivityDetector | undefined;
  /**
   * Spans known to hold one speaker each (subtitle lines: a subtitle is one person's utterance).
   * Given, they are the segments that are clustered, instead of the VAD's, which can run two
   * people's turns together when the pause between them is short; speaker features still come
   * only from frames well above the background.
   */
  utterances?: ReadonlyArray<{ startSeconds: number; endSeconds: number }> | undefined;
}

export interface SpeakerDiarization {
  segments: SpeakerSegment[];
  speakers: SpeakerSummary[];
  durationSeconds: number;
  /** Whether the count was the hint or an estimate. */
  countSource: 'hint' | 'estimate';
  warnings: string[];
  timings: { totalMs: number; decodeMs: number };
}

export const speakerIdOf = (index: number) => `s${index + 1}`;

/**
 * Speech segments and speakers of mono PCM: written to a raw file and read back in windows, as
 * `findSpeakers` does with a decoded file (one code path for both).
 */
export async function diarizePcm(pcm: PcmAudio, options: FindSpeakersOptions = {}): Promise<Omit<SpeakerDiarization, 'timings'>> {
  return withWorkDir('speakers', async (_dir, file) => {
    await writeFile(file('audio.f32le'), new Uint8Array(pcm.samples.buffer, pcm.samples.byteOffset, pcm.samples.byteLength));
    return diarizeRawFile(file('audio.f32le'), pcm.sampleRate, file, options);
  });
}

/**
 * Speech segments and speakers of a raw mono float file (`decodeToPcmFile`), in memory that does
 * not grow with the samples: the spectra and the cleaned signal go to files beside it (`file`
 * names them) and are read back in windows; what is held for the whole length is a few floats
 * per 10 ms frame (divergence, level, pitch: ~1.3 KB a second, 5 MB an hour).
 */
async function diarizeRawFile(rawFile: string, sampleRate: number, file: (name: string) => string, options: FindSpeakersOptions): Promise<Omit<SpeakerDiarization, 'timings'>> {
  const opened: FloatFile[] = [];
  const track = async (float: Promise<FloatFile>) => {
    const handle = await float;
    opened.push(handle);
    return handle;
  };
  try {
    const samples = await track(FloatFile.read(rawFile));
    const stores = { power: await track(FloatFile.create(file('mel-power.f32'))), background: await track(FloatFile.create(file('mel-background.f32'))) };
    return await diarizeSamples(samples, sampleRate, stores, await track(FloatFile.create(file('cleaned.f32le'))), options);
  } finally {
    await Promise.all(opened.map((handle) => handle.close()));
  }
}

async function diarizeSamples(samples: FloatFile, sampleRate: number, stores: SpectralStores, cleaned: FloatFile, options: FindSpeakersOptions): Promise<Omit<SpeakerDiarization, 'timings'>> {
  const detected = await detectSpeechSegments(samples, sampleRate, stores, options);
  const { analysis, durationSeconds } = detected;
  // Each utterance is trimmed to the speech heard in it (up to 0.3 s beyond it: a voice may start before its subtitle shows).
  const segments = options.utterances
    ? options.utterances
        .map((span) => ({ startSeconds: Math.max(0, span.startSeconds), endSeconds: Math.min(durationSeconds, span.endSeconds) }))
        .filter((span) => span.endSeconds - span.startSeconds >= 0.2)
        .map((span) => {
          const inside = detected.segments.filter((segment) => segment.endSeconds > span.startSeconds && segment.startSeconds < span.endSeconds);
          if (!inside.length) return span;
          const startSeconds = Math.max(span.startSeconds - UTTERANCE_REACH_SECONDS, Math.min(...inside.map((segment) => segment.startSeconds)));
          const endSeconds = Math.min(span.endSeconds + UTTERANCE_REACH_SECONDS, Math.max(...inside.map((segment) => segment.endSeconds)));
          return endSeconds - startSeconds >= 0.2 ? { startSeconds: Math.max(0, startSeconds), endSeconds: Math.min(durationSeconds, endSeconds) } : span;
        })
        .sort((a, b) => a.startSeconds - b.startSeconds)
    : detected.segments;
  const warnings: string[] = [];
  if (!segments.length) return { segments: [], speakers: [], durationSeconds, countSource: options.speakerCount ? 'hint' : 'estimate', warnings: ['no speech was found'] };
  // Pitch on the soundtrack with its steady background taken out: a held chord under the speech is periodic too, and YIN would follow it.
  // Only the segments' pitch is read (their features and their speakers' medians), so only they are tracked.
  await suppressSteadyBackground(samples, sampleRate, cleaned, { signal: options.signal });
  const track = await trackPitchInSpans(cleaned, sampleRate, segments, { signal: options.signal });
  const features = await segmentVoiceFeatures(analysis, track, segments);
  const { labels } = clusterSpeakers(features, options);
  const speakerCount = Math.max(...labels) + 1;
  if (options.speakerCount !== undefined && speakerCount < options.speakerCount) warnings.push(`${options.speakerCount} speakers were asked for but only ${segments.length} speech segments were found`);
  const speakers: SpeakerSummary[] = Array.from({ length: speakerCount }, (_, speaker) => {
    const members = features.filter((_, index) => labels[index] === speaker);
    const pitches: number[] = [];
    for (const member of members) {
      const first = Math.round(member.startSeconds / track.hopSeconds);
      const last = Math.min(track.frequencies.length - 1, Math.round(member.endSeconds / track.hopSeconds));
      for (let frame = first; frame <= last; frame++) if (track.frequencies[frame]! > 0) pitches.push(track.frequencies[frame]!);
    }
    const median = pitches.length >= 10 ? Math.round(quantile(pitches, 0.5)! * 10) / 10 : null;
    return {
      speakerId: speakerIdOf(speaker),
      medianPitchHz: median,
      suggestedGender: median === null ? null : median >= FEMALE_MEDIAN_PITCH_HZ ? 'female' : 'male',
      totalSeconds: Math.round(members.reduce((sum, member) => sum + member.endSeconds - member.startSeconds, 0) * 1000) / 1000,
      segments: members.length,
    };
  });
  return {
    segments: features.map((feature, index) => ({
      startSeconds: feature.startSeconds,
      endSeconds: feature.endSeconds,
      speakerId: speakerIdOf(labels[index]!),
      medianPitchHz: feature.medianPitchHz === undefined ? null : Math.round(feature.medianPitchHz * 10) / 10,
    })),
    speakers,
    durationSeconds,
    countSource: options.speakerCount !== undefined ? 'hint' : 'estimate',
    warnings,
  };
}

/** Speech segments and speakers of an audio file (any format ffmpeg reads; decoded to 16 kHz mono). */
export async function findSpeakers(audioFile: string, options: FindSpeakersOptions = {}): Promise<SpeakerDiarization> {
  const startedAt = performance.now();
  return withWorkDir('speakers', async (_dir, file) => {
    // Decoded to a raw file, not into memory: an hour at 16 kHz is 230 MB of floats.
    const rawFile = file('audio.f32le');
    try {
      await decodeToPcmFile(audioFile, rawFile, SAMPLE_RATE, { signal: options.signal, timeoutMs: 10 * 60_000 });
    } catch (error) {
      if (error instanceof MediaProcessError && error.exitCode !== null) throw new EngineInputError(`no decodable audio in the input: ${error.message}`, { engineId: DSP_SPEAKERS_ENGINE_ID, cause: error, reason: 'not-readable' });
      throw asEngineError(error, DSP_SPEAKERS_ENGINE_ID, 'decoding audio', options.signal);
    }
    const decodeMs = performance.now() - startedAt;
    let gate = options.gate;
    if (options.vad && !gate) {
      // A low threshold and short pauses: the gate only has to reject what is clearly not speech; the spectral VAD places the ends.
      const heard = await options.vad.doDetect({ audioFile, threshold: 0.3, minSpeechMs: 100, minSilenceMs: 100, speechPadMs: 30, ...(options.signal ? { signal: options.signal } : {}) });
      gate = heard.segments;
    }
    try {
      const result = await diarizeRawFile(rawFile, SAMPLE_RATE, file, { ...options, gate });
      return { ...result, timings: { totalMs: performance.now() - startedAt, decodeMs } };
    } catch (error) {
      throw asEngineError(error, DSP_SPEAKERS_ENGINE_ID, 'finding speakers', options.signal);
    }
  });
}
