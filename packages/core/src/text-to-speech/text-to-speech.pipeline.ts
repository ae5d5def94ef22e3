import { parseTtsScript } from '@voxwork/contract';
import type { SpeechEngines, SpeechSettings, VoiceTarget } from '../engines/speech-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobMediaFile, PipelineDefinition } from '../jobs/pipeline-definition.ts';
import { assembleSpeech, deliverSpeech, spokenText, synthesizeSegments, writeSubtitles, type PronunciationEntry, type SpeechFormat, type TrackPiece } from '../pipeline-stages/index.ts';

/** Breath between sentences (an explicit pause replaces it). */
const SENTENCE_GAP_SECONDS = 0.18;

export interface TtsJobInput extends SpeechSettings {
  text: string;
  dialogue: boolean;
  voices: ScriptVoices;
  format: SpeechFormat;
  /** The user's dictionary as it was when the job was accepted. */
  pronunciations: PronunciationEntry[];
  billableCharacters: number;
}

/** The voices of a script: the default one and, in dialogue mode, one per speaker name. */
export interface ScriptVoices {
  default: VoiceTarget;
  bySpeaker: Record<string, VoiceTarget>;
}

/** Who speaks a sentence: its dialogue speaker's voice, else the script's voice. */
export function voiceForSpeaker(voices: ScriptVoices, speaker: string | undefined): VoiceTarget {
  return (speaker ? voices.bySpeaker[speaker] : undefined) ?? voices.default;
}

/** The script's sentences (the segments, in order) and its layout: sentences, breaths between them, explicit pauses. */
function scriptOf(input: TtsJobInput) {
  const parsed = parseTtsScript(input.text, { dialogue: input.dialogue });
  const sentences = parsed.parts.flatMap((part) => (part.kind === 'speech' ? [part] : []));
  const layout: TrackPiece[] = [];
  let segment = 0;
  parsed.parts.forEach((part, index) => {
    if (part.kind === 'pause') {
      layout.push({ silenceSeconds: part.seconds });
      return;
    }
    layout.push({ segment: segment++ });
    if (parsed.parts[index + 1]?.kind === 'speech') layout.push({ silenceSeconds: SENTENCE_GAP_SECONDS });
  });
  return { sentences, layout };
}

/** Text to speech: `synthesize` (sentences two at a time, each a checkpoint) → `assemble` (one track, SRT, VTT, the delivery format). */
export function createTextToSpeechPipeline({ engines, scratch }: { engines: SpeechEngines; scratch: ScratchFiles }): PipelineDefinition<TtsJobInput> {
  return {
    stages: [
      {
        name: 'synthesize',
        weight: 8,
        async run({ input, files, signal, reportProgress }) {
          const { sentences } = scriptOf(input);
          const segments = sentences.map((sentence) => {
            const target = voiceForSpeaker(input.voices, sentence.speaker);
            return { target, written: sentence.text, spoken: spokenText(sentence.text, input.pronunciations, input.language ?? target.language) };
          });
          const written = await synthesizeSegments({ engines, segments, settings: input, files, scratch, signal, reportProgress });
          return { files: written, sentences: sentences.length };
        },
      },
      {
        name: 'assemble',
        weight: 2,
        async run(context) {
          const { input, files } = context;
          const assembled = await assembleSpeech(files, scratch, scriptOf(input).layout, 'speech.wav');
          const subtitles = await writeSubtitles(files, scratch, 'speech', assembled);
          const audio = await deliverSpeech(context, { wav: 'speech.wav', baseName: 'speech', format: input.format, durationSeconds: assembled.durationSeconds });
          const media: JobMediaFile[] = [audio.media, await context.store('speech.srt', { role: 'subtitles' }), await context.store('speech.vtt', { role: 'subtitles' })];
          return {
            files: ['speech.wav', audio.file, ...subtitles.files],
            media,
            durationSeconds: assembled.durationSeconds,
            sentences: assembled.segments.length,
            cues: subtitles.cues,
            wordTimingsApproximate: assembled.segments.some((segment) => segment.approximate),
          };
        },
      },
    ],
    result: (input, outputs) => ({
      media: outputs.assemble?.media ?? [],
      durationSeconds: outputs.assemble?.durationSeconds ?? null,
      billableCharacters: input.billableCharacters,
      sentences: outputs.assemble?.sentences ?? null,
      wordTimingsApproximate: outputs.assemble?.wordTimingsApproximate ?? null,
      format: input.format,
    }),
  };
}
