/**
 * bench:separation — the local separator (rnnoise:rnnoise) on three generated voice + music mixes
 * (flite / espeak-ng speech over synthesised chords, drums and bass, a detuned pad; mono and stereo;
 * voice louder, level and quieter than the music) and one of speech in white noise: SDR of the voice stem and of the background
 * stem against the sources that were mixed, for the old engine (RNNoise's output as the voice, the
 * residual as the background, of the mono fold) and the new one (the mask of
 * `voice-separation-mask.ts` on top of RNNoise, decision 049), with the CPU seconds of each and
 * the load average (on a shared machine it inflates the times, never the SDR).
 *   npm run bench:separation [-- --tuning '{"sideWeight":3}']
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRnnoise } from '../../packages/engines/src/rnnoise/rnnoise-audio-separator.ts';
import { separateVoiceByMask, type VoiceMaskTuning } from '../../packages/engines/src/audio/voice-separation-mask.ts';
import { makeSeparationMix, stemSignalToDistortion, type SeparationMixSpec } from '../../packages/engines/src/testing/generated-separation-mixes.ts';

const { values } = parseArgs({ options: { tuning: { type: 'string', default: '{}' } } });
const tuning = JSON.parse(values.tuning) as Partial<VoiceMaskTuning>;

const MIXES: SeparationMixSpec[] = [
  {
    name: 'chords-mono',
    music: 'chords',
    channels: 1,
    voiceToMusicDb: 0,
    voice: { engine: 'flite', voice: 'slt' },
    text: 'The harbour was quiet this morning, and the boats came back early with a small catch of fish.',
  },
  {
    name: 'drums-stereo',
    music: 'drums',
    channels: 2,
    voiceToMusicDb: 6,
    voice: { engine: 'flite', voice: 'rms' },
    text: 'Turn left at the second light, then follow the river until you see the old stone bridge.',
  },
  {
    name: 'pad-stereo',
    music: 'pad',
    channels: 2,
    voiceToMusicDb: -6,
    voice: { engine: 'espeak-ng', voice: 'en-us' },
    text: 'Please keep your tickets ready, the train to the airport leaves from platform nine in ten minutes.',
  },
  // Not music: white noise 15 dB under the voice, what RNNoise is made for; the mask must not cost anything here.
  {
    name: 'white-noise-mono',
    music: 'white-noise',
    channels: 1,
    voiceToMusicDb: 15,
    voice: { engine: 'espeak-ng', voice: 'en-us' },
    text: 'Noise suppression keeps the voice and removes the steady hiss of the room around it.',
  },
];

const cpuSeconds = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
};
const fold = (channels: readonly Float32Array[]) => Float32Array.from(channels[0]!, (_, index) => channels.reduce((sum, channel) => sum + channel[index]!, 0) / channels.length);

const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-bench-separation-'));
const rnnoise = createRnnoise();
console.info(`bench:separation — load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}; SDR = 10·log10(|s|²/|s−ŝ|²) per stem, dB (higher is better)`);
const rows: string[][] = [['mix', 'voice SDR old', 'voice SDR new', 'background SDR old', 'background SDR new', 'CPU s old', 'CPU s new', 'seconds of audio']];
try {
  for (const spec of MIXES) {
    const mix = await makeSeparationMix(dir, spec);
    const mono = fold(mix.mix);
    // Old: RNNoise on the mono fold; the voice is its output, the background the residual.
    let cpu = process.cpuUsage();
    const denoised = await rnnoise.denoise(mono);
    const oldBackground = Float32Array.from(mono, (value, index) => value - denoised.denoised[index]!);
    const oldCpu = cpuSeconds(cpu);
    // New: the same RNNoise pass, then the mask.
    cpu = process.cpuUsage();
    const again = await rnnoise.denoise(mono);
    const separated = await separateVoiceByMask({ channels: mix.mix, sampleRate: mix.sampleRate, denoised: again.denoised, speechProbabilities: again.speechProbabilities, probabilityFrame: 480 }, tuning);
    const newCpu = cpuSeconds(cpu);
    rows.push([
      `${spec.name} (${spec.channels === 1 ? 'mono' : 'stereo'}, voice ${spec.voiceToMusicDb >= 0 ? '+' : ''}${spec.voiceToMusicDb} dB)`,
      stemSignalToDistortion([mix.voice], [denoised.denoised]).toFixed(1),
      stemSignalToDistortion([mix.voice], [separated.voice]).toFixed(1),
      stemSignalToDistortion(mix.music, [oldBackground]).toFixed(1),
      stemSignalToDistortion(mix.music, separated.background).toFixed(1),
      oldCpu.toFixed(2),
      newCpu.toFixed(2),
      (mono.length / mix.sampleRate).toFixed(1),
    ]);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
for (const row of rows) console.info(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
console.info(`load average after: ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
