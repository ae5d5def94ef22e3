import { describe, expect, it } from 'vitest';
import { localEngineDescriptors, type EngineDescriptor, type SpeechSynthesizer } from '@voxwork/engines';
import { libraryVoicesOf, type LibraryVoice } from '@voxwork/core';
import { synthesizerOf } from '../../apps/server/src/engines/speech-engines.ts';
import { tagKey } from '../../apps/web/app/components/voices/voice-tag-key.ts';

type TagCatalogue = { tags: Record<'accent' | 'useCase' | 'style', Record<string, string>> };
// The web app's catalogues, loaded at run time: they use the web build's extensionless imports,
// which this package's type check does not resolve.
const WEB_I18N = '../../apps/web/app/i18n';
const { voicesEn } = (await import(`${WEB_I18N}/voices.en.ts`)) as { voicesEn: TagCatalogue };
const { voicesZh } = (await import(`${WEB_I18N}/voices.zh.ts`)) as { voicesZh: TagCatalogue };

/** The library of this machine's local synthesizers (espeak-ng, festival, flite), listed for real. */
async function localLibrary(): Promise<LibraryVoice[]> {
  const descriptors = localEngineDescriptors().filter((descriptor): descriptor is EngineDescriptor<'speech-synthesizer'> => descriptor.capability === 'speech-synthesizer');
  const lists = await Promise.all(
    descriptors.map(async (descriptor) => {
      const engine = (await descriptor.load()) as SpeechSynthesizer;
      return libraryVoicesOf(synthesizerOf(descriptor), await engine.listVoices());
    }),
  );
  return lists.flat();
}

describe('voice library (local engines)', async () => {
  const voices = await localLibrary();

  it('lists the festival, flite and eSpeak voices', () => {
    const engines = new Set(voices.map((voice) => voice.engineId));
    expect([...engines].sort()).toEqual(['espeak:espeak-ng', 'festival:festival', 'flite:flite']);
    expect(voices.length).toBeGreaterThan(40);
  });

  it('names every voice once, for people (no engine ids or engine names in a name)', () => {
    const names = voices.map((voice) => voice.name);
    const repeated = names.filter((name, index) => names.indexOf(name) !== index);
    expect(repeated).toEqual([]);
    for (const voice of voices) {
      expect(voice.name, voice.key).not.toMatch(/_|diphone|hts|clunits|clustergen|\bkHz\b|[A-Z]{3}/);
      expect(voice.name, voice.key).not.toBe(voice.voiceId);
    }
  });

  it('says how each voice sounds, and gives each voice its own engine note (no US-English note on other languages)', () => {
    for (const voice of voices) expect(voice.sound, voice.key).not.toBe('synthetic');
    const byName = new Map(voices.map((voice) => [voice.name, voice]));
    expect(byName.get('Sloane')?.sound).toBe('parametric');
    expect(byName.get('Stella')?.sound).toBe('clustergen');
    // The quality badge follows the voice, not its engine: festival's diphone voices are basic, its HTS voices standard.
    expect(byName.get('Dita')?.qualityTier).toBe('basic');
    expect(byName.get('Sloane')?.qualityTier).toBe('standard');
    expect(byName.get('Ona')?.qualityTier).toBe('standard');
    for (const name of ['Ona', 'Dita', 'Lucia', 'Nikolai']) {
      const voice = byName.get(name);
      expect(voice, name).toBeDefined();
      expect(voice!.description, name).not.toMatch(/US English|slt|pocketsphinx|WER/i);
    }
  });

  it('has every accent, use case and style it writes translated in both catalogues', () => {
    const missing: string[] = [];
    for (const voice of voices) {
      const tags: Array<[keyof TagCatalogue['tags'], string | null]> = [['accent', voice.accent], ['style', voice.style], ...voice.useCases.map((useCase): ['useCase', string] => ['useCase', useCase])];
      for (const [kind, value] of tags) {
        if (!value) continue;
        const key = tagKey(value);
        for (const [locale, catalogue] of [['en', voicesEn], ['zh', voicesZh]] as const) {
          if (!(key in catalogue.tags[kind])) missing.push(`${locale} voices.tags.${kind}.${key} (${value})`);
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});
