import { z } from 'zod';
import { displayName } from '../display-name.ts';
import { identifier, multiLineText } from '../input-schemas.ts';
import { SUBTITLE_FILE_BYTES_MAX, SUBTITLE_FILE_MAX } from '../subtitles/subtitle-files.ts';

/**
 * A subtitle file (SRT, VTT or ASS) in a call's body: its text, or its bytes in base64 as the file
 * holds them, in any common encoding (UTF-8/16/32 by their byte order mark, else detected: GB18030,
 * Big5, Shift_JIS, windows-125x, …). Pages decode in the browser and send text; scripts can send
 * the file as it is (`@voxwork/contract/subtitle-encoding` reads both).
 */
export const subtitleFileSchema = z.union([
  z.object({ name: displayName(255, { allowEmpty: true }), text: multiLineText({ min: 1, max: SUBTITLE_FILE_MAX }) }).strict(),
  z
    .object({
      name: displayName(255, { allowEmpty: true }),
      base64: identifier({ max: Math.ceil(SUBTITLE_FILE_BYTES_MAX / 3) * 4 }).regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be standard base64 (A–Z, a–z, 0–9, + and /, = padding)'),
    })
    .strict(),
]);

/** What a create call read from the subtitle file: the encoding and the cues it left out (zero length), each in English and Chinese. */
export const subtitleFileReadSchema = z.object({
  encoding: z.string(),
  warnings: z.array(z.object({ en: z.string(), zh: z.string() })),
});
