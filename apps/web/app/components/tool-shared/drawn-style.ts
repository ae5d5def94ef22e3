/**
 * A picked style for subtitles drawn over the picture's own (issue 28: "or a style the person
 * picks"), as edited per target language and as the contract takes it (`drawnStyleSchema`). The
 * video translator's create call and a series' memory both save it.
 */
import type { SeriesView } from "@voxwork/contract";

/** A language's subtitle style being edited: "" keeps what the run measures from the video. */
export interface StyleRow {
  color: string;
  outlineColor: string;
  /** Glyph height in pixels of the video's frame. */
  fontSize: string;
  /** Distance of the line's bottom from the frame's bottom, in % of its height ("": where the original line was). */
  marginPercent: string;
}

export const EMPTY_STYLE: StyleRow = { color: "", outlineColor: "", fontSize: "", marginPercent: "" };

export function styleRows(series: Pick<SeriesView, "subtitleStyles">): Record<string, StyleRow> {
  return Object.fromEntries(
    Object.entries(series.subtitleStyles).map(([language, style]) => [
      language,
      {
        color: style.color?.slice(0, 7).toLowerCase() ?? "",
        outlineColor: style.outlineColor?.slice(0, 7).toLowerCase() ?? "",
        fontSize: style.fontSize === undefined ? "" : String(style.fontSize),
        marginPercent: style.marginBottom === undefined ? "" : String(Math.round(style.marginBottom * 1000) / 10),
      },
    ]),
  );
}

/**
 * The styles to save, for the series' target languages only, each with the fields set (a style
 * with none is left out); null when a number is out of range (size 8–200 px, margin 0–50 %).
 */
export function subtitleStylesForSave(rows: Readonly<Record<string, StyleRow>>, targets: readonly string[]): Record<string, { color?: string; outlineColor?: string; fontSize?: number; marginBottom?: number }> | null {
  const saved: Record<string, { color?: string; outlineColor?: string; fontSize?: number; marginBottom?: number }> = {};
  for (const language of targets) {
    const row = rows[language];
    if (!row) continue;
    const style: { color?: string; outlineColor?: string; fontSize?: number; marginBottom?: number } = {};
    if (row.color) style.color = row.color;
    if (row.outlineColor) style.outlineColor = row.outlineColor;
    if (row.fontSize.trim()) {
      const size = Number(row.fontSize);
      if (!Number.isFinite(size) || size < 8 || size > 200) return null;
      style.fontSize = Math.round(size);
    }
    if (row.marginPercent.trim()) {
      const percent = Number(row.marginPercent);
      if (!Number.isFinite(percent) || percent < 0 || percent > 50) return null;
      style.marginBottom = Math.round(percent * 10) / 1000;
    }
    if (Object.keys(style).length) saved[language] = style;
  }
  return saved;
}
