import type { DecodedSubtitleFile } from "./subtitle-decoder";

/**
 * A picked subtitle file's text in whatever encoding its tool wrote it (UTF-8/16/32 by their byte
 * order mark, else detected: GB18030, Big5, Shift_JIS, windows-125x, …), the encoding read, and its
 * cues or why it does not read. `File.text()` reads UTF-8 only: a UTF-16 file was "not a subtitle
 * file" and a GB18030 one replacement characters.
 */
export async function readSubtitleFile(file: File): Promise<DecodedSubtitleFile> {
  const [{ decodeSubtitleFile }, bytes] = await Promise.all([import("./subtitle-decoder"), file.arrayBuffer()]);
  return decodeSubtitleFile(new Uint8Array(bytes));
}
