import { BURN_IN_SIZES, type BurnInStyle } from '@voxwork/contract';
import { wrapSubtitle } from '@voxwork/contract/subtitles';
import { toAss, type TimedText } from '@voxwork/media';

/** The font subtitles are drawn in: it has Latin and Chinese (Debian's `fonts-wqy-zenhei`, installed by the bootstrap). */
export const BURN_IN_FONT = 'WenQuanYi Zen Hei';

export interface BurnInScriptOptions {
  /** The picture's size in pixels (as displayed: rotation applied). */
  width: number;
  height: number;
  /** The look (defaults: medium, white with an outline, at the bottom; 3 lines in portrait frames, 2 in landscape). */
  style?: Partial<BurnInStyle> | undefined;
  /**
   * Keep the cues' own line breaks (a subtitle file's author's), breaking only lines too wide for
   * the frame; otherwise each cue is one text, re-broken (a translation).
   */
  keepLineBreaks?: boolean | undefined;
}

/**
 * An ASS script that draws the cues into the picture: the text sized to the frame, lines broken to
 * fit it (CJK-aware, `wrapSubtitle`), in the style's colours and place. Video translation's mux and
 * subtitle burn-in both draw with it.
 */
export function burnInScript(cues: readonly TimedText[], options: BurnInScriptOptions): string {
  const { width, height, style = {} } = options;
  const share = BURN_IN_SIZES[style.size ?? 'medium'];
  // A share of the height, but never wider than a landscape frame's line allows (portrait frames are narrow).
  const fontSize = Math.max(12, Math.round(Math.min(height * share, width * share * 1.18)));
  const maxLines = style.maxLines ?? (height > width ? 3 : 2);
  const maxWidthEm = (width * 0.9) / fontSize;
  const wrap = (text: string) => (options.keepLineBreaks ? text.split('\n').map((line) => wrapSubtitle(line, maxWidthEm, maxLines)).join('\n') : wrapSubtitle(text, maxWidthEm, maxLines));
  return toAss(
    cues.map((cue) => ({ ...cue, text: wrap(cue.text) })),
    {
      width,
      height,
      fontName: BURN_IN_FONT,
      fontSize,
      marginV: Math.round(height * 0.06),
      ...(style.textColor ? { textColor: style.textColor } : {}),
      ...(style.outlineColor ? { outlineColor: style.outlineColor } : {}),
      ...(style.look ? { look: style.look } : {}),
      ...(style.position ? { position: style.position } : {}),
      ...(style.bold ? { bold: true } : {}),
    },
  );
}
