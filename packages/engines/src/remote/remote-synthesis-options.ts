/** What the remote speech synthesizers (OpenAI-compatible, ElevenLabs) share before their requests. */
import { z } from 'zod';
import { clamp } from '../capabilities/call-options.ts';
import type { EngineWarning } from '../capabilities/engine-common.ts';
import { synthesizeOptionsSchema } from '../capabilities/option-schemas.ts';

/** Text with words in it (a request costs money), pitch and gain within what the ffmpeg pass after the request applies (`remote-audio.ts`). */
export const remoteSynthesizeOptionsSchema = synthesizeOptionsSchema.extend({
  text: z.string().refine((text) => text.trim() !== '', 'text is empty'),
  pitchSemitones: z.number().min(-24).max(24).optional(),
  volume: z.number().min(0).max(4).optional(),
});

const MAX_SEMITONES = 12;

/** The vendors have no pitch control: the shift (±12 at most) is applied afterwards by rubberband, always with a warning. */
export function pitchAppliedAfterwards(requested: number | undefined, vendor: string, warnings: EngineWarning[]): number {
  const semitones = requested ?? 0;
  if (semitones === 0) return 0;
  const used = clamp(semitones, -MAX_SEMITONES, MAX_SEMITONES);
  warnings.push({
    type: 'approximated-option',
    option: 'pitchSemitones',
    details: `${vendor} has no pitch control: ${used} semitones applied afterwards with rubberband (formants kept)${used !== semitones ? `; at most ±${MAX_SEMITONES}` : ''}`,
  });
  return used;
}
