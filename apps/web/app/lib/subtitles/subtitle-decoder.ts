/**
 * Loaded when a subtitle file is picked (`read-subtitle-file.ts` imports it dynamically): the
 * decoder brings chardet, which no page needs before then (decision 011: dynamic imports go to a
 * local module with named imports).
 */
import { decodeSubtitleBytes } from "@voxwork/contract/subtitle-encoding";
import { parseSubtitleFile, SubtitleParseError, type SubtitleLine } from "@voxwork/contract/subtitles";
import type { LocalizedText } from "@voxwork/contract";

export interface DecodedSubtitleFile {
  text: string;
  /** The encoding the bytes were read as: `UTF-8`, `UTF-16LE`, `GB18030`, `Big5`, … */
  encoding: string;
  /** The cues, when the file reads as SRT, VTT or ASS; otherwise why not. */
  parsed: { lines: SubtitleLine[]; warnings: LocalizedText[] } | { error: LocalizedText };
}

export function decodeSubtitleFile(bytes: Uint8Array): DecodedSubtitleFile {
  const { text, encoding } = decodeSubtitleBytes(bytes);
  try {
    const { lines, warnings } = parseSubtitleFile(text);
    return { text, encoding, parsed: { lines, warnings: warnings.map((warning) => warning.message) } };
  } catch (error) {
    if (error instanceof SubtitleParseError) return { text, encoding, parsed: { error: error.reason } };
    throw error;
  }
}
