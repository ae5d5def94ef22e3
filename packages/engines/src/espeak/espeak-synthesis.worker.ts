/**
 * The espeak-ng library (Emscripten build, `@echogarden/espeak-ng-emscripten`) in a worker thread:
 * loading it reads 24 MB of voice data and synthesis is synchronous CPU work, so neither may run on
 * the API server's event loop. One request at a time (espeak-ng is not reentrant); the client
 * (`espeak-library.ts`) queues them. A request is cancelled through a shared flag that the
 * synthesis callback reads between chunks of audio.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { EspeakLibraryModule, ESpeakNGWorker } from '@echogarden/espeak-ng-emscripten';

export interface EspeakSynthesisRequest {
  type: 'synthesize';
  id: number;
  /** What `set_voice` takes: a voice file identifier, optionally `+variant` (`gmw/en-US+f3`). */
  voice: string;
  wordsPerMinute: number;
  pitch: number;
  amplitude: number;
  /** SSML (the library always parses its input as SSML). */
  ssml: string;
}

export type EspeakWorkerRequest = { type: 'catalogue'; id: number } | EspeakSynthesisRequest;

export interface EspeakWordEvent {
  /** 0-based, in code points of the SSML given. */
  textPosition: number;
  /** In code points. */
  length: number;
  audioSeconds: number;
}

export interface EspeakCatalogueVoice {
  identifier: string;
  name: string;
  languages: string[];
}

export interface EspeakCatalogueVariant {
  /** The file name under `voices/!v` (what follows `+`). */
  file: string;
  name: string;
  gender: 'female' | 'male' | undefined;
}

export type EspeakWorkerResponse =
  | { type: 'catalogue'; id: number; voices: EspeakCatalogueVoice[]; variants: EspeakCatalogueVariant[]; loadMs: number }
  | { type: 'synthesized'; id: number; samples: Int16Array; sampleRate: number; words: EspeakWordEvent[]; synthesisMs: number; loadMs: number }
  | { type: 'cancelled'; id: number }
  | { type: 'failed'; id: number; message: string };

const VARIANTS_DIR = '/usr/share/espeak-ng-data/voices/!v';

const cancelled = new Int32Array((workerData as { cancel: SharedArrayBuffer }).cancel);
const loadStarted = performance.now();
const library: Promise<{ module: EspeakLibraryModule; engine: ESpeakNGWorker; loadMs: number }> = import('@echogarden/espeak-ng-emscripten').then(async ({ default: create }) => {
  const module = await create();
  const engine = new module.eSpeakNGWorker();
  return { module, engine, loadMs: performance.now() - loadStarted };
});

function readVariants(module: EspeakLibraryModule): EspeakCatalogueVariant[] {
  return module.FS.readdir(VARIANTS_DIR)
    .filter((file) => file !== '.' && file !== '..')
    .map((file) => {
      const lines = module.FS.readFile(`${VARIANTS_DIR}/${file}`, { encoding: 'utf8' }).split('\n');
      const value = (key: string) => lines.find((line) => line.trim().toLowerCase().startsWith(`${key} `))?.trim().slice(key.length).trim();
      const gender = value('gender')?.split(/\s+/)[0]?.toLowerCase();
      // espeak-ng lists a variant without a gender line as male (`--/M`).
      return { file, name: value('name') || file, gender: gender === 'female' ? 'female' : 'male' } as const;
    })
    .sort((a, b) => a.file.localeCompare(b.file, 'en', { sensitivity: 'base' }));
}

function synthesize(engine: ESpeakNGWorker, request: EspeakSynthesisRequest): { samples: Int16Array; words: EspeakWordEvent[]; stopped: boolean } {
  if (engine.set_voice(request.voice) !== 0) throw new Error(`espeak-ng could not select voice ${request.voice}`);
  engine.set_rate(request.wordsPerMinute);
  engine.set_pitch(request.pitch);
  engine.set_volume(request.amplitude);
  const chunks: Int16Array[] = [];
  const words: EspeakWordEvent[] = [];
  let stopped = false;
  engine.synthesize(request.ssml, (samples, events) => {
    if (samples?.length) chunks.push(samples);
    for (const event of events) {
      if (event.type === 'word') words.push({ textPosition: event.text_position - 1, length: event.word_length, audioSeconds: event.audio_position / 1000 });
    }
    stopped = Atomics.load(cancelled, 0) === request.id;
    return stopped;
  });
  const samples = new Int16Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    samples.set(chunk, offset);
    offset += chunk.length;
  }
  return { samples, words, stopped };
}

parentPort!.on('message', async (request: EspeakWorkerRequest) => {
  const reply = (response: EspeakWorkerResponse, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(response, transfer);
  try {
    const { module, engine, loadMs } = await library;
    if (request.type === 'catalogue') {
      const voices = engine.list_voices().map((voice) => ({ identifier: voice.identifier, name: voice.name.trim(), languages: voice.languages.map((language) => language.name) }));
      reply({ type: 'catalogue', id: request.id, voices, variants: readVariants(module), loadMs });
      return;
    }
    if (Atomics.load(cancelled, 0) === request.id) {
      reply({ type: 'cancelled', id: request.id });
      return;
    }
    const started = performance.now();
    const { samples, words, stopped } = synthesize(engine, request);
    if (stopped) reply({ type: 'cancelled', id: request.id });
    else reply({ type: 'synthesized', id: request.id, samples, sampleRate: engine.samplerate, words, synthesisMs: performance.now() - started, loadMs }, [samples.buffer as ArrayBuffer]);
  } catch (error) {
    reply({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
});
