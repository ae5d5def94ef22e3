/** The tool's pages' titles (`routes.*`) and names (`wbPage.*`), and its jobs' names in the history (`history.kinds.*`). */
export const subtitleBurnInPagesEn = {
  routes: {
    workbenchSubtitleBurnIn: { title: "Subtitle burn-in — Voxwork", description: "Draw an SRT file onto a video, in the style you choose." },
  },
  wbPage: {
    workbenchSubtitleBurnIn: "Subtitle burn-in",
  },
  jobKinds: {
    subtitleBurnInBurn: "Subtitled video",
  },
};

/** Subtitle burn-in (tool `subtitle-burn-in`). The same keys in `subtitle-burn-in.zh.ts`. */
export const subtitleBurnInEn = {
  title: "Subtitle burn-in",
  /** Its card on the AI tools hub. */
  hubHint: "Draw an SRT onto a video in a style of your choice, with CJK line breaking.",
  lead: "Draw an SRT, VTT or ASS file into your video, in a style you choose. Long lines are broken to fit the frame — between words in English, between characters in Chinese, never before a comma. The sound is kept as it is.",
  sourceTitle: "1. Your video",
  replace: "Replace",
  limit: "Your plan takes videos up to {minutes} min.",
  fileTitle: "2. Your subtitles",
  chooseFile: "Choose a subtitle file",
  fileHint: "SRT, WebVTT or ASS. An ASS file's own styles are replaced by the style below.",
  fileSummary: { one: "{count} line · {from} – {to}", other: "{count} lines · {from} – {to}" },
  linesAfterEnd: { one: "{count} line starts after the video ends and will be left out.", other: "{count} lines start after the video ends and will be left out." },
  noLinesInVideo: "None of these lines falls within the video. Check that the file belongs to this video.",
  fileTooLarge: "This file is too large for a subtitle file (at most {max} characters).",
  styleTitle: "3. Style",
  size: { label: "Size", small: "Small", medium: "Medium", large: "Large" },
  position: { label: "Position", bottom: "Bottom", top: "Top" },
  look: { label: "Look", outline: "Outline", box: "Box" },
  textColor: "Text colour",
  outlineColor: { outline: "Outline colour", box: "Box colour" },
  custom: "Custom colour",
  colors: { white: "White", yellow: "Yellow", cyan: "Cyan", black: "Black", navy: "Navy" },
  bold: "Bold",
  maxLines: { label: "Lines per subtitle, at most", hint: "Longer subtitles are broken into this many lines; the file's own line breaks are kept." },
  previewLabel: "Live preview",
  previewHint: "Play or scrub the video to see each line as it will be drawn. The final picture is rendered on our server.",
  needVideo: "Upload a video first.",
  needFile: "Choose a subtitle file first.",
  estimate: "{cost} points for {duration}",
  estimateUnknown: "The cost appears once the video is uploaded.",
  start: "Burn in subtitles",
  running: "Burning in…",
  started: "Started: {cost} points reserved.",
  result: { title: "Result", download: "Download MP4" },
};
