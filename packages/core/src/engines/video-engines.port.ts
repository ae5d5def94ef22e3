/**
 * What the video tools need from the engine layer beyond speech (`speech-engines.port.ts`), in
 * product terms: where a video's words come from (speech recognition, burned-in subtitles read by
 * OCR), translation, who speaks when (speech segments and speakers) and separating the speech
 * from the background. apps/server implements it over the engine registry; which engine serves a
 * language or a pair is decided in core (`pipeline-stages/engine-choice.ts`) from what `*List`
 * returns, and passed back in by id.
 */
import type { PictureBox, SpeakerSummary, SubtitleTrack } from '@voxwork/contract';
import type { AudioSeparatorEngine } from './audio-separation-engines.port.ts';
import type { SelectedEngine } from './speech-engines.port.ts';

/** A line of text with the time it is on screen or spoken. */
export interface TimedLine {
  startSeconds: number;
  endSeconds: number;
  text: string;
}

/** A burned-in subtitle line read by OCR, with the index of its track in the reading's `tracks` (absent: one track). */
export interface TrackedLine extends TimedLine {
  track?: number | undefined;
}

/** A candidate subtitle track as the contract lists it (place, glyph height, line count, language, chosen). */
export type { PictureBox, SubtitleTrack };

export interface EngineOffer extends SelectedEngine {
  /** For people: `Apertium`, `OpenAI gpt-4o-mini`, `PP-OCRv4`. */
  name: string;
  /** Languages it reads or hears (`*` any). */
  languages: string[];
}

export interface TranslatorOffer extends SelectedEngine {
  name: string;
  /** Base-language pairs (`en` → `es`); `*` for any. */
  pairs: Array<{ source: string; target: string }>;
}

/** A stretch of speech and who speaks it (`s1`, `s2`, … in order of first appearance). */
export interface SpeakerSegment {
  startSeconds: number;
  endSeconds: number;
  speakerId: string;
  /** The segment's median pitch, Hz (null when too little of it is voiced). */
  medianPitchHz: number | null;
}

/** One speaker as measured (the contract's, as the review shows it). */
export type { SpeakerSummary };

/** How the background under the speech is made: the two local methods, or a separation engine. */
export type BackgroundMethod = 'centre-cancel' | 'duck' | 'separator';

export interface SeparatorOffer {
  /** `centre-cancel` and `duck` (local methods of the mix stage), or an engine id (`elevenlabs:audio-isolation`). */
  id: string;
  method: BackgroundMethod;
  location: 'local' | 'remote';
  /** For people: `Centre-channel cancellation`, `ElevenLabs audio isolation`. */
  name: string;
  /** One line: what it does and costs, honestly (what a remote engine adds over the local methods). */
  description: string;
}

export interface VideoEngines {
  /** Selected speech recognisers, the default first. */
  recognizers(): EngineOffer[];
  /** Selected translators with their pairs, the default first. */
  translators(): Promise<TranslatorOffer[]>;
  /** Selected readers of burned-in text (OCR), the default first. */
  textReaders(): EngineOffer[];
  recognizeSpeech(request: { engineId: string; audioFile: string; language: string; signal?: AbortSignal | undefined }): Promise<{ language: string; lines: TimedLine[]; warnings: string[] }>;
  /**
   * Burned-in subtitles of a video, each line with the time it is on screen and its track (Chinese
   * over English: two tracks, each timed on its own), and the candidate tracks found (`tracks`,
   * the chosen ones first). `subtitleTrack`: read only the track a person picked there.
   */
  readSubtitles(request: {
    engineId: string;
    videoFile: string;
    languages: string[];
    subtitleTrack?: PictureBox | undefined;
    signal?: AbortSignal | undefined;
    onProgress?: ((percent: number) => void) | undefined;
  }): Promise<{ lines: TrackedLine[]; tracks?: SubtitleTrack[] | undefined; warnings: string[] }>;
  translate(request: {
    engineId: string;
    sourceLanguage: string;
    targetLanguage: string;
    lines: ReadonlyArray<{ id: string; text: string; speaker?: string | undefined; maxCharacters?: number | undefined }>;
    glossary?: ReadonlyArray<{ source: string; target: string }> | undefined;
    context?: string | undefined;
    signal?: AbortSignal | undefined;
  }): Promise<{ lines: Array<{ id: string; text: string; unknownWords: string[] }>; warnings: string[] }>;
  /**
   * Speech segments of a recording (robust to a music bed under the speech) and who speaks each
   * (`speakerCount`: the user's hint; without it the count is estimated), with a summary per speaker.
   */
  findSpeakers(request: {
    audioFile: string;
    speakerCount?: number | undefined;
    /** Spans of one speaker each (subtitle lines): clustered as they are instead of the VAD's segments. */
    utterances?: ReadonlyArray<{ startSeconds: number; endSeconds: number }> | undefined;
    signal?: AbortSignal | undefined;
  }): Promise<{ segments: SpeakerSegment[]; speakers: SpeakerSummary[]; warnings: string[] }>;
  /** The selected separation engines as the registry describes them, the default first (which make a background for a dub: `video-translation/engine-choice.ts`). */
  separationEngines(): AudioSeparatorEngine[];
  /**
   * Splits a soundtrack with a separation engine: the isolated voice and the background (the
   * original with that voice masked out), each as long as the input, written as WAV.
   */
  separate(request: { engineId: string; audioFile: string; outputVoiceFile: string; outputBackgroundFile: string; signal?: AbortSignal | undefined }): Promise<{ warnings: string[] }>;
}
