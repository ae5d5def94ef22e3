/**
 * Subtitle tracks in the picture, shared by the tools that read burned-in subtitles (extraction,
 * erasure, and the runs that take their lines from the picture): a candidate track as results list
 * it, and the one a person picked (decision 070). A schema file of its own, like
 * `subtitle-file.schema.ts`, so that no tool's calls import another's.
 */
import { z } from 'zod';
import { decimal } from '../input-schemas.ts';

/** A place in the video's picture, in its pixels. */
export const pictureBoxSchema = z.object({ x: decimal(0, 16_384), y: decimal(0, 16_384), width: decimal(1, 16_384), height: decimal(1, 16_384) }).strict();
export type PictureBox = z.infer<typeof pictureBoxSchema>;

/**
 * A candidate subtitle track found by behaviour (text that appears, holds and is replaced; decision
 * 045), as a job's result lists it (`subtitleTracks`) so a person can see them on a frame and pick
 * one: where its lines were seen, how tall their text is, how many different lines, the language
 * of its script (`zh`, `en`; absent when neither showed), and whether it was read (`chosen`).
 * Chinese over English is two chosen tracks, each read and timed on its own (decision 070).
 */
export const subtitleTrackSchema = z.object({
  box: pictureBoxSchema,
  lineHeight: z.number(),
  lineCount: z.number().int(),
  framesWithText: z.number().int(),
  alignment: z.enum(['centre', 'left', 'right']),
  chosen: z.boolean(),
  language: z.string().optional(),
});
export type SubtitleTrack = z.infer<typeof subtitleTrackSchema>;

/**
 * The track a person picked: the `box` of one of an earlier result's `subtitleTracks` (or a place
 * drawn on the picture). Only that track is read; it must lie inside the picture.
 */
export const subtitleTrackChoiceSchema = pictureBoxSchema;
