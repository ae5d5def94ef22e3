/**
 * Who speaks when, without a speaker-embedding model (none can be obtained here): each speech
 * segment is described by its median pitch and its mean cepstrum (MFCCs of the mel spectrum with
 * the background subtracted, so a music bed under the speech does not colour it), and segments are
 * grouped by agglomerative clustering (average linkage). With a count hint the tree is cut at that
 * many speakers; without one, merging stops at a distance threshold. Pure TypeScript on the
 * analysis `speech-segments.ts` made; no process is spawned here.
 */
import { quantile, type PitchTrack } from './pitch-tracker.ts';
import type { SpectralAnalysis, TimedSpan } from './speech-segments.ts';

/** Cepstral coefficients kept (c1…c12; c0, the level, is left out). */
const CEPSTRA = 12;

export interface SegmentVoiceFeatures {
  startSeconds: number;
  endSeconds: number;
  /** Median F0 of the segment's voiced frames, Hz; undefined when fewer than 10 are voiced. */
  medianPitchHz: number | undefined;
  voicedSeconds: number;
  /** Mean MFCC c1…c12 of the segment's speech frames (bed subtracted). */
  cepstrum: number[];
  /** Frames the cepstrum was averaged over. */
  frames: number;
  /**
   * The same features of the segment's first and second half (pitch in semitones re 100 Hz, then
   * the cepstrum): how much they differ is how much one speaker varies, the scale distances use.
   */
  halves: [number[], number[]] | undefined;
}

/** DCT-II basis rows 1…CEPSTRA over `bands` log-energies. */
function dctBasis(bands: number): Float64Array[] {
  return Array.from({ length: CEPSTRA }, (_, index) => Float64Array.from({ length: bands }, (_, band) => Math.cos((Math.PI * (index + 1) * (band + 0.5)) / bands) * Math.sqrt(2 / bands)));
}

interface FrameRange {
  cepstrum: number[];
  frames: number;
  pitches: number[];
}

/**
 * The features of each segment: median pitch from the track, mean cepstrum from the spectra with
 * the background taken out (read from the analysis's stores one segment at a time). The track need
 * only be right inside the segments.
 */
export async function segmentVoiceFeatures(analysis: SpectralAnalysis, track: Pick<PitchTrack, 'hopSeconds' | 'frequencies'>, segments: readonly TimedSpan[]): Promise<SegmentVoiceFeatures[]> {
  const basis = dctBasis(analysis.bands);
  const logEnergies = new Float64Array(analysis.bands);
  const frameRange = (startSeconds: number, endSeconds: number) => [Math.max(0, Math.round(startSeconds / analysis.hopSeconds)), Math.min(analysis.frames - 1, Math.round(endSeconds / analysis.hopSeconds))] as const;
  const measure = (spectra: { power: Float32Array; background: Float32Array; from: number }, startSeconds: number, endSeconds: number): FrameRange => {
    const [first, last] = frameRange(startSeconds, endSeconds);
    const sums = new Float64Array(CEPSTRA);
    let frames = 0;
    for (let frame = first; frame <= last; frame++) {
      // Frames well above the bed only: the cepstrum of the bed itself says nothing about the speaker.
      if (analysis.divergenceDb[frame]! < 10) continue;
      const row = (frame - spectra.from) * analysis.bands;
      for (let band = 0; band < analysis.bands; band++) {
        const power = spectra.power[row + band]!;
        const clean = Math.max(power - spectra.background[row + band]!, power * 0.03);
        logEnergies[band] = 10 * Math.log10(clean);
      }
      for (let index = 0; index < CEPSTRA; index++) {
        let sum = 0;
        for (let band = 0; band < analysis.bands; band++) sum += basis[index]![band]! * logEnergies[band]!;
        sums[index] = sums[index]! + sum;
      }
      frames++;
    }
    const pitchFirst = Math.max(0, Math.round(startSeconds / track.hopSeconds));
    const pitchLast = Math.min(track.frequencies.length - 1, Math.round(endSeconds / track.hopSeconds));
    const pitches: number[] = [];
    for (let frame = pitchFirst; frame <= pitchLast; frame++) if (track.frequencies[frame]! > 0) pitches.push(track.frequencies[frame]!);
    return { cepstrum: Array.from(sums, (sum) => (frames ? sum / frames : 0)), frames, pitches };
  };
  const semitones = (hz: number) => 12 * Math.log2(hz / 100);
  const features: SegmentVoiceFeatures[] = [];
  for (const segment of segments) {
    // The halves' frames lie within the whole's.
    const [first, last] = frameRange(segment.startSeconds, segment.endSeconds);
    const spectra = first <= last ? { ...(await analysis.readFrames(first, last)), from: first } : { power: new Float32Array(0), background: new Float32Array(0), from: first };
    const whole = measure(spectra, segment.startSeconds, segment.endSeconds);
    const middle = (segment.startSeconds + segment.endSeconds) / 2;
    const [a, b] = [measure(spectra, segment.startSeconds, middle), measure(spectra, middle, segment.endSeconds)];
    const usable = a.frames >= 20 && b.frames >= 20 && a.pitches.length >= 10 && b.pitches.length >= 10;
    features.push({
      startSeconds: segment.startSeconds,
      endSeconds: segment.endSeconds,
      medianPitchHz: whole.pitches.length >= 10 ? quantile(whole.pitches, 0.5) : undefined,
      voicedSeconds: whole.pitches.length * track.hopSeconds,
      cepstrum: whole.cepstrum,
      frames: whole.frames,
      halves: usable ? [[semitones(quantile(a.pitches, 0.5)!), ...a.cepstrum], [semitones(quantile(b.pitches, 0.5)!), ...b.cepstrum]] : undefined,
    });
  }
  return features;
}

