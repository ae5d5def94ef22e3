/**
 * The Scheme program festival runs for one synthesis, and the reading of what it reports. Pure:
 * the adapter writes the script and the text to files and runs `festival -b script.scm`.
 *
 * The text never enters the script: festival reads it from a file with `tts_file`, which splits it
 * into utterances (sentences) as `text2wave` does. A hook synthesises each utterance, appends its
 * samples to one WAV and writes, per token, the token's name and the start/end of each word it
 * became (`$5` → five, dollars), offset by the audio already written.
 */
import type { WordTiming } from '../capabilities/speech-synthesizer.ts';
import type { FestivalSpeedMethod } from './festival-voices.ts';
import { FESTIVAL_VOICE_NAME } from './festival-voices.ts';

/** A Scheme string literal: backslash and double quote escaped; control characters refused. */
export function schemeString(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f]/.test(value)) throw new Error('a Scheme string may not hold control characters');
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

const schemeNumber = (value: number) => {
  if (!Number.isFinite(value)) throw new Error(`not a number: ${value}`);
  return String(Number(value.toFixed(4)));
};

export interface FestivalScriptOptions {
  voice: string;
  textFile: string;
  wavFile: string;
  wordsFile: string;
  speedMethod: FestivalSpeedMethod;
  /** Speaking rate multiple; applied in festival for `hts` and `duration-stretch` voices. */
  speed: number;
}

export function festivalScript(options: FestivalScriptOptions): string {
  if (!FESTIVAL_VOICE_NAME.test(options.voice)) throw new Error(`not a festival voice name: ${options.voice}`);
  const rate: string[] = [];
  if (options.speed !== 1 && options.speedMethod === 'duration-stretch') rate.push(`(Parameter.set 'Duration_Stretch ${schemeNumber(1 / options.speed)})`);
  if (options.speed !== 1 && options.speedMethod === 'hts') rate.push(`(set! hts_engine_params (append hts_engine_params (list (list "-r" ${schemeNumber(options.speed)}))))`);
  return `;; Voxwork: one synthesis (generated; the text is read from a file).
(voice_${options.voice})
${rate.join('\n')}
(defvar voxwork_wave_fp (fopen ${schemeString(options.wavFile)} "wb"))
(defvar voxwork_words_fp (fopen ${schemeString(options.wordsFile)} "wb"))
(defvar voxwork_samples 0)
(defvar voxwork_last_utt nil)
(define (voxwork_record utt)
  (let ((rate (cadr (assoc 'sample_rate (wave.info (utt.wave utt)))))
        (count (get_param 'num_samples (wave.info (utt.wave utt)) 0))
        (offset 0)
        (token (utt.relation.first utt 'Token)))
    (set! offset (/ voxwork_samples rate))
    (if (eq? voxwork_samples 0)
        (wave.save.header voxwork_wave_fp (utt.wave utt) 'riff nil (list (list "numsamples" 0))))
    (while token
      (format voxwork_words_fp "T\\t%s\\n" (item.name token))
      (mapcar
        (lambda (word)
          (format voxwork_words_fp "W\\t%f\\t%f\\n" (+ offset (item.feat word "word_start")) (+ offset (item.feat word "word_end"))))
        (item.daughters token))
      (set! token (item.next token)))
    (set! voxwork_samples (+ voxwork_samples count))
    (format voxwork_words_fp "U\\t%f\\n" (/ voxwork_samples rate))
    (wave.save.data.fp (utt.wave utt) voxwork_wave_fp 'riff nil)
    (set! voxwork_last_utt utt)))
(set! tts_hooks (list utt.synth voxwork_record))
(tts_file ${schemeString(options.textFile)} nil)
(if voxwork_last_utt
    (begin
      (fseek voxwork_wave_fp 0 0)
      (wave.save.header voxwork_wave_fp (utt.wave voxwork_last_utt) 'riff nil (list (list "numsamples" voxwork_samples)))))
(fclose voxwork_wave_fp)
(fclose voxwork_words_fp)
`;
}

export interface FestivalToken {
  name: string;
  /** The words festival made of the token that take time (punctuation words take none). */
  words: Array<{ startSeconds: number; endSeconds: number }>;
}

/** Reads the `T`/`W`/`U` lines the script writes. */
export function parseFestivalWords(output: string): { tokens: FestivalToken[]; utterances: number } {
  const tokens: FestivalToken[] = [];
  let utterances = 0;
  for (const line of output.split('\n')) {
    const [kind, first = '', second = ''] = line.split('\t');
    if (kind === 'T') tokens.push({ name: first, words: [] });
    else if (kind === 'W') {
      const startSeconds = Number(first);
      const endSeconds = Number(second);
      if (Number.isFinite(startSeconds) && Number.isFinite(endSeconds) && endSeconds > startSeconds) tokens.at(-1)?.words.push({ startSeconds, endSeconds });
    } else if (kind === 'U') utterances++;
  }
  return { tokens, utterances };
}

const SPACE = /\s/u;

/**
 * Festival's tokens with their words' times → word timings on the input text. Each token's name
 * is looked for in the text after the previous one (festival strips punctuation into features);
 * the span then grows over the punctuation touching it, as far as the neighbouring tokens, so
 * that `text` reads as in the input (`"Hello,`). A token festival renamed (not found nearby) keeps
 * its name and an empty span at the current position.
 */
export function festivalWordTimings(tokens: readonly FestivalToken[], text: string, durationSeconds: number): { words: WordTiming[]; unmatched: number } {
  const lowerText = text.toLowerCase();
  const spans: Array<{ start: number; end: number; found: boolean; token: FestivalToken }> = [];
  let cursor = 0;
  let unmatched = 0;
  for (const token of tokens) {
    if (token.words.length === 0 || token.name === '') continue;
    let at = text.indexOf(token.name, cursor);
    if (at < 0 || at - cursor > 200) at = lowerText.indexOf(token.name.toLowerCase(), cursor);
    if (at < 0 || at - cursor > 200) {
      unmatched++;
      spans.push({ start: cursor, end: cursor, found: false, token });
      continue;
    }
    spans.push({ start: at, end: at + token.name.length, found: true, token });
    cursor = at + token.name.length;
  }
  for (let index = 0; index < spans.length; index++) {
    const span = spans[index]!;
    if (!span.found) continue;
    const floor = index > 0 ? spans[index - 1]!.end : 0;
    const ceiling = index + 1 < spans.length ? spans[index + 1]!.start : text.length;
    while (span.start > floor && !SPACE.test(text[span.start - 1]!)) span.start--;
    while (span.end < ceiling && !SPACE.test(text[span.end]!)) span.end++;
  }
  const words: WordTiming[] = [];
  let previousEnd = 0;
  for (const span of spans) {
    const startSeconds = Math.min(durationSeconds, Math.max(previousEnd, span.token.words[0]!.startSeconds));
    const endSeconds = Math.min(durationSeconds, Math.max(startSeconds, span.token.words.at(-1)!.endSeconds));
    words.push({ text: span.found ? text.slice(span.start, span.end) : span.token.name, startSeconds, endSeconds, charStart: span.start, charEnd: span.end });
    previousEnd = endSeconds;
  }
  return { words, unmatched };
}
