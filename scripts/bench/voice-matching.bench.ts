/**
 * bench:voice — speed and accuracy of the signal-processing voice engines on this machine:
 * YIN pitch tracking, dsp:voice-profile, dsp:voice-match, synthesizeWithProfile (festival and
 * espeak bases), rnnoise:rnnoise and fasttext:lid-176. RTF = wall time / audio duration. The
 * machine's load average is printed with the figures: on shared build machines it inflates them.
 *   npm run bench:voice [-- --seconds 30]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { probeMedia, runFfmpeg, runMediaTool } from '../../packages/media/src/index.ts';
import {
  createDspVoiceConverter,
  createDspVoiceProfiler,
  createEspeak,
  createFasttext,
  createFestival,
  createRnnoise,
  measureVoiceInFiles,
  pitchStatistics,
  readDspProfileData,
  synthesizeWithProfile,
  trackPitch,
} from '../../packages/engines/src/index.ts';
import { decodeToPcm } from '../../packages/engines/src/audio/pcm-audio.ts';
import { makeFestivalSpeech, makeFliteSpeech } from '../../packages/engines/src/testing/generated-voices.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '30' } } });
const seconds = Number(values.seconds);
const PARAGRAPH =
  'When the sunlight strikes raindrops in the air, they act as a prism and form a rainbow. The rainbow is a division of white light into many beautiful colors. These take the shape of a long round arch, with its path high above, and its two ends apparently beyond the horizon. ';
const SENTENCE = 'Please call Stella. Ask her to bring these things with her from the store: six spoons of fresh snow peas, five thick slabs of blue cheese, and maybe a snack for her brother Bob.';

const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-bench-voice-'));
const load = () => loadavg()[0]!.toFixed(1);
const steps = (stepsMs: Record<string, number> | undefined) =>
  Object.entries(stepsMs ?? {})
    .map(([name, ms]) => `${name.replace(/Ms$/, '')} ${ms.toFixed(0)}`)
    .join(', ');
const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};
/** `file` looped or cut to `seconds`. */
async function lengthen(file: string, name: string): Promise<string> {
  const output = path.join(dir, name);
  await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-stream_loop', '-1', '-i', file, '-t', String(seconds), '-c:a', 'pcm_s16le', output]);
  return output;
}