export interface SpeakerClusteringOptions {
  /** How many speakers there are (the user's hint); the tree is cut there. */
  speakerCount?: number | undefined;
  /** Without a hint: the largest linkage distance still merged (default `DEFAULT_MERGE_DISTANCE`). */
  mergeDistance?: number | undefined;
  /** Without a hint, at most this many speakers (default 8). */
  maxSpeakers?: number | undefined;
}

/** Floors of the per-feature scales: a semitone of pitch, 1 dB of cepstrum (so that near-identical halves do not blow a feature up). */
const PITCH_SCALE_FLOOR = 1;
const CEPSTRUM_SCALE_FLOOR = 1;
/**
 * Without a count hint, clusters further apart than this (average linkage, in units of one
 * speaker's own variation per feature) are different speakers: decision 030 has how it was tuned.
 */
export const DEFAULT_MERGE_DISTANCE = 2.4;
/**
 * Without a hint, two clusters whose median pitches are this many semitones apart are never
 * merged: the per-feature distance averages pitch with twelve cepstral features, so a man at
 * 106 Hz and a woman at 213 Hz (12 semitones) could still fall under the merge distance. One
 * person's segments stay within a few semitones of each other; slt/awb (166/124 Hz) are 5 apart.
 */
export const PITCH_APART_SEMITONES = 7;

const featureVector = (features: SegmentVoiceFeatures, fallbackPitchHz: number): number[] => [12 * Math.log2((features.medianPitchHz ?? fallbackPitchHz) / 100), ...features.cepstrum];

/**
 * How much each feature varies within one speaker, estimated without labels: the RMS difference
 * between the two halves of each segment (one speaker each, by construction), halved in variance
 * because a half holds half the frames of a segment.
 */
export function withinSpeakerScales(features: readonly SegmentVoiceFeatures[]): number[] {
  const pairs = features.flatMap((feature) => (feature.halves ? [feature.halves] : []));
  return Array.from({ length: CEPSTRA + 1 }, (_, dimension) => {
    const floor = dimension === 0 ? PITCH_SCALE_FLOOR : CEPSTRUM_SCALE_FLOOR;
    if (pairs.length < 2) return floor * 3;
    const meanSquare = pairs.reduce((sum, [a, b]) => sum + (a[dimension]! - b[dimension]!) ** 2, 0) / pairs.length;
    return Math.max(floor, Math.sqrt(meanSquare / 2));
  });
}

