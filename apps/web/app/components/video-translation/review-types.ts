import type { VideoTranslationReview } from "@voxwork/contract";

/** The parts of a pro video translation's review (`VideoTranslationReview`) its components pass around. */
export type ReviewTarget = VideoTranslationReview["targets"][number];
export type ReviewLine = ReviewTarget["lines"][number];
export type SourceLine = VideoTranslationReview["lines"][number];

/** What one save at the review changes (`/api/video-translation/review/save` without the job). */
export type ReviewEdits = {
  lines?: Array<{ id: string; source?: string; translations?: Record<string, string> }>;
  voices?: Record<string, string>;
  speakerVoices?: Record<string, Record<string, string>>;
  speakers?: { merges?: Array<{ from: string; into: string }>; moves?: Array<{ lineId: string; speakerId?: string }> };
  glossary?: Array<{ source: string; target: string }>;
};