try {
  console.info(`voice engines on ${seconds} s inputs; load average at start ${load()} (2 cores here)\n`);
  const slt = await makeFestivalSpeech(dir, 'slt.wav', PARAGRAPH.repeat(2), 'cmu_us_slt_arctic_hts');
  const lowered = path.join(dir, 'lowered.wav');
  await runMediaTool('rubberband', ['-3', '-q', '-p', '-2.5', slt, lowered]);
  const reference = await lengthen(lowered, 'reference.wav');
  const source = await lengthen(await makeFliteSpeech(dir, 'awb.wav', PARAGRAPH.repeat(2), 'awb'), 'source.wav');

  const pcm = await decodeToPcm(reference, 16_000);
  const yin = await timed(async () => trackPitch(pcm));
  console.info(`YIN pitch track (16 kHz, 10 ms hop): ${yin.ms.toFixed(0)} ms for ${seconds} s → ${(yin.ms / seconds).toFixed(1)} ms per audio second; median ${pitchStatistics(yin.result).medianHz!.toFixed(1)} Hz`);

  const profiler = createDspVoiceProfiler();
  await profiler.doProfile({ audioFiles: [reference] }); // loads onnxruntime + silero
  const profiled = await timed(() => profiler.doProfile({ audioFiles: [reference] }));
  const profile = profiled.result.profile;
  console.info(
    `dsp:voice-profile: ${profiled.ms.toFixed(0)} ms → RTF ${(profiled.ms / 1000 / seconds).toFixed(3)}; median ${profile.medianPitchHz} Hz, range ${profile.pitchRangeSemitones} st, ${profile.speakingRateSyllablesPerSecond} syll/s, formants ${JSON.stringify(readDspProfileData(profile)!.formantsHz)} (load ${load()})`,
  );

  const converted = path.join(dir, 'converted.wav');
  const conversion = await timed(() => createDspVoiceConverter().doConvert({ audioFile: source, target: { profile }, outputFile: converted }));
  const after = await measureVoiceInFiles([converted]);
  const [sourceInfo, convertedInfo] = await Promise.all([probeMedia(source), probeMedia(converted)]);
  console.info(
    `dsp:voice-match (flite awb → profile): ${conversion.ms.toFixed(0)} ms → RTF ${(conversion.ms / 1000 / seconds).toFixed(3)} (ms: ${steps(conversion.result.timings?.stepsMs)}); median ${after.medianPitchHz} Hz (${((100 * after.medianPitchHz!) / profile.medianPitchHz! - 100).toFixed(2)} %), duration ${sourceInfo.durationSeconds} → ${convertedInfo.durationSeconds} s (load ${load()})`,
  );

  for (const [name, synthesizer, voice] of [
    ['festival', createFestival(), readDspProfileData(profile)!.baseVoice.voices.festival],
    ['espeak', createEspeak(), readDspProfileData(profile)!.baseVoice.voices.espeak],
  ] as const) {
    const outputFile = path.join(dir, `synth-${name}.wav`);
    const synthesis = await timed(() => synthesizeWithProfile({ synthesizer, baseVoice: voice, profile, text: SENTENCE, outputFile }));
    const match = synthesis.result.profileMatch;
    console.info(
      `synthesizeWithProfile ${name}/${voice}: ${synthesis.ms.toFixed(0)} ms for ${synthesis.result.audio.durationSeconds.toFixed(1)} s → RTF ${(synthesis.ms / 1000 / synthesis.result.audio.durationSeconds).toFixed(3)} (ms: ${steps(synthesis.result.timings?.stepsMs)}); ${match.basePitchHz} → ${match.outputPitchHz} Hz (${((100 * match.outputPitchHz!) / profile.medianPitchHz! - 100).toFixed(2)} %), formants ×${match.formantRatio}, tempo ×${match.tempo} (load ${load()})`,
    );
  }

  const noisy = path.join(dir, 'noisy.wav');
  await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', source, '-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.03:seed=3', '-filter_complex', '[0:a][1:a]amix=inputs=2:duration=first:normalize=0', noisy]);
  const rnnoise = createRnnoise();
  await rnnoise.doSeparate({ audioFile: noisy, outputs: { vocals: path.join(dir, 'warm.wav') } });
  const denoise = await timed(() => rnnoise.doSeparate({ audioFile: noisy, outputs: { vocals: path.join(dir, 'vocals.wav'), noise: path.join(dir, 'noise.wav') } }));
  console.info(`rnnoise:rnnoise: ${denoise.ms.toFixed(0)} ms → RTF ${(denoise.ms / 1000 / seconds).toFixed(3)} (RNNoise itself ${denoise.result.timings!.stepsMs!.denoiseMs!.toFixed(0)} ms) (load ${load()})`);

  const fasttext = createFasttext();
  const first = await timed(() => fasttext.doIdentify({ text: 'Warming up the model.' }));
  const sentences = [SENTENCE, '今天天气很好，我们去公园散步吧。', 'Der Ausschuss traf sich am Dienstag.', '오늘 날씨가 정말 좋네요.', 'Le comité s’est réuni mardi.'];
  const many = await timed(async () => {
    for (let round = 0; round < 40; round++) for (const text of sentences) await fasttext.doIdentify({ text });
  });
  console.info(`fasttext:lid-176: first call (loads WASM + model) ${first.ms.toFixed(0)} ms; then ${((many.ms * 1000) / 200).toFixed(0)} µs per sentence (load ${load()})`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