/**
 * Agglomerative clustering (average linkage, Euclidean distance on features scaled by one
 * speaker's own variation, `withinSpeakerScales`) of segments
 * into speakers. Returns each segment's speaker index (0 = the speaker heard first) and the merge
 * distances, largest last (what a threshold would cut).
 */
export function clusterSpeakers(features: readonly SegmentVoiceFeatures[], options: SpeakerClusteringOptions = {}): { labels: number[]; mergeDistances: number[] } {
  const count = features.length;
  if (count === 0) return { labels: [], mergeDistances: [] };
  const pitched = features.map((feature) => feature.medianPitchHz).filter((hz): hz is number => hz !== undefined);
  const fallback = quantile(pitched, 0.5) ?? 150;
  const scales = withinSpeakerScales(features);
  const vectors = features.map((feature) => featureVector(feature, fallback).map((value, dimension) => value / scales[dimension]!));
  // Per feature, so that the threshold does not depend on how many features there are: one speaker's segments sit ~1 apart.
  const distance = (a: number[], b: number[]) => Math.sqrt(a.reduce((sum, value, index) => sum + (value - b[index]!) ** 2, 0) / a.length);
  // One flat array (an hour's ~1,000 segments: 8 MB; nested arrays of numbers took twice that and more).
  const pair = new Float64Array(count * count);
  for (let i = 0; i < count; i++) for (let j = 0; j < count; j++) pair[i * count + j] = distance(vectors[i]!, vectors[j]!);
  let clusters = features.map((_, index) => [index]);
  const linkage = (a: number[], b: number[]) => {
    let sum = 0;
    for (const i of a) for (const j of b) sum += pair[i * count + j]!;
    return sum / (a.length * b.length);
  };
  const target = options.speakerCount !== undefined ? Math.max(1, Math.min(count, Math.round(options.speakerCount))) : undefined;
  const threshold = options.mergeDistance ?? DEFAULT_MERGE_DISTANCE;
  const maxSpeakers = options.maxSpeakers ?? 8;
  const mergeDistances: number[] = [];
  // A cluster's pitch: the median of its segments' medians (segments without one left out).
  const pitchOf = (members: number[]) => quantile(members.flatMap((member) => (features[member]!.medianPitchHz === undefined ? [] : [features[member]!.medianPitchHz!])), 0.5);
  // Each cluster's pitch, kept beside it and recomputed only when it grows (computed per pair, it took minutes at 1,000 segments).
  let pitches = clusters.map(pitchOf);
  /** Without a hint, clusters whose voices sit this far apart in pitch are not one person (a man and a woman), however alike the rest. */
  const pitchApart = (a: number, b: number) => {
    if (target !== undefined) return false;
    const [first, second] = [pitches[a], pitches[b]];
    return first !== undefined && second !== undefined && Math.abs(12 * Math.log2(first / second)) >= PITCH_APART_SEMITONES;
  };
  while (clusters.length > 1) {
    let best = { distance: Infinity, a: 0, b: 1 };
    for (let a = 0; a < clusters.length; a++) {
      for (let b = a + 1; b < clusters.length; b++) {
        if (pitchApart(a, b)) continue;
        const value = linkage(clusters[a]!, clusters[b]!);
        if (value < best.distance) best = { distance: value, a, b };
      }
    }
    if (target !== undefined ? clusters.length <= target : best.distance > threshold && clusters.length <= maxSpeakers) break;
    mergeDistances.push(best.distance);
    clusters[best.a] = [...clusters[best.a]!, ...clusters[best.b]!];
    pitches[best.a] = pitchOf(clusters[best.a]!);
    clusters = clusters.filter((_, index) => index !== best.b);
    pitches = pitches.filter((_, index) => index !== best.b);
  }
  // Speakers numbered in order of first appearance.
  clusters.sort((a, b) => Math.min(...a) - Math.min(...b));
  const labels = new Array<number>(count).fill(0);
  clusters.forEach((members, speaker) => members.forEach((member) => (labels[member] = speaker)));
  return { labels, mergeDistances };
}
