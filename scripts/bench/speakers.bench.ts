/**
 * bench:speakers — speech segments and speakers (`findSpeakers`, signal processing) on generated
 * conversations of flite voices over music beds: boundary error per line, speaker accuracy with
 * the count hint and without it (count estimated), gated by silero VAD (as the server runs it),
 * against the spectral VAD alone and silero's own segments; a real voice (festival's Russian
 * recordings) alone and with slt; then speed on a long recording. The load average is printed
 * with the figures: on shared build machines it inflates the times.
 *   npm run bench:speakers [-- --long-minutes 10]
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { probeMedia, runFfmpeg } from '../../packages/media/src/index.ts';
import { createSilero, findSpeakers } from '../../packages/engines/src/index.ts';
import { boundaryErrors, lineSpeakersOf, makeConversation, MARKET_SCRIPT, musicBedSource, speakerAccuracy, type ConversationVoice } from '../../packages/engines/src/testing/generated-conversation.ts';
import { makeFliteSpeech } from '../../packages/engines/src/testing/generated-voices.ts';

const { values } = parseArgs({ options: { 'long-minutes': { type: 'string', default: '10' } } });
const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-bench-speakers-'));
const silero = createSilero();
const load = () => loadavg()[0]!.toFixed(1);
const recast = (map: Partial<Record<ConversationVoice, ConversationVoice>>) => MARKET_SCRIPT.map((line) => ({ ...line, voice: map[line.voice] ?? line.voice }));

const scenarios: Array<{ name: string; script: typeof MARKET_SCRIPT; musicDb: number; bed: 'tonal' | 'band'; speakers: number }> = [
  { name: 'slt/rms/awb, tonal bed −24 dB', script: MARKET_SCRIPT, musicDb: -24, bed: 'tonal', speakers: 3 },
  { name: 'slt/rms/awb, tonal bed −18 dB', script: MARKET_SCRIPT, musicDb: -18, bed: 'tonal', speakers: 3 },
  { name: 'slt/rms/awb, tonal bed −12 dB', script: MARKET_SCRIPT, musicDb: -12, bed: 'tonal', speakers: 3 },
  { name: 'slt/rms/awb, band (drums) −18 dB', script: MARKET_SCRIPT, musicDb: -18, bed: 'band', speakers: 3 },
  { name: 'slt/rms/awb, band (drums) −12 dB', script: MARKET_SCRIPT, musicDb: -12, bed: 'band', speakers: 3 },
  { name: 'rms/awb (two men), tonal −18 dB', script: recast({ slt: 'awb' }), musicDb: -18, bed: 'tonal', speakers: 2 },
  { name: 'slt/kal, tonal −18 dB', script: recast({ rms: 'kal', awb: 'kal' }), musicDb: -18, bed: 'tonal', speakers: 2 },
  { name: 'slt/rms/awb/kal (four), tonal −18 dB', script: MARKET_SCRIPT.map((line, index) => ({ ...line, voice: index % 4 === 3 ? 'kal' : line.voice })), musicDb: -18, bed: 'tonal', speakers: 4 },
];

console.info(`bench:speakers — load average ${load()}`);
for (const scenario of scenarios) {
  const conversation = await makeConversation(dir, { name: scenario.name.replace(/[^a-z0-9]+/gi, '-'), script: scenario.script, musicDb: scenario.musicDb, bed: scenario.bed });
  const voices = conversation.lines.map((line) => line.voice);
  const hinted = await findSpeakers(conversation.file, { speakerCount: scenario.speakers, vad: silero });
  const estimated = await findSpeakers(conversation.file, { vad: silero });
  const errors = boundaryErrors(hinted.segments, conversation.lines);
  const spectralOnly = await findSpeakers(conversation.file, { speakerCount: scenario.speakers });
  const spectralErrors = boundaryErrors(spectralOnly.segments, conversation.lines);
  const vad = await silero.doDetect({ audioFile: conversation.file, minSilenceMs: 250 });
  const sileroErrors = boundaryErrors(vad.segments, conversation.lines);
  const fmt = (list: number[]) => `worst ${Math.max(...list).toFixed(2)} s, ${list.filter((error) => error <= 0.3).length}/${list.length} ≤ 0.3 s`;
  console.info(
    `${scenario.name}: ${hinted.segments.length} segments / ${conversation.lines.length} lines; boundaries ${fmt(errors)} ` +
      `(spectral alone: ${spectralOnly.segments.length} segments, ${fmt(spectralErrors)}, speakers ${(speakerAccuracy(lineSpeakersOf(spectralOnly.segments, conversation.lines), voices) * 100).toFixed(0)} %; silero alone: ${vad.segments.length} segments, ${fmt(sileroErrors)}); ` +
      `speakers with hint ${(speakerAccuracy(lineSpeakersOf(hinted.segments, conversation.lines), voices) * 100).toFixed(0)} %, ` +
      `estimated ${estimated.speakers.length} (true ${scenario.speakers}), ${(speakerAccuracy(lineSpeakersOf(estimated.segments, conversation.lines), voices) * 100).toFixed(0)} %; ` +
      `pitches ${hinted.speakers.map((speaker) => `${speaker.medianPitchHz} Hz`).join(' / ')}; ${hinted.timings.totalMs.toFixed(0)} ms`,
  );
}

// A real voice: the recordings festival's Russian unit-selection voice is built from (one man,
// msu_ru_nsh, Debian's festvox-ru), alone and taking turns with flite's slt, over the tonal bed.
const RECORDINGS = '/usr/share/festival/voices/russian/msu_ru_nsh_clunits/wav';
if (existsSync(RECORDINGS)) {
  const recordings = readdirSync(RECORDINGS).filter((name) => name.endsWith('.wav')).sort().slice(0, 12).map((name) => path.join(RECORDINGS, name));
  for (const mixed of [false, true]) {
    const parts: Array<{ file: string; voice: string }> = [];
    for (const [index, file] of recordings.entries()) {
      parts.push(mixed && index % 2 === 1 ? { file: await makeFliteSpeech(dir, `real-slt-${index}.wav`, 'And this is the other speaker, answering for a while.', 'slt'), voice: 'slt' } : { file, voice: 'ru' });
    }
    let cursor = 1;
    const placed: Array<{ file: string; voice: string; startSeconds: number; endSeconds: number }> = [];
    for (const part of parts) {
      const seconds = (await probeMedia(part.file)).durationSeconds!;
      placed.push({ ...part, startSeconds: cursor, endSeconds: cursor + seconds });
      cursor += seconds + 0.7;
    }
    const total = Math.ceil(cursor + 1);
    const delays = placed.map((part, index) => `[${index + 1}:a]aresample=16000,adelay=${Math.round(part.startSeconds * 1000)}:all=1,apad,atrim=0:${total}[s${index}]`);
    const file = path.join(dir, `real-${mixed ? 'mixed' : 'alone'}.wav`);
    await runFfmpeg([
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', musicBedSource('tonal', -20, total), ...placed.flatMap((part) => ['-i', part.file]),
      '-filter_complex', `${delays.join(';')};${placed.map((_, index) => `[s${index}]`).join('')}amix=inputs=${placed.length}:normalize=0[speech];[0:a][speech]amix=inputs=2:normalize=0[out]`,
      '-map', '[out]', '-ac', '1', '-c:a', 'pcm_s16le', file,
    ]);
    const estimated = await findSpeakers(file, { vad: silero });
    const accuracy = speakerAccuracy(lineSpeakersOf(estimated.segments, placed.map((part) => ({ voice: 'slt' as const, startSeconds: part.startSeconds, endSeconds: part.endSeconds }))), placed.map((part) => part.voice));
    console.info(`real voice ${mixed ? 'with flite slt' : 'alone'} (12 recordings, tonal −20 dB): ${estimated.segments.length} segments, estimated ${estimated.speakers.length} speaker(s) (true ${mixed ? 2 : 1}) at ${estimated.speakers.map((speaker) => `${speaker.medianPitchHz} Hz`).join(' / ')}, ${(accuracy * 100).toFixed(0)} % of lines`);
  }
}

// Speed: the first conversation looped to the long length (its segments repeat; the clustering sees them all).
const minutes = Number(values['long-minutes']);
const base = await makeConversation(dir, { name: 'speed-base', musicDb: -18 });
const long = path.join(dir, 'long.wav');
await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-stream_loop', '-1', '-i', base.file, '-t', String(minutes * 60), '-c:a', 'pcm_s16le', long]);
const memoryBefore = process.memoryUsage().rss;
const started = performance.now();
const result = await findSpeakers(long, { vad: silero });
const ms = performance.now() - started;
console.info(
  `speed: ${minutes} min → ${result.segments.length} segments, ${result.speakers.length} speakers estimated, ${(ms / 1000).toFixed(1)} s wall (RTF ${(ms / 1000 / (minutes * 60)).toFixed(3)}), ` +
    `RSS +${((process.memoryUsage().rss - memoryBefore) / 1e6).toFixed(0)} MB; load average ${load()}`,
);
await rm(dir, { recursive: true, force: true });
