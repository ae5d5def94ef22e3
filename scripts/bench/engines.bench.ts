/**
 * bench:engines — the local engines' speed on this machine: espeak-ng real-time factor per
 * language (synthesis alone, and with the approximate word timings), and silero VAD throughput
 * (decode + model, 512-sample frames). Figures, not assertions.
 *   npm run bench:engines [-- --runs 5 --vad-seconds 120]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createLocalEngineRegistry, createSilero } from '../../packages/engines/src/index.ts';
import { makeLongSpeech } from '../../packages/engines/src/testing/generated-media.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, 'vad-seconds': { type: 'string', default: '120' } } });
const runs = Number(values.runs);
const vadSeconds = Number(values['vad-seconds']);

const TEXTS: Array<{ voice: string; text: string }> = [
  { voice: 'en-us', text: 'The committee met on Tuesday to discuss the new budget. After a long debate, the members agreed to fund the library for another year, and the meeting ended before noon.' },
  { voice: 'en-gb', text: 'The committee met on Tuesday to discuss the new budget. After a long debate, the members agreed to fund the library for another year, and the meeting ended before noon.' },
  { voice: 'es', text: 'El comité se reunió el martes para hablar del nuevo presupuesto. Después de un largo debate, los miembros acordaron financiar la biblioteca un año más.' },
  { voice: 'de', text: 'Der Ausschuss traf sich am Dienstag, um über den neuen Haushalt zu sprechen. Nach langer Debatte einigten sich die Mitglieder, die Bibliothek ein weiteres Jahr zu finanzieren.' },
  { voice: 'fr-fr', text: 'Le comité s’est réuni mardi pour discuter du nouveau budget. Après un long débat, les membres ont accepté de financer la bibliothèque pour une année de plus.' },
  { voice: 'it', text: 'Il comitato si è riunito martedì per discutere il nuovo bilancio. Dopo un lungo dibattito, i membri hanno deciso di finanziare la biblioteca per un altro anno.' },
  { voice: 'pt', text: 'O comitê reuniu-se na terça-feira para discutir o novo orçamento. Depois de um longo debate, os membros decidiram financiar a biblioteca por mais um ano.' },
  { voice: 'ru', text: 'Комитет собрался во вторник, чтобы обсудить новый бюджет. После долгих споров члены комитета согласились финансировать библиотеку ещё один год.' },
  { voice: 'cmn-latn-pinyin', text: '委员会星期二开会讨论新的预算。经过长时间的辩论，委员们同意再为图书馆提供一年的资金。' },
  { voice: 'yue', text: '委員會星期二開會討論新嘅預算。經過長時間嘅辯論，委員同意再資助圖書館一年。' },
  { voice: 'ja', text: 'いいんかいは かようびに あたらしい よさんに ついて はなしあいました。' },
  { voice: 'ko', text: '위원회는 화요일에 새 예산을 논의하기 위해 모였습니다. 긴 토론 끝에 위원들은 도서관에 일 년 더 자금을 지원하기로 합의했습니다.' },
  { voice: 'ar', text: 'اجتمعت اللجنة يوم الثلاثاء لمناقشة الميزانية الجديدة. وبعد نقاش طويل، وافق الأعضاء على تمويل المكتبة لسنة أخرى.' },
  { voice: 'hi', text: 'समिति ने नए बजट पर चर्चा करने के लिए मंगलवार को बैठक की। लंबी बहस के बाद सदस्य पुस्तकालय को एक और साल के लिए धन देने पर सहमत हुए।' },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const registry = createLocalEngineRegistry();
const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-bench-engines-'));

try {
  const espeak = await registry.load('espeak:espeak-ng', 'speech-synthesizer');
  await espeak.listVoices();
  console.info(`espeak-ng: median of ${runs} runs per voice; RTF = wall time / audio duration (lower is faster)\n`);
  console.info('voice               chars  audio s  synth ms  RTF     +timings ms  RTF     words  timing method');
  for (const { voice, text } of TEXTS) {
    const outputFile = path.join(dir, `${voice}.wav`);
    const plain: number[] = [];
    const timed: number[] = [];
    let audioSeconds = 0;
    let words = 0;
    let method = '';
    for (let run = 0; run < runs; run++) {
      let started = performance.now();
      const result = await espeak.doSynthesize({ text, voice, outputFile, wordTimings: false });
      plain.push(performance.now() - started);
      audioSeconds = result.audio.durationSeconds;
      started = performance.now();
      const withTimings = await espeak.doSynthesize({ text, voice, outputFile });
      timed.push(performance.now() - started);
      words = withTimings.words.length;
      const warning = withTimings.warnings.find((entry) => entry.type === 'approximate-output' && entry.output === 'words');
      method = warning?.type === 'approximate-output' ? (/some words/.test(warning.details) ? 'probe, partly by weight' : /probe/.test(warning.details) ? 'probe, one to one' : 'by length') : 'none';
    }
    const plainMs = median(plain);
    const timedMs = median(timed);
    console.info(
      `${voice.padEnd(18)}  ${String(text.length).padStart(5)}  ${audioSeconds.toFixed(2).padStart(7)}  ${plainMs.toFixed(1).padStart(8)}  ${(plainMs / 1000 / audioSeconds).toFixed(4)}  ${timedMs.toFixed(1).padStart(11)}  ${(timedMs / 1000 / audioSeconds).toFixed(4)}  ${String(words).padStart(5)}  ${method}`,
    );
  }

  console.info(`\nsilero VAD v4 (onnxruntime-node CPU, 512-sample frames) on ${vadSeconds} s of espeak speech`);
  const vad = await registry.load('silero:vad-v4', 'voice-activity-detector');
  const longFile = await makeLongSpeech(dir, 'long.wav', vadSeconds);
  const firstStarted = performance.now();
  const first = await vad.doDetect({ audioFile: longFile });
  const firstMs = performance.now() - firstStarted;
  const totals: number[] = [];
  const decodes: number[] = [];
  const inferences: number[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await vad.doDetect({ audioFile: longFile });
    totals.push(result.timings!.totalMs);
    decodes.push(result.timings!.stepsMs!.decodeMs!);
    inferences.push(result.timings!.stepsMs!.inferenceMs!);
  }
  const frames = Math.ceil((vadSeconds * 16_000) / 512);
  console.info(`segments ${first.segments.length}, speech ratio ${first.speechRatio.toFixed(3)}`);
  console.info(`first call (loads onnxruntime and the model): ${firstMs.toFixed(0)} ms; model load ≈ ${(firstMs - median(totals)).toFixed(0)} ms`);
  console.info(`median total ${median(totals).toFixed(0)} ms → ${(vadSeconds / (median(totals) / 1000)).toFixed(0)}× real time`);
  console.info(`  decode ${median(decodes).toFixed(0)} ms, model ${median(inferences).toFixed(0)} ms → ${((frames / median(inferences)) * 1000).toFixed(0)} frames/s, ${((median(inferences) * 1000) / frames).toFixed(0)} µs per 32 ms frame`);
  for (const frameSamples of [1024, 1536] as const) {
    const coarse = createSilero({ frameSamples });
    await coarse.doDetect({ audioFile: longFile });
    const times: number[] = [];
    let ratio = 0;
    for (let run = 0; run < runs; run++) {
      const result = await coarse.doDetect({ audioFile: longFile });
      times.push(result.timings!.totalMs);
      ratio = result.speechRatio;
    }
    console.info(`${frameSamples}-sample frames (${(frameSamples / 16).toFixed(0)} ms): median total ${median(times).toFixed(0)} ms → ${(vadSeconds / (median(times) / 1000)).toFixed(0)}× real time, speech ratio ${ratio.toFixed(3)}`);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
