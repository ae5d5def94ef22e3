import type { RecognizedSegment, RecognizedWord } from '../capabilities/speech-recognizer.ts';

export const POCKETSPHINX_ENGINE_ID = 'pocketsphinx:en-us';
export const POCKETSPHINX_LANGUAGES = ['en-us', 'en'] as const;

const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)$/;
/** `<s>`, `</s>`, `<sil>`, `[NOISE]`, `[SPEECH]`, `++BREATH++`: not words. */
const FILLER = /^(?:<.*>|\[.*\]|\+\+.*\+\+)$/;

/**
 * `pocketsphinx_continuous -time yes` output: per utterance, the hypothesis on one line, then one
 * line per word and filler: `word(2) 0.560 0.900 0.998701` (alternate pronunciations numbered,
 * start and end in seconds, posterior probability).
 */
export function parsePocketsphinxOutput(stdout: string): RecognizedSegment[] {
  const segments: RecognizedSegment[] = [];
  let words: RecognizedWord[] = [];
  const close = () => {
    if (words.length) {
      segments.push({ text: words.map((word) => word.text).join(' '), startSeconds: words[0]!.startSeconds, endSeconds: words.at(-1)!.endSeconds, words, speaker: undefined });
    }
    words = [];
  };
  for (const line of stdout.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    const match = WORD_LINE.exec(trimmed);
    if (!match) {
      close();
      continue;
    }
    const [, token = '', start = '0', end = '0', probability = '0'] = match;
    const text = token.replace(/\(\d+\)$/, '');
    if (FILLER.test(text)) continue;
    words.push({ text, startSeconds: Number(start), endSeconds: Math.max(Number(start), Number(end)), confidence: Math.min(1, Math.max(0, Number(probability))) });
  }
  close();
  return segments;
}
