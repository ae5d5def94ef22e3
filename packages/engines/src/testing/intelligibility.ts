/**
 * How intelligible a local English voice is: it speaks a fixed set of short everyday sentences
 * (written for this purpose, about ten words each, numbers spelled out), pocketsphinx transcribes
 * the audio, and the word error rate (case and punctuation ignored, Levenshtein on words) is the
 * figure. Shared by `tests/integration/tts-intelligibility.test.ts` (a regression check) and
 * `npm run bench:intelligibility` (the table for every voice).
 *
 * The sentences are everyday prose (news, announcements, narration: what users give a TTS tool),
 * not Harvard sentences. pocketsphinx's n-gram language model is trained on such prose; Harvard
 * sentences are deliberately unusual and measure the recognizer's language model more than the
 * voice (festival SLT: 32.9 % on Harvard list 1, 0 % on a news paragraph, same machine).
 * pocketsphinx is weak (35 % WER on real read speech), so these figures rank the voices and catch
 * regressions (text handling, rates, broken audio); they are not absolute scores.
 */
import path from 'node:path';
import type { SpeechRecognizer } from '../capabilities/speech-recognizer.ts';
import type { EngineRegistry } from '../registry/engine-registry.ts';
import { wordErrorRate, type WordErrorRate } from './word-error-rate.ts';

export const INTELLIGIBILITY_SENTENCES = [
  'The city council approved a new plan to repair the old bridge.',
  'Prices for fresh food rose again last month, the report said.',
  'Schools will open one hour later during the winter season.',
  'The company hired two hundred workers at its new factory.',
  'Heavy rain is expected across the northern region this weekend.',
  'The museum will offer free tickets to students on Fridays.',
  'Doctors advise people to drink water and rest when they are sick.',
  'The team won the final game after a long and difficult season.',
  'Local farmers hope the warm weather will bring a good harvest.',
  'The new library has more than ten thousand books for children.',
  'Officials said the airport would reopen early on Monday morning.',
  'Many families travel to the coast during the summer holidays.',
] as const;

export interface IntelligibilityVoice {
  engine: string;
  voice: string;
  label: string;
}

/** The local English voices, as decision 016 ranks them. */
export const INTELLIGIBILITY_VOICES: readonly IntelligibilityVoice[] = [
  { engine: 'festival:festival', voice: 'cmu_us_slt_arctic_hts', label: 'festival slt (HTS)' },
  { engine: 'festival:festival', voice: 'kal_diphone', label: 'festival kal (diphone)' },
  { engine: 'festival:festival', voice: 'ked_diphone', label: 'festival ked (diphone)' },
  { engine: 'flite:flite', voice: 'slt', label: 'flite slt' },
  { engine: 'flite:flite', voice: 'rms', label: 'flite rms' },
  { engine: 'flite:flite', voice: 'awb', label: 'flite awb' },
  { engine: 'flite:flite', voice: 'kal', label: 'flite kal (8 kHz)' },
  { engine: 'espeak:espeak-ng', voice: 'en-us', label: 'espeak-ng en-us' },
];

export interface IntelligibilityRow {
  label: string;
  wer: WordErrorRate;
  audioSeconds: number;
  heard: string;
}

/** One voice speaks `sentences` in one call (its own sentence pauses), pocketsphinx transcribes it. */
export async function measureIntelligibility(
  registry: EngineRegistry,
  recognizer: SpeechRecognizer,
  { engine, voice, label }: IntelligibilityVoice,
  dir: string,
  sentences: readonly string[] = INTELLIGIBILITY_SENTENCES,
): Promise<IntelligibilityRow> {
  const synthesizer = await registry.load(engine, 'speech-synthesizer');
  const outputFile = path.join(dir, `${engine.replace(':', '-')}-${voice}-${sentences.length}.wav`);
  const spoken = await synthesizer.doSynthesize({ text: sentences.join('\n\n'), voice, outputFile, wordTimings: false });
  const recognized = await recognizer.doRecognize({ audioFile: outputFile, language: 'en-us' });
  const heard = recognized.segments.map((segment) => segment.text).join(' ');
  return { label, wer: wordErrorRate(sentences.join(' '), heard), audioSeconds: spoken.audio.durationSeconds, heard };
}

/** The table the bench prints, best voice first. */
export function intelligibilityTable(rows: readonly IntelligibilityRow[], sentenceCount: number): string {
  return [
    `intelligibility: ${sentenceCount} sentences, ${rows[0]?.wer.referenceWords ?? 0} words, transcribed by pocketsphinx 0.8 (en-us)`,
    'voice                     audio s   WER      sub  del  ins',
    ...[...rows]
      .sort((a, b) => a.wer.rate - b.wer.rate)
      .map(
        (row) =>
          `${row.label.padEnd(24)}  ${row.audioSeconds.toFixed(1).padStart(6)}  ${(row.wer.rate * 100).toFixed(1).padStart(5)} %  ${String(row.wer.substitutions).padStart(4)} ${String(row.wer.deletions).padStart(4)} ${String(row.wer.insertions).padStart(4)}`,
      ),
  ].join('\n');
}
