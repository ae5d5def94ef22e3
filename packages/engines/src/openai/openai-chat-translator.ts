/**
 * Translation through an OpenAI-compatible chat API (`POST /v1/chat/completions`, API reference
 * "Create chat completion"): OpenAI itself or any compatible server (vLLM, llama.cpp, Ollama,
 * DeepSeek, Qwen …). Segments go in batches as JSON with the glossary, the speaker of each line,
 * the lines around it for context and a per-line length budget; the answer must be a JSON object
 * `{ "translations": [{ "id", "text" }] }` holding every id once. An answer that breaks that
 * contract is asked for again once, with the problem named, then fails the call (no segment is
 * ever left silently untranslated). Any language pair: the model decides what it can do.
 */
import { z } from 'zod';
import { parseOptions } from '../capabilities/call-options.ts';
import type { EngineId, EngineWarning, LanguageTag } from '../capabilities/engine-common.ts';
import { translateOptionsSchema } from '../capabilities/option-schemas.ts';
import type { TranslatedSegment, TranslateOptions, TranslateResult, TranslationSegment, Translator } from '../capabilities/translator.ts';
import { EngineFailedError, throwIfAborted } from '../engine-errors.ts';
import { openAIEndpoint } from './openai-endpoint.ts';
import { openAIPost } from './openai-speech-api.ts';

export const OPENAI_CHAT_PATH = '/v1/chat/completions';

export interface OpenAIChatTranslatorSettings {
  /** The chat model sent as `model` (`gpt-4o-mini`, `qwen2.5-14b-instruct`, …). */
  model: string;
  /** Default `openai:<model>`. */
  engineId?: EngineId;
  baseUrl?: string;
  apiKey?: string;
  /** Per request (default 120 s). */
  timeoutMs?: number;
  /** Segments per request (default 40); their text is also capped at ~6,000 characters per request. */
  batchSize?: number;
  /** Send `response_format: { type: 'json_object' }` (default true; some compatible servers reject it). */
  jsonMode?: boolean;
}

const settingsSchema = z.object({
  model: z.string().trim().min(1, 'model is required'),
  engineId: z.string().optional(),
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  apiKey: z.string().optional(),
  timeoutMs: z.number().int().positive().optional(),
  batchSize: z.number().int().min(1).max(200).optional(),
  jsonMode: z.boolean().optional(),
});

const chatAnswerSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }), finish_reason: z.string().nullable().optional() })).min(1),
});
const translationsSchema = z.object({ translations: z.array(z.object({ id: z.string(), text: z.string() })) });

const MAX_BATCH_CHARACTERS = 6000;
const CONTEXT_LINES = 2;

/** Language names the model reads best (tags it does not know are sent as they are). */
const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English', zh: 'Chinese (Simplified, Mandarin)', 'zh-tw': 'Chinese (Traditional)', yue: 'Cantonese', ja: 'Japanese', ko: 'Korean', es: 'Spanish',
  fr: 'French', de: 'German', it: 'Italian', pt: 'Portuguese', ru: 'Russian', ar: 'Arabic', hi: 'Hindi', id: 'Indonesian', ms: 'Malay', th: 'Thai', vi: 'Vietnamese',
  tr: 'Turkish', pl: 'Polish', nl: 'Dutch', ca: 'Catalan', gl: 'Galician', eo: 'Esperanto', eu: 'Basque', is: 'Icelandic', mk: 'Macedonian', uk: 'Ukrainian',
};
export const languageName = (tag: LanguageTag): string => LANGUAGE_NAMES[tag.toLowerCase()] ?? LANGUAGE_NAMES[tag.toLowerCase().split('-')[0] ?? ''] ?? tag;

const SYSTEM_PROMPT = [
  'You translate the lines of a video for dubbing. Each line is spoken aloud in the target language, so write natural spoken language, not a literal gloss.',
  'Rules:',
  '- Translate every line of "lines" and only those; "before" and "after" are context, not to be translated.',
  '- Keep each line\'s meaning, tone and the speaker\'s register; names stay as they are unless the glossary says otherwise.',
  '- Always use the glossary\'s target term for its source term.',
  '- When a line has "max_characters", its translation must not be longer than that (it has to be spoken in the same time): shorten by rephrasing, never by dropping meaning that matters.',
  '- Answer with one JSON object only: {"translations":[{"id":"<the line id>","text":"<translation>"}]} with every id exactly once, in order.',
].join('\n');

export class OpenAIChatTranslator implements Translator {
  readonly specificationVersion = 'v1';
  readonly engineId: EngineId;
  /** Any pair: the model decides (`*` → `*`). */
  readonly languagePairs = [{ source: '*', target: '*' }] as const;
  readonly #settings: OpenAIChatTranslatorSettings;
  readonly #endpoint: string;

