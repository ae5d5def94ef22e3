/**
 * What the video tools need from the engine layer beyond speech (`speech-engines.port.ts`), in
 * product terms: where a video's words come from (speech recognition, burned-in subtitles read by
 * OCR) and translation. apps/server implements it over the engine registry; which engine serves a
 * language or a pair is decided in core (`video-translation/engine-choice.ts`) from what `*List`
 * returns, and passed back in by id.
 */
import type { SelectedEngine } from './speech-engines.port.ts';

/** A line of text with the time it is on screen or spoken. */
export interface TimedLine {
  startSeconds: number;
  endSeconds: number;
  text: string;
}

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

export interface VideoEngines {
  /** Selected speech recognisers, the default first. */
  recognizers(): EngineOffer[];
  /** Selected translators with their pairs, the default first. */
  translators(): Promise<TranslatorOffer[]>;
  /** Selected readers of burned-in text (OCR), the default first. */
  textReaders(): EngineOffer[];
  recognizeSpeech(request: { engineId: string; audioFile: string; language: string; signal?: AbortSignal | undefined }): Promise<{ language: string; lines: TimedLine[]; warnings: string[] }>;
  /** Burned-in subtitles of a video, each line with the time it is on screen. */
  readSubtitles(request: {
    engineId: string;
    videoFile: string;
    languages: string[];
    signal?: AbortSignal | undefined;
    onProgress?: ((percent: number) => void) | undefined;
  }): Promise<{ lines: TimedLine[]; warnings: string[] }>;
  translate(request: {
    engineId: string;
    sourceLanguage: string;
    targetLanguage: string;
    lines: ReadonlyArray<{ id: string; text: string; speaker?: string | undefined; maxCharacters?: number | undefined }>;
    glossary?: ReadonlyArray<{ source: string; target: string }> | undefined;
    context?: string | undefined;
    signal?: AbortSignal | undefined;
  }): Promise<{ lines: Array<{ id: string; text: string; unknownWords: string[] }>; warnings: string[] }>;
}
