import { describe } from 'vitest';
import { parseOptions } from '../../capabilities/call-options.ts';
import { translateOptionsSchema } from '../../capabilities/option-schemas.ts';
import type { TranslateOptions, TranslateResult, Translator } from '../../capabilities/translator.ts';
import { EngineInputError } from '../../engine-errors.ts';
import { describeWrongAdapters, fakeDescriptor, workUnit, wrongAdapters } from './kit-self-test.ts';
import { translatorChecks, translatorConformance, type TranslatorKitOptions } from './translator-conformance.ts';

/**
 * A fake English → French translator, word by word from a small dictionary. It exists to test the
 * conformance kit itself (no translator engine is built yet): it must pass the kit, and the wrong
 * adapters made from it must fail it.
 */
const DICTIONARY: Record<string, string> = { hello: 'bonjour', world: 'monde', the: 'le', cat: 'chat', sleeps: 'dort', good: 'bon', morning: 'matin', voxwork: 'Voxwork' };

function createFakeTranslator(): Translator {
  const engineId = 'fake:translator';
  return {
    specificationVersion: 'v1',
    engineId,
    languagePairs: [{ source: 'en', target: 'fr' }],
    async doTranslate(options: TranslateOptions): Promise<TranslateResult> {
      const { warnings } = parseOptions(options, { engineId, request: translateOptionsSchema, vendor: 'fake' });
      if (options.sourceLanguage !== 'en' || options.targetLanguage !== 'fr') throw new EngineInputError(`no ${options.sourceLanguage} → ${options.targetLanguage}`, { engineId });
      if (options.context !== undefined) warnings.push({ type: 'unsupported-option', option: 'context', details: 'word by word: no context' });
      const glossary = new Map((options.glossary ?? []).map((entry) => [entry.source.toLowerCase(), entry.target]));
      const segments = [];
      for (const segment of options.segments) {
        await workUnit(options.signal, engineId);
        const unknownWords: string[] = [];
        const text = segment.text.replace(/\p{L}+/gu, (word) => {
          const translated = glossary.get(word.toLowerCase()) ?? DICTIONARY[word.toLowerCase()];
          if (translated === undefined) unknownWords.push(word);
          return translated ?? word;
        });
        segments.push({ ...segment, text, unknownWords });
      }
      return { segments, warnings, response: { engineId } };
    },
  };
}

const fake = createFakeTranslator();
const options: TranslatorKitOptions = {
  descriptor: fakeDescriptor('translator', fake, ['en', 'fr']),
  samples: [
    {
      sourceLanguage: 'en',
      targetLanguage: 'fr',
      segments: [
        { id: 's1', text: 'Hello world.', startSeconds: 0, endSeconds: 1.2 },
        { id: 's2', text: 'The cat sleeps.', startSeconds: 1.5, endSeconds: 2.75 },
        { id: 's3', text: 'Good morning, Ada.' },
      ],
    },
  ],
  glossary: { sourceLanguage: 'en', targetLanguage: 'fr', text: 'Hello Voxwork users', entry: { source: 'users', target: 'utilisateurs' } },
  unsupportedOptions: [{ context: 'a cooking show' }],
  longSegments: Array.from({ length: 200 }, (_, index) => ({ id: `long-${index}`, text: 'Hello world, the cat sleeps.' })),
  unsupportedPair: { sourceLanguage: 'fr', targetLanguage: 'de' },
};

describe('translator conformance kit', () => {
  translatorConformance(options);
  const sourceText = (id: string) => options.samples[0]!.segments.find((segment) => segment.id === id)?.text;
  describeWrongAdapters(
    'translator',
    wrongAdapters<Translator, TranslateResult>(fake, 'doTranslate', [
      { fault: 'renumbers the segments', wrong: (result) => ({ ...result, segments: result.segments.map((segment, index) => ({ ...segment, id: `renumbered-${index}` })) }), mustFail: /^translates/ },
      { fault: 'loses the segment times', wrong: (result) => ({ ...result, segments: result.segments.map(({ startSeconds: _start, ...segment }) => segment) }), mustFail: /^translates/ },
      { fault: 'echoes the input', wrong: (result) => ({ ...result, segments: result.segments.map((segment) => ({ ...segment, text: sourceText(segment.id) ?? segment.text })) }), mustFail: /^translates/ },
      { fault: 'ignores the glossary', wrong: (result) => ({ ...result, segments: result.segments.map((segment) => ({ ...segment, text: segment.text.replace('utilisateurs', 'users') })) }), mustFail: /glossary/ },
    ]),
    translatorChecks(options),
  );
});
