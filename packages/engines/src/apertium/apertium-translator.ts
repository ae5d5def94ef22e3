/**
 * Apertium (rule-based machine translation, Debian's `apertium` and its language-pair packages) as
 * a `Translator`. Offline and fast (~4,000 words/s after a 0.25 s start), gist-level quality. Each
 * segment is one line of the input file (Apertium keeps lines), so one process translates a whole
 * video's segments. Unknown words, which Apertium marks `*word` (and `#`/`@` for generation and
 * transfer gaps), are reported per segment and unmarked in the text. A glossary is honoured by
 * putting an opaque placeholder in place of each source term (Apertium copies unknown tokens
 * unchanged) and the target term in place of the placeholder afterwards.
 */
import { writeFile } from 'node:fs/promises';
import { runMediaTool, withWorkDir } from '@voxwork/media';
import { z } from 'zod';
import { parseOptions } from '../capabilities/call-options.ts';
import type { EngineWarning, LanguageTag } from '../capabilities/engine-common.ts';
import { translateOptionsSchema } from '../capabilities/option-schemas.ts';
import type { GlossaryEntry, TranslatedSegment, TranslateOptions, TranslateResult, Translator } from '../capabilities/translator.ts';
import { EngineInputError, EngineUnavailableError, toEngineError } from '../engine-errors.ts';
import { APERTIUM_ENGINE_ID, APERTIUM_MODES, baseLanguage, parseModeList } from './apertium-pairs.ts';

export interface ApertiumSettings {
  /** The `apertium` script (default: from PATH). */
  binary?: string;
  /** Per call; default 30 s plus 1 s per 1,000 characters. */
  timeoutMs?: number;
}

const settingsSchema = z.object({ binary: z.string().min(1).optional(), timeoutMs: z.number().int().positive().optional() });

