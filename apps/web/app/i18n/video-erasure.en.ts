/** The tool's pages' titles (`routes.*`) and names (`wbPage.*`), and its jobs' names in the history (`history.kinds.*`). */
export const videoErasurePagesEn = {
  routes: {
    workbenchAiTools: { title: "AI tools — Voxwork", description: "More AI tools for your footage." },
    workbenchVideoErasure: { title: "Video erasure — Voxwork", description: "Remove burned-in subtitles, captions or logos." },
  },
  wbPage: {
    workbenchAiTools: "AI tools",
    workbenchVideoErasure: "Video erasure",
  },
  jobKinds: {
    videoErasureDetect: "Text found",
    videoErasurePreview: "Erasure preview",
    videoErasureErase: "Erased video",
  },
};

/** Video erasure (tool `video-erasure`) The same keys in `video-erasure.zh.ts`. */
export const videoErasureEn = {
  title: "Video erasure",
  /** Its card on the AI tools hub. */
  hubHint: "Remove burned-in subtitles, captions, watermarks and logos.",
  lead: "Remove burned-in subtitles, captions, watermarks and logos. Only the pixels you mark change; the sound is copied untouched.",
  sourceTitle: "1. Your video",
  replace: "Use another video",
  limit: "Up to {minutes} minutes per video on your plan.",
  modeTitle: "2. What to erase",
  modes: {
    automatic: "Find the text for me",
    automaticHint: "Burned-in subtitles (or every text on screen) are found and listed; untick any you want to keep.",
    regions: "Regions I draw",
    regionsHint: "Draw rectangles on a frame, each with its own from–to times (or the whole video for a logo).",
  },
  detection: {
    label: "Look for",
    subtitles: "Subtitles",
    allText: "All text on screen",
    find: "Find text",
    finding: "Looking for text…",
    pickTrack: "Find only this track (free)",
    found: "Found: {count}. Untick any you want to keep.",
    none: "No text was found.",
  },
  regions: {
    title: "Regions",
    empty: "No regions yet.",
    drawHint: "Drag on the frame to draw a rectangle. Move the slider to choose the frame.",
    frameAt: "Frame at {time}",
    region: "Region {index}",
    from: "From (s)",
    to: "To (s)",
    wholeVideo: "Whole video",
    remove: "Remove region {index}",
    keep: "Erase region {index}",
    size: "{width} × {height} px",
  },
  fill: {
    label: "Quality",
    best: "Best",
    inpaint: "Inpainting only",
    fast: "Fast",
    hint: "Best brings back the background from nearby frames where it shows and inpaints the rest; fast blurs the area (delogo).",
  },
  preview: {
    button: "Preview 10 seconds",
    running: "Making the preview…",
    title: "Preview: masks on the left, result on the right",
    free: "The preview is free.",
  },
  estimate: "Erasing the whole video costs {cost} points ({duration}).",
  estimateUnknown: "The cost shows once the video's length is known.",
  erase: "Erase the whole video",
  erasing: "Erasing…",
  started: "Erasing started: {cost} points.",
  needVideo: "Add a video first.",
  needRegions: "Choose at least one region to erase.",
  result: {
    title: "Result",
    before: "Before",
    after: "After",
    slider: "Before / after",
    download: "Download MP4",
  },
};
