import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeMedia } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeToPcm } from '../audio/pcm-audio.ts';
import { pitchStatistics, semitonesBetween, trackPitch } from '../audio/pitch-tracker.ts';
import { EngineAbortedError, EngineInputError } from '../engine-errors.ts';
import { createLocalEngineRegistry } from '../registry/local-engines.ts';
import { liveDescendants } from '../testing/child-processes.ts';
import { speechSynthesizerConformance } from '../testing/conformance/speech-synthesizer-conformance.ts';
import { createFestival } from './festival-speech-synthesizer.ts';

const descriptor = createLocalEngineRegistry().list('speech-synthesizer').find((entry) => entry.id === 'festival:festival')!;

speechSynthesizerConformance({
  descriptor,
  samples: [
    { language: 'en', voice: 'cmu_us_slt_arctic_hts', text: 'The birch canoe slid on the smooth planks.' },
    { language: 'it', voice: 'lp_diphone', text: 'Questa è una prova della voce italiana.' },
    { language: 'ru', voice: 'msu_ru_nsh_clunits', text: 'Это проверка русского голоса.' },
  ],
  unsupportedOptions: [{ style: 'cheerful' }, { speed: 4 }, { pitchSemitones: 20 }, { language: 'ja' }, { textFormat: 'ssml' }],
  longText: 'This sentence is spoken many times so that synthesis takes a while. '.repeat(200),
});