const MARKED_WORD = /[*#@]([\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}'’-]*)/gu;
const placeholder = (index: number) => `Vxq${index}q`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces each glossary term (whole words, any case, longest first) with its placeholder. */
function protectTerms(text: string, glossary: readonly GlossaryEntry[]): string {
  const order = glossary.map((entry, index) => ({ entry, index })).sort((a, b) => b.entry.source.length - a.entry.source.length);
  let protectedText = text;
  for (const { entry, index } of order) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(entry.source)}(?![\\p{L}\\p{N}])`, 'giu');
    protectedText = protectedText.replace(pattern, ` ${placeholder(index)} `);
  }
  return protectedText.replace(/\s+/g, ' ').trim();
}

/** One output line back to text: placeholders become target terms, marks go, unknown words are collected. */
function restoreLine(line: string, glossary: readonly GlossaryEntry[]): { text: string; unknownWords: string[] } {
  const unknownWords: string[] = [];
  let text = line.replace(MARKED_WORD, (_, word: string) => {
    if (!/^Vxq\d+q$/.test(word)) unknownWords.push(word);
    return word;
  });
  text = text.replace(/Vxq(\d+)q/g, (_, index: string) => glossary[Number(index)]?.target ?? '');
  return { text: text.replace(/\s+([,.;:!?])/g, '$1').replace(/\s+/g, ' ').trim(), unknownWords: [...new Set(unknownWords)] };
}

export class ApertiumTranslator implements Translator {
  readonly specificationVersion = 'v1';
  readonly engineId = APERTIUM_ENGINE_ID;
  readonly languagePairs: ReadonlyArray<{ source: LanguageTag; target: LanguageTag }>;
  readonly #modes: ReadonlyMap<string, string>;
  readonly #settings: ApertiumSettings;

  constructor(installedModes: ReadonlySet<string>, settings: ApertiumSettings = {}) {
    const modes = APERTIUM_MODES.filter((mode) => installedModes.has(mode.mode));
    this.languagePairs = modes.map(({ source, target }) => ({ source, target }));
    this.#modes = new Map(modes.map((mode) => [`${mode.source}>${mode.target}`, mode.mode]));
    this.#settings = settings;
  }

  async doTranslate(options: TranslateOptions): Promise<TranslateResult> {
    const startedAt = performance.now();
    const { warnings: providerWarnings } = parseOptions(options, { engineId: this.engineId, request: translateOptionsSchema, vendor: 'apertium' });
    const pair = `${baseLanguage(options.sourceLanguage)}>${baseLanguage(options.targetLanguage)}`;
    const mode = this.#modes.get(pair);
    if (!mode) {
      const available = this.languagePairs.map((entry) => `${entry.source}→${entry.target}`).join(', ') || 'none installed';
      throw new EngineInputError(`apertium has no ${options.sourceLanguage} → ${options.targetLanguage} pair (installed: ${available})`, { engineId: this.engineId });
    }
    const warnings: EngineWarning[] = [];
    if (options.context !== undefined) warnings.push({ type: 'unsupported-option', option: 'context', details: 'Apertium translates sentence by sentence with rules; it takes no context' });
    if (options.segments.some((segment) => segment.speaker !== undefined)) {
      warnings.push({ type: 'unsupported-option', option: 'segments.speaker', details: 'Apertium takes no speaker context' });
    }
    if (options.segments.some((segment) => segment.maxCharacters !== undefined)) {
      warnings.push({ type: 'unsupported-option', option: 'segments.maxCharacters', details: 'Apertium cannot aim for a length; time fitting speeds up or borrows silence instead' });
    }
    warnings.push(...providerWarnings);
    if (options.segments.length === 0) return { segments: [], warnings, timings: { totalMs: performance.now() - startedAt }, response: { engineId: this.engineId } };
    const glossary = options.glossary ?? [];
    const lines = options.segments.map((segment) => protectTerms(segment.text.replace(/[\r\n\u2028\u2029]+/g, ' '), glossary));
    const characters = lines.reduce((sum, line) => sum + line.length, 0);

    const output = await withWorkDir('apertium', async (_dir, file) => {
      const input = file('input.txt');
      await writeFile(input, `${lines.join('\n')}\n`);
      try {
        const { stdout } = await runMediaTool(this.#settings.binary ?? 'apertium', ['-f', 'txt', mode, input], {
          signal: options.signal,
          timeoutMs: this.#settings.timeoutMs ?? 30_000 + characters,
        });
        return stdout;
      } catch (error) {
        throw toEngineError(error, this.engineId, `translating ${options.sourceLanguage} → ${options.targetLanguage}`);
      }
    });
    const outLines = output.replace(/\n$/, '').split('\n');
    if (outLines.length !== lines.length) {
      throw toEngineError(new Error(`expected ${lines.length} lines back, got ${outLines.length}`), this.engineId, 'translating');
    }
    const segments: TranslatedSegment[] = options.segments.map((segment, index) => {
      const { text, unknownWords } = lines[index] ? restoreLine(outLines[index] ?? '', glossary) : { text: '', unknownWords: [] };
      return { ...segment, text, unknownWords };
    });
    return { segments, warnings, timings: { totalMs: performance.now() - startedAt }, response: { engineId: this.engineId } };
  }
}

/** Lists the installed modes once and creates the engine; throws `EngineUnavailableError` when Apertium is missing. */
export async function createApertium(settings: ApertiumSettings = {}): Promise<ApertiumTranslator> {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) throw new EngineInputError(`apertium settings: ${parsed.error.issues[0]?.message}`, { engineId: APERTIUM_ENGINE_ID });
  try {
    const { stdout } = await runMediaTool(settings.binary ?? 'apertium', ['-l'], { timeoutMs: 10_000 });
    return new ApertiumTranslator(parseModeList(stdout), settings);
  } catch (error) {
    const engineError = toEngineError(error, APERTIUM_ENGINE_ID, 'listing its language pairs');
    if (engineError instanceof EngineUnavailableError) {
      throw new EngineUnavailableError(`${engineError.message} (Debian: apt-get install apertium ${[...new Set(APERTIUM_MODES.map((mode) => mode.debianPackage))].join(' ')})`, { engineId: APERTIUM_ENGINE_ID });
    }
    throw engineError;
  }
}
