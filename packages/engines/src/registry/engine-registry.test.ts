import { describe, expect, it } from 'vitest';
import type { SpeechSynthesizer } from '../capabilities/speech-synthesizer.ts';
import { EngineError, UnknownEngineError } from '../engine-errors.ts';
import { createEngineRegistry, type EngineDescriptor } from './engine-registry.ts';
import { engineSelectionFromEnv, resolveEngines } from './engine-resolver.ts';
import { createLocalEngineRegistry } from './local-engines.ts';

function fakeSynthesizer(id: `${string}:${string}`, load: () => Promise<SpeechSynthesizer>): EngineDescriptor<'speech-synthesizer'> {
  return { id, capability: 'speech-synthesizer', displayName: id, languages: ['en'], location: 'remote', qualityTier: 'premium', cost: { unit: 'characters', usdPerThousand: 15 }, description: 'fake', load };
}

const fake = (id: `${string}:${string}`): SpeechSynthesizer => ({
  specificationVersion: 'v1',
  engineId: id,
  listVoices: async () => [],
  doSynthesize: async () => {
    throw new Error('not used');
  },
});

describe('engine registry', () => {
  it('lists the local engines by capability without loading them', () => {
    const registry = createLocalEngineRegistry();
    expect(registry.list('speech-synthesizer').map((entry) => entry.id)).toEqual(['espeak:espeak-ng', 'festival:festival', 'flite:flite']);
    expect(registry.list('voice-activity-detector').map((entry) => entry.id)).toEqual(['silero:vad-v4']);
    expect(registry.list('voice-profiler').map((entry) => entry.id)).toEqual(['dsp:voice-profile']);
    expect(registry.list('voice-converter').map((entry) => entry.id)).toEqual(['dsp:voice-match']);
    expect(registry.list('audio-separator').map((entry) => entry.id)).toEqual(['rnnoise:rnnoise']);
    expect(registry.list('language-identifier').map((entry) => entry.id)).toEqual(['fasttext:lid-176']);
    expect(registry.list('text-detector').map((entry) => entry.id)).toEqual(['ppocr:pp-ocrv4']);
    expect(registry.get('espeak:espeak-ng')).toMatchObject({ location: 'local', qualityTier: 'basic', cost: { usdPerThousand: 0 } });
    expect(registry.get('espeak:espeak-ng')!.languages).toEqual(expect.arrayContaining(['en-us', 'cmn-latn-pinyin', 'es', 'de', 'fr-fr']));
  });

  it('loads an engine once, lazily, and retries a failed load', async () => {
    let calls = 0;
    let fail = true;
    const registry = createEngineRegistry([
      fakeSynthesizer('acme:tts-1', async () => {
        calls++;
        if (fail) throw new Error('model file missing');
        return fake('acme:tts-1');
      }),
    ]);
    expect(calls).toBe(0);
    const error = await registry.load('acme:tts-1', 'speech-synthesizer').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'engine-unavailable', isRetryable: false, message: expect.stringMatching(/model file missing/) });
    fail = false;
    const [first, second] = await Promise.all([registry.load('acme:tts-1', 'speech-synthesizer'), registry.load('acme:tts-1', 'speech-synthesizer')]);
    expect(first).toBe(second);
    expect(calls).toBe(2);
  });

  it('explains unknown ids, near misses and wrong capabilities', async () => {
    const registry = createLocalEngineRegistry();
    expect(registry.explain('espeak:espeak-ng', 'speech-synthesizer')).toBeUndefined();
    expect(registry.explain('espeak:espeak', 'speech-synthesizer')).toMatch(/did you mean "espeak:espeak-ng"/);
    expect(registry.explain('silero:vad-v4', 'speech-synthesizer')).toMatch(/is a voice-activity-detector, not a speech-synthesizer/);
    expect(registry.explain('espeak', 'speech-synthesizer')).toMatch(/not an engine id \(expected vendor:model/);
    expect(registry.explain('acme:ocr', 'text-detector')).toMatch(/known text-detector engines: ppocr:pp-ocrv4/);
    expect(registry.explain('acme:faces', 'face-tracker')).toMatch(/known face-tracker engines: faceapi:landmarks-68/);
    expect(createEngineRegistry([]).explain('acme:faces', 'face-tracker')).toMatch(/no face-tracker engine is registered/);
    await expect(registry.load('openai:tts-1', 'speech-synthesizer')).rejects.toBeInstanceOf(UnknownEngineError);
  });

  it('closes the loaded engines that hold something, and loads them anew afterwards', async () => {
    let closed = 0;
    let created = 0;
    const registry = createEngineRegistry([
      fakeSynthesizer('acme:served', async () => {
        created++;
        return Object.assign(fake('acme:served'), { close: async () => void closed++ });
      }),
      fakeSynthesizer('acme:plain', async () => fake('acme:plain')),
    ]);
    const resolved = resolveEngines(registry, { 'speech-synthesizer': ['acme:served', 'acme:plain'] });
    await resolved.close(); // nothing loaded yet: nothing to close
    expect(closed).toBe(0);
    await resolved.get('speech-synthesizer');
    await resolved.getById('speech-synthesizer', 'acme:plain');
    await resolved.close();
    expect(closed).toBe(1);
    await resolved.get('speech-synthesizer');
    expect(created).toBe(2);
  });

  it('refuses malformed and duplicate ids', () => {
    expect(() => createEngineRegistry([fakeSynthesizer('Acme:TTS', async () => fake('Acme:TTS'))])).toThrow(/vendor:model/);
    expect(() => createEngineRegistry([fakeSynthesizer('a:b', async () => fake('a:b')), fakeSynthesizer('a:b', async () => fake('a:b'))])).toThrow(/twice/);
  });
});