describe('festival synthesis', () => {
  const festival = createFestival();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-festival-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const out = (name: string) => path.join(dir, name);

  it('lists every installed voice with its language and gender, SLT first', async () => {
    const voices = await festival.listVoices();
    expect(voices[0]).toMatchObject({ id: 'cmu_us_slt_arctic_hts', languages: ['en-us', 'en'], gender: 'female' });
    const byLanguage = (language: string) => voices.filter((voice) => voice.languages[0] === language).map((voice) => voice.id);
    expect(byLanguage('en-us')).toEqual(expect.arrayContaining(['cmu_us_slt_arctic_hts', 'kal_diphone', 'ked_diphone']));
    expect(byLanguage('ca')).toEqual(['upc_ca_ona_hts']);
    expect(byLanguage('it').sort()).toEqual(['lp_diphone', 'pc_diphone']);
    expect(byLanguage('cs')).toContain('czech_dita');
    expect(byLanguage('fi')).toHaveLength(2);
    expect(byLanguage('ru')).toEqual(['msu_ru_nsh_clunits']);
    // Installed by Debian but missing its phone set: festival cannot load it, so it is not offered.
    expect(byLanguage('hi')).toEqual([]);
    expect(voices.find((voice) => voice.id === 'kal_diphone')?.gender).toBe('male');
  });

  it("reports festival's own word times: monotonic, inside the audio, offsets on the input's words", async () => {
    const text = 'Hello world, this is a test. It costs $5 (really).\n\nDr. Smith read 1,234 words!';
    const result = await festival.doSynthesize({ text, voice: 'cmu_us_slt_arctic_hts', outputFile: out('timed.wav') });
    expect(result.wordTimingsApproximate).toBe(false);
    expect(result.words.map((word) => word.text)).toEqual(['Hello', 'world,', 'this', 'is', 'a', 'test.', 'It', 'costs', '$5', '(really).', 'Dr.', 'Smith', 'read', '1,234', 'words!']);
    let previousEnd = 0;
    for (const word of result.words) {
      expect(text.slice(word.charStart, word.charEnd)).toBe(word.text);
      expect(word.startSeconds).toBeGreaterThanOrEqual(previousEnd);
      expect(word.endSeconds).toBeGreaterThan(word.startSeconds);
      previousEnd = word.endSeconds;
    }
    expect(previousEnd).toBeLessThanOrEqual(result.audio.durationSeconds);
    expect(previousEnd).toBeGreaterThan(result.audio.durationSeconds - 0.5);
    // "one thousand two hundred thirty four" takes longer than any plain word; the sentence pause shows.
    const duration = (index: number) => result.words[index]!.endSeconds - result.words[index]!.startSeconds;
    expect(duration(13)).toBeGreaterThan(Math.max(duration(11), duration(12), duration(14)));
    expect(result.words[6]!.startSeconds - result.words[5]!.endSeconds).toBeGreaterThan(0.1);
    expect(result.audio.sampleRate).toBe(32_000);
  });

  it('speaks Catalan and Czech in their own character sets, with offsets into the input', async () => {
    const catalan = await festival.doSynthesize({ text: 'Això és una prova.', voice: 'upc_ca_ona_hts', outputFile: out('ca.wav') });
    expect(catalan.words.map((word) => word.text)).toEqual(['Això', 'és', 'una', 'prova.']);
    const czech = await festival.doSynthesize({ text: 'Dobrý den, tohle je zkouška.', voice: 'czech_dita', outputFile: out('cs.wav') });
    expect(czech.words.map((word) => word.text)).toEqual(['Dobrý', 'den,', 'tohle', 'je', 'zkouška.']);
    expect(czech.warnings).toEqual([]);
  });

  it.each([
    { voice: 'cmu_us_slt_arctic_hts', method: 'HTS -r' },
    { voice: 'kal_diphone', method: 'Duration_Stretch' },
    { voice: 'msu_ru_nsh_clunits', method: 'rubberband' },
  ])('changes the speaking rate of $voice ($method), and word times follow', async ({ voice }) => {
    const text = voice.startsWith('msu') ? 'Это проверка скорости речи.' : 'This is a test of the speaking rate.';
    const normal = await festival.doSynthesize({ text, voice, outputFile: out(`${voice}-1.wav`) });
    const fast = await festival.doSynthesize({ text, voice, speed: 1.6, outputFile: out(`${voice}-fast.wav`) });
    const ratio = fast.audio.durationSeconds / normal.audio.durationSeconds;
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(0.75);
    expect(fast.words.at(-1)!.endSeconds).toBeLessThanOrEqual(fast.audio.durationSeconds);
    expect(fast.words.at(-1)!.endSeconds / normal.words.at(-1)!.endSeconds).toBeLessThan(0.8);
  });

  it('shifts pitch by semitones through rubberband (measured), applies volume, writes mp3', async () => {
    const text = 'The boy was there when the sun rose.';
    const normal = await festival.doSynthesize({ text, voice: 'cmu_us_slt_arctic_hts', outputFile: out('pitch-0.wav') });
    const raised = await festival.doSynthesize({ text, voice: 'cmu_us_slt_arctic_hts', pitchSemitones: 4, outputFile: out('pitch-4.wav') });
    expect(Math.abs(raised.audio.durationSeconds - normal.audio.durationSeconds)).toBeLessThan(0.05);
    const median = async (file: string) => pitchStatistics(trackPitch(await decodeToPcm(file, 16_000))).medianHz!;
    expect(semitonesBetween(await median(normal.audio.file), await median(raised.audio.file))).toBeCloseTo(4, 0);
    expect(raised.warnings).toEqual([]);

    const mp3 = await festival.doSynthesize({ text, voice: 'kal_diphone', volume: 0.5, outputFile: out('quiet.mp3'), outputFormat: 'mp3' });
    const info = await probeMedia(mp3.audio.file);
    expect(info.audio?.codec).toBe('mp3');
    expect(Math.abs((info.durationSeconds ?? 0) - mp3.audio.durationSeconds)).toBeLessThan(0.1);
  });

  it('kills festival on a cancel', async () => {
    // The festivals of this process at work: a server's child or a one-off `festival -b` whose CPU
    // time grows (the servers and their idle spare connections do not).
    const synthesizers = async () => {
      const festivals = (await liveDescendants()).filter((child) => child.name === 'festival');
      const festivalPids = new Set(festivals.map((child) => child.pid));
      return festivals.filter((child) => festivalPids.has(child.parentPid) || child.args.includes('-b'));
    };
    const working = async () => {
      const before = new Map((await synthesizers()).map((child) => [child.pid, child.cpuTicks]));
      await new Promise((resolve) => setTimeout(resolve, 500));
      return (await synthesizers()).filter((child) => child.cpuTicks > (before.get(child.pid) ?? Infinity));
    };
    const controller = new AbortController();
    const pending = festival.doSynthesize({ text: 'A long text that keeps festival busy for many seconds. '.repeat(300), voice: 'cmu_us_slt_arctic_hts', outputFile: out('cancel.wav'), signal: controller.signal });
    const rejected = expect(pending).rejects.toBeInstanceOf(EngineAbortedError);
    // Cancelled once festival is at work on a text that would outlast the test's time limit…
    await vi.waitFor(async () => expect(await working()).not.toEqual([]), { timeout: 30_000, interval: 100 });
    controller.abort();
    await rejected;
    // …and soon none is, as one would be after a cancel that only stopped waiting.
    await vi.waitFor(async () => expect(await working()).toEqual([]), { timeout: 15_000, interval: 100 });
  });

  it('refuses unknown voices and text with nothing to say, with typed errors', async () => {
    await expect(festival.doSynthesize({ text: 'Hello.', voice: 'voice_kal_diphone', outputFile: out('x.wav') })).rejects.toBeInstanceOf(EngineInputError);
    await expect(festival.doSynthesize({ text: 'Hello.', voice: 'kal_diphone) (quit', outputFile: out('x.wav') })).rejects.toBeInstanceOf(EngineInputError);
    await expect(festival.doSynthesize({ text: '... --- !!!', voice: 'kal_diphone', outputFile: out('x.wav') })).rejects.toBeInstanceOf(EngineInputError);
  });

  it('reads SSML as text with a warning, offsets pointing into the markup', async () => {
    const text = '<speak>Tom &amp; Jerry <break time="500ms"/> ran.</speak>';
    const result = await festival.doSynthesize({ text, textFormat: 'ssml', voice: 'kal_diphone', outputFile: out('ssml.wav') });
    expect(result.warnings).toContainEqual(expect.objectContaining({ type: 'unsupported-option', option: 'textFormat' }));
    expect(result.words.map((word) => text.slice(word.charStart, word.charEnd))).toEqual(['Tom', '&', 'Jerry', 'ran.']);
  });
});
