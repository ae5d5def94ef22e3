import { afterEach, describe, expect, it } from 'vitest';
import { EspeakLibrary } from './espeak-library.ts';

const request = { voice: 'gmw/en-US', wordsPerMinute: 175, pitch: 50, amplitude: 100, ssml: 'Hello there.' };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('espeak-ng library: its worker thread', () => {
  let library: EspeakLibrary | undefined;
  afterEach(() => library?.close());

  it('ends after the idle time with nothing to do; the catalogue stays known and the next request starts a new worker', async () => {
    library = new EspeakLibrary({ idleMs: 100 });
    const catalogue = await library.catalogue();
    expect(catalogue.voices.length).toBeGreaterThan(50);
    expect(library.running, 'right after the catalogue').toBe(true);
    await wait(600);
    expect(library.running, 'after the idle time').toBe(false);
    expect(await library.catalogue(), 'known without a worker').toBe(catalogue);
    expect(library.running).toBe(false);
    const synthesis = await library.synthesize(request, {});
    expect(synthesis.samples.length).toBeGreaterThan(synthesis.sampleRate / 4);
    expect(library.running).toBe(true);
  });

  it('is not ended while requests follow each other within the idle time', async () => {
    library = new EspeakLibrary({ idleMs: 400 });
    await library.synthesize(request, {});
    for (let index = 0; index < 4; index++) {
      await wait(150);
      expect(library.running, `after ${(index + 1) * 150} ms`).toBe(true);
      await library.synthesize(request, {});
    }
    await wait(1000);
    expect(library.running).toBe(false);
  });
});
