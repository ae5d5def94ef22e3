/**
 * The Scheme program festival runs for one synthesis, and the reading of what it reports. Pure:
 * the adapter writes the text to a file and runs the program (in a child of the festival server,
 * or with `festival -b`).
 *
 * The text never enters the program: it is split into utterances here (`festivalUtterances`) and
 * written as a file of Scheme strings in the voice's encoding, which the program reads as data
 * (`(load file t)`). Festival's own `tts_file` would split it too, but costs ≈ 0.5 s per call
 * whatever the text's length. Each utterance is synthesised, its samples appended to one WAV, and
 * per token the token's name and the start/end of each word it became (`$5` → five, dollars) are
 * written, offset by the audio already written.
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

/** `(voice_<name>)`, the call that selects a voice; only names of `FESTIVAL_VOICE_NAME` get in. */
export function voiceCall(voice: string): string {
  if (!FESTIVAL_VOICE_NAME.test(voice)) throw new Error(`not a festival voice name: ${voice}`);
  return `(voice_${voice})`;
}

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
  const selectVoice = voiceCall(options.voice);
  const rate: string[] = [];
  if (options.speed !== 1 && options.speedMethod === 'duration-stretch') rate.push(`(Parameter.set 'Duration_Stretch ${schemeNumber(1 / options.speed)})`);
  if (options.speed !== 1 && options.speedMethod === 'hts') rate.push(`(set! hts_engine_params (append hts_engine_params (list (list "-r" ${schemeNumber(options.speed)}))))`);
  return `;; Voxwork: one synthesis (generated; the text is read from a file).
${selectVoice}
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
(define voxwork_texts (load ${schemeString(options.textFile)} t))
(while voxwork_texts
  (voxwork_record (utt.synth (eval (list 'Utterance 'Text (car voxwork_texts)))))
  (set! voxwork_texts (cdr voxwork_texts)))
(if voxwork_last_utt
    (begin
      (fseek voxwork_wave_fp 0 0)
      (wave.save.header voxwork_wave_fp (utt.wave voxwork_last_utt) 'riff nil (list (list "numsamples" voxwork_samples)))))
(fclose voxwork_wave_fp)
(fclose voxwork_words_fp)
`;
}

/** Abbreviations after which a full stop does not end the utterance (festival expands them by what follows). */
const ABBREVIATION = /(?:^|[\s("'])(?:mr|mrs|ms|dr|st|mt|prof|sr|jr|vs|etc|no|fig|approx|dept|e\.g|i\.e|[a-z])\.$/i;
const UTTERANCE_END = /[.!?]+["')\]]*(?=\s)|\n[^\S\n]*\n/g;

/**
 * The text cut into utterances as festival would cut it: after sentence-final punctuation followed
 * by a space (not after a title or a single initial) and at blank lines. Pieces with nothing to
 * say are left out; line breaks inside a piece become spaces.
 */
export function festivalUtterances(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const match of text.matchAll(UTTERANCE_END)) {
    const end = match.index + match[0].length;
    if (match[0].startsWith('\n') || !ABBREVIATION.test(text.slice(Math.max(start, match.index - 12), match.index + 1))) {
      pieces.push(text.slice(start, end));
      start = end;
    }
  }
  pieces.push(text.slice(start));
  return pieces.map((piece) => piece.replace(/\s+/g, ' ').trim()).filter((piece) => /[\p{L}\p{N}]/u.test(piece));
}

/** The utterances as a file of Scheme string literals (one per line), for `(load file t)`. */
export function festivalTextData(utterances: readonly string[]): string {
  return utterances.map((utterance) => `"${utterance.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"\n`).join('');
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

/**
 * A program that loads each voice in turn and prints `LOADED\t<id>` or `FAILED\t<id>`: a voice
 * whose package is incomplete fails here instead of silently speaking with the default voice.
 */
export function festivalVoiceCheckScript(voices: readonly string[]): string {
  const lines = [';; Voxwork: which installed voices festival can load (generated).'];
  for (const voice of voices) {
    lines.push(`(unwind-protect (begin ${voiceCall(voice)} (format t "LOADED\\t%s\\n" ${schemeString(voice)})) (format t "FAILED\\t%s\\n" ${schemeString(voice)}))`);
  }
  return `${lines.join('\n')}\n`;
}

/** The voices a check script reported as loaded. */
export function parseVoiceCheck(stdout: string): Set<string> {
  const loaded = new Set<string>();
  for (const line of stdout.split('\n')) {
    const [status, voice] = line.trim().split('\t');
    if (status === 'LOADED' && voice) loaded.add(voice);
  }
  return loaded;
}