  constructor(settings: OpenAIChatTranslatorSettings) {
    ({ engineId: this.engineId, endpoint: this.#endpoint } = openAIEndpoint(settings, settingsSchema, 'chat', OPENAI_CHAT_PATH));
    this.#settings = settings;
  }

  async doTranslate(options: TranslateOptions): Promise<TranslateResult> {
    const startedAt = performance.now();
    const { warnings: providerWarnings } = parseOptions(options, { engineId: this.engineId, request: translateOptionsSchema, vendor: 'openai' });
    const warnings: EngineWarning[] = [...providerWarnings];
    const translated = new Map<string, string>();
    const work = options.segments.filter((segment) => segment.text.trim() !== '');
    let requests = 0;
    for (const batch of batches(work, this.#settings.batchSize ?? 40)) {
      throwIfAborted(options.signal, this.engineId);
      const answer = await this.#translateBatch(options, batch);
      requests += answer.requests;
      for (const [id, text] of answer.texts) translated.set(id, text);
    }
    const segments: TranslatedSegment[] = options.segments.map((segment) => ({ ...segment, text: translated.get(segment.id) ?? '', unknownWords: [] }));
    const over = segments.filter((segment) => segment.maxCharacters !== undefined && [...segment.text].length > segment.maxCharacters);
    if (over.length) {
      warnings.push({ type: 'approximate-output', output: 'segments.maxCharacters', details: `${over.length} translation(s) are longer than their budget: ${over.map((segment) => segment.id).join(', ')}` });
    }
    return { segments, warnings, timings: { totalMs: performance.now() - startedAt, stepsMs: { requests } }, response: { engineId: this.engineId } };
  }

  async #translateBatch(options: TranslateOptions, batch: Batch): Promise<{ texts: Map<string, string>; requests: number }> {
    const all = options.segments;
    const first = all.indexOf(batch[0]!);
    const last = all.indexOf(batch.at(-1)!);
    const line = (segment: TranslationSegment) => ({
      id: segment.id,
      text: segment.text,
      ...(segment.speaker !== undefined ? { speaker: segment.speaker } : {}),
      ...(segment.maxCharacters !== undefined ? { max_characters: segment.maxCharacters } : {}),
    });
    const request = {
      source_language: languageName(options.sourceLanguage),
      target_language: languageName(options.targetLanguage),
      ...(options.context ? { context: options.context } : {}),
      ...(options.glossary?.length ? { glossary: options.glossary.map((entry) => ({ source: entry.source, target: entry.target })) } : {}),
      before: all.slice(Math.max(0, first - CONTEXT_LINES), first).map((segment) => segment.text),
      lines: batch.map(line),
      after: all.slice(last + 1, last + 1 + CONTEXT_LINES).map((segment) => segment.text),
    };
    const messages: Array<{ role: 'system' | 'user' | 'assistant'; content: string }> = [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: JSON.stringify(request) },
    ];
    let problem = '';
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const content = await this.#complete(messages, options.signal);
      const checked = checkAnswer(content, batch);
      if (checked.texts) return { texts: checked.texts, requests: attempt };
      problem = checked.problem;
      messages.push({ role: 'assistant', content }, { role: 'user', content: `That answer is not usable: ${problem}. Answer again with the JSON object only, every id exactly once.` });
    }
    throw new EngineFailedError(`${this.engineId} answered twice without a usable translation: ${problem}`, { engineId: this.engineId, isRetryable: true });
  }

  async #complete(messages: ReadonlyArray<{ role: string; content: string }>, signal: AbortSignal | undefined): Promise<string> {
    const body = {
      model: this.#settings.model,
      messages,
      temperature: 0.2,
      ...((this.#settings.jsonMode ?? true) ? { response_format: { type: 'json_object' } } : {}),
    };
    const response = await openAIPost({
      engineId: this.engineId,
      doing: 'translating',
      url: this.#endpoint,
      apiKey: this.#settings.apiKey,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
      timeoutMs: this.#settings.timeoutMs ?? 120_000,
    });
    let json: unknown;
    try {
      json = JSON.parse(response.body.toString('utf8'));
    } catch {
      throw new EngineFailedError(`${this.engineId} answered with something that is not JSON`, { engineId: this.engineId, isRetryable: true });
    }
    const parsed = chatAnswerSchema.safeParse(json);
    if (!parsed.success) throw new EngineFailedError(`${this.engineId} answered without choices[0].message.content`, { engineId: this.engineId, isRetryable: true });
    return parsed.data.choices[0]!.message.content ?? '';
  }
}

type Batch = TranslationSegment[];

/** Consecutive batches of at most `size` segments and ~6,000 characters. */
function batches(segments: readonly TranslationSegment[], size: number): Batch[] {
  const result: Batch[] = [];
  let current: Batch = [];
  let characters = 0;
  for (const segment of segments) {
    if (current.length && (current.length >= size || characters + segment.text.length > MAX_BATCH_CHARACTERS)) {
      result.push(current);
      current = [];
      characters = 0;
    }
    current.push(segment);
    characters += segment.text.length;
  }
  if (current.length) result.push(current);
  return result;
}

/** The model's content as translations of exactly the batch's ids, or what is wrong with it. */
export function checkAnswer(content: string, batch: Batch): { texts: Map<string, string>; problem?: never } | { texts?: never; problem: string } {
  // Some servers wrap JSON in a Markdown fence even in JSON mode.
  const unfenced = content.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
  let json: unknown;
  try {
    json = JSON.parse(unfenced);
  } catch {
    return { problem: 'it is not valid JSON' };
  }
  const parsed = translationsSchema.safeParse(json);
  if (!parsed.success) return { problem: 'it is not {"translations":[{"id","text"}]}' };
  const wanted = new Set(batch.map((segment) => segment.id));
  const texts = new Map<string, string>();
  for (const entry of parsed.data.translations) {
    if (!wanted.has(entry.id)) return { problem: `it has an id that was not asked for: ${entry.id}` };
    if (texts.has(entry.id)) return { problem: `it has id ${entry.id} twice` };
    if (!entry.text.trim()) return { problem: `the translation of ${entry.id} is empty` };
    texts.set(entry.id, entry.text.trim());
  }
  const missing = [...wanted].filter((id) => !texts.has(id));
  if (missing.length) return { problem: `it leaves out ${missing.join(', ')}` };
  return { texts };
}

export function createOpenAIChatTranslator(settings: OpenAIChatTranslatorSettings): OpenAIChatTranslator {
  return new OpenAIChatTranslator(settings);
}
