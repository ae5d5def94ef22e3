/**
 * Product-level text-to-speech figures (bench:tts part 2), through the same code the server runs:
 * - time to the first playable sentence of a 2,000-character script (the `/api/text-to-speech/preview` path:
 *   parse, synthesise the first sentence as a WAV at the engine's rate the browser plays at once), per voice;
 * - total time for a 50,000-character script through the `text-to-speech.synthesize` pipeline
 *   (sentences two at a time, assembly, MP3 + SRT + VTT), per voice.
 */
import { mkdir, mkdtemp, rm, access } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseTtsScript } from '../../packages/contract/src/index.ts';
import { createTextToSpeechPipeline, findLibraryVoice, libraryTarget, synthesizeWithTarget, speechEnginesOver, type JobFiles, type SpeechEngines, type TtsJobInput, type VoiceTarget } from '../../packages/core/src/index.ts';
import { createLocalEngineRegistry, resolveEngines } from '../../packages/engines/src/index.ts';
import { createSpeechEngines } from '../../apps/server/src/engines/speech-engines.ts';
import { localScratchFiles } from '../../apps/server/src/files/local-scratch-files.ts';

const PARAGRAPHS = [
  'The committee met on Tuesday to discuss the new budget. After a long debate, the members agreed to fund the library for another year.',
  'Our new course starts next month. Each lesson is short, practical and easy to follow, so you can learn at your own pace.',
  'This jacket is made from recycled wool. It keeps you warm on cold mornings and folds small enough to fit in your bag.',
  'She opened the door slowly and looked outside. The street was empty, and the rain had finally stopped.',
];

/** A script of about `characters` characters of varied English sentences. */
export function englishScript(characters: number): string {
  let text = '';
  for (let index = 0; text.length < characters; index++) text += `${PARAGRAPHS[index % PARAGRAPHS.length]} `;
  return text.slice(0, characters).replace(/\s+\S*$/, '.');
}

export function createBenchEngines(): SpeechEngines {
  return speechEnginesOver(createSpeechEngines({ engines: resolveEngines(createLocalEngineRegistry(), {}) }));
}

async function target(engines: SpeechEngines, voiceKey: string): Promise<VoiceTarget> {
  const voice = await findLibraryVoice(engines, voiceKey);
  if (!voice) throw new Error(`no library voice ${voiceKey}`);
  return libraryTarget(voice);
}

/** Milliseconds from request to a playable MP3 of the first sentence (median of `runs`). */
export async function firstSentenceMs(engines: SpeechEngines, voiceKey: string, runs = 5): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-bench-first-'));
  const times: number[] = [];
  try {
    const voice = await target(engines, voiceKey);
    const script = englishScript(2000);
    for (let run = 0; run < runs + 1; run++) {
      const started = performance.now();
      const first = parseTtsScript(script).parts.find((part) => part.kind === 'speech')!;
      // As `/api/text-to-speech/preview` does: a WAV at the engine's own rate.
      await synthesizeWithTarget(engines, { target: voice, text: first.text, speed: 1, pitchSemitones: 0, volume: 1, outputFile: path.join(dir, 'first.wav') });
      if (run > 0) times.push(performance.now() - started); // the first run loads the engine
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

function jobFiles(folder: string): JobFiles {
  return {
    async path(name) {
      await mkdir(folder, { recursive: true });
      return path.join(folder, name);
    },
    exists: (name) => access(path.join(folder, name)).then(() => true, () => false),
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

/** Seconds for a whole script through the text-to-speech pipeline, and the audio it made. */
export async function pipelineSeconds(engines: SpeechEngines, voiceKey: string, characters: number): Promise<{ seconds: number; audioSeconds: number; sentences: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-bench-tts-'));
  try {
    const pipeline = createTextToSpeechPipeline({ engines, scratch: localScratchFiles() });
    const text = englishScript(characters);
    const input: TtsJobInput = {
      text,
      dialogue: false,
      voices: { default: await target(engines, voiceKey), bySpeaker: {} },
      speed: 1,
      pitchSemitones: 0,
      volume: 1,
      format: 'mp3',
      pronunciations: [],
      billableCharacters: parseTtsScript(text).billableCharacters,
    };
    const files = jobFiles(path.join(dir, 'job'));
    const outputs: Record<string, Record<string, unknown>> = {};
    const started = performance.now();
    for (const stage of pipeline.stages) {
      outputs[stage.name] = await stage.run({
        jobId: 'bench',
        ownerId: 'bench',
        input,
        outputs,
        attempt: 1,
        signal: new AbortController().signal,
        files,
        reportProgress: () => undefined,
        // Storage is not part of the figure: results stay in the job folder.
        store: async (name, { role, durationSeconds }) => ({ key: name, name, role, contentType: '', bytes: 0, durationSeconds }),
      });
    }
    const seconds = (performance.now() - started) / 1000;
    return { seconds, audioSeconds: outputs.assemble!.durationSeconds as number, sentences: outputs.assemble!.sentences as number };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
