/**
 * bench:tts — the local speech synthesizers' speed on this machine: real-time factor (wall time /
 * audio duration; lower is faster) per voice, without and with word timings, median of N runs.
 * Figures, not assertions.
 * Then, through the product's own code (scripts/bench/tts-pipeline.ts): time to the first playable
 * sentence of a 2,000-character script (target < 300 ms) and the total time of a 50,000-character
 * script through the text-to-speech pipeline, for the product voices.
 *   npm run bench:tts [-- --runs 3 --engines festival:festival,flite:flite,espeak:espeak-ng]
 *   npm run bench:tts -- --skip-rtf --long-voices espeak:espeak-ng/en-us+f3   (product figures only)
 *
 * Each figure is an exported function so that other benchmarks (time to first sentence, long texts
 * through the product pipeline) can reuse the voice list and the measurement.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createLocalEngineRegistry, type EngineRegistry, type SpeechSynthesizer } from '../../packages/engines/src/index.ts';
import { createBenchEngines, firstSentenceMs, pipelineSeconds } from './tts-pipeline.ts';

/** Product voices measured end to end: the default local voice of each engine. */
const PRODUCT_VOICES = ['espeak:espeak-ng/en-us+f3', 'flite:flite/slt', 'festival:festival/cmu_us_slt_arctic_hts', 'espeak:espeak-ng/cmn+f3'];

async function printProductFigures(longVoices: readonly string[], characters: number): Promise<void> {
  const engines = createBenchEngines();
  console.info('\ntime to the first playable sentence (2,000-character script; parse + synthesise + WAV at the engine rate, as /api/text-to-speech/preview), median of 5 after a warm-up');
  for (const voice of PRODUCT_VOICES) console.info(`  ${voice.padEnd(42)} ${(await firstSentenceMs(engines, voice)).toFixed(0).padStart(6)} ms`);
  console.info(`\n${characters.toLocaleString('en')} characters through the text-to-speech.synthesize pipeline (2 sentences at a time, assembly, MP3 + SRT + VTT)`);
  for (const voice of longVoices) {
    const result = await pipelineSeconds(engines, voice, characters);
    console.info(`  ${voice.padEnd(42)} ${result.seconds.toFixed(1).padStart(7)} s for ${result.sentences} sentences, ${(result.audioSeconds / 60).toFixed(1)} min of audio (RTF ${(result.seconds / result.audioSeconds).toFixed(3)})`);
  }
}

/** About 200 characters per language: long enough to measure, short enough to repeat. */
export const BENCH_TEXTS: Record<string, string> = {
  en: 'The committee met on Tuesday to discuss the new budget. After a long debate, the members agreed to fund the library for another year, and the meeting ended before noon.',
  it: 'Il comitato si è riunito martedì per discutere il nuovo bilancio. Dopo un lungo dibattito, i membri hanno deciso di finanziare la biblioteca per un altro anno.',
  ru: 'Комитет собрался во вторник, чтобы обсудить новый бюджет. После долгих споров члены комитета согласились финансировать библиотеку ещё один год.',
  ca: 'El comitè es va reunir dimarts per parlar del nou pressupost. Després d’un llarg debat, els membres van acordar finançar la biblioteca un any més.',
  cs: 'Výbor se v úterý sešel, aby projednal nový rozpočet. Po dlouhé debatě se členové dohodli, že knihovnu budou financovat ještě jeden rok.',
  fi: 'Valiokunta kokoontui tiistaina keskustelemaan uudesta talousarviosta. Pitkän keskustelun jälkeen jäsenet sopivat rahoittavansa kirjastoa vielä vuoden.',
  hi: 'समिति ने नए बजट पर चर्चा करने के लिए मंगलवार को बैठक की। लंबी बहस के बाद सदस्य पुस्तकालय को एक और साल के लिए धन देने पर सहमत हुए।',
  es: 'El comité se reunió el martes para hablar del nuevo presupuesto. Después de un largo debate, los miembros acordaron financiar la biblioteca un año más.',
  de: 'Der Ausschuss traf sich am Dienstag, um über den neuen Haushalt zu sprechen. Nach langer Debatte einigten sich die Mitglieder, die Bibliothek ein weiteres Jahr zu finanzieren.',
  fr: 'Le comité s’est réuni mardi pour discuter du nouveau budget. Après un long débat, les membres ont accepté de financer la bibliothèque pour une année de plus.',
  zh: '委员会星期二开会讨论新的预算。经过长时间的辩论，委员们同意再为图书馆提供一年的资金，会议在2026年3月15日中午前结束。',
  yue: '委員會星期二開會討論新嘅預算。經過長時間嘅辯論，委員同意再資助圖書館一年。',
};

export interface BenchVoice {
  engineId: string;
  voice: string;
  /** Key of `BENCH_TEXTS`. */
  language: string;
}

