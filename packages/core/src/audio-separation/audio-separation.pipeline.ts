/**
 * Audio separation (decision 033): a recording, or a video's first audio track, split into a
 * voice stem and a background stem by a separation engine.
 *
 *   audio-separation.separate   ingest → separate → encode → deliver   (charged per started minute;
 *   ingest refuses a file measured longer than it was priced at)
 *
 * Each stem is delivered as WAV at the source's rate and MP3, both exactly as long as the source;
 * the source's audio goes along as MP3 so the result can be compared with it. Each stage is a
 * checkpoint: a restarted job resumes at the stage that did not finish.
 */
import { ErrorCode } from '@voxwork/contract';
import { extractAudioArgs, probeMedia, runFfmpeg, stemArgs } from '@voxwork/media';
import { DomainError } from '../domain-error.ts';
import type { AudioSeparationEngines } from '../engines/audio-separation-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobMediaFile, PipelineDefinition } from '../jobs/pipeline-definition.ts';
import { fetchPricedMedia } from '../pipeline-stages/index.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { separatorChoices } from './separator-choice.ts';

const MEDIA_TIMEOUT_MS = 30 * 60_000;

/** `audio-separation.separate`: the upload and the separator chosen. */
export interface AudioSeparationJobInput {
  uploadId: string;
  uploadKey: string;
  durationSeconds: number;
  engineId: string;
}

interface Deps {
  separationEngines: AudioSeparationEngines;
  storage: StorageRepository;
  scratch: ScratchFiles;
}

interface IngestOutput {
  sampleRate: number;
  channels: number;
  /** The source's length in samples at `sampleRate` (every stem is exactly this long). */
  frames: number;
  durationSeconds: number;
}

/** The delivered files: each stem as WAV and MP3, and the source's audio (MP3) to compare with. */
export const SEPARATION_OUTPUTS = ['voice.wav', 'voice.mp3', 'background.wav', 'background.mp3', 'original.mp3'] as const;

export function createAudioSeparationPipeline(deps: Deps): PipelineDefinition<AudioSeparationJobInput> {
  return {
    stages: [
      {
        name: 'ingest',
        weight: 1,
        async run({ input, files, signal }) {
          const source = await files.path('source.media');
          // Measured from its packets and checked against the length it was priced at, before any work.
          const info = await fetchPricedMedia(deps.storage, deps.scratch, { key: input.uploadKey, file: source, pricedSeconds: input.durationSeconds, signal });
          if (!info) throw new DomainError(ErrorCode.AUDIO_SEPARATION_NOT_READABLE);
          if (!info.audio) throw new DomainError(ErrorCode.AUDIO_SEPARATION_NO_AUDIO_TRACK);
          const channels = Math.min(2, info.audio.channels ?? 2) as 1 | 2;
          const wav = await files.path('source.wav');
          try {
            // The first audio track at its own rate; more than two channels are mixed to stereo.
            await runFfmpeg(extractAudioArgs({ input: source, output: wav, ...((info.audio.channels ?? 2) > 2 ? { channels } : {}) }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
          } catch (error) {
            if (signal.aborted) throw error;
            throw new DomainError(ErrorCode.AUDIO_SEPARATION_NOT_READABLE, {}, { cause: error });
          }
          const decoded = await probeMedia(wav, { signal });
          const sampleRate = decoded.audio?.sampleRate ?? 0;
          const durationSeconds = decoded.audio?.durationSeconds ?? decoded.durationSeconds ?? 0;
          if (!sampleRate || !(durationSeconds > 0)) throw new DomainError(ErrorCode.AUDIO_SEPARATION_NOT_READABLE);
          const output: IngestOutput = { sampleRate, channels: decoded.audio?.channels ?? channels, frames: Math.round(durationSeconds * sampleRate), durationSeconds };
          return { files: ['source.wav'], ...output };
        },
      },
      {
        name: 'separate',
        weight: 8,
        async run({ input, files, signal }) {
          const separator = separatorChoices(deps.separationEngines).find((choice) => choice.id === input.engineId);
          if (!separator) throw new DomainError(ErrorCode.AUDIO_SEPARATION_ENGINE_NOT_SET_UP, { engine: input.engineId });
          const separated = await deps.separationEngines.separate({
            engineId: separator.id,
            audioFile: await files.path('source.wav'),
            outputVoiceFile: await files.path('voice-raw.wav'),
            backgroundStem: separator.backgroundStem,
            outputBackgroundFile: await files.path('background-raw.wav'),
            signal,
          });
          return { files: ['voice-raw.wav', 'background-raw.wav'], warnings: separated.warnings };
        },
      },
      {
        name: 'encode',
        weight: 1,
        async run({ files, signal, outputs }) {
          const source = outputs.ingest as unknown as IngestOutput;
          const inputs: Record<(typeof SEPARATION_OUTPUTS)[number], string> = {
            'voice.wav': 'voice-raw.wav',
            'voice.mp3': 'voice-raw.wav',
            'background.wav': 'background-raw.wav',
            'background.mp3': 'background-raw.wav',
            'original.mp3': 'source.wav',
          };
          for (const name of SEPARATION_OUTPUTS) {
            const format = name.endsWith('.mp3') ? 'mp3' : 'wav';
            await runFfmpeg(stemArgs({ input: await files.path(inputs[name]), output: await files.path(name), sampleRate: source.sampleRate, frames: source.frames, format }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
          }
          return { files: [...SEPARATION_OUTPUTS] };
        },
      },
      {
        name: 'deliver',
        weight: 1,
        async run({ outputs, store }) {
          const { durationSeconds } = outputs.ingest as unknown as IngestOutput;
          const media: JobMediaFile[] = [];
          for (const name of SEPARATION_OUTPUTS) media.push(await store(name, { role: 'audio', durationSeconds }));
          return { media };
        },
      },
    ],
    result(input, outputs) {
      const source = outputs.ingest as unknown as IngestOutput | undefined;
      return {
        media: (outputs.deliver?.media as JobMediaFile[] | undefined) ?? [],
        uploadId: input.uploadId,
        engineId: input.engineId,
        durationSeconds: source?.durationSeconds ?? input.durationSeconds,
        sampleRate: source?.sampleRate ?? null,
        warnings: (outputs.separate?.warnings as string[] | undefined) ?? [],
      };
    },
  };
}
