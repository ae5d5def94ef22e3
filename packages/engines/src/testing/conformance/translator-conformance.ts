/** The checks every `Translator` adapter passes. */
import { expect } from 'vitest';
import type { EngineCallOptions, LanguageTag } from '../../capabilities/engine-common.ts';
import { translatesPair, type GlossaryEntry, type TranslateOptions, type TranslationSegment, type Translator } from '../../capabilities/translator.ts';
import { abortCheck, describeConformance, descriptorCheck, expectInputError, providerOptionsCheck, unsupportedOptionChecks, type CommonKitOptions, type ConformanceCheck } from './conformance-kit.ts';

interface LanguagePair {
  sourceLanguage: LanguageTag;
  targetLanguage: LanguageTag;
}

export interface TranslatorKitOptions extends CommonKitOptions<'translator'> {
  /** Segments to translate, for language pairs the engine has (ids unique, some with times). */
  samples: Array<LanguagePair & { segments: TranslationSegment[] }>;
  /** A text holding `entry.source`, for a pair the engine has: its translation holds `entry.target`, or the engine warns about `glossary`. */
  glossary: LanguagePair & { text: string; entry: GlossaryEntry };
  /** Options this engine does not support (e.g. `{ context }`): each must produce a warning, not an error. */
  unsupportedOptions: Array<Partial<TranslateOptions>>;
  /** Segments the engine is still working on a few milliseconds after the call. */
  longSegments: TranslationSegment[];
  /** A pair the engine does not translate (none for an engine of any pair, `*` → `*`). */
  unsupportedPair: LanguagePair | undefined;
}

const words = (text: string) => text.toLowerCase().normalize('NFC').replace(/\s+/g, ' ').trim();

export function translatorChecks(options: TranslatorKitOptions): Array<ConformanceCheck<Translator>> {
  const { descriptor } = options;
  const first = () => options.samples[0]!;
  const translate = (engine: Translator, extra: Partial<TranslateOptions> & EngineCallOptions = {}) =>
    engine.doTranslate({ sourceLanguage: first().sourceLanguage, targetLanguage: first().targetLanguage, segments: first().segments, ...extra });
  return [
    descriptorCheck(descriptor, 'translator'),
    {
      name: 'declares its language pairs among its languages',
      run: ({ engine }) => {
        expect(engine.languagePairs.length).toBeGreaterThan(0);
        const declared = (language: string) => descriptor.languages.includes('*') || descriptor.languages.includes(language);
        for (const pair of engine.languagePairs) expect(declared(pair.source) && declared(pair.target), `${pair.source} → ${pair.target} declared`).toBe(true);
        for (const sample of options.samples) {
          expect(translatesPair(engine.languagePairs, sample.sourceLanguage, sample.targetLanguage), `${sample.sourceLanguage} → ${sample.targetLanguage} declared`).toBe(true);
        }
      },
    },
    ...options.samples.map(({ sourceLanguage, targetLanguage, segments }): ConformanceCheck<Translator> => ({
      name: `translates ${sourceLanguage} → ${targetLanguage} segment by segment, keeping ids and times`,
      run: async ({ engine }) => {
        const result = await engine.doTranslate({ sourceLanguage, targetLanguage, segments });
        expect(result.segments.map((segment) => segment.id), 'the same segments, in order').toEqual(segments.map((segment) => segment.id));
        result.segments.forEach((translated, index) => {
          const source = segments[index]!;
          expect(translated.startSeconds).toBe(source.startSeconds);
          expect(translated.endSeconds).toBe(source.endSeconds);
          expect(typeof translated.text).toBe('string');
          if (source.text.trim()) expect(translated.text.trim(), `segment ${source.id} has a translation`).not.toBe('');
          expect(Array.isArray(translated.unknownWords)).toBe(true);
          for (const word of translated.unknownWords) expect(typeof word).toBe('string');
        });
        const changed = result.segments.filter((translated, index) => words(translated.text) !== words(segments[index]!.text));
        expect(changed.length, 'some text was translated, not echoed').toBeGreaterThan(0);
        expect(result.response.engineId).toBe(descriptor.id);
        expect(Array.isArray(result.warnings)).toBe(true);
      },
    })),
    {
      name: 'honours a glossary, or warns that it cannot',
      run: async ({ engine }) => {
        const { entry, text, sourceLanguage, targetLanguage } = options.glossary;
        const result = await engine.doTranslate({ sourceLanguage, targetLanguage, segments: [{ id: 'glossary', text }], glossary: [entry] });
        if (!result.warnings.some((warning) => 'option' in warning && warning.option === 'glossary')) {
          expect(words(result.segments[0]?.text ?? ''), `the translation uses "${entry.target}"`).toContain(words(entry.target));
        }
      },
    },
    ...unsupportedOptionChecks<Translator, TranslateOptions>(options.unsupportedOptions, ({ engine }, extra) => translate(engine, extra)),
    providerOptionsCheck<Translator>(descriptor, ({ engine }, providerOptions) => translate(engine, { providerOptions })),
    abortCheck<Translator>(
      ({ engine }, signal) => translate(engine, { signal }),
      async ({ engine }) => (signal) => translate(engine, { segments: options.longSegments, signal }),
    ),
    {
      name: 'fails with typed, non-retryable errors for a pair it does not have and malformed segments (an empty list is no error)',
      run: async ({ engine }) => {
        if (options.unsupportedPair) await expectInputError(translate(engine, { ...options.unsupportedPair }));
        await expectInputError(translate(engine, { segments: [{ id: 'a', text: 'one' }, { id: 'a', text: 'two' }] }));
        await expectInputError(translate(engine, { segments: [{ id: 'a', text: 42 as unknown as string }] }));
        await expectInputError(translate(engine, { sourceLanguage: '' }));
        // An empty list is no error: nothing to translate.
        const empty = await translate(engine, { segments: [] });
        expect(empty.segments).toEqual([]);
      },
    },
  ];
}

export function translatorConformance(options: TranslatorKitOptions): void {
  describeConformance(options.descriptor, 'Translator', translatorChecks(options));
}
