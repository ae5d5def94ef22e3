import { useEffect, useRef, useState, type CSSProperties } from "react";
import { BURN_IN_SIZES, type BurnInStyle } from "@voxwork/contract";
import { wrapSubtitle, type SubtitleLine } from "@voxwork/contract/subtitles";

interface BurnInPreviewProps {
  videoUrl: string;
  /** The video's picture size, pixels. */
  width: number;
  height: number;
  lines: readonly SubtitleLine[];
  style: BurnInStyle;
}

/**
 * Room kept free at the foot of the player for its own controls (Chromium's buttons and the timeline
 * under them take the bottom 60 px or so, other browsers' bars are lower): a bottom line sits above
 * them instead of under them. The burned line itself sits at 6 % of the height; the preview lifts
 * it only where the player's controls would cover it (players under about 1,070 px tall).
 */
export const CONTROLS_CLEARANCE = "4rem";

/** `#RRGGBB` at an opacity, as CSS. */
function rgba(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

/**
 * The video with the current line drawn over it as the server will draw it: the same size rule,
 * line breaking (`wrapSubtitle`), colours, outline or box, and place as `burnInScript` in core
 * (CSS standing in for libass, scaled to the player). Before playback the first line is shown, so
 * a style can be judged at once.
 */
export function BurnInPreview({ videoUrl, width, height, lines, style }: BurnInPreviewProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [time, setTime] = useState(0);
  const [shownHeight, setShownHeight] = useState(0);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setShownHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const share = BURN_IN_SIZES[style.size];
  const fontSize = Math.max(12, Math.round(Math.min(height * share, width * share * 1.18)));
  const maxLines = style.maxLines;
  const scale = shownHeight / height;
  const current = lines.find((line) => time >= line.startSeconds && time < line.endSeconds) ?? (time === 0 ? lines[0] : undefined);
  const text = current ? current.text.split("\n").map((line) => wrapSubtitle(line, (width * 0.9) / fontSize, maxLines)).join("\n") : "";
  const box = style.look === "box";
  const outline = (box ? Math.max(4, Math.round(fontSize / 5)) : Math.max(2, Math.round(fontSize / 16))) * scale;
  const textStyle: CSSProperties = {
    fontFamily: '"WenQuanYi Zen Hei", "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif',
    fontSize: fontSize * scale,
    fontWeight: style.bold ? 700 : 400,
    lineHeight: 1.2,
    color: style.textColor,
    ...(box
      ? { backgroundColor: rgba(style.outlineColor, 0.69), padding: `${outline / 2}px ${outline}px`, boxDecorationBreak: "clone", WebkitBoxDecorationBreak: "clone" }
      : { WebkitTextStroke: `${outline * 2}px ${style.outlineColor}`, paintOrder: "stroke fill", textShadow: `${scale}px ${scale}px ${2 * scale}px rgba(0, 0, 0, 0.5)` }),
  };

  return (
    <div className="relative w-full overflow-hidden rounded-lg bg-black" style={{ aspectRatio: `${width} / ${height}` }}>
      <video
        ref={video}
        src={videoUrl}
        controls
        playsInline
        preload="metadata"
        className="absolute inset-0 size-full"
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        onSeeked={(event) => setTime(event.currentTarget.currentTime)}
      />
      {text && shownHeight > 0 ? (
        <div
          className="pointer-events-none absolute inset-x-[5%] text-center whitespace-pre-line"
          style={style.position === "top" ? { top: `${6}%` } : { bottom: `max(6%, ${CONTROLS_CLEARANCE})` }}
          data-testid="burn-in-preview-line"
          aria-hidden="true"
        >
          <span style={textStyle}>{text}</span>
        </div>
      ) : null}
    </div>
  );
}
