/** The checks every `LanguageIdentifier` adapter passes (fastText lid.176). */
import { expect } from 'vitest';
import type { LanguageIdentifier } from '../../capabilities/language-identifier.ts';
import { describeConformance, descriptorCheck, expectEngineError, rejection, type CommonKitOptions, type ConformanceCheck } from './conformance-kit.ts';

export interface LanguageIdentifierKitOptions extends CommonKitOptions<'language-identifier'> {
  /** Texts with the language they are in (one per declared language worth checking). */
  samples: Array<{ language: string; text: string }>;
}

export function languageIdentifierChecks(options: LanguageIdentifierKitOptions): Array<ConformanceCheck<LanguageIdentifier>> {
  const { descriptor } = options;
  return [
    descriptorCheck(descriptor, 'language-identifier'),
    ...options.samples.map(({ language, text }): ConformanceCheck<LanguageIdentifier> => ({
      name: `identifies ${language} first, with confidences in 0–1 in falling order`,
      run: async ({ engine }) => {
        const result = await engine.doIdentify({ text });
        expect(result.languages[0]?.language).toBe(language);
        expect(descriptor.languages.includes('*') || descriptor.languages.includes(language), 'a declared language').toBe(true);
        let previous = 1;
        let total = 0;
        for (const candidate of result.languages) {
          expect(candidate.confidence).toBeGreaterThanOrEqual(0);
          expect(candidate.confidence).toBeLessThanOrEqual(previous + 1e-9);
          previous = candidate.confidence;
          total += candidate.confidence;
        }
        expect(total).toBeLessThanOrEqual(1 + 1e-6);
        expect(result.response.engineId).toBe(descriptor.id);
      },
    })),
    {
      name: 'returns no language, with a warning, for text without letters; typed errors for bad input and a fired signal',
      run: async ({ engine }) => {
        const result = await engine.doIdentify({ text: '12345 !?' });
        expect(result.languages).toEqual([]);
        expect(result.warnings.length).toBeGreaterThan(0);
        expectEngineError(await rejection(engine.doIdentify({ text: 42 as unknown as string })), 'invalid-input');
        expectEngineError(await rejection(engine.doIdentify({ text: 'hello there', signal: AbortSignal.abort() })), 'aborted');
      },
    },
  ];
}

export function languageIdentifierConformance(options: LanguageIdentifierKitOptions): void {
  describeConformance(options.descriptor, 'LanguageIdentifier', languageIdentifierChecks(options));
}