describe('resolveEngines', () => {
  const registry = createEngineRegistry([...createLocalEngineRegistry().list(), fakeSynthesizer('acme:tts-1', async () => fake('acme:tts-1'))]);

  it('uses the configured ids, the first as default, and falls back to the local engines for the rest', async () => {
    const engines = resolveEngines(registry, { 'speech-synthesizer': ['acme:tts-1', 'espeak:espeak-ng'] });
    expect(engines.selection).toMatchObject({ 'speech-synthesizer': ['acme:tts-1', 'espeak:espeak-ng'], 'voice-activity-detector': ['silero:vad-v4'] });
    expect((await engines.get('speech-synthesizer')).engineId).toBe('acme:tts-1');
    expect((await engines.getById('speech-synthesizer', 'espeak:espeak-ng')).engineId).toBe('espeak:espeak-ng');
    await expect(engines.getById('speech-synthesizer', 'silero:vad-v4')).rejects.toThrow(/not a selected speech-synthesizer/);
    expect(engines.descriptors('speech-synthesizer').map((descriptor) => descriptor.location)).toEqual(['remote', 'local']);
    // Unconfigured: local engines only (the remote acme engine is not picked by default).
    expect(resolveEngines(registry, {}).selection['speech-synthesizer']).toEqual(['espeak:espeak-ng', 'festival:festival', 'flite:flite']);
    expect(engines.descriptors('translator').map((descriptor) => descriptor.id)).toEqual(['apertium:apertium']);
    expect((await engines.get('translator')).engineId).toBe('apertium:apertium');
    expect(engines.descriptors('animator').map((descriptor) => descriptor.id)).toEqual(expect.arrayContaining(['voxwork:talking-photo', 'voxwork:illustrated-avatar']));
    // A capability no engine serves rejects with an explanation.
    await expect(resolveEngines(createEngineRegistry([]), {}).get('animator')).rejects.toThrow(/no animator engine/);
  });

  it('reports every bad id at once, with what exists', () => {
    expect(() => resolveEngines(registry, { 'speech-synthesizer': 'espeak:espeek-ng', 'voice-activity-detector': 'espeak:espeak-ng' })).toThrow(
      /speech-synthesizer: no engine "espeak:espeek-ng" is registered; did you mean "espeak:espeak-ng"\?[\s\S]*voice-activity-detector: "espeak:espeak-ng" is a speech-synthesizer/,
    );
    expect(() => resolveEngines(registry, { 'speech-synthesiser': 'espeak:espeak-ng' })).toThrow(UnknownEngineError);
  });

  it('reads the selection from env variables', () => {
    const selection = engineSelectionFromEnv({ ENGINES_SPEECH_SYNTHESIZER: ' acme:tts-1, espeak:espeak-ng ', ENGINES_TRANSLATOR: '', OTHER: 'x' });
    expect(selection).toEqual({ 'speech-synthesizer': ['acme:tts-1', 'espeak:espeak-ng'] });
    expect(resolveEngines(registry, selection).selection['speech-synthesizer']).toEqual(['acme:tts-1', 'espeak:espeak-ng']);
  });
});