/** A few espeak-ng voices: the languages users ask for most, Mandarin through pinyin. */
const ESPEAK_VOICES: BenchVoice[] = [
  { engineId: 'espeak:espeak-ng', voice: 'en-us', language: 'en' },
  { engineId: 'espeak:espeak-ng', voice: 'en-gb', language: 'en' },
  { engineId: 'espeak:espeak-ng', voice: 'es', language: 'es' },
  { engineId: 'espeak:espeak-ng', voice: 'de', language: 'de' },
  { engineId: 'espeak:espeak-ng', voice: 'fr-fr', language: 'fr' },
  { engineId: 'espeak:espeak-ng', voice: 'cmn', language: 'zh' },
  { engineId: 'espeak:espeak-ng', voice: 'yue', language: 'yue' },
];

/** Every installed festival and flite voice (as their engines list them), and the espeak-ng voices above. */
export async function localBenchVoices(registry: EngineRegistry, engineIds: readonly string[]): Promise<BenchVoice[]> {
  const voices: BenchVoice[] = [];
  for (const engineId of engineIds) {
    if (engineId === 'espeak:espeak-ng') {
      voices.push(...ESPEAK_VOICES);
      continue;
    }
    const synthesizer = await registry.load(engineId, 'speech-synthesizer');
    for (const voice of await synthesizer.listVoices()) {
      const language = voice.languages.map((tag) => tag.split('-')[0]!).find((tag) => tag in BENCH_TEXTS);
      if (language) voices.push({ engineId, voice: voice.id, language });
    }
  }
  return voices;
}

export interface RealTimeFactor {
  characters: number;
  audioSeconds: number;
  /** Median wall time without word timings. */
  synthesisMs: number;
  /** Median wall time with word timings (what the product asks for). */
  withTimingsMs: number;
  rtf: number;
  rtfWithTimings: number;
  words: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Real-time factor of one voice on one text: one warm-up call, then the median of `runs`. */
export async function measureRealTimeFactor(synthesizer: SpeechSynthesizer, voice: string, text: string, options: { runs: number; dir: string }): Promise<RealTimeFactor> {
  const outputFile = path.join(options.dir, `${synthesizer.engineId.replace(':', '-')}-${voice}.wav`);
  await synthesizer.doSynthesize({ text, voice, outputFile, wordTimings: false });
  const plain: number[] = [];
  const timed: number[] = [];
  let audioSeconds = 0;
  let words = 0;
  for (let run = 0; run < options.runs; run++) {
    let started = performance.now();
    const result = await synthesizer.doSynthesize({ text, voice, outputFile, wordTimings: false });
    plain.push(performance.now() - started);
    audioSeconds = result.audio.durationSeconds;
    started = performance.now();
    const withTimings = await synthesizer.doSynthesize({ text, voice, outputFile });
    timed.push(performance.now() - started);
    words = withTimings.words.length;
  }
  const synthesisMs = median(plain);
  const withTimingsMs = median(timed);
  return { characters: text.length, audioSeconds, synthesisMs, withTimingsMs, rtf: synthesisMs / 1000 / audioSeconds, rtfWithTimings: withTimingsMs / 1000 / audioSeconds, words };
}

/** Measures every voice and prints one row per voice as it goes. */
export async function printRealTimeFactors(registry: EngineRegistry, voices: readonly BenchVoice[], options: { runs: number; dir: string }): Promise<Array<BenchVoice & RealTimeFactor>> {
  console.info(`real-time factor = wall time / audio duration (lower is faster); median of ${options.runs} runs\n`);
  console.info('engine             voice                    lang  chars  audio s  synth ms  RTF     +timings ms  RTF     words');
  const rows: Array<BenchVoice & RealTimeFactor> = [];
  for (const entry of voices) {
    const synthesizer = await registry.load(entry.engineId, 'speech-synthesizer');
    const figures = await measureRealTimeFactor(synthesizer, entry.voice, BENCH_TEXTS[entry.language]!, options);
    rows.push({ ...entry, ...figures });
    console.info(
      `${entry.engineId.padEnd(17)}  ${entry.voice.padEnd(23)}  ${entry.language.padEnd(4)}  ${String(figures.characters).padStart(5)}  ${figures.audioSeconds.toFixed(2).padStart(7)}  ${figures.synthesisMs.toFixed(0).padStart(8)}  ${figures.rtf.toFixed(4)}  ${figures.withTimingsMs.toFixed(0).padStart(11)}  ${figures.rtfWithTimings.toFixed(4)}  ${String(figures.words).padStart(5)}`,
    );
  }
  return rows;
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      engines: { type: 'string', default: 'festival:festival,flite:flite,espeak:espeak-ng' },
      'skip-rtf': { type: 'boolean', default: false },
      'long-voices': { type: 'string', default: 'espeak:espeak-ng/en-us+f3,flite:flite/slt,festival:festival/cmu_us_slt_arctic_hts' },
      characters: { type: 'string', default: '50000' },
    },
  });
  const registry = createLocalEngineRegistry();
  const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-bench-tts-'));
  try {
    if (!values['skip-rtf']) {
      const voices = await localBenchVoices(registry, values.engines.split(',').map((id) => id.trim()));
      await printRealTimeFactors(registry, voices, { runs: Number(values.runs), dir });
    }
    await printProductFigures(values['long-voices'].split(',').map((id) => id.trim()).filter(Boolean), Number(values.characters));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
