import type { SpokenWord } from '../engines/speech-engines.port.ts';

export interface Cue {
  start: number;
  end: number;
  text: string;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Subtitle cues from word timings: one sentence per cue at most, split so that a cue holds at most
 * `maxCharacters` (42, the usual subtitle line) and lasts at most `maxSeconds`; Chinese and Japanese
 * words join without spaces.
 */
export function cuesFromWords(sentences: ReadonlyArray<{ words: readonly SpokenWord[] }>, options: { maxCharacters?: number; maxSeconds?: number } = {}): Cue[] {
  const maxCharacters = options.maxCharacters ?? 42;
  const maxSeconds = options.maxSeconds ?? 6;
  const cues: Cue[] = [];
  for (const sentence of sentences) {
    let current: SpokenWord[] = [];
    const join = (words: readonly SpokenWord[]) =>
      words.reduce((text, word, index) => (index > 0 && !(CJK.test(word.text[0] ?? '') && CJK.test(text.at(-1) ?? '')) ? `${text} ${word.text}` : `${text}${word.text}`), '');
    const flush = () => {
      if (!current.length) return;
      cues.push({ start: current[0]!.startSeconds, end: current.at(-1)!.endSeconds, text: join(current).trim() });
      current = [];
    };
    for (const word of sentence.words) {
      if (!word.text.trim()) continue;
      const candidate = [...current, word];
      if (current.length && (join(candidate).length > maxCharacters || word.endSeconds - current[0]!.startSeconds > maxSeconds)) flush();
      current.push(word);
    }
    flush();
  }
  // Cues never overlap: a cue ends where the next begins at the latest.
  for (let index = 0; index < cues.length - 1; index++) cues[index]!.end = Math.min(cues[index]!.end, cues[index + 1]!.start);
  return cues.filter((cue) => cue.end > cue.start && cue.text);
}
