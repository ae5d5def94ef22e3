import { describe, expect, it } from 'vitest';
import { createLocalEngineRegistry } from '../registry/local-engines.ts';
import { translatorConformance } from '../testing/conformance/translator-conformance.ts';
import { createApertium } from './apertium-translator.ts';

const descriptor = createLocalEngineRegistry().list('translator').find((entry) => entry.id === 'apertium:apertium')!;

translatorConformance({
  descriptor,
  samples: [
    {
      sourceLanguage: 'en',
      targetLanguage: 'es',
      segments: [
        { id: 's1', text: 'Hello, my friend.', startSeconds: 0, endSeconds: 1.2 },
        { id: 's2', text: 'The weather is nice today.', startSeconds: 1.5, endSeconds: 2.75 },
        { id: 's3', text: '' },
        { id: 's4', text: 'Welcome to our shop.' },
      ],
    },
    { sourceLanguage: 'es', targetLanguage: 'en', segments: [{ id: 'a', text: 'Buenos días, amigo.' }] },
  ],
  glossary: { sourceLanguage: 'en', targetLanguage: 'es', text: 'Open the Voxwork workbench now.', entry: { source: 'workbench', target: 'mesa de trabajo' } },
  unsupportedOptions: [{ context: 'a cooking show' }, { segments: [{ id: 'x', text: 'Hello.', maxCharacters: 4 }] }, { segments: [{ id: 'x', text: 'Hello.', speaker: 'A' }] }],
  longSegments: Array.from({ length: 4000 }, (_, index) => ({ id: `long-${index}`, text: 'The quick brown fox jumps over the lazy dog near the river bank every morning.' })),
  unsupportedPair: { sourceLanguage: 'en', targetLanguage: 'zh' },
});

describe('apertium translation', () => {
  it('lists the English pairs Debian ships and reads region tags as their language', async () => {
    const engine = await createApertium();
    expect(engine.languagePairs).toContainEqual({ source: 'en', target: 'es' });
    expect(engine.languagePairs).toContainEqual({ source: 'en', target: 'ca' });
    const result = await engine.doTranslate({ sourceLanguage: 'en-US', targetLanguage: 'es-ES', segments: [{ id: '1', text: 'I love this phone.' }] });
    expect(result.segments[0]!.text).toBe('Quiero este teléfono.');
  });

  it('keeps one segment per line, reports unknown words unmarked, and puts glossary terms in place', async () => {
    const engine = await createApertium();
    const result = await engine.doTranslate({
      sourceLanguage: 'en',
      targetLanguage: 'es',
      segments: [
        { id: '1', text: 'Buy the zorbleflux\nnow!' },
        { id: '2', text: 'The Voxwork app is great.' },
      ],
      glossary: [{ source: 'Voxwork app', target: 'aplicación Voxwork' }],
    });
    expect(result.segments.map((segment) => segment.id)).toEqual(['1', '2']);
    expect(result.segments[0]!.text).toBe('Comprar el zorbleflux ahora!');
    expect(result.segments[0]!.unknownWords).toEqual(['zorbleflux']);
    expect(result.segments[1]!.text).toContain('aplicación Voxwork');
    expect(result.segments[1]!.unknownWords).toEqual([]);
  });
});
