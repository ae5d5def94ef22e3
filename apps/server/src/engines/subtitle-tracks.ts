import type { SubtitleTrack } from '@voxwork/core/engines';
import type { SubtitleTrackCandidate } from '@voxwork/engines';

const whole = (value: number) => Math.round(value);

/** An engine's candidate subtitle track as the contract lists it in a job's result (whole pixels). */
export function subtitleTrackOf(track: SubtitleTrackCandidate): SubtitleTrack {
  return {
    box: { x: whole(track.box.x), y: whole(track.box.y), width: Math.max(1, whole(track.box.width)), height: Math.max(1, whole(track.box.height)) },
    lineHeight: whole(track.lineHeight),
    lineCount: track.lineCount,
    framesWithText: track.framesWithText,
    alignment: track.alignment,
    chosen: track.chosen,
    ...(track.language ? { language: track.language } : {}),
  };
}
