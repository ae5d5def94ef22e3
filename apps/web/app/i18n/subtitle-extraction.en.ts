/** The tool's pages' titles (`routes.*`) and names (`wbPage.*`), and its jobs' names in the history (`history.kinds.*`). */
export const subtitleExtractionPagesEn = {
  routes: {
    workbenchSubtitleExtraction: { title: "Subtitle extraction — Voxwork", description: "Read a video's burned-in subtitles into SRT and VTT files." },
  },
  wbPage: {
    workbenchSubtitleExtraction: "Subtitle extraction",
  },
  jobKinds: {
    subtitleExtractionExtract: "Extracted subtitles",
  },
};

/** Subtitle extraction (tool `subtitle-extraction`). The same keys in `subtitle-extraction.zh.ts`. */
export const subtitleExtractionEn = {
  title: "Subtitle extraction",
  /** Its card on the AI tools hub. */
  hubHint: "Read burned-in subtitles into SRT or VTT files, in Chinese and English.",
  lead: "Read the subtitles burned into a video's picture into timed lines, SRT, VTT and a plain-text transcript, in Chinese, English or both.",
  sourceTitle: "1. Your video",
  replace: "Use another video",
  limit: "Up to {minutes} minutes per video on your plan.",
  languagesTitle: "2. Subtitles to read",
  languages: {
    both: "Chinese and English",
    bothHint: "Bilingual subtitles give a file per language too.",
    zh: "Chinese",
    zhHint: "English rows are left out.",
    en: "English",
    enHint: "Chinese rows are left out.",
  },
  reader: "Read by {name}, {where}.",
  local: "on our servers",
  remote: "a remote service",
  estimate: "Reading the whole video costs {cost} points ({duration}).",
  estimateUnknown: "The cost shows once the video's length is known.",
  extract: "Extract subtitles",
  extracting: "Reading the subtitles…",
  pickTrack: "Read only this track · {cost} points",
  started: "Reading started: {cost} points.",
  needVideo: "Add a video first.",
  stages: {
    ingest: "Opening the video",
    read: "Reading the subtitles",
    deliver: "Writing the files",
  },
  result: {
    title: "Result",
    summary: "Lines: {count}",
    bilingual: "Bilingual: Chinese and English",
    trackLabel: "Extracted subtitles",
    checkHint: "Play the video: the extracted subtitles show over it, so you can check their timing.",
    time: "Time",
    text: "Text",
    tableCaption: "Extracted lines with their times",
    downloads: "Downloads",
    all: "All lines",
    zh: "Chinese",
    en: "English",
    copy: "Copy text",
    copied: "Copied.",
    copyFailed: "Could not copy: your browser blocked it.",
  },
};
