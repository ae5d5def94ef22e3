import { describe, expect, it } from 'vitest';
import { checkGlossary, containsTerm, glossaryFor, type GlossaryTerm } from './glossary-check.ts';

const glossary: GlossaryTerm[] = [
  { source: 'Lin Feng', target: 'Lin Feng', language: null },
  { source: 'Jade Palace', target: 'Palacio de Jade', language: 'es' },
  { source: 'Jade Palace', target: 'Palais de Jade', language: 'fr' },
  { source: '林峰', target: 'Lin Feng', language: 'en' },
];

describe('the glossary check', () => {
  it('flags a translated line whose source has a term and whose translation lacks its target', () => {
    const lines = [
      { id: 'l1', source: 'Lin Feng walks into the Jade Palace.' },
      { id: 'l2', source: 'The jade palace is closed.' },
      { id: 'l3', source: 'Nobody is here.' },
      { id: 'l4', source: 'Lin Feng!' },
    ];
    const translations = [
      { id: 'l1', text: 'Lin Feng entra en el Palacio de Jade.' },
      { id: 'l2', text: 'El palacio jade está cerrado.' },
      { id: 'l3', text: 'No hay nadie aquí.' },
      { id: 'l4', text: '¡Lin Fang!' },
    ];
    expect(checkGlossary(lines, translations, glossary, 'es')).toEqual([
      { lineId: 'l2', source: 'Jade Palace', expected: 'Palacio de Jade', text: 'El palacio jade está cerrado.' },
      { lineId: 'l4', source: 'Lin Feng', expected: 'Lin Feng', text: '¡Lin Fang!' },
    ]);
  });

  it("uses the language's own term, and terms for every language; other languages' terms do not apply", () => {
    expect(glossaryFor(glossary, 'es')).toEqual([
      { source: 'Lin Feng', target: 'Lin Feng' },
      { source: 'Jade Palace', target: 'Palacio de Jade' },
    ]);
    expect(glossaryFor(glossary, 'fr-FR').map((term) => term.target)).toEqual(['Lin Feng', 'Palais de Jade']);
    expect(glossaryFor(glossary, 'de').map((term) => term.target)).toEqual(['Lin Feng']);
    // A French line that kept the Spanish term misses the French one.
    expect(checkGlossary([{ id: 'a', source: 'To the Jade Palace' }], [{ id: 'a', text: 'Au Palacio de Jade' }], glossary, 'fr')).toHaveLength(1);
  });

  it('matches whole words in spaced scripts and anywhere in Chinese, ignoring case and width', () => {
    expect(containsTerm('Palinfeng', 'Lin')).toBe(false);
    expect(containsTerm('LIN FENG arrives', 'Lin Feng')).toBe(true);
    expect(containsTerm('林峰走进了玉宫', '林峰')).toBe(true);
    expect(containsTerm('Ｌｉｎ Feng', 'Lin Feng')).toBe(true);
    expect(checkGlossary([{ id: 'c', source: '林峰来了' }], [{ id: 'c', text: 'Lin Feng is here' }], glossary, 'en')).toEqual([]);
    expect(checkGlossary([{ id: 'c', source: '林峰来了' }], [{ id: 'c', text: 'Lin Fen is here' }], glossary, 'en')).toHaveLength(1);
  });

  it('does not check a line that has no translation', () => {
    expect(checkGlossary([{ id: 'x', source: 'Lin Feng' }], [], glossary, 'es')).toEqual([]);
  });
});
