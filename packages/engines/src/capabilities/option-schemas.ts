/**
 * The request schemas of the capabilities several adapters implement (or are about to): what every
 * adapter of the capability checks through `parseOptions` before any work. Each schema names every
 * option of its interface (checked at compile time below); ranges an engine cannot reach are not
 * errors here: the adapter brings them into range with a warning (`clampOption`). An adapter that
 * needs more (a remote API's limits) extends the schema instead of writing its own.
 */
import { z } from 'zod';
import type { AnimateOptions } from './animator.ts';
import type { EngineCallOptions } from './engine-common.ts';
import type { TrackFacesOptions } from './face-tracker.ts';
import type { InpaintOptions } from './inpainter.ts';
import type { SynthesizeOptions } from './speech-synthesizer.ts';
import type { DetectTextOptions } from './text-detector.ts';
import type { TranslateOptions } from './translator.ts';

const boundingBox = z.object({ x: z.number().min(0), y: z.number().min(0), width: z.number().positive(), height: z.number().positive() });
const fileName = z.string().min(1);
const videoInput = z.object({ videoFile: fileName, framesPerSecond: z.number().positive().optional() });

/** `SynthesizeOptions`: shared by espeak-ng, festival, flite, OpenAI and ElevenLabs. */
export const synthesizeOptionsSchema = z.object({
  text: z.string().min(1, 'text is empty'),
  textFormat: z.enum(['plain', 'ssml']).optional(),
  voice: z.string().min(1),
  language: z.string().optional(),
  speed: z.number().positive().optional(),
  pitchSemitones: z.number().optional(),
  volume: z.number().min(0).optional(),
  style: z.string().optional(),
  outputFile: fileName,
  outputFormat: z.enum(['wav', 'mp3', 'ogg', 'flac', 'pcm']).optional(),
  wordTimings: z.boolean().optional(),
});

/** `TranslateOptions`: segment ids must be unique (results are matched back by id). */
export const translateOptionsSchema = z.object({
  segments: z
    .array(
      z.object({
        id: z.string().min(1),
        text: z.string(),
        startSeconds: z.number().min(0).optional(),
        endSeconds: z.number().min(0).optional(),
        speaker: z.string().optional(),
        maxCharacters: z.number().int().positive().optional(),
      }),
    )
    .refine((segments) => new Set(segments.map((segment) => segment.id)).size === segments.length, 'segment ids must be unique'),
  sourceLanguage: z.string().min(1),
  targetLanguage: z.string().min(1),
  glossary: z.array(z.object({ source: z.string().min(1), target: z.string() })).optional(),
  context: z.string().optional(),
});

/** `DetectTextOptions`. */
export const detectTextOptionsSchema = z.object({
  input: z.union([videoInput, z.object({ frames: z.array(z.object({ imageFile: fileName, timeSeconds: z.number().min(0) })).min(1) })]),
  languages: z.array(z.string().min(1)).optional(),
  region: boundingBox.optional(),
  mode: z.enum(['subtitles', 'all-text']).optional(),
  subtitleTrack: boundingBox.optional(),
  searchFirst: z.object({ band: boundingBox, frameWidth: z.number().int().positive(), frameHeight: z.number().int().positive() }).optional(),
  onProgress: z.custom<(percent: number) => void>((value) => typeof value === 'function', 'onProgress is not a function').optional(),
});

/** `InpaintOptions`: a mask ends after it starts. */
export const inpaintOptionsSchema = z.object({
  videoFile: fileName,
  masks: z.array(
    z
      .object({ startSeconds: z.number().min(0), endSeconds: z.number().min(0), box: boundingBox, kind: z.enum(['area', 'text']).optional() })
      .refine((mask) => mask.endSeconds >= mask.startSeconds, 'a mask ends before it starts'),
  ),
  outputFile: fileName,
  fill: z.enum(['best', 'inpaint', 'fast']).optional(),
  drawOver: fileName.optional(),
  keepFrames: z.array(z.object({ timeSeconds: z.number().min(0), imageFile: fileName })).optional(),
  onProgress: z.custom<(percent: number) => void>((value) => typeof value === 'function', 'onProgress is not a function').optional(),
});

/** `TrackFacesOptions`. */
export const trackFacesOptionsSchema = z.object({
  input: z.union([videoInput, z.object({ imageFile: fileName })]),
  maxFaces: z.number().int().positive().optional(),
});

/** `AnimateOptions`. */
export const animateOptionsSchema = z.object({
  source: z.union([
    z.object({ imageFile: fileName, face: z.object({ x: z.number(), y: z.number(), width: z.number().positive(), height: z.number().positive() }).optional() }),
    z.object({ videoFile: fileName }),
    z.object({ avatarId: z.string().min(1), expression: z.string().optional() }),
  ]),
  audioFile: fileName,
  words: z
    .array(z.object({ text: z.string(), startSeconds: z.number().min(0), endSeconds: z.number().min(0), charStart: z.number().int().min(0), charEnd: z.number().int().min(0) }))
    .optional(),
  language: z.string().optional(),
  outputFile: fileName,
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  frameRate: z.number().positive().max(60).optional(),
});

// Compile-time check that each schema names every option of its interface.
type Unchecked<Options, Schema extends z.ZodObject> = Exclude<keyof Omit<Options, keyof EngineCallOptions>, keyof z.infer<Schema>>;
type Complete<Options, Schema extends z.ZodObject> = [Unchecked<Options, Schema>] extends [never] ? true : never;
const _schemasAreComplete: [
  Complete<SynthesizeOptions, typeof synthesizeOptionsSchema>,
  Complete<TranslateOptions, typeof translateOptionsSchema>,
  Complete<DetectTextOptions, typeof detectTextOptionsSchema>,
  Complete<InpaintOptions, typeof inpaintOptionsSchema>,
  Complete<TrackFacesOptions, typeof trackFacesOptionsSchema>,
  Complete<AnimateOptions, typeof animateOptionsSchema>,
] = [true, true, true, true, true, true];
